// wn_rdma_tx_pos: the stream positions and MSNs of each QP of wn_rdma_tx.
// Per QP: lend (logged end: the next message's stream offset), rend
// (released end: what TX_END told the engine), hw (how far the engine's
// payload reads reached), una (SND.UNA, from the engine's
// acknowledgments), msn0 and msn1 (the next MSN of queues 0 and 1), and
// hs (the stream offset of the oldest logged message: the log's records
// follow each other on the stream, so a retired message's end is the next
// one's start).
//
// Each is a memory with one write port and no reset, shared by its unit's
// write and a QP's set-up (init_*: the positions from
// init_start_i, the MSNs 1). The set-up waits for a cycle without its
// table's unit write (the QP being set up has no messages,
// acknowledgments or reads before it is RTS, and set-ups come one per
// QP_MODIFY command). Writes:
//   - the fetch unit (f_*): a message logged (f_app_i: lend += bytes, the
//     MSN of its queue + 1: f_m0_i, f_m1_i), or a flush that reached the
//     log's tail (f_fl_end_i: lend back to rend);
//   - the release (r_*): rend += the released message's bytes;
//   - an acknowledgment (ack_*) that advances una;
//   - an engine read (sd_*) that reaches beyond hw;
//   - a message retired (a_ret_i: hs = its end, a_end_i).
// Reads: the fetch unit's QP (f_qp_i), the release's (r_qp_i), the
// retirement's (a_qp_i), the FPDU server's (s_hs_o) and the engine
// read's (sd_qp_i: hw, and rend for the release's event that the reads
// caught up, s_rend_o). All but una are in block RAM (wn_ctx_ram), read a
// cycle ahead at each reader's QP after the clock edge (f_qd_i, r_qd_i,
// s_qd_i: the server's, which is also the engine read's), so that what a
// port shows is the entry of the reader's QP in this cycle; una is read at
// the acknowledgment's QP as it comes, asynchronously (LUTRAM).
// Parameters: NumQp a power of two.
module wn_rdma_tx_pos #(
    parameter int NumQp = 64,
    localparam int QpW = $clog2(NumQp)
) (
    input  logic           clk_i,
    input  logic           rst_i,
    input  logic           init_valid_i,
    input  logic [QpW-1:0] init_qp_i,
    input  logic [31:0]    init_start_i,
    input  logic [QpW-1:0] f_qp_i,
    input  logic           f_app_i,
    input  logic           f_fl_end_i,
    input  logic           f_m0_i,
    input  logic           f_m1_i,
    input  logic [31:0]    f_bytes_i,
    input  logic           r_rel_i,
    input  logic [QpW-1:0] r_qp_i,
    input  logic [31:0]    r_bytes_i,
    input  logic [QpW-1:0] a_qp_i,
    input  logic           a_ret_i,
    input  logic [31:0]    a_end_i,
    input  logic [QpW-1:0] f_qd_i,
    input  logic [QpW-1:0] r_qd_i,
    input  logic [QpW-1:0] s_qd_i,
    input  logic           ack_valid_i,
    input  logic [15:0]    ack_qp_i,
    input  logic [31:0]    ack_off_i,
    input  logic           sd_valid_i,
    input  logic [QpW-1:0] sd_qp_i,
    input  logic [31:0]    sd_end_i,
    output logic [31:0]    f_lend_o,
    output logic [31:0]    f_rend_o,
    output logic [31:0]    f_hw_o,
    output logic [31:0]    f_msn0_o,
    output logic [31:0]    f_msn1_o,
    output logic [31:0]    r_rend_o,
    output logic [31:0]    r_hw_o,
    output logic [31:0]    s_rend_o,
    output logic [31:0]    a_una_o,
    output logic [31:0]    s_hs_o
);
  logic [31:0] una_q [NumQp];
  // what the block RAMs show: at the fetch unit's QP (f_*), the release
  // scan's (r_*) and the engine read's (d_*)
  logic [31:0] f_lend, f_msn0, f_msn1, f_rend, f_hw, r_rend, r_hw, d_hw, d_rend;

  // the set-up waiting for its group's free cycle
  logic           ini_f_q, ini_r_q, ini_h_q, ini_u_q, ini_s_q, ini_f, ini_r, ini_h, ini_u, ini_s;
  logic [QpW-1:0] ini_qp_q, ini_qp, u_qp;
  logic [31:0]    ini_start_q, ini_start;
  logic           f_busy, u_adv, h_adv;
  assign ini_f = init_valid_i || ini_f_q;
  assign ini_r = init_valid_i || ini_r_q;
  assign ini_h = init_valid_i || ini_h_q;
  assign ini_u = init_valid_i || ini_u_q;
  assign ini_s = init_valid_i || ini_s_q;
  assign ini_qp = init_valid_i ? init_qp_i : ini_qp_q;
  assign ini_start = init_valid_i ? init_start_i : ini_start_q;
  assign f_busy = f_app_i || f_fl_end_i;
  assign u_qp = ack_qp_i[QpW-1:0];
  assign u_adv = ack_valid_i && ack_qp_i < 16'(NumQp) && wn_rdma_pkg::ge32(ack_off_i, una_q[u_qp]);
  assign h_adv = sd_valid_i && !wn_rdma_pkg::ge32(d_hw, sd_end_i);
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      ini_f_q <= 1'b0;
      ini_r_q <= 1'b0;
      ini_h_q <= 1'b0;
      ini_u_q <= 1'b0;
      ini_s_q <= 1'b0;
    end else begin
      ini_f_q <= ini_f && f_busy;
      ini_r_q <= ini_r && r_rel_i;
      ini_h_q <= ini_h && h_adv;
      ini_u_q <= ini_u && u_adv;
      ini_s_q <= ini_s && a_ret_i;
    end
    if (init_valid_i) begin
      ini_qp_q <= init_qp_i;
      ini_start_q <= init_start_i;
    end
  end

  // each table's one write port: the fetch unit's record (logged end and
  // MSNs: a set-up writes all three, in a cycle without the unit's write),
  // the released end, the engine reads' end, una
  logic [95:0] f_rec;
  assign f_rec = f_busy ? {f_fl_end_i ? f_rend : f_app_i ? f_lend + f_bytes_i : f_lend,
                           f_m0_i ? f_msn0 + 32'd1 : f_msn0, f_m1_i ? f_msn1 + 32'd1 : f_msn1} :
                          {ini_start, 32'd1, 32'd1};
  wn_ctx_ram #(
      .Depth(NumQp),
      .Width(96),
      .NumRd(1)
  ) u_frec (
      .clk_i,
      .rst_i,
      .we_i   (!rst_i && (f_busy || ini_f)),
      .waddr_i(f_busy ? f_qp_i : ini_qp),
      .wdata_i(f_rec),
      .rd_i   (1'b1),
      .raddr_i(f_qd_i),
      .rdata_o({f_lend, f_msn0, f_msn1})
  );
  wn_ctx_ram #(
      .Depth(NumQp),
      .Width(32),
      .NumRd(3)
  ) u_rend (
      .clk_i,
      .rst_i,
      .we_i   (!rst_i && (r_rel_i || ini_r)),
      .waddr_i(r_rel_i ? r_qp_i : ini_qp),
      .wdata_i(r_rel_i ? r_rend + r_bytes_i : ini_start),
      .rd_i   (3'b111),
      .raddr_i({s_qd_i, r_qd_i, f_qd_i}),
      .rdata_o({d_rend, r_rend, f_rend})
  );
  wn_ctx_ram #(
      .Depth(NumQp),
      .Width(32),
      .NumRd(3)
  ) u_hw (
      .clk_i,
      .rst_i,
      .we_i   (!rst_i && (h_adv || ini_h)),
      .waddr_i(h_adv ? sd_qp_i : ini_qp),
      .wdata_i(h_adv ? sd_end_i : ini_start),
      .rd_i   (3'b111),
      .raddr_i({s_qd_i, r_qd_i, f_qd_i}),
      .rdata_o({d_hw, r_hw, f_hw})
  );
  always_ff @(posedge clk_i) begin
    if (!rst_i && (u_adv || ini_u)) una_q[u_adv ? u_qp : ini_qp] <= u_adv ? ack_off_i : ini_start;
  end
`ifndef SYNTHESIS
  // the tables show the QPs read a cycle ahead
  logic [QpW-1:0] f_ra_q, r_ra_q, s_ra_q;
  always_ff @(posedge clk_i) begin
    f_ra_q <= f_qd_i;
    r_ra_q <= r_qd_i;
    s_ra_q <= s_qd_i;
    if (!rst_i) begin
      assert (f_ra_q == f_qp_i && r_ra_q == r_qp_i && (!sd_valid_i || s_ra_q == sd_qp_i))
      else $error("wn_rdma_tx_pos: a table was read at another QP than its reader's");
      assert (!(init_valid_i && (ini_f_q || ini_r_q || ini_h_q || ini_u_q || ini_s_q)))
      else $error("wn_rdma_tx_pos: a QP set up while the last set-up's entries wait");
    end
  end
`endif

  assign f_lend_o = f_lend;
  assign f_rend_o = f_rend;
  assign f_hw_o = f_hw;
  assign f_msn0_o = f_msn0;
  assign f_msn1_o = f_msn1;
  assign r_rend_o = r_rend;
  assign r_hw_o = r_hw;
  assign s_rend_o = d_rend;
  assign a_una_o = una_q[a_qp_i];
  wn_ctx_ram #(
      .Depth(NumQp),
      .Width(32),
      .NumRd(1)
  ) u_hs (
      .clk_i,
      .rst_i,
      .we_i   (!rst_i && (a_ret_i || ini_s)),
      .waddr_i(a_ret_i ? a_qp_i : ini_qp),
      .wdata_i(a_ret_i ? a_end_i : ini_start),
      .rd_i   (1'b1),
      .raddr_i(s_qd_i),
      .rdata_o(s_hs_o)
  );
endmodule
