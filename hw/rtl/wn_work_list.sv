// wn_work_list: where a per-QP service unit goes next, so that it finds a
// QP with work without scanning every QP in turn.
//
// The unit serves one QP at a time (qp_o) and leaves it when hold_i is
// low. Events that may give a QP work (ev_valid_i[e], ev_qp_i[e]: a message
// logged, an engine read that caught up, ...) queue the QP, each event
// source in its own FIFO (one write a cycle each), and a QP is queued once
// (a pending bit per QP, cleared when it leaves its FIFO). Leaving its QP,
// the unit goes to, in this order:
//   - the head of an event FIFO, round robin between the FIFOs;
//   - with nothing queued, event 0's QP of this cycle (taken at once, as
//     a scan's jump would; with QPs queued it queues behind them);
//   - the sweep's next QP (all QPs in turn: work that no event announces
//     is found within 2 x NumQp moves);
// and it takes an event or a FIFO's QP only after a sweep step, so the
// sweep advances at least every other move.
//
// An event of the QP the unit is at after this edge (qp_n_o) is not
// queued: the unit sees it there. qp_n_o is the unit's QP after the edge
// (reset included), for tables read a cycle ahead.
// Each FIFO holds NumQp entries (block RAM at 1,024 QPs), so with the
// pending bits it never fills and no event is lost.
// Timing: qp_n_o is a 4:1 multiplexer after hold_i; an event's queueing
// compares its QP with qp_n_o and reads its pending bit (a NumQp:1
// multiplexer).
// Reset empties the FIFOs and the pending bits; the unit starts at QP 0.
// Parameters: NumQp a power of two >= 2; NumEv 2..8.
module wn_work_list #(
    parameter int NumQp = 64,
    parameter int NumEv = 2,
    localparam int QpW = $clog2(NumQp),
    localparam int EW = $clog2(NumEv)
) (
    input  logic                 clk_i,
    input  logic                 rst_i,
    input  logic                 hold_i,
    input  logic [NumEv-1:0]     ev_valid_i,
    input  logic [NumEv*QpW-1:0] ev_qp_i,
    output logic [QpW-1:0]       qp_o,
    output logic [QpW-1:0]       qp_n_o
);
  generate
    if (NumQp < 2 || (1 << QpW) != NumQp) begin : g_bad_qp
      $fatal(1, "wn_work_list: NumQp must be a power of two >= 2");
    end
    if (NumEv < 2 || NumEv > 8) begin : g_bad_ev
      $fatal(1, "wn_work_list: NumEv must be 2..8");
    end
  endgenerate

  logic [QpW-1:0]   qp_q, sw_q, qp_n;
  logic             stepped_q;
  logic [EW-1:0]    pick;
  logic [NumQp-1:0] pend_q;
  logic [NumEv-1:0] f_w, f_wr, f_rv, f_pop;
  logic [QpW-1:0]   f_head [NumEv];
  logic [QpW:0]     f_cnt [NumEv];
  logic             mv, lst, use_l, byp;

  for (genvar e = 0; e < NumEv; e++) begin : g_f
    wn_fifo #(
        .Width(QpW),
        .Depth(NumQp)
    ) u_f (
        .clk_i,
        .rst_i,
        .wdata_i (ev_qp_i[e*QpW +: QpW]),
        .wvalid_i(f_w[e]),
        .wready_o(f_wr[e]),
        .rdata_o (f_head[e]),
        .rvalid_o(f_rv[e]),
        .rready_i(f_pop[e]),
        .count_o (f_cnt[e])
    );
  end

  // the first FIFO with a QP, from the round robin's turn on (the turn
  // moves past a FIFO when the unit takes its head)
  wn_rr_arb #(
      .N(NumEv)
  ) u_arb (
      .clk_i,
      .rst_i,
      .req_i   (f_rv),
      .grant_o (pick),
      .valid_o (lst),
      .accept_i(!rst_i && mv && use_l)
  );

  assign mv = !hold_i;
  assign use_l = stepped_q && lst;
  assign byp = stepped_q && !lst && ev_valid_i[0];
  always_comb begin
    if (rst_i) qp_n = '0;
    else if (!mv) qp_n = qp_q;
    else if (use_l) qp_n = f_head[pick];
    else if (byp) qp_n = ev_qp_i[QpW-1:0];
    else qp_n = sw_q;
  end
  assign qp_o = qp_q;
  assign qp_n_o = qp_n;

  // queue an event's QP unless the unit is there after the edge, it is
  // queued already, or an earlier event of this cycle names it
  always_comb begin
    for (int e = 0; e < NumEv; e++) begin
      f_pop[e] = !rst_i && mv && use_l && pick == EW'(e);
      f_w[e] = !rst_i && ev_valid_i[e] && ev_qp_i[e*QpW +: QpW] != qp_n && !pend_q[ev_qp_i[e*QpW +: QpW]];
      for (int d = 0; d < e; d++) begin
        if (ev_valid_i[d] && ev_qp_i[d*QpW +: QpW] == ev_qp_i[e*QpW +: QpW]) f_w[e] = 1'b0;
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      qp_q <= '0;
      sw_q <= QpW'(1);
      stepped_q <= 1'b1;
      pend_q <= '0;
    end else begin
      qp_q <= qp_n;
      if (mv) begin
        stepped_q <= !(byp || use_l);
        if (!byp && !use_l) sw_q <= sw_q + 1'b1;
      end
      for (int e = 0; e < NumEv; e++) begin
        if (f_pop[e]) pend_q[f_head[e]] <= 1'b0;
      end
      for (int e = 0; e < NumEv; e++) begin
        if (f_w[e] && f_wr[e]) pend_q[ev_qp_i[e*QpW +: QpW]] <= 1'b1;
      end
    end
  end

  logic unused;
  always_comb begin
    unused = 1'b0;
    for (int e = 0; e < NumEv; e++) unused = unused ^ (^f_cnt[e]);
  end

`ifndef SYNTHESIS
  // a QP is queued once, so no FIFO of NumQp entries fills
  always_ff @(posedge clk_i) begin
    if (!rst_i) begin
      assert ((f_w & ~f_wr) == '0)
      else $error("wn_work_list: an event met a full FIFO");
    end
  end
`endif
endmodule
