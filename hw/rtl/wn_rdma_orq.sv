// wn_rdma_orq: the READ ends of wn_rdma_tx. Each QP's outstanding Reads
// (the ORQ: RDMA_MAX_ORD entries a QP, {signaled, length, SQ index,
// wr_id}) are pushed by the fetch unit when it logs a Read (push_*), in
// posting order. The receive side reports each READ RESPONSE's end
// (rdc_*, a FIFO of 8): the ORQ's head of that QP completes once its
// request is acknowledged (the parent's head_acked_i: every message before
// it has completed then), with an RDMA_READ completion if signaled
// (cv_o, c_o on the QP's send CQ scq_i). A READ end with no Read
// outstanding is dropped. With no READ end waiting, a scan flushes the ORQ
// of a QP in ERROR one entry a cycle (FLUSHED completions, signaled or
// not).
//
// The parent owns the ORQ's head and tail pointers (take_o with pop_o:
// the head moves on) and looks up the QP state and pointers at the QPs the
// unit names: the scan's (scan_o) and the READ-end FIFO's head (head_o).
// The entries are in block RAM (wn_ctx_ram), read in every cycle a cycle
// ahead: at the QP the unit serves after the clock edge (qp_n_o: the
// FIFO's next head, or the scan's next QP) and that QP's ORQ head after
// this cycle's writes (ohn_i, the parent's). An entry pushed in the same
// cycle is forwarded.
// Parameters: NumQp a power of two.
module wn_rdma_orq #(
    parameter int NumQp = 64,
    localparam int QpW = $clog2(NumQp),
    localparam int OrqDepth = wn_abi_pkg::RDMA_MAX_ORD,
    localparam int OW = $clog2(OrqDepth)
) (
    input  logic           clk_i,
    input  logic           rst_i,
    // READ RESPONSEs' ends, from the receive side
    input  logic           rdc_valid_i,
    output logic           rdc_ready_o,
    input  logic [QpW-1:0] rdc_qp_i,
    // a Read logged: its entry at the QP's ORQ tail
    input  logic           push_i,
    input  logic [QpW-1:0] push_qp_i,
    input  logic [OW-1:0]  push_idx_i,
    input  logic [112:0]   push_ent_i,
    // the QPs the unit names, and what the parent looks up at them
    output logic [QpW-1:0] scan_o,
    output logic [QpW-1:0] head_o,
    output logic [QpW-1:0] qp_o,
    output logic [QpW-1:0] qp_n_o,
    input  logic           scan_err_i,
    input  logic           scan_left_i,
    input  logic           head_err_i,
    input  logic           head_left_i,
    input  logic           head_acked_i,
    input  logic [OW-1:0]  ohn_i,
    input  logic [7:0]     scq_i,
    // the head of qp_o leaves (pop_o and take_o), with a completion (cv_o)
    output logic           pop_o,
    output logic           take_o,
    output logic           cv_o,
    output logic [223:0]   c_o,
    input  logic           cr_i
);
  logic [QpW-1:0] rq_head, rq_nhead, o_scan, o_scan_n;
  logic           rq_valid, rq_nvalid, o_fl;
  logic [3:0]     rq_count;
  logic [112:0]   o_ent;
  wn_fifo_nx #(
      .Width(QpW),
      .Depth(8)
  ) u_rdc (
      .clk_i,
      .rst_i,
      .wdata_i (rdc_qp_i),
      .wvalid_i(rdc_valid_i),
      .wready_o(rdc_ready_o),
      .rdata_o (rq_head),
      .rvalid_o(rq_valid),
      .rready_i(take_o && !o_fl),
      .count_o (rq_count),
      .nvalid_o(rq_nvalid),
      .ndata_o (rq_nhead)
  );
  assign scan_o = o_scan;
  assign head_o = rq_head;
  assign o_fl = !rq_valid && scan_err_i && scan_left_i;
  assign qp_o = rq_valid ? rq_head : o_scan;
  assign o_scan_n = rst_i ? '0 : !o_fl ? o_scan + 1'b1 : o_scan;
  assign qp_n_o = rq_nvalid ? rq_nhead : o_scan_n;
  always_ff @(posedge clk_i) begin
    o_scan <= o_scan_n;
  end
  wn_ctx_ram #(
      .Depth(NumQp * OrqDepth),
      .Width(113),
      .NumRd(1)
  ) u_orq (
      .clk_i,
      .rst_i,
      .we_i   (!rst_i && push_i),
      .waddr_i({push_qp_i, push_idx_i}),
      .wdata_i(push_ent_i),
      .rd_i   (1'b1),
      .raddr_i({qp_n_o, ohn_i}),
      .rdata_o(o_ent)
  );
  // a Read completes once its request is acknowledged
  assign pop_o = (rq_valid && head_left_i && (head_acked_i || head_err_i)) || o_fl;
  assign cv_o = pop_o && (o_ent[112] || o_fl);
  assign c_o = wn_rdma_pkg::cqe_f(scq_i, 16'(qp_o), o_ent[79:64], o_ent[63:0], o_ent[111:80],
                                  8'(wn_abi_pkg::CQE_OPCODE_RDMA_READ),
                                  o_fl ? 8'(wn_abi_pkg::CQE_STATUS_FLUSHED) : 8'(wn_abi_pkg::CQE_STATUS_SUCCESS));
  // a READ end with no READ outstanding is dropped
  assign take_o = (pop_o && (!cv_o || cr_i)) || (rq_valid && !head_left_i);

  logic unused;
  assign unused = ^rq_count;
endmodule
