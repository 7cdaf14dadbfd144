// wn_tcp_fsm: the control FSM of the TCP engine (wn_tcp_engine): it takes
// one event at a time, reads the connection's TCB (wn_tcb_table), decides,
// and writes the TCB back with at most one control segment, one data
// segment request and one CPL message.
//
// Events, in this order of priority: a CPL message (wn_tcp_cpl_io), a
// doorbell, a timer expiry (wn_tcb_table's scanner), a SYN record (only
// while wn_tcp_rx_front's pacer allows one, and never two SYNs in a row
// while other work waits), then a segment record and a send turn (the
// send scheduler's queue of connections with bytes to send), alternating
// when both wait. An event starts only while the CPL output is free and
// the queues have room for what it may add; a send turn leaves the data
// segment queue's last slot to the other events (a sender keeps that
// queue full, one request per frame on the wire, and if a full queue held
// every event back until wn_tcp_tx_seg took a request, the received
// segments, about as many at line rate both ways, would pile up until
// admission dropped them).
//
// The decisions are combinational units, each returning an action
// (wn_tcp_pkg::act_t) that apply() carries out: wn_tcp_rx_proc for a
// segment of a known connection, wn_tcp_cpl_proc for a CPL request,
// wn_tcp_tmr_proc for a timer, wn_tcp_tx_proc for a send turn or a
// doorbell. wn_tcb_view says what the TCB allows, wn_tcp_ack_calc runs
// the sequence checks, NewReno and the RTO a cycle ahead. This module
// sequences the events (the states below), sets up new connections (a
// tid from the free list, the 4-tuple into wn_tcb_lookup; a listener's
// SYN asks the control plane with PASS_ACCEPT_REQ, an active open sends
// its SYN), answers segments of no connection with a RST and CPL messages
// it cannot take with their error, and builds the segments, data segment
// requests and messages the actions ask for.
//
// Cost: a segment record takes a lookup (two cycles), a TCB read, the
// checks and, for SYNs, one cycle per option (wn_tcp_opt_walk); a
// handshake segment about 8 cycles; a CPL request, a timer, a send turn
// or a doorbell 2 to 3 cycles. An event that needs two messages (an ACK
// that completes our FIN and a FIN in the same segment) runs again on the
// updated TCB (SAgain).
//
// Reset puts the FSM in SIdle; no event is taken while wn_tcb_table's
// reset sweep runs (init_i).
// Parameters: NumConns a power of two 16..65536; DelackUs 0..500000.
module wn_tcp_fsm #(
    parameter int NumConns = 1024,
    parameter int ClockMhz = 250,
    // delayed-ACK time of a new connection, microseconds (TCB field
    // DELACK; 0 acknowledges every segment)
    parameter int DelackUs = 100,
    localparam int TidW = $clog2(NumConns)
) (
    input  logic                 clk_i,
    input  logic                 rst_i,
    // configuration
    input  logic [31:0]          ipv4_i,
    input  logic [13:0]          max_frame_i,
    input  logic [31:0]          rto_init_i,
    input  logic [31:0]          rto_min_i,
    input  logic [31:0]          rto_max_i,
    input  logic [15:0]          retries_i,
    input  logic [31:0]          time_wait_i,
    input  logic [31:0]          now_i,
    // segment records (wn_tcp_rx_front); r_o: the one being worked on
    input  wn_tcp_pkg::rec_t     rec_i,
    input  logic                 rec_valid_i,
    output logic                 rec_pop_o,
    input  wn_tcp_pkg::rec_t     syn_i,
    input  logic                 syn_go_i,
    output logic                 syn_pop_o,
    output logic                 syn_start_o,
    output wn_tcp_pkg::rec_t     r_o,
    // CPL messages (wn_tcp_cpl_io)
    input  logic                 msg_valid_i,
    output logic                 msg_done_o,
    input  logic [7:0]           op_i,
    input  logic [7:0]           flags_i,
    input  logic [31:0]          id_i,
    input  logic [319:0]         body_i,
    input  logic                 msg_bad_i,
    input  logic                 has_rpl_i,
    input  logic [7:0]           rpl_op_i,
    input  logic [3:0]           rpl_words_i,
    output logic                 out_load_o,
    output logic [7:0]           out_op_o,
    output logic [31:0]          out_id_o,
    output logic [3:0]           out_words_o,
    output logic [319:0]         out_body_o,
    input  logic                 out_busy_i,
    // stream doorbells: {receive side, tid, value}
    input  logic                 db_valid_i,
    output logic                 db_pop_o,
    input  logic                 db_rx_i,
    input  logic [15:0]          db_tid_i,
    input  logic [31:0]          db_val_i,
    // the TCB table (wn_tcb_table)
    input  logic                 init_i,
    output logic                 tcb_rd_o,
    output logic [TidW-1:0]      rd_tid_o,
    input  wn_tcp_pkg::tcb_t     t_i,
    output logic                 tcb_we_o,
    output logic                 t_upd_o,
    output logic [TidW-1:0]      tid_o,
    output wn_tcp_pkg::tcb_t     t_o,
    output logic                 tmr_on_o,
    output logic [31:0]          tmr_dl_o,
    input  logic [TidW-1:0]      free_tid_i,
    input  logic                 free_valid_i,
    output logic                 free_pop_o,
    output logic                 free_push_o,
    input  logic                 exp_valid_i,
    input  logic [TidW-1:0]      exp_tid_i,
    output logic                 exp_take_o,
    // the 4-tuple lookup (wn_tcb_lookup): lookups and insert/delete
    output logic                 lk_valid_o,
    output logic [95:0]          lk_tuple_o,
    input  logic                 lk_ready_i,
    input  logic                 lk_rsp_valid_i,
    input  logic                 lk_hit_i,
    input  logic [TidW-1:0]      lk_tid_i,
    output logic                 ctl_valid_o,
    output logic [1:0]           ctl_op_o,
    output logic [95:0]          ctl_tuple_o,
    input  logic                 ctl_ready_i,
    input  logic                 ctl_done_i,
    input  logic [1:0]           ctl_status_i,
    // listeners (wn_tcp_listen)
    input  logic                 lm_hit_i,
    input  logic [31:0]          lm_stid_i,
    input  logic [15:0]          lm_mss_i,
    input  logic [7:0]           lm_opt_i,
    input  logic [3:0]           lm_ws_i,
    input  logic [31:0]          lm_wnd_i,
    input  logic                 lf_hit_i,
    input  logic                 lsame_hit_i,
    input  logic                 lfree_hit_i,
    output logic                 l_set_o,
    output logic                 l_clr_o,
    // control segments and data segment requests (wn_tcp_tx)
    output logic                 seg_load_o,
    output wn_tcp_pkg::seg_t     seg_o,
    input  logic [3:0]           seg_count_i,
    output logic                 tq_push_o,
    output wn_tcp_pkg::txr_t     tq_o,
    input  logic [3:0]           tq_count_i,
    // verdicts and completion notices (wn_tcp_rx_data)
    output logic                 vd_push_o,
    output wn_tcp_pkg::vd_t      vd_o,
    input  logic [5:0]           vf_count_i,
    output logic                 nf_push_o,
    output logic [72:0]          nf_o,
    // TCP_TX_ACKED completions
    output logic                 cqt_push_o,
    output logic [151:0]         cqt_o,
    input  logic [4:0]           cqt_count_i,
    // RDMA connections: the stream offset the peer acknowledged
    output logic                 ack_valid_o,
    output logic [15:0]          ack_qp_o,
    output logic [31:0]          ack_off_o,
    // counter pulses
    output logic                 cnt_drop_o,
    output logic                 cnt_rst_sent_o,
    output logic                 cnt_cpl_bad_o
);
  generate
    if (NumConns < 16 || NumConns > 65536 || (1 << TidW) != NumConns) begin : g_bad_n
      $fatal(1, "wn_tcp_fsm: NumConns must be a power of two in 16..65536");
    end
    if (DelackUs < 0 || DelackUs > 500000) begin : g_bad_d
      $fatal(1, "wn_tcp_fsm: DelackUs must be 0..500000 (RFC 5681 4.2: under 500 ms)");
    end
  endgenerate

  localparam logic [7:0] FlFin = wn_abi_pkg::TCP_FLAGS_FIN;
  localparam logic [7:0] FlSyn = wn_abi_pkg::TCP_FLAGS_SYN;
  localparam logic [7:0] FlRst = wn_abi_pkg::TCP_FLAGS_RST;
  localparam logic [7:0] FlAck = wn_abi_pkg::TCP_FLAGS_ACK;

  typedef enum logic [4:0] {
    SIdle,
    SRxLook,
    SRxLookW,
    SRxTcb,
    SRxOpt,
    SRxChk,
    SRxProc,
    SRxNew,
    SCplTcb,
    SCplProc,
    SIns,
    SInsW,
    SFree,
    SFreeW,
    STmrTcb,
    STmrCc,
    STmrProc,
    STxTcb,
    STxProc,
    SDbTcb,
    SDbProc,
    SAgain
  } state_e;
  state_e st_q, st_n;

  // the event being worked on: its record (a segment), its tid, its TCB
  wn_tcp_pkg::rec_t r_q;
  wn_tcp_pkg::tcb_t t_q, t_n, t_new;
  logic [TidW-1:0]  tid_q;
  logic             ev_rx_q;   // the event is a segment (inserts, receive/send alternation)
  logic             ev_syn_q;  // ... a SYN without ACK, from its own queue
  logic             lk_hit_q;  // ... of a known connection
  logic             r_done;    // the event's record is done (leaves its queue)
  logic             r_syn, r_ack_f, r_rst, r_fin;
  assign r_o = r_q;
  assign t_q = t_i;
  assign t_o = t_n;
  assign tid_o = tid_q;
  assign r_syn = (r_q.flags & FlSyn) != 8'd0;
  assign r_ack_f = (r_q.flags & FlAck) != 8'd0;
  assign r_rst = (r_q.flags & FlRst) != 8'd0;
  assign r_fin = (r_q.flags & FlFin) != 8'd0;
  assign rd_tid_o = (st_q == SRxLookW) ? lk_tid_i : tid_q;
  assign lk_tuple_o = {r_q.sip, r_q.dip, r_q.sport, r_q.dport};
  // the timer shadow: the earlier of the two deadlines
  assign tmr_on_o = t_n.tmr_on || t_n.dack_on;
  assign tmr_dl_o = (t_n.dack_on && (!t_n.tmr_on || wn_tcp_pkg::lt32(t_n.dack_dl, t_n.tmr_dl))) ?
                    t_n.dack_dl : t_n.tmr_dl;

  // MSS this engine offers when the CP passes 0: MAX_FRAME (without FCS)
  // less the Ethernet, IPv4 and TCP headers
  logic [15:0] def_mss;
  assign def_mss = {2'd0, max_frame_i} - 16'd54;

  // ------------------------------------------------------------------
  // what the TCB being worked on allows, and the arithmetic of the ACK
  // (fed with the TCB and the segment one cycle before they are applied:
  // SRxChk -> SRxProc, STmrCc -> STmrProc)
  logic        sync_st, send_st, rto_idle, tq_hold;
  logic [31:0] t_rwnd, tq_off_nxt, tq_size, tq_avail, tq_inflight, tq_room, tq_cnt, tq_pos;
  wn_tcb_view u_view (
      .t_i          (t_q),
      .sync_st_o    (sync_st),
      .send_st_o    (send_st),
      .rto_idle_o   (rto_idle),
      .rwnd_o       (t_rwnd),
      .tq_off_nxt_o (tq_off_nxt),
      .tq_size_o    (tq_size),
      .tq_avail_o   (tq_avail),
      .tq_inflight_o(tq_inflight),
      .tq_room_o    (tq_room),
      .tq_cnt_o     (tq_cnt),
      .tq_hold_o    (tq_hold),
      .tq_pos_o     (tq_pos)
  );
  logic [1:0]  sc_v_q;
  logic        again_q, cc_ev_q, cc_inrec, cc_retx, rto_ev_q;
  logic [31:0] cc_cwnd, cc_ssthresh, cc_ca, cc_recover, rto_rto;
  logic [1:0]  cc_dups;
  logic [34:0] rto_srtt8;
  logic [33:0] rto_rttvar4;
  wn_tcp_ack_calc #(
      .NumConns(NumConns),
      .ClockMhz(ClockMhz)
  ) u_ack_calc (
      .clk_i,
      .rst_i,
      .t_i          (t_q),
      .r_i          (r_q),
      .rwnd_i       (t_rwnd),
      .sync_st_i    (sync_st),
      .now_i,
      .chk_i        (st_q == SRxChk && !again_q),
      .tmo_i        (st_q == STmrCc),
      .sc_v_o       (sc_v_q),
      .cc_ev_o      (cc_ev_q),
      .cc_cwnd_o    (cc_cwnd),
      .cc_ssthresh_o(cc_ssthresh),
      .cc_ca_o      (cc_ca),
      .cc_dups_o    (cc_dups),
      .cc_inrec_o   (cc_inrec),
      .cc_recover_o (cc_recover),
      .cc_retx_o    (cc_retx),
      .rto_ev_o     (rto_ev_q),
      .rto_srtt8_o  (rto_srtt8),
      .rto_rttvar4_o(rto_rttvar4),
      .rto_rto_o    (rto_rto)
  );

  // the option walk of a SYN (from SIdle on; its results hold until the
  // next event)
  logic        ow_done, ow_mss_q, ow_ws_q, ow_sack_q;
  logic [15:0] ow_mss_v_q;
  logic [3:0]  ow_ws_v_q;
  wn_tcp_opt_walk u_opt (
      .clk_i,
      .start_i(st_q == SIdle),
      .opt_i  (r_q.opt),
      .hlen_i (r_q.hlen),
      .done_o (ow_done),
      .mss_o  (ow_mss_q),
      .mss_v_o(ow_mss_v_q),
      .ws_o   (ow_ws_q),
      .ws_v_o (ow_ws_v_q),
      .sack_o (ow_sack_q)
  );

  // connections with bytes to send (or a FIN after them), each queued once
  logic [TidW-1:0] rdy_tid, rdy_head;
  logic            rdy_push, rdy_valid, rdy_pop, rdy_wready;
  logic [TidW:0]   rdy_count;
  wn_fifo #(
      .Width(TidW),
      .Depth(NumConns)
  ) u_rdy (
      .clk_i,
      .rst_i,
      .wdata_i (rdy_tid),
      .wvalid_i(rdy_push),
      .wready_o(rdy_wready),
      .rdata_o (rdy_head),
      .rvalid_o(rdy_valid),
      .rready_i(rdy_pop),
      .count_o (rdy_count)
  );

  // ------------------------------------------------------------------
  // the decisions on a segment, a CPL request and a timer expiry
  wn_tcp_pkg::act_t rp_a, cp_a, tp_a, xp_a, act;
  wn_tcp_pkg::vd_t  rp_vd;
  logic             rp_again, rp_nf_push, rp_cqt_push, rp_ack;
  logic [31:0]      rp_ack_off;
  logic [72:0]      rp_nf;
  logic [151:0]     rp_cqt;
  wn_tcp_rx_proc u_rx_proc (
      .en_i         (st_q == SRxProc),
      .t_i          (t_q),
      .r_i          (r_q),
      .tid_i        (16'(tid_q)),
      .again_i      (again_q),
      .sc_v_i       (sc_v_q),
      .cc_ev_i      (cc_ev_q),
      .cc_cwnd_i    (cc_cwnd),
      .cc_ssthresh_i(cc_ssthresh),
      .cc_ca_i      (cc_ca),
      .cc_dups_i    (cc_dups),
      .cc_inrec_i   (cc_inrec),
      .cc_recover_i (cc_recover),
      .cc_retx_i    (cc_retx),
      .rto_ev_i     (rto_ev_q),
      .rto_srtt8_i  (rto_srtt8),
      .rto_rttvar4_i(rto_rttvar4),
      .rto_rto_i    (rto_rto),
      .ow_mss_i     (ow_mss_q),
      .ow_mss_v_i   (ow_mss_v_q),
      .ow_ws_i      (ow_ws_q),
      .ow_ws_v_i    (ow_ws_v_q),
      .ow_sack_i    (ow_sack_q),
      .rwnd_i       (t_rwnd),
      .send_st_i    (send_st),
      .tq_avail_i   (tq_avail),
      .tq_size_i    (tq_size),
      .rdy_wready_i (rdy_wready),
      .now_i,
      .time_wait_i,
      .a_o          (rp_a),
      .again_o      (rp_again),
      .vd_o         (rp_vd),
      .nf_push_o    (rp_nf_push),
      .nf_o         (rp_nf),
      .cqt_push_o   (rp_cqt_push),
      .cqt_o        (rp_cqt),
      .ack_o        (rp_ack),
      .ack_off_o    (rp_ack_off)
  );
  logic cp_open, cp_bad, cp_l_set, cp_l_clr;
  wn_tcp_cpl_proc u_cpl_proc (
      .en_i         (st_q == SCplProc),
      .t_i         (t_q),
      .fresh_i     (t_new),
      .op_i,
      .flags_i,
      .id_i,
      .body_i,
      .free_valid_i,
      .def_mss_i   (def_mss),
      .now_i,
      .lsame_hit_i,
      .lfree_hit_i,
      .lf_hit_i,
      .sync_st_i   (sync_st),
      .send_st_i   (send_st),
      .tq_avail_i  (tq_avail),
      .rdy_wready_i(rdy_wready),
      .a_o         (cp_a),
      .open_o      (cp_open),
      .l_set_o     (cp_l_set),
      .l_clr_o     (cp_l_clr),
      .bad_o       (cp_bad)
  );
  wn_tcp_tmr_proc u_tmr_proc (
      .en_i         (st_q == STmrProc),
      .t_i          (t_q),
      .tid_i        (16'(tid_q)),
      .now_i,
      .syn_retries_i(retries_i[7:0]),
      .cc_cwnd_i    (cc_cwnd),
      .cc_ssthresh_i(cc_ssthresh),
      .cc_ca_i      (cc_ca),
      .cc_dups_i    (cc_dups),
      .cc_inrec_i   (cc_inrec),
      .cc_recover_i (cc_recover),
      .sync_st_i    (sync_st),
      .send_st_i    (send_st),
      .tq_avail_i   (tq_avail),
      .tq_room_i    (tq_room),
      .tq_pos_i     (tq_pos),
      .rdy_wready_i (rdy_wready),
      .a_o          (tp_a)
  );
  wn_tcp_tx_proc u_tx_proc (
      .en_i         (st_q == STxProc || st_q == SDbProc),
      .t_i          (t_q),
      .now_i,
      .db_i         (st_q == SDbProc),
      .db_rx_i,
      .db_val_i,
      .sync_st_i    (sync_st),
      .send_st_i    (send_st),
      .rto_idle_i   (rto_idle),
      .rwnd_i       (t_rwnd),
      .tq_avail_i   (tq_avail),
      .tq_room_i    (tq_room),
      .tq_cnt_i     (tq_cnt),
      .tq_hold_i    (tq_hold),
      .tq_pos_i     (tq_pos),
      .tq_inflight_i(tq_inflight),
      .tq_off_nxt_i (tq_off_nxt),
      .rdy_wready_i (rdy_wready),
      .a_o          (xp_a)
  );
  // the decision the state carries out (apply)
  assign act = (st_q == SRxProc) ? rp_a : (st_q == SCplProc) ? cp_a :
               (st_q == STmrProc) ? tp_a : xp_a;

  // ------------------------------------------------------------------
  // next state and outputs
  logic idle_ok, tx_go;
  assign idle_ok = !out_busy_i && seg_count_i <= 4'd6 && !init_i && tq_count_i <= 4'd7 &&
                   vf_count_i <= 6'd30 && cqt_count_i <= 5'd14;
  assign tx_go = rdy_valid && tq_count_i <= 4'd6;

  // lookup-table control: insert in SIns, delete in SFree
  assign ctl_valid_o = (st_q == SIns) || (st_q == SFree && idle_ok);
  assign ctl_op_o = (st_q == SIns) ? 2'd1 : 2'd2;
  assign ctl_tuple_o = {t_q.pip, ipv4_i, t_q.pport, t_q.lport};

  // the second pass over a segment (SAgain) keeps the first pass's verdict
  logic            vd_keep;
  wn_tcp_pkg::vd_t vd_hold_q;
  logic            ack_n;
  always_comb begin
    st_n = st_q;
    t_n = t_q;
    t_upd_o = 1'b0;
    tcb_rd_o = 1'b0;
    tcb_we_o = 1'b0;
    rec_pop_o = 1'b0;
    syn_pop_o = 1'b0;
    r_done = 1'b0;
    syn_start_o = 1'b0;
    msg_done_o = 1'b0;
    exp_take_o = 1'b0;
    db_pop_o = 1'b0;
    rdy_push = 1'b0;
    rdy_pop = 1'b0;
    rdy_tid = tid_q;
    tq_push_o = 1'b0;
    tq_o = '0;
    tq_o.dmac = t_q.pmac;
    tq_o.dip = t_q.pip;
    tq_o.sport = t_q.lport;
    tq_o.dport = t_q.pport;
    tq_o.tag = 16'(tid_q);
    vd_o = again_q ? vd_hold_q : '0;
    nf_push_o = 1'b0;
    nf_o = 73'd0;
    cqt_push_o = 1'b0;
    cqt_o = 152'd0;
    ack_n = 1'b0;
    vd_keep = 1'b0;
    lk_valid_o = 1'b0;
    free_pop_o = 1'b0;
    free_push_o = 1'b0;
    out_load_o = 1'b0;
    out_op_o = 8'd0;
    out_id_o = 32'd0;
    out_words_o = 4'd0;
    out_body_o = 320'd0;
    seg_load_o = 1'b0;
    seg_o = '0;
    seg_o.dmac = t_q.pmac;
    seg_o.dip = t_q.pip;
    seg_o.sport = t_q.lport;
    seg_o.dport = t_q.pport;
    cnt_drop_o = 1'b0;
    cnt_rst_sent_o = 1'b0;
    cnt_cpl_bad_o = 1'b0;
    l_set_o = 1'b0;
    l_clr_o = 1'b0;

    unique case (st_q)
      // ---------------------------------------------------------
      SIdle: begin
        if (idle_ok) begin
          if (msg_valid_i) begin
            if (msg_bad_i) begin
              // unknown opcode or a length that does not fit: answer
              // BAD_LENGTH / drop (docs/cpl.md "Conventions")
              msg_done_o = 1'b1;
              cnt_cpl_bad_o = 1'b1;
              if (has_rpl_i) reject(8'(wn_abi_pkg::CPL_STATUS_BAD_LENGTH));
            end else begin
              st_n = SCplTcb;
            end
          end else if (db_valid_i) begin
            if (db_tid_i >= 16'(NumConns)) begin
              db_pop_o = 1'b1;
              cnt_cpl_bad_o = 1'b1;
            end else begin
              st_n = SDbTcb;
            end
          end else if (exp_valid_i) begin
            st_n = STmrTcb;
          end else if (syn_go_i && !(ev_syn_q && (rec_valid_i || tx_go))) begin
            // a SYN with a token, never two in a row while other work waits
            if (syn_i.ok) begin
              st_n = SRxLook;
              syn_start_o = 1'b1;
            end else syn_pop_o = 1'b1;  // a bad frame
          end else if (rec_valid_i && !(tx_go && ev_rx_q)) begin
            // segments and sending alternate when both wait
            if (rec_i.ok) st_n = SRxLook;
            else rec_pop_o = 1'b1;  // a bad frame: its verdict is discard
          end else if (tx_go) begin
            st_n = STxTcb;
          end
        end
      end

      // ---------------------------------------------------------
      // segments
      SRxLook: begin
        lk_valid_o = 1'b1;
        if (lk_ready_i) st_n = SRxLookW;
      end
      SRxLookW: begin
        if (lk_rsp_valid_i) begin
          if (lk_hit_i) begin
            tcb_rd_o = 1'b1;
            st_n = SRxTcb;
          end else if (r_syn && !r_ack_f && !r_rst && lm_hit_i) begin
            st_n = SRxOpt;
          end else begin
            // no connection (RFC 9293 §3.10.7.1): answer anything but a
            // RST with a RST
            r_done = 1'b1;
            st_n = SIdle;
            if (!r_rst) begin
              cnt_rst_sent_o = 1'b1;
              seg_o.dmac = r_q.smac;
              seg_o.dip = r_q.sip;
              seg_o.sport = r_q.dport;
              seg_o.dport = r_q.sport;
              if (r_ack_f) send_rst(r_q.ack, 32'd0, FlRst);
              else send_rst(32'd0, r_q.seq + {18'd0, r_q.plen} + {31'd0, r_syn} + {31'd0, r_fin},
                            FlRst | FlAck);
            end else begin
              cnt_drop_o = 1'b1;
            end
          end
        end
      end
      SRxTcb: begin
        // t_q valid now
        st_n = (r_syn && (t_q.st == 4'(wn_abi_pkg::TCP_STATE_SYN_SENT))) ? SRxOpt : SRxChk;
      end
      SRxOpt: begin
        if (ow_done) st_n = lk_hit_q ? SRxChk : SRxNew;
      end
      SRxChk: begin
        // wn_tcp_seq_check answers this cycle for the TCB read before
        st_n = SRxProc;
      end
      SRxNew: begin
        // a SYN for a listener: allocate a tid and insert the tuple
        if (!free_valid_i) begin
          r_done = 1'b1;
          cnt_drop_o = 1'b1;
          st_n = SIdle;
        end else begin
          free_pop_o = 1'b1;
          st_n = SIns;
          t_upd_o = 1'b1;
          t_n = t_new;
          t_n.st = 4'(wn_abi_pkg::TCP_STATE_SYN_RECEIVED);
          t_n.pend = 1'b1;
          t_n.owner = lm_stid_i;
          t_n.pip = r_q.sip;
          t_n.lport = r_q.dport;
          t_n.pport = r_q.sport;
          t_n.pmac = r_q.smac;
          t_n.irs = r_q.seq;
          t_n.rcv_nxt = r_q.seq + 32'd1;
          t_n.snd_wnd = {16'd0, r_q.win};
          t_n.max_wnd = {16'd0, r_q.win};
          t_n.opt = (lm_opt_i & (wn_abi_pkg::CPL_TCP_OPT_NODELAY |
                                 wn_abi_pkg::CPL_TCP_OPT_KEEPALIVE)) |
                    (ow_ws_q ? wn_abi_pkg::CPL_TCP_OPT_WSCALE : 8'd0) |
                    (ow_sack_q ? wn_abi_pkg::CPL_TCP_OPT_SACK : 8'd0);
          t_n.snd_ws = ow_ws_q ? ow_ws_v_q : 4'd0;
          t_n.rcv_ws = lm_ws_i;
          t_n.peer_mss = ow_mss_q ? ow_mss_v_q : 16'd536;
          if (lm_mss_i != 16'd0 && lm_mss_i < t_n.mss) t_n.mss = lm_mss_i;
          if (t_n.peer_mss < t_n.mss) t_n.mss = t_n.peer_mss;
          if (lm_wnd_i != 32'd0) t_n.rcv_wnd = lm_wnd_i;
        end
      end
      SRxProc: begin
        // wn_tcp_rx_proc's decision
        r_done = 1'b1;
        st_n = SIdle;
        apply();
        cnt_rst_sent_o = act.rst;
        if (rp_vd.place) vd_o = rp_vd;
        nf_push_o = rp_nf_push;
        nf_o = rp_nf;
        cqt_push_o = rp_cqt_push;
        cqt_o = rp_cqt;
        ack_n = rp_ack;
        if (rp_again) begin
          // the FIN in the same segment: a second pass, the record kept
          st_n = SAgain;
          vd_keep = 1'b1;
          r_done = 1'b0;
        end
      end

      // ---------------------------------------------------------
      // CPL messages from the CP
      SCplTcb: begin
        if (op_i == 8'(wn_abi_pkg::CPL_OPCODE_ACT_OPEN_REQ) ||
            op_i == 8'(wn_abi_pkg::CPL_OPCODE_PASS_OPEN_REQ) ||
            op_i == 8'(wn_abi_pkg::CPL_OPCODE_CLOSE_LISTSRV_REQ)) begin
          st_n = SCplProc;
        end else if (id_i >= 32'(NumConns)) begin
          msg_done_o = 1'b1;
          cnt_cpl_bad_o = 1'b1;
          st_n = SIdle;
          if (has_rpl_i) reject(8'(wn_abi_pkg::CPL_STATUS_BAD_ID));
        end else begin
          tcb_rd_o = 1'b1;
          st_n = SCplProc;
        end
      end
      SCplProc: begin
        // wn_tcp_cpl_proc's decision
        msg_done_o = 1'b1;
        st_n = SIdle;
        apply();
        if (cp_open) begin
          // ACT_OPEN_REQ: the message is taken when the insert is done
          msg_done_o = 1'b0;
          free_pop_o = 1'b1;
          st_n = SIns;
          t_upd_o = 1'b1;
        end
        l_set_o = cp_l_set;
        l_clr_o = cp_l_clr;
        cnt_cpl_bad_o = cp_bad;
      end

      // ---------------------------------------------------------
      // inserting a new connection's tuple (t_n holds the new TCB)
      SIns: begin
        if (ctl_ready_i) st_n = SInsW;
      end
      SInsW: begin
        if (ctl_done_i) begin
          st_n = SIdle;
          ins_done();
        end
      end

      // freeing a tid: delete the tuple, return the tid
      SFree: begin
        if (idle_ok && ctl_ready_i) st_n = SFreeW;
      end
      SFreeW: begin
        if (ctl_done_i) begin
          free_push_o = 1'b1;
          st_n = SIdle;
        end
      end

      // ---------------------------------------------------------
      // timers
      STmrTcb: begin
        tcb_rd_o = 1'b1;
        st_n = STmrCc;
      end
      STmrCc: begin
        // t_q valid; wn_tcp_cc computes the timeout's update
        st_n = STmrProc;
      end
      STmrProc: begin
        // wn_tcp_tmr_proc's decision
        exp_take_o = 1'b1;
        st_n = SIdle;
        apply();
      end

      // ---------------------------------------------------------
      // the send scheduler: one segment of a ready connection
      STxTcb: begin
        tcb_rd_o = 1'b1;
        st_n = STxProc;
      end
      STxProc: begin
        // wn_tcp_tx_proc's decision
        rdy_pop = 1'b1;
        st_n = SIdle;
        apply();
      end

      // a doorbell: the stream's new send end or read point
      SDbTcb: begin
        tcb_rd_o = 1'b1;
        st_n = SDbProc;
      end
      SDbProc: begin
        // wn_tcp_tx_proc's decision
        db_pop_o = 1'b1;
        st_n = SIdle;
        apply();
      end

      // the same segment again, on the updated TCB
      SAgain: begin
        if (idle_ok) st_n = SRxChk;
      end
      default: st_n = SIdle;
    endcase
    // the record is done: a SYN's leaves its own queue (it has no verdict)
    if (r_done) begin
      if (ev_syn_q) syn_pop_o = 1'b1;
      else rec_pop_o = 1'b1;
    end
    // SND.MAX follows every advance of SND.NXT
    if (wn_tcp_pkg::lt32(t_n.snd_max, t_n.snd_nxt)) t_n.snd_max = t_n.snd_nxt;
    // keepalive: an idle connection (no timer running) waits KEEPALIVE_IDLE
    // for its first probe; a connection that stops asking for it, or
    // leaves ESTABLISHED/CLOSE_WAIT, stops waiting
    if (tcb_we_o) begin
      if (wn_tcp_pkg::ka_want(t_n.opt, t_n.st) && !t_n.tmr_on && !t_n.abw) begin
        t_n.tmr_on = 1'b1;
        t_n.ka_mode = 1'b1;
        t_n.ka_probes = 8'd0;
        t_n.tmr_dl = now_i + wn_tcp_pkg::ka_chunk(t_n.ka_idle);
        t_n.ka_rem = t_n.ka_idle - {8'd0, wn_tcp_pkg::ka_chunk(t_n.ka_idle)};
      end else if (!wn_tcp_pkg::ka_want(t_n.opt, t_n.st) && t_n.ka_mode) begin
        t_n.tmr_on = 1'b0;
        t_n.ka_mode = 1'b0;
      end
    end
  end
  assign vd_push_o = rec_pop_o;

  // ------------------------------------------------------------------
  // helpers of the combinational FSM (they write the always_comb outputs)

  // carry out a decision (act): the TCB, then the segment, message and
  // data segment it asks for
  task automatic apply();
    t_n = act.t;
    if (act.we) tcb_we_o = 1'b1;
    if (act.send) begin
      send(act.send_fl, act.send_sq);
      if (act.send_exact) seg_o.seq = act.send_sq;
    end
    if (act.rst) send_rst(act.rst_seq, act.rst_ack, act.rst_fl);
    if (act.abort_req) hw_abort(act.abort_status, act.abort_rst);
    if (act.free) free_tcb();
    if (act.post) begin
      post(act.post_op, act.post_id, act.post_words);
      out_body_o = act.post_body;
    end
    if (act.push) data_req(act.push_sq, act.push_fl, act.push_pos, act.push_n);
    if (act.rdy) rdy_push = 1'b1;
    if (act.drop) cnt_drop_o = 1'b1;
  endtask

  // a segment of this connection with flags fl at sequence number sq; a
  // pure ACK carries SND.MAX instead: after a rewind (go-back-N) SND.NXT
  // may lie below the peer's RCV.NXT, and a zero-length segment there is
  // unacceptable to the peer (RFC 9293 §3.10.7.4), which would drop the
  // ACK unread; SND.MAX is what RFC 9293 calls SND.NXT
  task automatic send(input logic [7:0] fl, input logic [31:0] sq);
    seg_load_o = 1'b1;
    seg_o.seq = (fl != FlAck) ? sq :
                wn_tcp_pkg::lt32(t_n.snd_max, t_n.snd_nxt) ? t_n.snd_nxt : t_n.snd_max;
    // every segment but a SYN carries the ACK: nothing is due any more
    t_n.ack_due = 1'b0;
    t_n.dack_on = 1'b0;
    seg_o.ack = ((fl & FlAck) != 8'd0) ? t_n.rcv_nxt : 32'd0;
    seg_o.flags = fl;
    // a SYN's window is never scaled (RFC 7323 §2.2)
    seg_o.win = wn_tcp_pkg::adv_win(wn_tcp_pkg::awnd_f(t_n.rx_log, t_n.rcv_nxt, t_n.irs,
                                                       t_n.rx_read, t_n.rcv_wnd, t_n.ulp,
                                                       (fl & FlSyn) != 8'd0),
                                    ((fl & FlSyn) != 8'd0) ? 4'd0 : t_n.rcv_ws);
    if ((fl & FlSyn) != 8'd0) begin
      // MSS, then NOP and window scale when offered (RFC 9293 §3.7.1,
      // RFC 7323 §2.2), then NOP NOP and SACK-permitted when offered
      // (RFC 2018 §2)
      if ((t_n.opt & wn_abi_pkg::CPL_TCP_OPT_WSCALE) != 8'd0) begin
        seg_o.opt_words = ((t_n.opt & wn_abi_pkg::CPL_TCP_OPT_SACK) != 8'd0) ? 2'd3 : 2'd2;
        seg_o.opt = {8'd2, 8'd4, t_n.mss, 8'd1, 8'd3, 8'd3, 4'd0, t_n.rcv_ws, 32'h0101_0402};
      end else begin
        seg_o.opt_words = 2'd2;
        seg_o.opt = {8'd2, 8'd4, t_n.mss,
                     ((t_n.opt & wn_abi_pkg::CPL_TCP_OPT_SACK) != 8'd0) ? 32'h0101_0402 : 32'h0101_0101,
                     32'd0};
      end
    end else if (fl == FlAck && t_n.ooo_on && (t_n.opt & wn_abi_pkg::CPL_TCP_OPT_SACK) != 8'd0) begin
      // the out-of-order range as one SACK block (RFC 2018 §3, §4)
      seg_o.opt_words = 2'd3;
      seg_o.opt = {32'h0101_050a, t_n.ooo_lo, t_n.ooo_hi};
    end
  endtask

  // a RST (window 0) to the addresses in seg_o
  task automatic send_rst(input logic [31:0] sq, input logic [31:0] ak, input logic [7:0] fl);
    seg_load_o = 1'b1;
    seg_o.seq = sq;
    seg_o.ack = ak;
    seg_o.flags = fl;
    seg_o.win = 16'd0;
  endtask

  // a data segment of n bytes at sequence number sq, read from the send
  // buffer at pos (wrapping at its end) by wn_tcp_tx_seg; it carries
  // RCV.NXT and the window as read (a segment's own payload, taken in the
  // same event, is acknowledged by the ACK that follows)
  task automatic data_req(input logic [31:0] sq, input logic [7:0] fl, input logic [31:0] pos,
                          input logic [31:0] n);
    tq_push_o = 1'b1;
    tq_o.seq = sq;
    tq_o.ack = t_q.rcv_nxt;
    tq_o.flags = fl;
    tq_o.win = wn_tcp_pkg::adv_win(t_rwnd, t_q.rcv_ws);
    tq_o.addr0 = t_q.tx_addr + 64'(pos);
    tq_o.len0 = 14'(wn_tcp_pkg::min32(n, tq_size - pos));
    tq_o.addr1 = t_q.tx_addr;
    tq_o.len1 = 14'(n - wn_tcp_pkg::min32(n, tq_size - pos));
    if (t_q.ulp == 8'(wn_abi_pkg::CPL_ULP_MODE_RDMA)) begin
      // wn_rdma_tx serves the bytes: {1, QP, stream offset, 16 zero bits}
      tq_o.addr0 = {1'b1, t_q.qpid[14:0], sq - t_q.iss - 32'd1, 16'd0};
      tq_o.len0 = 14'(n);
      tq_o.len1 = 14'd0;
    end
  endtask

  // a CPL message to the CP
  task automatic post(input logic [7:0] op, input logic [31:0] id, input logic [3:0] words);
    out_load_o = 1'b1;
    out_op_o = op;
    out_id_o = id;
    out_words_o = words;
  endtask

  // the reply to a request that cannot be taken
  task automatic reject(input logic [7:0] status);
    post(rpl_op_i, id_i, rpl_words_i);
    out_body_o[7:0] = status;
    if (op_i == 8'(wn_abi_pkg::CPL_OPCODE_ACT_OPEN_REQ)) out_body_o[63:32] = wn_abi_pkg::CPL_TID_NONE;
  endtask

  // the TCB leaves: no more timers; the tid returns once the outputs are out
  task automatic free_tcb();
    t_n.st = 4'(wn_abi_pkg::TCP_STATE_CLOSED);
    t_n.tmr_on = 1'b0;
    t_n.abw = 1'b0;
    t_n.pend = 1'b0;
    tcb_we_o = 1'b1;
    st_n = SFree;
  endtask

  // the HW aborts the connection: RST (unless told not to), ABORT_REQ to the CP
  task automatic hw_abort(input logic [7:0] status, input logic rst);
    if (rst) send(FlRst | FlAck, t_n.snd_nxt);
    post(8'(wn_abi_pkg::CPL_OPCODE_ABORT_REQ), 32'(tid_q), 4'd2);
    out_body_o[7:0] = status;
    out_body_o[15:8] = rst ? 8'd0 : 8'(wn_abi_pkg::CPL_ABORT_FLAGS_NO_RST);
    out_body_o[63:32] = t_n.snd_nxt;
    t_n.abw = 1'b1;
    t_n.tmr_on = 1'b0;
    t_n.st = 4'(wn_abi_pkg::TCP_STATE_CLOSED);
    tcb_we_o = 1'b1;
  endtask

  // a new connection's tuple went into the lookup table
  task automatic ins_done();
    if (ctl_status_i != 2'd0) begin
      // the tuple exists (ADDR_IN_USE) or the table is full: give the tid back
      free_push_o = 1'b1;
      if (!ev_rx_q) begin
        post(8'(wn_abi_pkg::CPL_OPCODE_ACT_OPEN_RPL), id_i, 4'd2);
        out_body_o[7:0] = (ctl_status_i == 2'd1) ? 8'(wn_abi_pkg::CPL_STATUS_ADDR_IN_USE)
                                                 : 8'(wn_abi_pkg::CPL_STATUS_NO_RESOURCES);
        out_body_o[63:32] = wn_abi_pkg::CPL_TID_NONE;
        msg_done_o = 1'b1;
      end else begin
        r_done = 1'b1;
        cnt_drop_o = 1'b1;
      end
    end else begin
      tcb_we_o = 1'b1;
      if (!ev_rx_q) begin
        // ACT_OPEN_REQ: SYN (RFC 9293 §3.10.1)
        msg_done_o = 1'b1;
        send(FlSyn, t_n.iss);
      end else begin
        // SYN for a listener: ask the CP
        r_done = 1'b1;
        post(8'(wn_abi_pkg::CPL_OPCODE_PASS_ACCEPT_REQ), 32'(tid_q), 4'd10);
        out_body_o[31:0] = t_n.owner;
        out_body_o[63:32] = r_q.dip;
        out_body_o[95:64] = r_q.sip;
        out_body_o[111:96] = r_q.dport;
        out_body_o[127:112] = r_q.sport;
        out_body_o[159:128] = r_q.seq;
        out_body_o[175:160] = r_q.win;
        out_body_o[191:176] = ow_mss_q ? ow_mss_v_q : 16'd0;
        out_body_o[199:192] = (ow_ws_q ? wn_abi_pkg::CPL_TCP_OPT_WSCALE : 8'd0) |
                              (ow_sack_q ? wn_abi_pkg::CPL_TCP_OPT_SACK : 8'd0);
        out_body_o[207:200] = {4'd0, ow_ws_v_q};
        out_body_o[271:224] = wn_tcp_pkg::mac_swap(r_q.smac);
      end
    end
  endtask

  // ------------------------------------------------------------------
  // the fresh TCB of a new connection (engine defaults; the fields not
  // named keep what t_q holds)
  always_comb begin
    t_new = t_q;
    t_new.pend = 1'b0;
    t_new.abw = 1'b0;
    t_new.fin_sent = 1'b0;
    t_new.opt = 8'd0;
    t_new.snd_ws = 4'd0;
    t_new.rcv_ws = 4'd0;
    t_new.irs = 32'd0;
    t_new.rcv_nxt = 32'd0;
    t_new.snd_wnd = 32'd0;
    t_new.max_wnd = 32'd0;
    t_new.rcv_wnd = 32'd65535;
    t_new.mss = def_mss;
    t_new.peer_mss = 16'd536;
    t_new.retx = 8'd0;
    t_new.rto = rto_init_i;
    t_new.tmr_on = 1'b0;
    t_new.tmr_dl = 32'd0;
    t_new.rto_min = rto_min_i;
    t_new.rto_max = rto_max_i;
    t_new.retx_max = retries_i[15:8];
    t_new.ttl = 8'd64;
    t_new.tos = 8'd0;
    t_new.qpid = 32'd0;
    t_new.ulp = 8'd0;
    t_new.credits = wn_abi_pkg::CPL_TX_CREDITS;
    t_new.tx_addr = 64'd0;
    t_new.tx_log = 5'd0;
    t_new.rx_addr = 64'd0;
    t_new.rx_log = 5'd0;
    t_new.cqn = 8'd0;
    t_new.tx_end = 32'd0;
    t_new.rx_read = 32'd0;
    // RFC 6928 initial window of 10 segments, ssthresh as large as it gets
    t_new.cwnd = wn_tcp_pkg::iw(def_mss);
    t_new.ssthresh = 32'hffff_ffff;
    t_new.ca_bytes = 32'd0;
    t_new.dup_acks = 2'd0;
    t_new.in_rec = 1'b0;
    t_new.recover = 32'd0;
    t_new.srtt8 = 35'd0;
    t_new.rttvar4 = 34'd0;
    t_new.rtt_on = 1'b0;
    t_new.rtt_seq = 32'd0;
    t_new.rtt_ts = 32'd0;
    t_new.sched = 1'b0;
    t_new.fin_pend = 1'b0;
    t_new.fin_max = 1'b0;
    t_new.ooo_on = 1'b0;
    t_new.ooo_lo = 32'd0;
    t_new.ooo_hi = 32'd0;
    t_new.delack = 32'(DelackUs);
    t_new.ack_due = 1'b0;
    t_new.dack_on = 1'b0;
    t_new.dack_dl = 32'd0;
    // RFC 1122 §4.2.3.6 defaults: 2 hours idle; 75 s between probes, 9
    // of them (as common stacks)
    t_new.ka_idle = 40'd7_200_000_000;
    t_new.ka_intvl = 32'd75_000_000;
    t_new.ka_cnt = 8'd9;
    t_new.ka_mode = 1'b0;
    t_new.ka_rem = 40'd0;
    t_new.ka_probes = 8'd0;
    t_new.c_tx = 32'd0;
    t_new.c_retx = 32'd0;
    t_new.c_rx = 32'd0;
    t_new.c_ooo = 32'd0;
  end

  // ------------------------------------------------------------------
  // registers of the FSM
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      st_q <= SIdle;
      ev_rx_q <= 1'b0;
      ev_syn_q <= 1'b0;
      lk_hit_q <= 1'b0;
    end else begin
      st_q <= st_n;
      if (st_q == SIdle && st_n == SRxLook) begin
        r_q <= syn_start_o ? syn_i : rec_i;
        ev_rx_q <= 1'b1;
      end
      if (st_q == SIdle && st_n != SIdle) ev_syn_q <= syn_start_o;
      if (st_q == SIdle && st_n == SCplTcb) begin
        ev_rx_q <= 1'b0;
        tid_q <= id_i[TidW-1:0];
      end
      if (st_q == SIdle && st_n == SDbTcb) begin
        ev_rx_q <= 1'b0;
        tid_q <= db_tid_i[TidW-1:0];
      end
      if (st_q == SIdle && st_n == STxTcb) begin
        ev_rx_q <= 1'b0;
        tid_q <= rdy_head;
      end
      if (st_q == SIdle && st_n == STmrTcb) begin
        ev_rx_q <= 1'b0;
        tid_q <= exp_tid_i;
      end
      if (st_q == SRxLookW && lk_rsp_valid_i) begin
        lk_hit_q <= lk_hit_i;
        if (lk_hit_i) tid_q <= lk_tid_i;
      end
      if (free_pop_o) tid_q <= free_tid_i;
    end
    if (rst_i || st_q == SIdle) again_q <= 1'b0;
    else if (st_n == SAgain) again_q <= 1'b1;
    if (vd_keep) vd_hold_q <= vd_o;
  end

  // acknowledgments of RDMA connections, for wn_rdma_tx
  always_ff @(posedge clk_i) begin
    if (rst_i) ack_valid_o <= 1'b0;
    else ack_valid_o <= ack_n;
    ack_qp_o <= t_q.qpid[15:0];
    ack_off_o <= rp_ack_off;
  end

`ifdef WN_TCP_DEBUG
  always_ff @(posedge clk_i) begin
    if (st_q == SRxProc || st_q == STxProc || st_q == SDbProc || st_q == STmrProc) begin
      $display("TCPDBG st=%0d tid=%0d una=%0d nxt=%0d max=%0d txend=%0d sched=%0d->%0d push=%0d we=%0d avail=%0d room=%0d cwnd=%0d wnd=%0d send_st=%0d v=%0d flags=%h seq=%0d ack=%0d plen=%0d cnt=%0d tqp=%0d nnxt=%0d tmr=%0d/%0d now=%0d tqc=%0d rcvoff=%0d segoff=%0d twnd=%0d place=%0d rxread=%0d",
               st_q, tid_q, t_q.snd_una - t_q.iss - 1, t_q.snd_nxt - t_q.iss - 1, t_q.snd_max - t_q.iss - 1, t_q.tx_end, t_q.sched, t_n.sched, rdy_push, tcb_we_o,
               tq_avail, tq_room, t_q.cwnd, t_q.snd_wnd, send_st, sc_v_q, r_q.flags, r_q.seq, r_q.ack - t_q.iss - 1, r_q.plen,
               tq_cnt, tq_push_o, t_n.snd_nxt - t_q.iss - 1, t_q.tmr_on, t_n.tmr_on, now_i, tq_count_i,
               t_q.rcv_nxt - t_q.irs - 1, r_q.seq - t_q.irs - 1, t_rwnd, vd_o.place, t_q.rx_read);
      $fflush();
    end
  end
`endif

  logic unused;
  assign unused = ^{rdy_count};
endmodule
