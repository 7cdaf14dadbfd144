// wn_tcp_rx_data: the received payload of the TCP engine
// (wn_tcp_engine): the frames admitted, held until the FSM's verdict,
// placed by DMA into a stream's receive buffer or handed to wn_rdma_rx,
// and the TCP_RX completions that report them.
//
// Verdicts (wn_tcp_pkg::vd_t, one per record the FSM finishes, in frame
// order: vd_push_i) queue 32 deep for wn_tcp_rx_place, which holds every
// frame admitted (s_rx, 128 KiB, 32 frames) and writes the placed bytes
// (the verdict's offset and length, in up to two pieces where the
// receive buffer wraps). The writes of a stream's verdict go to host
// memory (wr_*); those of an RDMA connection's go to m_rdma as one packet
// per verdict (they start at address 0, so they split only at 4 KiB and
// their beats are full but for the last), with the verdict's QP. A queue
// beside the frames' (pushed with a placing verdict, popped at its last
// write) says which; done reports go back in write order, an RDMA
// write's at once, a host write's when the DMA engine reports it.
//
// Completions: the FSM queues one notice per placing verdict (nf_push_i:
// {no completion, CQN, stream offset after the bytes, bytes}); each
// becomes a TCP_RX completion record on cq_rx once its writes are done.
// Out-of-order data placed ahead of RCV.NXT has no completion of its own
// (the segment that later reaches it reports it), unless a write failed
// (status LOC_PROT_ERR).
//
// room_o: one more frame can be admitted (a verdict slot, placement
// buffer room, a completion slot for every frame held). vf_count_o: the
// verdicts waiting.
//
// Throughput: one beat per cycle in and out. Reset clears the queues and
// wn_tcp_rx_place.
module wn_tcp_rx_data (
    input  logic              clk_i,
    input  logic              rst_i,
    // the beats of the frames admitted
    input  logic [511:0]      s_rx_tdata_i,
    input  logic [63:0]       s_rx_tkeep_i,
    input  logic              s_rx_tlast_i,
    input  logic              s_rx_tvalid_i,
    output logic              room_o,
    // verdicts, and completion notices of placing verdicts
    input  logic              vd_push_i,
    input  wn_tcp_pkg::vd_t   vd_i,
    output logic [5:0]        vf_count_o,
    input  logic              nf_push_i,
    input  logic [72:0]       nf_i,
    // DMA write: stream payload into host memory
    output wn_abi_pkg::dma_wr_req_t  wr_req_o,
    input  logic                     wr_req_ready_i,
    input  wn_abi_pkg::dma_wr_done_t wr_done_i,
    // in-order payload of RDMA connections, one packet per segment
    output logic [511:0]      m_rdma_tdata_o,
    output logic [63:0]       m_rdma_tkeep_o,
    output logic              m_rdma_tlast_o,
    output logic              m_rdma_tvalid_o,
    input  logic              m_rdma_tready_i,
    output logic [15:0]       m_rdma_qp_o,
    // TCP_RX completion records (wn_cq_engine)
    output logic [151:0]      cq_rx_o,
    output logic              cq_rx_valid_o,
    input  logic              cq_rx_ready_i,
    // counter pulses: a frame's bytes placed, a placement write refused
    output logic              cnt_placed_o,
    output logic              cnt_wr_err_o
);
  // ------------------------------------------------------------------
  // verdicts, and wn_tcp_rx_place
  wn_tcp_pkg::vd_t vd_head;
  logic vf_valid, vf_ready, vf_wready, place_room;
  logic [6:0] cqr_count;
  wn_fifo #(
      .Width($bits(vd_head)),
      .Depth(32)
  ) u_vf_fifo (
      .clk_i,
      .rst_i,
      .wdata_i (vd_i),
      .wvalid_i(vd_push_i),
      .wready_o(vf_wready),
      .rdata_o (vd_head),
      .rvalid_o(vf_valid),
      .rready_i(vf_ready),
      .count_o (vf_count_o)
  );
  // room for the frames still in the parser, and every frame held by
  // wn_tcp_rx_place (at most 32) may still add a completion
  assign room_o = vf_count_o <= 6'd29 && place_room && cqr_count <= 7'd31;
  logic [63:0]  pw_addr;
  logic [15:0]  pw_len;
  logic [511:0] pw_data;
  logic         pw_last, pw_valid, pw_ready, pw_done_valid, pw_done_err;
  logic         rxp_done_valid, rxp_done_err, rxp_done_placed;
  logic [15:0]  rxp_done_tag;
  logic         rxp_cnt_discard;
  wn_tcp_rx_place #(
      .BufBytes(131072),
      .Slots(32)
  ) u_rx_place (
      .clk_i,
      .rst_i,
      .s_tdata_i       (s_rx_tdata_i),
      .s_tkeep_i       (s_rx_tkeep_i),
      .s_tlast_i       (s_rx_tlast_i),
      .s_tvalid_i      (s_rx_tvalid_i),
      .room_o          (place_room),
      .v_valid_i       (vf_valid),
      .v_ready_o       (vf_ready),
      .v_place_i       (vd_head.place),
      .v_off_i         (vd_head.off),
      .v_len0_i        (vd_head.len0),
      .v_addr0_i       (vd_head.addr0),
      .v_len1_i        (vd_head.len1),
      .v_addr1_i       (vd_head.addr1),
      .v_tag_i         (vd_head.tag),
      .wr_addr_o       (pw_addr),
      .wr_len_o        (pw_len),
      .wr_data_o       (pw_data),
      .wr_last_o       (pw_last),
      .wr_valid_o      (pw_valid),
      .wr_ready_i      (pw_ready),
      .wr_done_valid_i (pw_done_valid),
      .wr_done_err_i   (pw_done_err),
      .done_valid_o    (rxp_done_valid),
      .done_tag_o      (rxp_done_tag),
      .done_err_o      (rxp_done_err),
      .done_placed_o   (rxp_done_placed),
      .cnt_placed_o    (cnt_placed_o),
      .cnt_discard_o   (rxp_cnt_discard),
      .cnt_wr_err_o    (cnt_wr_err_o)
  );

  // ------------------------------------------------------------------
  // the writes, verdict by verdict: {rdma, qp, bytes} of each placing one
  logic [32:0] sd_n, sd_head;
  logic        sd_push, sd_valid, sd_pop, sd_wready;
  logic [6:0]  sd_count;
  logic [15:0] sd_used_q, pw_boff_q, pw_left;
  logic        pw_to_rdma, kd_head, kd_valid, kd_wready, kd_push, dd_head, dd_valid, dd_wready;
  logic [6:0]  kd_count, dd_count;
  assign sd_n = {vd_i.rdma, vd_i.qp, 16'(vd_i.len0) + 16'(vd_i.len1)};
  assign sd_push = vd_push_i && vd_i.place && (vd_i.len0 != 14'd0 || vd_i.len1 != 14'd0);
  wn_fifo #(
      .Width(33),
      .Depth(64)
  ) u_sd_fifo (
      .clk_i,
      .rst_i,
      .wdata_i (sd_n),
      .wvalid_i(sd_push),
      .wready_o(sd_wready),
      .rdata_o (sd_head),
      .rvalid_o(sd_valid),
      .rready_i(sd_pop),
      .count_o (sd_count)
  );
  assign pw_to_rdma = sd_head[32];
  assign pw_left = pw_len - {pw_boff_q[9:0], 6'd0};
  assign m_rdma_tdata_o = pw_data;
  assign m_rdma_tkeep_o = (pw_left >= 16'd64) ? 64'hffff_ffff_ffff_ffff : ((64'd1 << pw_left[5:0]) - 64'd1);
  assign m_rdma_tlast_o = pw_last && sd_used_q + pw_len == sd_head[15:0];
  assign m_rdma_qp_o = sd_head[31:16];
  assign m_rdma_tvalid_o = pw_valid && sd_valid && pw_to_rdma && kd_wready;
  assign wr_req_o.wr_addr = pw_addr;
  assign wr_req_o.wr_len = pw_len;
  assign wr_req_o.wr_data = pw_data;
  assign wr_req_o.wr_last = pw_last;
  assign wr_req_o.wr_valid = pw_valid && sd_valid && !pw_to_rdma && kd_wready;
  assign pw_ready = sd_valid && kd_wready && (pw_to_rdma ? m_rdma_tready_i : wr_req_ready_i);
  assign kd_push = pw_valid && pw_ready && pw_last;
  assign sd_pop = kd_push && sd_used_q + pw_len == sd_head[15:0];
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      sd_used_q <= 16'd0;
      pw_boff_q <= 16'd0;
    end else if (pw_valid && pw_ready) begin
      pw_boff_q <= pw_last ? 16'd0 : pw_boff_q + 16'd1;
      if (pw_last) sd_used_q <= sd_pop ? 16'd0 : sd_used_q + pw_len;
    end
  end
  // the kind of every write in flight, and the host's done reports
  wn_fifo #(
      .Width(1),
      .Depth(64)
  ) u_kd_fifo (
      .clk_i,
      .rst_i,
      .wdata_i (pw_to_rdma),
      .wvalid_i(kd_push),
      .wready_o(kd_wready),
      .rdata_o (kd_head),
      .rvalid_o(kd_valid),
      .rready_i(pw_done_valid),
      .count_o (kd_count)
  );
  wn_fifo #(
      .Width(1),
      .Depth(64)
  ) u_dd_fifo (
      .clk_i,
      .rst_i,
      .wdata_i (wr_done_i.done_err),
      .wvalid_i(wr_done_i.done_valid),
      .wready_o(dd_wready),
      .rdata_o (dd_head),
      .rvalid_o(dd_valid),
      .rready_i(pw_done_valid && !kd_head),
      .count_o (dd_count)
  );
  assign pw_done_valid = kd_valid && (kd_head || dd_valid);
  assign pw_done_err = !kd_head && dd_head;

  // ------------------------------------------------------------------
  // TCP_RX completions: one per placed frame, in verdict order, once its
  // writes are done ({cqn, tid, stream offset after the bytes, bytes})
  logic [72:0] nf_head;
  logic        nf_valid, nf_pop, nf_wready;
  logic [6:0]  nf_count;
  wn_fifo #(
      .Width(73),
      .Depth(64)
  ) u_nf_fifo (
      .clk_i,
      .rst_i,
      .wdata_i (nf_i),
      .wvalid_i(nf_push_i),
      .wready_o(nf_wready),
      .rdata_o (nf_head),
      .rvalid_o(nf_valid),
      .rready_i(nf_pop),
      .count_o (nf_count)
  );
  // the done reports of placed frames (no backpressure) become completion
  // records, queued for the CQ
  logic         cqr_wready, cqr_push;
  logic [151:0] cqr_n;
  assign nf_pop = rxp_done_valid && rxp_done_placed;
  assign cqr_push = nf_pop && (!nf_head[72] || rxp_done_err);
  assign cqr_n = {nf_head[71:64], rxp_done_tag, 16'd0, 32'd0, nf_head[63:32], nf_head[31:0],
                  8'(wn_abi_pkg::CQE_OPCODE_TCP_RX),
                  rxp_done_err ? 8'(wn_abi_pkg::CQE_STATUS_LOC_PROT_ERR) : 8'(wn_abi_pkg::CQE_STATUS_SUCCESS)};
  wn_fifo #(
      .Width(152),
      .Depth(64)
  ) u_cqr_fifo (
      .clk_i,
      .rst_i,
      .wdata_i (cqr_n),
      .wvalid_i(cqr_push),
      .wready_o(cqr_wready),
      .rdata_o (cq_rx_o),
      .rvalid_o(cq_rx_valid_o),
      .rready_i(cq_rx_ready_i),
      .count_o (cqr_count)
  );

  logic unused;
  assign unused = ^{sd_wready, sd_count, kd_count, dd_count, dd_wready, vd_head.rdma, vd_head.qp,
                    pw_boff_q[15:10], vf_wready, rxp_cnt_discard, nf_valid, nf_wready, nf_count,
                    cqr_wready};
endmodule
