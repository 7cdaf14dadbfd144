// wn_rdma_tx_attr: the per-QP attributes of wn_rdma_tx that a QP's set-up
// writes (init_*) and its units only read, and the length of the QP's
// Terminate (term_*, written when the receive side asks for one). Each
// table has one writer and no reset.
//
// Most are in block RAM (wn_ctx_ram, a copy per reader), read in every
// cycle at the QP each reader will have after the clock edge (*_qd_i), so
// that a port shows the entry of the reader's QP in this cycle, as an
// asynchronous read would:
//   - the send ring's place (base, log2 size) at the WQE prefetcher's QP
//     (pf_*);
//   - the send CQ at the fetch unit's QP (f_*), the retirement scan's (a_*)
//     and the Read-end unit's (o_*);
//   - the Terminate's length at the fetch unit's QP;
//   - the TCP connection at the release scan's QP (r_*);
//   - the FPDU size attributes (MULPDU, marker grid, markers, CRC) at the
//     fetch unit's QP and the FPDU server's (s_*).
// PD and ORD are read at QPs that come from the WQE FIFO's head (the take's
// check), with no look-ahead yet: LUTRAM, read asynchronously at f_qp_i,
// c_qp_i (the check's QP) and w_qp_i (the FIFO head's).
// Parameters: NumQp a power of two.
module wn_rdma_tx_attr #(
    parameter int NumQp = 64,
    localparam int QpW = $clog2(NumQp)
) (
    input  logic           clk_i,
    input  logic           rst_i,
    // a QP's set-up
    input  logic           init_valid_i,
    input  logic [QpW-1:0] init_qp_i,
    input  logic [15:0]    init_pd_i,
    input  logic [7:0]     init_scq_i,
    input  logic [63:0]    init_sq_base_i,
    input  logic [3:0]     init_sq_log_i,
    input  logic [15:0]    init_tid_i,
    input  logic [15:0]    init_mulpdu_i,
    input  logic [8:0]     init_grid_i,
    input  logic           init_mark_i,
    input  logic           init_crc_i,
    input  logic [7:0]     init_ord_i,
    // a Terminate to send: its length
    input  logic           term_valid_i,
    input  logic [QpW-1:0] term_qp_i,
    input  logic [5:0]     term_len_i,
    // the readers' QPs after the clock edge
    input  logic [QpW-1:0] pf_qd_i,
    input  logic [QpW-1:0] f_qd_i,
    input  logic [QpW-1:0] a_qd_i,
    input  logic [QpW-1:0] o_qd_i,
    input  logic [QpW-1:0] r_qd_i,
    input  logic [QpW-1:0] s_qd_i,
    // the QPs read asynchronously
    input  logic [QpW-1:0] f_qp_i,
    input  logic [QpW-1:0] c_qp_i,
    input  logic [QpW-1:0] w_qp_i,
    output logic [63:0]    pf_base_o,
    output logic [3:0]     pf_log_o,
    output logic [7:0]     f_scq_o,
    output logic [7:0]     a_scq_o,
    output logic [7:0]     o_scq_o,
    output logic [5:0]     f_tlen_o,
    output logic [15:0]    r_tid_o,
    output logic [15:0]    f_mul_o,
    output logic [8:0]     f_grid_o,
    output logic           f_mark_o,
    output logic [15:0]    s_mul_o,
    output logic [8:0]     s_grid_o,
    output logic           s_mark_o,
    output logic           s_crc_o,
    output logic [15:0]    f_pd_o,
    output logic [15:0]    c_pd_o,
    output logic [7:0]     f_ord_o,
    output logic [7:0]     w_ord_o
);
  wn_ctx_ram #(
      .Depth(NumQp),
      .Width(68),
      .NumRd(1)
  ) u_sqring (
      .clk_i,
      .rst_i,
      .we_i   (init_valid_i),
      .waddr_i(init_qp_i),
      .wdata_i({init_sq_base_i, init_sq_log_i}),
      .rd_i   (1'b1),
      .raddr_i(pf_qd_i),
      .rdata_o({pf_base_o, pf_log_o})
  );
  wn_ctx_ram #(
      .Depth(NumQp),
      .Width(8),
      .NumRd(3)
  ) u_scq (
      .clk_i,
      .rst_i,
      .we_i   (init_valid_i),
      .waddr_i(init_qp_i),
      .wdata_i(init_scq_i),
      .rd_i   (3'b111),
      .raddr_i({o_qd_i, a_qd_i, f_qd_i}),
      .rdata_o({o_scq_o, a_scq_o, f_scq_o})
  );
  wn_ctx_ram #(
      .Depth(NumQp),
      .Width(6),
      .NumRd(1)
  ) u_tlen (
      .clk_i,
      .rst_i,
      .we_i   (term_valid_i),
      .waddr_i(term_qp_i),
      .wdata_i(term_len_i),
      .rd_i   (1'b1),
      .raddr_i(f_qd_i),
      .rdata_o(f_tlen_o)
  );
  wn_ctx_ram #(
      .Depth(NumQp),
      .Width(16),
      .NumRd(1)
  ) u_tid (
      .clk_i,
      .rst_i,
      .we_i   (init_valid_i),
      .waddr_i(init_qp_i),
      .wdata_i(init_tid_i),
      .rd_i   (1'b1),
      .raddr_i(r_qd_i),
      .rdata_o(r_tid_o)
  );
  logic f_crc;
  wn_ctx_ram #(
      .Depth(NumQp),
      .Width(27),
      .NumRd(2)
  ) u_fattr (
      .clk_i,
      .rst_i,
      .we_i   (init_valid_i),
      .waddr_i(init_qp_i),
      .wdata_i({init_mulpdu_i, init_grid_i, init_mark_i, init_crc_i}),
      .rd_i   (2'b11),
      .raddr_i({f_qd_i, s_qd_i}),
      .rdata_o({f_mul_o, f_grid_o, f_mark_o, f_crc, s_mul_o, s_grid_o, s_mark_o, s_crc_o})
  );

  logic [15:0] pd_q [NumQp];
  logic [7:0]  ord_q [NumQp];     // RDMA Reads outstanding at most (ORD)
  always_ff @(posedge clk_i) begin
    if (init_valid_i) begin
      pd_q[init_qp_i] <= init_pd_i;
      ord_q[init_qp_i] <= init_ord_i;
    end
  end
  assign f_pd_o = pd_q[f_qp_i];
  assign c_pd_o = pd_q[c_qp_i];
  assign f_ord_o = ord_q[f_qp_i];
  assign w_ord_o = ord_q[w_qp_i];

  logic unused;
  assign unused = f_crc;
endmodule
