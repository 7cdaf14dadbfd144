// wn_tcp_engine: the TCP offload engine (docs/tcp.md): it terminates TCP
// for the port's IPv4 address, with the control plane (the firmware)
// behind the CPL messages of docs/cpl.md. This module joins its units:
//
//   wn_tcp_rx_front  parse tap and checksums, admission, the segment and
//                    SYN record queues, the SYN pacer
//   wn_tcp_fsm       the control FSM, one event at a time (with
//                    wn_tcp_rx_proc and wn_tcp_cpl_proc, its decisions on
//                    a segment and on a CPL request)
//   wn_tcb_table     the TCB records, the free tids, the timer scanner
//   wn_tcb_lookup    4-tuple to tid
//   wn_tcp_listen    the listeners
//   wn_tcp_cpl_io    the CPL messages to and from the firmware port
//   wn_tcp_tx        control segments and data segments to the MAC
//   wn_tcp_rx_data   received payload: placement by DMA or to
//                    wn_rdma_rx, TCP_RX completions
//
// and holds the microsecond clock (one tick per ClockMhz cycles, the
// timers' time base), the doorbell queue (16) and the TCP_TX_ACKED
// completion queue (16).
//
// What the engine does: connection lookup, the three-way handshake both
// ways with MSS, window-scale and SACK-permitted options, listeners,
// graceful close both orders, TIME_WAIT, RFC 5961 resets and challenge
// ACKs, aborts both ways, SYN/SYN-ACK/FIN retransmission with RFC 6298
// backoff, RST answers for segments of no connection. A connection given
// a circular send and receive buffer in host memory (TCB fields
// TX_BUF_*, RX_BUF_*, CQN) moves its bytes by DMA: one MSS at a time
// within min(cwnd, the peer's window), NewReno (wn_tcp_cc), RFC 6298 RTT
// estimation (wn_tcp_rto), fast retransmit, go-back-N on a timeout, the
// persist timer, in-order placement with one out-of-order range kept and
// reported as a SACK block, delayed ACKs, keepalive, per-connection
// counters, completions to the host. An RDMA connection (ULP_MODE RDMA)
// takes its payload from wn_rdma_tx's FPDUs, one per segment, and hands
// its in-order payload to wn_rdma_rx. Not taken: TX_DATA and RX_DATA
// (streams move their bytes through host buffers, docs/cpl.md),
// simultaneous open, data or a FIN on the ACK that completes a passive
// open, the peer's SACK blocks, timestamps (TODO(#3)).
//
// Streams: s_rx is the MAC's receive stream, tvalid on the beats of TCP
// segments to the port's address (wn_rx_steer); m_tx carries whole
// frames; the CPL streams are 32-bit words in the firmware port's CPL
// framing (wn_tcp_cpl_io). Throughput: one beat per cycle each way; the
// FSM's cost per event is in wn_tcp_fsm.
//
// Reset clears every unit; the TCB table's reset sweep (NumConns cycles)
// runs before the first event.
// Parameters (checked in the units): NumConns a power of two 16..65536;
// NumListen 1..64; DelackUs 0..500000; SynCycles 2..65536; SynBurst 1..31.
module wn_tcp_engine #(
    parameter int NumConns  = 1024,
    parameter int NumListen = 16,
    parameter int ClockMhz  = 250,
    // delayed-ACK time of a new connection, microseconds (TCB field
    // DELACK; 0 acknowledges every segment)
    parameter int DelackUs  = 100,
    // new-connection work: the FSM takes at most one SYN without ACK per
    // SynCycles cycles on average, in bursts of at most SynBurst
    parameter int SynCycles = 128,
    parameter int SynBurst  = 8,
    localparam int TidW = $clog2(NumConns)
) (
    input  logic         clk_i,
    input  logic         rst_i,
    // configuration
    input  logic [47:0]  mac_i,
    input  logic [31:0]  ipv4_i,
    input  logic [13:0]  max_frame_i,
    input  logic [31:0]  rto_init_i,
    input  logic [31:0]  rto_min_i,
    input  logic [31:0]  rto_max_i,
    input  logic [15:0]  retries_i,
    input  logic [31:0]  time_wait_i,
    output logic [31:0]  time_us_o,
    // TCP segments to the port's address
    input  logic [511:0] s_rx_tdata_i,
    input  logic [63:0]  s_rx_tkeep_i,
    input  logic         s_rx_tlast_i,
    input  logic         s_rx_tuser_i,
    input  logic         s_rx_tvalid_i,
    // CPL messages from the control plane
    input  logic [31:0]  s_cpl_tdata_i,
    input  logic         s_cpl_tlast_i,
    input  logic         s_cpl_tvalid_i,
    output logic         s_cpl_tready_o,
    // CPL messages to the control plane
    output logic [31:0]  m_cpl_tdata_o,
    output logic         m_cpl_tlast_o,
    output logic         m_cpl_tvalid_o,
    input  logic         m_cpl_tready_i,
    // DMA read (stream payload for segments) and write (received payload)
    output wn_abi_pkg::dma_rd_req_t rd_req_o,
    input  logic                    rd_req_ready_i,
    input  wn_abi_pkg::dma_rd_rsp_t rd_rsp_i,
    output logic                    rd_rsp_ready_o,
    output wn_abi_pkg::dma_wr_req_t  wr_req_o,
    input  logic                     wr_req_ready_i,
    input  wn_abi_pkg::dma_wr_done_t wr_done_i,
    // completion records (wn_cq_engine): send space freed, bytes received
    output logic [151:0] cq_tx_o,
    output logic         cq_tx_valid_o,
    input  logic         cq_tx_ready_i,
    output logic [151:0] cq_rx_o,
    output logic         cq_rx_valid_o,
    input  logic         cq_rx_ready_i,
    // in-order payload of RDMA connections (ULP_MODE RDMA), one packet
    // per segment, byte 0 in lane 0, with the TCB's QPID (wn_rdma_rx)
    output logic [511:0] m_rdma_tdata_o,
    output logic [63:0]  m_rdma_tkeep_o,
    output logic         m_rdma_tlast_o,
    output logic         m_rdma_tvalid_o,
    input  logic         m_rdma_tready_i,
    output logic [15:0]  m_rdma_qp_o,
    // RDMA connections: the stream offset the peer acknowledged (wn_rdma_tx)
    output logic         ack_valid_o,
    output logic [15:0]  ack_qp_o,
    output logic [31:0]  ack_off_o,
    // segments to the MAC
    output logic [511:0] m_tx_tdata_o,
    output logic [63:0]  m_tx_tkeep_o,
    output logic         m_tx_tlast_o,
    output logic         m_tx_tvalid_o,
    input  logic         m_tx_tready_i,
    // stream doorbells (BAR0 block TCP): how far the host has written
    // into the send buffer (TX_END) or read from the receive buffer (RX_READ)
    input  logic         db_valid_i,
    output logic         db_ready_o,
    input  logic [15:0]  db_tid_i,
    input  logic         db_rx_i,
    input  logic [31:0]  db_value_i,
    // counter pulses
    output logic         cnt_db_drop_o,
    output logic         cnt_rx_seg_o,
    output logic         cnt_rx_data_o,
    output logic         cnt_dma_err_o,
    output logic         cnt_rx_bad_o,
    output logic         cnt_rx_drop_o,
    output logic         cnt_rx_rst_sent_o,
    output logic         cnt_tx_seg_o,
    output logic         cnt_cpl_bad_o
);
  // ------------------------------------------------------------------
  // the microsecond clock
  localparam int PW = $clog2(ClockMhz + 1);
  logic [PW-1:0] pre_q;
  logic [31:0]   now_q;
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      pre_q <= '0;
      now_q <= 32'd0;
    end else if (pre_q == PW'(ClockMhz - 1)) begin
      pre_q <= '0;
      now_q <= now_q + 32'd1;
    end else begin
      pre_q <= pre_q + PW'(1);
    end
  end
  assign time_us_o = now_q;

  // ------------------------------------------------------------------
  // receive front and received payload
  wn_tcp_pkg::rec_t rec, syn_rec, r_cur;
  logic             rec_valid, rec_pop, syn_go, syn_pop, syn_start, place_tvalid, rx_room;
  logic             front_drop, fsm_drop;
  wn_tcp_rx_front #(
      .SynCycles(SynCycles),
      .SynBurst (SynBurst)
  ) u_front (
      .clk_i,
      .rst_i,
      .s_rx_tdata_i,
      .s_rx_tkeep_i,
      .s_rx_tlast_i,
      .s_rx_tuser_i,
      .s_rx_tvalid_i,
      .room_i          (rx_room),
      .m_place_tvalid_o(place_tvalid),
      .rec_o           (rec),
      .rec_valid_o     (rec_valid),
      .rec_pop_i       (rec_pop),
      .syn_o           (syn_rec),
      .syn_go_o        (syn_go),
      .syn_pop_i       (syn_pop),
      .syn_start_i     (syn_start),
      .cnt_seg_o       (cnt_rx_seg_o),
      .cnt_bad_o       (cnt_rx_bad_o),
      .cnt_drop_o      (front_drop)
  );
  assign cnt_rx_drop_o = front_drop || fsm_drop;

  wn_tcp_pkg::vd_t vd;
  logic            vd_push, nf_push, rxd_wr_err, txs_dma_err;
  logic [5:0]      vf_count;
  logic [72:0]     nf;
  wn_tcp_rx_data u_rx_data (
      .clk_i,
      .rst_i,
      .s_rx_tdata_i,
      .s_rx_tkeep_i,
      .s_rx_tlast_i,
      .s_rx_tvalid_i  (place_tvalid),
      .room_o         (rx_room),
      .vd_push_i      (vd_push),
      .vd_i           (vd),
      .vf_count_o     (vf_count),
      .nf_push_i      (nf_push),
      .nf_i           (nf),
      .wr_req_o,
      .wr_req_ready_i,
      .wr_done_i,
      .m_rdma_tdata_o,
      .m_rdma_tkeep_o,
      .m_rdma_tlast_o,
      .m_rdma_tvalid_o,
      .m_rdma_tready_i,
      .m_rdma_qp_o,
      .cq_rx_o,
      .cq_rx_valid_o,
      .cq_rx_ready_i,
      .cnt_placed_o   (cnt_rx_data_o),
      .cnt_wr_err_o   (rxd_wr_err)
  );
  assign cnt_dma_err_o = rxd_wr_err || txs_dma_err;

  // ------------------------------------------------------------------
  // CPL messages
  logic         msg_valid, msg_done, msg_bad, has_rpl, out_load, out_busy;
  logic [7:0]   c_op, c_flags, rpl_op, out_op;
  logic [31:0]  c_id, out_id;
  logic [319:0] c_body, out_body;
  logic [3:0]   rpl_words, out_words;
  wn_tcp_cpl_io u_cpl_io (
      .clk_i,
      .rst_i,
      .s_cpl_tdata_i,
      .s_cpl_tlast_i,
      .s_cpl_tvalid_i,
      .s_cpl_tready_o,
      .m_cpl_tdata_o,
      .m_cpl_tlast_o,
      .m_cpl_tvalid_o,
      .m_cpl_tready_i,
      .msg_valid_o(msg_valid),
      .msg_done_i (msg_done),
      .op_o       (c_op),
      .flags_o    (c_flags),
      .id_o       (c_id),
      .body_o     (c_body),
      .msg_bad_o  (msg_bad),
      .has_rpl_o  (has_rpl),
      .rpl_op_o   (rpl_op),
      .rpl_words_o(rpl_words),
      .out_load_i (out_load),
      .out_op_i   (out_op),
      .out_id_i   (out_id),
      .out_words_i(out_words),
      .out_body_i (out_body),
      .out_busy_o (out_busy)
  );

  // ------------------------------------------------------------------
  // doorbells: queued, taken by the FSM one at a time
  logic [48:0] db_q;
  logic        db_valid, db_pop, db_wready;
  logic [4:0]  db_count;
  wn_fifo #(
      .Width(49),
      .Depth(16)
  ) u_db_fifo (
      .clk_i,
      .rst_i,
      .wdata_i ({db_rx_i, db_tid_i, db_value_i}),
      .wvalid_i(db_valid_i),
      .wready_o(db_wready),
      .rdata_o (db_q),
      .rvalid_o(db_valid),
      .rready_i(db_pop),
      .count_o (db_count)
  );
  assign cnt_db_drop_o = db_valid_i && !db_wready;
  // room for the doorbell in flight through wn_regs' output register
  assign db_ready_o = db_count <= 5'd13;

  // ------------------------------------------------------------------
  // the TCB table
  wn_tcp_pkg::tcb_t t_rd, t_wr;
  logic             init, tcb_rd, tcb_we, t_upd, tmr_on, free_valid, free_pop, free_push;
  logic             exp_valid, exp_take;
  logic [TidW-1:0]  rd_tid, tid, free_tid, exp_tid;
  logic [31:0]      tmr_dl;
  wn_tcb_table #(
      .NumConns(NumConns),
      .Width   ($bits(t_rd))
  ) u_tcb (
      .clk_i,
      .rst_i,
      .init_o         (init),
      .rd_i           (tcb_rd),
      .rd_tid_i       (rd_tid),
      .rdata_o        (t_rd),
      .we_i           (tcb_we),
      .upd_i          (t_upd),
      .wr_tid_i       (tid),
      .wdata_i        (t_wr),
      .tmr_on_i       (tmr_on),
      .tmr_dl_i       (tmr_dl),
      .free_tid_o     (free_tid),
      .free_valid_o   (free_valid),
      .free_pop_i     (free_pop),
      .free_push_i    (free_push),
      .free_push_tid_i(tid),
      .now_i          (now_q),
      .exp_valid_o    (exp_valid),
      .exp_tid_o      (exp_tid),
      .exp_take_i     (exp_take)
  );

  // connection lookup: tuple {remote ip, local ip, remote port, local port}
  logic            lk_valid, lk_ready, lk_rsp_valid, lk_hit;
  logic [TidW-1:0] lk_tid;
  logic [95:0]     lk_tuple;
  logic            ctl_valid, ctl_ready, ctl_done;
  logic [1:0]      ctl_op, ctl_status;
  logic [95:0]     ctl_tuple;
  wn_tcb_lookup #(
      .NumConns(NumConns)
  ) u_lookup (
      .clk_i,
      .rst_i,
      .key0_i        (128'h6d5a_56da_255b_0ec2_4167_253d_43a3_8fb0),
      .key1_i        (128'hd0ca_2bcb_ae7b_30b4_77cb_2da3_8030_f20c),
      .lk_valid_i    (lk_valid),
      .lk_tuple_i    (lk_tuple),
      .lk_ready_o    (lk_ready),
      .lk_rsp_valid_o(lk_rsp_valid),
      .lk_hit_o      (lk_hit),
      .lk_tid_o      (lk_tid),
      .ctl_valid_i   (ctl_valid),
      .ctl_op_i      (ctl_op),
      .ctl_tuple_i   (ctl_tuple),
      .ctl_tid_i     (tid),
      .ctl_ready_o   (ctl_ready),
      .ctl_done_o    (ctl_done),
      .ctl_status_o  (ctl_status)
  );

  // listeners: the SYN being worked on, the CPL message
  logic        lm_hit, lf_hit, lsame_hit, lfree_hit, l_set, l_clr;
  logic [31:0] lm_stid, lm_wnd;
  logic [15:0] lm_mss;
  logic [7:0]  lm_opt;
  logic [3:0]  lm_ws;
  wn_tcp_listen #(
      .NumListen(NumListen)
  ) u_listen (
      .clk_i,
      .rst_i,
      .seg_sip_i  (r_cur.sip),
      .seg_dip_i  (r_cur.dip),
      .seg_sport_i(r_cur.sport),
      .seg_dport_i(r_cur.dport),
      .lm_hit_o   (lm_hit),
      .lm_stid_o  (lm_stid),
      .lm_mss_o   (lm_mss),
      .lm_opt_o   (lm_opt),
      .lm_ws_o    (lm_ws),
      .lm_wnd_o   (lm_wnd),
      .id_i       (c_id),
      .body_i     (c_body),
      .lf_hit_o   (lf_hit),
      .lsame_hit_o(lsame_hit),
      .lfree_hit_o(lfree_hit),
      .set_i      (l_set),
      .clr_i      (l_clr)
  );

  // ------------------------------------------------------------------
  // the control FSM
  wn_tcp_pkg::seg_t seg;
  wn_tcp_pkg::txr_t tq;
  logic             seg_load, tq_push, cqt_push;
  logic [3:0]       seg_count, tq_count;
  logic [151:0]     cqt;
  logic [4:0]       cqt_count;
  wn_tcp_fsm #(
      .NumConns(NumConns),
      .ClockMhz(ClockMhz),
      .DelackUs(DelackUs)
  ) u_fsm (
      .clk_i,
      .rst_i,
      .ipv4_i,
      .max_frame_i,
      .rto_init_i,
      .rto_min_i,
      .rto_max_i,
      .retries_i,
      .time_wait_i,
      .now_i         (now_q),
      .rec_i         (rec),
      .rec_valid_i   (rec_valid),
      .rec_pop_o     (rec_pop),
      .syn_i         (syn_rec),
      .syn_go_i      (syn_go),
      .syn_pop_o     (syn_pop),
      .syn_start_o   (syn_start),
      .r_o           (r_cur),
      .msg_valid_i   (msg_valid),
      .msg_done_o    (msg_done),
      .op_i          (c_op),
      .flags_i       (c_flags),
      .id_i          (c_id),
      .body_i        (c_body),
      .msg_bad_i     (msg_bad),
      .has_rpl_i     (has_rpl),
      .rpl_op_i      (rpl_op),
      .rpl_words_i   (rpl_words),
      .out_load_o    (out_load),
      .out_op_o      (out_op),
      .out_id_o      (out_id),
      .out_words_o   (out_words),
      .out_body_o    (out_body),
      .out_busy_i    (out_busy),
      .db_valid_i    (db_valid),
      .db_pop_o      (db_pop),
      .db_rx_i       (db_q[48]),
      .db_tid_i      (db_q[47:32]),
      .db_val_i      (db_q[31:0]),
      .init_i        (init),
      .tcb_rd_o      (tcb_rd),
      .rd_tid_o      (rd_tid),
      .t_i           (t_rd),
      .tcb_we_o      (tcb_we),
      .t_upd_o       (t_upd),
      .tid_o         (tid),
      .t_o           (t_wr),
      .tmr_on_o      (tmr_on),
      .tmr_dl_o      (tmr_dl),
      .free_tid_i    (free_tid),
      .free_valid_i  (free_valid),
      .free_pop_o    (free_pop),
      .free_push_o   (free_push),
      .exp_valid_i   (exp_valid),
      .exp_tid_i     (exp_tid),
      .exp_take_o    (exp_take),
      .lk_valid_o    (lk_valid),
      .lk_tuple_o    (lk_tuple),
      .lk_ready_i    (lk_ready),
      .lk_rsp_valid_i(lk_rsp_valid),
      .lk_hit_i      (lk_hit),
      .lk_tid_i      (lk_tid),
      .ctl_valid_o   (ctl_valid),
      .ctl_op_o      (ctl_op),
      .ctl_tuple_o   (ctl_tuple),
      .ctl_ready_i   (ctl_ready),
      .ctl_done_i    (ctl_done),
      .ctl_status_i  (ctl_status),
      .lm_hit_i      (lm_hit),
      .lm_stid_i     (lm_stid),
      .lm_mss_i      (lm_mss),
      .lm_opt_i      (lm_opt),
      .lm_ws_i       (lm_ws),
      .lm_wnd_i      (lm_wnd),
      .lf_hit_i      (lf_hit),
      .lsame_hit_i   (lsame_hit),
      .lfree_hit_i   (lfree_hit),
      .l_set_o       (l_set),
      .l_clr_o       (l_clr),
      .seg_load_o    (seg_load),
      .seg_o         (seg),
      .seg_count_i   (seg_count),
      .tq_push_o     (tq_push),
      .tq_o          (tq),
      .tq_count_i    (tq_count),
      .vd_push_o     (vd_push),
      .vd_o          (vd),
      .vf_count_i    (vf_count),
      .nf_push_o     (nf_push),
      .nf_o          (nf),
      .cqt_push_o    (cqt_push),
      .cqt_o         (cqt),
      .cqt_count_i   (cqt_count),
      .ack_valid_o,
      .ack_qp_o,
      .ack_off_o,
      .cnt_drop_o    (fsm_drop),
      .cnt_rst_sent_o(cnt_rx_rst_sent_o),
      .cnt_cpl_bad_o
  );

  // TCP_TX_ACKED completions from the FSM
  logic cqt_wready;
  wn_fifo #(
      .Width(152),
      .Depth(16)
  ) u_cqt_fifo (
      .clk_i,
      .rst_i,
      .wdata_i (cqt),
      .wvalid_i(cqt_push),
      .wready_o(cqt_wready),
      .rdata_o (cq_tx_o),
      .rvalid_o(cq_tx_valid_o),
      .rready_i(cq_tx_ready_i),
      .count_o (cqt_count)
  );

  // ------------------------------------------------------------------
  // transmit
  wn_tcp_tx u_tx (
      .clk_i,
      .rst_i,
      .mac_i,
      .ipv4_i,
      .seg_load_i    (seg_load),
      .seg_i         (seg),
      .seg_count_o   (seg_count),
      .tq_push_i     (tq_push),
      .tq_i          (tq),
      .tq_count_o    (tq_count),
      .rd_req_o,
      .rd_req_ready_i,
      .rd_rsp_i,
      .rd_rsp_ready_o,
      .m_tx_tdata_o,
      .m_tx_tkeep_o,
      .m_tx_tlast_o,
      .m_tx_tvalid_o,
      .m_tx_tready_i,
      .cnt_seg_o     (cnt_tx_seg_o),
      .cnt_dma_err_o (txs_dma_err)
  );

  logic unused;
  assign unused = ^{db_wready, cqt_wready, r_cur.ok, r_cur.poff, r_cur.smac, r_cur.seq,
                    r_cur.ack, r_cur.flags, r_cur.win, r_cur.plen, r_cur.hlen, r_cur.opt};
endmodule
