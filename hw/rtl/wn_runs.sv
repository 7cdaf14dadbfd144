// wn_runs: the runs of packets in flight through a pipeline that carries
// one context per packet and writes it back in packet order (wn_mpa_rx,
// wn_ddp_rx), oldest first, so that a packet of another QP may follow the
// packets in flight at once and only a packet of a QP whose context is
// still in flight waits for it.
//
// A run is a sequence of consecutive packets of one QP: the first loads the
// QP's context from the table, the others continue the context the
// pipeline holds. Each entry is {QP, packets of the run not yet written
// back}.
//
// In: add_i, a packet enters (its first beat taken), with new_i when it
// starts a new run (it loads its context from the table) and its QP add_qp_i;
// a packet without new_i continues the newest run, or starts one if that
// run is gone (written back, or being written back in this cycle), so a
// continued packet never waits for room. done_i: the oldest packet's
// context is written back (no backpressure).
// Out: full_o, no room for a new run (a packet with new_i must wait);
// n_o, the runs in the list (for an owner that reserves room ahead);
// for each query port k, hit_o[k]: a run of QP q_qp_i[k*QpW +: QpW] is in
// flight (its context in the table is not the latest). A run's entry stays
// until the cycle after its last context is written back, so a QP leaves
// the list in the cycle its context is in the table.
// Timing: a hit is one QpW-bit compare per entry and an OR of Runs terms.
// Reset empties the list. Parameters: Runs a power of two 2..32; QpW
// 1..16; CntW, the counter width, enough for every packet that can be in
// flight; NumQ query ports 1..4.
module wn_runs #(
    parameter int Runs = 8,
    parameter int QpW = 6,
    parameter int CntW = 6,
    parameter int NumQ = 1,
    localparam int RW = $clog2(Runs)
) (
    input  logic                  clk_i,
    input  logic                  rst_i,
    input  logic                  add_i,
    input  logic                  new_i,
    input  logic [QpW-1:0]        add_qp_i,
    input  logic                  done_i,
    output logic                  full_o,
    output logic [RW:0]           n_o,
    input  logic [NumQ*QpW-1:0]   q_qp_i,
    output logic [NumQ-1:0]       hit_o
);
  generate
    if (Runs < 2 || Runs > 32 || (1 << RW) != Runs) begin : g_bad_runs
      $fatal(1, "wn_runs: Runs must be a power of two in 2..32");
    end
    if (QpW < 1 || QpW > 16 || CntW < 1 || NumQ < 1 || NumQ > 4) begin : g_bad_w
      $fatal(1, "wn_runs: QpW 1..16, CntW >= 1, NumQ 1..4");
    end
  endgenerate

  logic [Runs-1:0]  v_q;
  logic [QpW-1:0]   qp_q  [Runs];
  logic [CntW-1:0]  cnt_q [Runs];
  logic [RW-1:0]    head_q, tail_q;  // oldest entry, next free entry
  logic [RW:0]      n_q;             // entries in use

  logic [RW-1:0] last;
  logic          last_dies, push, inc, pop;
  assign last = tail_q - RW'(1);
  // the newest run ends in this cycle: it is the only one, its last packet
  // is written back now
  assign last_dies = done_i && n_q == (RW + 1)'(1) && cnt_q[head_q] == CntW'(1);
  assign push = add_i && (new_i || n_q == '0 || last_dies);
  assign inc = add_i && !push;
  // the oldest run's last packet written back (a packet that would join
  // it in this cycle starts a run of its own: last_dies)
  assign pop = done_i && cnt_q[head_q] == CntW'(1);
  assign full_o = n_q == (RW + 1)'(Runs);
  assign n_o = n_q;

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      v_q <= '0;
      head_q <= '0;
      tail_q <= '0;
      n_q <= '0;
    end else begin
      if (push) begin
        v_q[tail_q] <= 1'b1;
        tail_q <= tail_q + RW'(1);
      end
      if (pop) begin
        v_q[head_q] <= 1'b0;
        head_q <= head_q + RW'(1);
      end
      n_q <= n_q + (RW + 1)'(push) - (RW + 1)'(pop);
    end
  end
  // entry contents: no reset (an entry is written when it is pushed)
  always_ff @(posedge clk_i) begin
    for (int i = 0; i < Runs; i++) begin
      if (push && tail_q == RW'(i)) begin
        qp_q[i] <= add_qp_i;
        cnt_q[i] <= CntW'(1);
      end else begin
        cnt_q[i] <= cnt_q[i] + CntW'(inc && last == RW'(i)) - CntW'(done_i && head_q == RW'(i));
      end
    end
  end

  always_comb begin
    for (int k = 0; k < NumQ; k++) begin
      hit_o[k] = 1'b0;
      for (int i = 0; i < Runs; i++) begin
        if (v_q[i] && qp_q[i] == q_qp_i[k*QpW +: QpW]) hit_o[k] = 1'b1;
      end
    end
  end
endmodule
