// wn_tcp_tx: the transmit side of the TCP engine (wn_tcp_engine): the
// control segments and the data segment requests the FSM queues, made
// into frames on one stream to the MAC.
//
// Control segments (wn_tcp_pkg::seg_t: SYN, SYN-ACK, ACK, FIN, RST, no
// payload) wait in an 8-entry queue, so a long data frame on the transmit
// stream never holds the FSM; the head's header is built by wn_tcp_tx_hdr
// (one cycle) and leaves as one beat of at least 60 bytes, or two beats
// with 12 option bytes (66 bytes). IPv4 ids count from 0.
//
// Data segments (wn_tcp_pkg::txr_t) wait in an 8-entry queue for
// wn_tcp_tx_seg, which reads the payload by DMA (rd_*: from the stream's
// send buffer in up to two pieces, or from wn_rdma_tx) and builds the
// frame. IPv4 ids count from 0x8000.
//
// wn_tx_mux merges the two kinds of frame, whole frames at a time.
// seg_count_o and tq_count_o tell the FSM how full each queue is (it
// never pushes into a full one).
//
// Frame format (m_tx): Ethernet, IPv4 (20 bytes, TTL 64) and TCP headers
// from byte 0, 512-bit beats, byte 0 in bits 7:0, tkeep contiguous.
// Throughput: one beat per cycle; a control segment every two cycles.
// Reset clears both queues and the IPv4 id counters.
module wn_tcp_tx (
    input  logic                clk_i,
    input  logic                rst_i,
    input  logic [47:0]         mac_i,
    input  logic [31:0]         ipv4_i,
    // control segments
    input  logic                seg_load_i,
    input  wn_tcp_pkg::seg_t    seg_i,
    output logic [3:0]          seg_count_o,
    // data segment requests
    input  logic                tq_push_i,
    input  wn_tcp_pkg::txr_t    tq_i,
    output logic [3:0]          tq_count_o,
    // DMA read: the payload of data segments
    output wn_abi_pkg::dma_rd_req_t rd_req_o,
    input  logic                    rd_req_ready_i,
    input  wn_abi_pkg::dma_rd_rsp_t rd_rsp_i,
    output logic                    rd_rsp_ready_o,
    // segments to the MAC
    output logic [511:0]        m_tx_tdata_o,
    output logic [63:0]         m_tx_tkeep_o,
    output logic                m_tx_tlast_o,
    output logic                m_tx_tvalid_o,
    input  logic                m_tx_tready_i,
    // counter pulses: a segment sent, a payload read refused
    output logic                cnt_seg_o,
    output logic                cnt_dma_err_o
);
  // ------------------------------------------------------------------
  // control segments
  wn_tcp_pkg::seg_t seg_q, seg_head;
  logic        seg_pend_q, frm_valid_q, seg_fvalid, seg_take, seg_wready;
  wn_fifo #(
      .Width($bits(seg_q)),
      .Depth(8)
  ) u_seg_fifo (
      .clk_i,
      .rst_i,
      .wdata_i (seg_i),
      .wvalid_i(seg_load_i),
      .wready_o(seg_wready),
      .rdata_o (seg_head),
      .rvalid_o(seg_fvalid),
      .rready_i(seg_take),
      .count_o (seg_count_o)
  );
  assign seg_take = seg_fvalid && !seg_pend_q && !frm_valid_q;
  logic [511:0] ctl_tdata;
  logic [63:0]  ctl_tkeep;
  logic         ctl_tready, ctl_tlast;
  logic [15:0]  ip_id_q;
  logic [527:0] hdr;
  logic [1:0]   hdr_opt_q;
  logic         ctl_beat2_q;
  // the header is built in the cycle a segment is pending and held while it
  // is sent
  wn_tcp_tx_hdr u_tx_hdr (
      .clk_i,
      .rst_i,
      .valid_i      (seg_pend_q && !frm_valid_q),
      .dst_mac_i    (seg_q.dmac),
      .src_mac_i    (mac_i),
      .src_ip_i     (ipv4_i),
      .dst_ip_i     (seg_q.dip),
      .src_port_i   (seg_q.sport),
      .dst_port_i   (seg_q.dport),
      .ttl_i        (8'd64),
      .ip_id_i      (ip_id_q),
      .seq_i        (seg_q.seq),
      .ack_i        (seg_q.ack),
      .flags_i      (seg_q.flags),
      .window_i     (seg_q.win),
      .opt_words_i  (seg_q.opt_words),
      .opt_i        (seg_q.opt),
      .payload_len_i(14'd0),
      .payload_sum_i(16'd0),
      .hdr_o        (hdr)
  );
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      seg_pend_q <= 1'b0;
      frm_valid_q <= 1'b0;
      ctl_beat2_q <= 1'b0;
      ip_id_q <= 16'd0;
    end else begin
      if (seg_take) begin
        seg_pend_q <= 1'b1;
        seg_q <= seg_head;
      end else if (seg_pend_q && !frm_valid_q) begin
        // wn_tcp_tx_hdr registers the header this cycle
        seg_pend_q <= 1'b0;
        frm_valid_q <= 1'b1;
        hdr_opt_q <= seg_q.opt_words;
      end
      if (frm_valid_q && ctl_tready) begin
        if (ctl_tlast) begin
          frm_valid_q <= 1'b0;
          ctl_beat2_q <= 1'b0;
          ip_id_q <= ip_id_q + 16'd1;
        end else ctl_beat2_q <= 1'b1;
      end
    end
  end
  // one beat (at least 60 bytes), or two with 12 option bytes (66 bytes)
  assign ctl_tlast = hdr_opt_q != 2'd3 || ctl_beat2_q;
  assign ctl_tdata = ctl_beat2_q ? {496'd0, hdr[527:512]} : hdr[511:0];
  assign ctl_tkeep = ctl_beat2_q ? 64'h3 :
                     (hdr_opt_q == 2'd3) ? 64'hffff_ffff_ffff_ffff :
                     (hdr_opt_q == 2'd2) ? 64'h3fff_ffff_ffff_ffff : 64'h0fff_ffff_ffff_ffff;

  // ------------------------------------------------------------------
  // data segments: requests to wn_tcp_tx_seg
  wn_tcp_pkg::txr_t tq_head;
  logic        tq_valid, tq_ready, tq_wready;
  logic [15:0] data_ip_id_q;
  wn_fifo #(
      .Width($bits(tq_head)),
      .Depth(8)
  ) u_tq_fifo (
      .clk_i,
      .rst_i,
      .wdata_i (tq_i),
      .wvalid_i(tq_push_i),
      .wready_o(tq_wready),
      .rdata_o (tq_head),
      .rvalid_o(tq_valid),
      .rready_i(tq_ready),
      .count_o (tq_count_o)
  );
  always_ff @(posedge clk_i) begin
    if (rst_i) data_ip_id_q <= 16'h8000;
    else if (tq_valid && tq_ready) data_ip_id_q <= data_ip_id_q + 16'd1;
  end
  logic [511:0] dat_tdata;
  logic [63:0]  dat_tkeep;
  logic         dat_tlast, dat_tvalid, dat_tready;
  logic         txs_done_valid, txs_done_err, txs_cnt_seg;
  logic [15:0]  txs_done_tag;
  wn_tcp_tx_seg u_tx_seg (
      .clk_i,
      .rst_i,
      .seg_valid_i (tq_valid),
      .seg_ready_o (tq_ready),
      .dst_mac_i   (tq_head.dmac),
      .src_mac_i   (mac_i),
      .src_ip_i    (ipv4_i),
      .dst_ip_i    (tq_head.dip),
      .src_port_i  (tq_head.sport),
      .dst_port_i  (tq_head.dport),
      .ttl_i       (8'd64),
      .ip_id_i     (data_ip_id_q),
      .seq_i       (tq_head.seq),
      .ack_i       (tq_head.ack),
      .flags_i     (tq_head.flags),
      .window_i    (tq_head.win),
      .addr0_i     (tq_head.addr0),
      .len0_i      (tq_head.len0),
      .addr1_i     (tq_head.addr1),
      .len1_i      (tq_head.len1),
      .tag_i       (tq_head.tag),
      .rd_addr_o(rd_req_o.req_addr),
      .rd_len_o(rd_req_o.req_len),
      .rd_valid_o(rd_req_o.req_valid),
      .rd_ready_i(rd_req_ready_i),
      .rd_data_i(rd_rsp_i.rsp_data),
      .rd_err_i(rd_rsp_i.rsp_err),
      .rd_last_i(rd_rsp_i.rsp_last),
      .rd_valid_i  (rd_rsp_i.rsp_valid),
      .rd_ready_o  (rd_rsp_ready_o),
      .m_tdata_o   (dat_tdata),
      .m_tkeep_o   (dat_tkeep),
      .m_tlast_o   (dat_tlast),
      .m_tvalid_o  (dat_tvalid),
      .m_tready_i  (dat_tready),
      .done_valid_o(txs_done_valid),
      .done_tag_o  (txs_done_tag),
      .done_err_o  (txs_done_err),
      .cnt_seg_o   (txs_cnt_seg),
      .cnt_err_o   (cnt_dma_err_o)
  );

  // ------------------------------------------------------------------
  // data frames and control segments share the transmit stream
  logic ctl_cnt, dat_tuser_unused;
  wn_tx_mux u_tx_mux (
      .clk_i,
      .rst_i,
      .a_tdata_i    (dat_tdata),
      .a_tkeep_i    (dat_tkeep),
      .a_tlast_i    (dat_tlast),
      .a_tuser_i    (1'b0),
      .a_tvalid_i   (dat_tvalid),
      .a_tready_o   (dat_tready),
      .b_tdata_i    (ctl_tdata),
      .b_tkeep_i    (ctl_tkeep),
      .b_tlast_i    (ctl_tlast),
      .b_tvalid_i   (frm_valid_q),
      .b_tready_o   (ctl_tready),
      .m_tdata_o    (m_tx_tdata_o),
      .m_tkeep_o    (m_tx_tkeep_o),
      .m_tlast_o    (m_tx_tlast_o),
      .m_tuser_o    (dat_tuser_unused),
      .m_tvalid_o   (m_tx_tvalid_o),
      .m_tready_i   (m_tx_tready_i),
      .cnt_b_frame_o(ctl_cnt)
  );
  assign cnt_seg_o = ctl_cnt || txs_cnt_seg;

  logic unused;
  assign unused = ^{seg_wready, tq_wready, txs_done_valid, txs_done_err, txs_done_tag,
                    dat_tuser_unused};
endmodule
