// wn_tcp_rx_proc: what the TCP engine's FSM (wn_tcp_fsm) does with a
// segment of a known connection (its SRxProc step): combinational, from
// the TCB read (t_i), the segment's record (r_i), the sequence checks of
// wn_tcp_seq_check (sc_v_i, registered a cycle earlier) and the updates
// wn_tcp_cc and wn_tcp_rto computed for it (cc_*, rto_*).
//
// The rules: SYN_SENT (RFC 9293 §3.10.7.3: the SYN-ACK establishes,
// a RST with an acceptable ACK refuses, a bad ACK is answered with a RST),
// SYN_RECEIVED (§3.10.7.4: the ACK of our SYN-ACK establishes, the SYN
// again repeats the SYN-ACK, RFC 5961 §3.2 for a RST), TIME_WAIT (the
// peer's FIN again restarts 2 MSL) and the synchronized states (RFC 9293
// §3.10.7.4 with RFC 5961 challenge ACKs): the ACK (SND.UNA, the peer's
// window, NewReno, the RTO, fast retransmission, send space back to the
// host, more sending), the payload (a placement verdict from RCV.NXT on,
// or one out-of-order range beyond it, and its delayed ACK, RFC 5681
// §4.2), our FIN acknowledged and the peer's FIN in order. A segment
// that acknowledges our FIN and carries the peer's asks for a second pass
// on the TCB as written (again_o).
//
// Out: the action (wn_tcp_pkg::act_t: the TCB as the segment leaves it,
// a segment of the connection, a RST at the segment's ACK, an abort
// without RST when the peer reset the connection, the TCB freed, a CPL
// message, a fast retransmission, the connection into the send
// scheduler's queue, or a drop), and what only a segment asks for: a
// placement verdict (vd_o) with its completion notice (nf_o), a
// TCP_TX_ACKED completion (cqt_o), the acknowledged stream offset of an
// RDMA connection (ack_o, ack_off_o), a second pass (again_o).
module wn_tcp_rx_proc (
    input  logic              en_i,      // the FSM is in this unit's state
    input  wn_tcp_pkg::tcb_t  t_i,
    input  wn_tcp_pkg::rec_t  r_i,
    input  logic [15:0]       tid_i,
    input  logic              again_i,   // the second pass over the segment
    input  logic [1:0]        sc_v_i,    // wn_tcp_seq_check's verdict
    // wn_tcp_cc's update (cc_ev_i: computed for this segment)
    input  logic              cc_ev_i,
    input  logic [31:0]       cc_cwnd_i,
    input  logic [31:0]       cc_ssthresh_i,
    input  logic [31:0]       cc_ca_i,
    input  logic [1:0]        cc_dups_i,
    input  logic              cc_inrec_i,
    input  logic [31:0]       cc_recover_i,
    input  logic              cc_retx_i,
    // wn_tcp_rto's update (rto_ev_i: an RTT sample was taken)
    input  logic              rto_ev_i,
    input  logic [34:0]       rto_srtt8_i,
    input  logic [33:0]       rto_rttvar4_i,
    input  logic [31:0]       rto_rto_i,
    // the SYN's options (wn_tcp_opt_walk)
    input  logic              ow_mss_i,
    input  logic [15:0]       ow_mss_v_i,
    input  logic              ow_ws_i,
    input  logic [3:0]        ow_ws_v_i,
    input  logic              ow_sack_i,
    // the FSM's view of the TCB's streams
    input  logic [31:0]       rwnd_i,    // the receive window
    input  logic              send_st_i, // may still send data
    input  logic [31:0]       tq_avail_i,
    input  logic [31:0]       tq_size_i,
    input  logic              rdy_wready_i,
    input  logic [31:0]       now_i,
    input  logic [31:0]       time_wait_i,
    // the outcome
    output wn_tcp_pkg::act_t  a_o,
    output logic              again_o,
    output wn_tcp_pkg::vd_t   vd_o,
    output logic              nf_push_o,
    output logic [72:0]       nf_o,
    output logic              cqt_push_o,
    output logic [151:0]      cqt_o,
    output logic              ack_o,
    output logic [31:0]       ack_off_o
);
  // the segment
  logic r_syn, r_ack_f, r_rst, r_fin;
  assign r_syn = (r_i.flags & wn_abi_pkg::TCP_FLAGS_SYN) != 8'd0;
  assign r_ack_f = (r_i.flags & wn_abi_pkg::TCP_FLAGS_ACK) != 8'd0;
  assign r_rst = (r_i.flags & wn_abi_pkg::TCP_FLAGS_RST) != 8'd0;
  assign r_fin = (r_i.flags & wn_abi_pkg::TCP_FLAGS_FIN) != 8'd0;

  // our FIN acknowledged by the segment; the peer's FIN in order (after
  // all of the segment's payload: placed in this pass, or in the first
  // pass when this is the second)
  logic [3:0] s;
  logic       fin_acked, fin_here, fin_seq_ok;
  logic [31:0] rx_skip, rx_n, rx_pos, rx_len0, rx_size, rx_end;
  logic        rx_fits, rx_need_ack, rdma_m, rx_take;
  assign fin_seq_ok = again_i ? (r_i.seq + {18'd0, r_i.plen} == t_i.rcv_nxt) :
                      (r_i.plen == 14'd0) ? (r_i.seq == t_i.rcv_nxt) :
                      (rx_take && rx_fits && rx_n == rx_end - t_i.rcv_nxt);
  assign s = t_i.st;
  assign fin_acked = t_i.fin_max && r_i.ack == t_i.snd_max &&
                     (s == 4'(wn_abi_pkg::TCP_STATE_FIN_WAIT_1) ||
                      s == 4'(wn_abi_pkg::TCP_STATE_CLOSING) ||
                      s == 4'(wn_abi_pkg::TCP_STATE_LAST_ACK));
  assign fin_here = r_fin && fin_seq_ok &&
                    (s == 4'(wn_abi_pkg::TCP_STATE_ESTABLISHED) ||
                     s == 4'(wn_abi_pkg::TCP_STATE_FIN_WAIT_1) ||
                     s == 4'(wn_abi_pkg::TCP_STATE_FIN_WAIT_2));

  // the ACK's data bytes (our FIN takes a sequence number, not a byte)
  logic [31:0] ack_data, ra_off, ra_rn, ra_pos;
  assign ack_data = (r_i.ack - t_i.snd_una) - {31'd0, fin_acked};
  assign ack_off_o = r_i.ack - t_i.iss - 32'd1 - {31'd0, fin_acked};
  // a retransmission from the ACK's sequence number
  assign ra_off = r_i.ack - t_i.iss - 32'd1;
  assign ra_rn = wn_tcp_pkg::min32(t_i.snd_max - r_i.ack - {31'd0, t_i.fin_max}, {16'd0, t_i.mss});
  assign ra_pos = ra_off & (tq_size_i - 32'd1);
  // received payload: from RCV.NXT on, as much as the window takes
  // RDMA mode: in-order payload goes to wn_rdma_rx, not to a stream buffer
  assign rdma_m = t_i.ulp == 8'(wn_abi_pkg::CPL_ULP_MODE_RDMA) ||
                  t_i.ulp == 8'(wn_abi_pkg::CPL_ULP_MODE_RDMA_RX);
  assign rx_take = t_i.rx_log != 5'd0 || rdma_m;
  assign rx_end = r_i.seq + {18'd0, r_i.plen};
  assign rx_fits = !wn_tcp_pkg::lt32(t_i.rcv_nxt, r_i.seq) && wn_tcp_pkg::lt32(t_i.rcv_nxt, rx_end);
  assign rx_skip = t_i.rcv_nxt - r_i.seq;
  assign rx_n = wn_tcp_pkg::min32(rx_end - t_i.rcv_nxt, rwnd_i);
  assign rx_size = 32'd1 << t_i.rx_log;
  assign rx_pos = (t_i.rcv_nxt - t_i.irs - 32'd1) & (rx_size - 32'd1);
  assign rx_len0 = wn_tcp_pkg::min32(rx_n, rx_size - rx_pos);
  // out of order: beyond RCV.NXT, inside the window, no FIN, touching or
  // overlapping the range already kept (or none kept)
  logic        oo_ok;
  logic [31:0] oo_pos, oo_len0;
  assign oo_ok = !again_i && r_i.plen != 14'd0 && t_i.rx_log != 5'd0 && !rdma_m && !r_fin &&
                 wn_tcp_pkg::lt32(t_i.rcv_nxt, r_i.seq) && (rx_end - t_i.rcv_nxt) <= rwnd_i &&
                 (!t_i.ooo_on || (!wn_tcp_pkg::lt32(t_i.ooo_hi, r_i.seq) &&
                                  !wn_tcp_pkg::lt32(rx_end, t_i.ooo_lo)));
  assign oo_pos = (r_i.seq - t_i.irs - 32'd1) & (rx_size - 32'd1);
  assign oo_len0 = wn_tcp_pkg::min32({18'd0, r_i.plen}, rx_size - oo_pos);
  // a segment with payload is answered; an in-order full-sized segment
  // with no hole behind it may wait for the next one (RFC 5681 §4.2: an
  // ACK at least every second full-sized segment, and at once for
  // out-of-order data or data that fills a hole)
  logic dack_hold;
  assign dack_hold = t_i.delack != 32'd0 && !t_i.ack_due && !t_i.ooo_on && rx_fits &&
                     rx_n == rx_end - t_i.rcv_nxt && rx_skip == 32'd0 &&
                     rx_take && r_i.plen >= t_i.mss[13:0] && !r_fin;
  assign rx_need_ack = !again_i && r_i.plen != 14'd0;

  // ------------------------------------------------------------------
  always_comb begin
    a_o = '0;
    a_o.t = t_i;
    again_o = 1'b0;
    vd_o = '0;
    nf_push_o = 1'b0;
    nf_o = 73'd0;
    cqt_push_o = 1'b0;
    cqt_o = 152'd0;
    ack_o = 1'b0;
    // decided only in the FSM's state that applies it (the outputs are
    // the defaults above otherwise)
    if (en_i) rx_proc();
  end

  // a segment of the connection (built by the FSM from the TCB it writes)
  task automatic send(input logic [7:0] fl, input logic [31:0] sq);
    a_o.send = 1'b1;
    a_o.send_fl = fl;
    a_o.send_sq = sq;
  endtask

  // a RST at the segment's ACK (RFC 9293 §3.10.7.3, §3.10.7.4)
  task automatic rst_for_ack();
    a_o.rst = 1'b1;
    a_o.rst_seq = r_i.ack;
    a_o.rst_ack = 32'd0;
    a_o.rst_fl = wn_abi_pkg::TCP_FLAGS_RST;
  endtask

  // the peer reset the connection: ABORT_REQ, no RST
  task automatic peer_reset();
    a_o.abort_req = 1'b1;
    a_o.abort_rst = 1'b0;
    a_o.abort_status = 8'(wn_abi_pkg::CPL_STATUS_CONN_RESET);
  endtask

  // a CPL message to the CP
  task automatic post(input logic [7:0] op, input logic [31:0] id, input logic [3:0] words);
    a_o.post = 1'b1;
    a_o.post_op = op;
    a_o.post_id = id;
    a_o.post_words = words;
  endtask

  // the ESTABLISH body (ACT_ESTABLISH and PASS_ESTABLISH share the layout)
  task automatic establish_body();
    a_o.post_body[31:0] = a_o.t.owner;
    a_o.post_body[63:32] = a_o.t.iss;
    a_o.post_body[95:64] = a_o.t.irs;
    a_o.post_body[127:96] = a_o.t.snd_wnd;
    a_o.post_body[143:128] = a_o.t.mss;
    a_o.post_body[151:144] = a_o.t.opt;
    a_o.post_body[159:152] = {4'd0, a_o.t.snd_ws};
    a_o.post_body[167:160] = {4'd0, a_o.t.rcv_ws};
  endtask

  // arm the retransmission timer with the current RTO
  task automatic arm_rto();
    a_o.t.tmr_on = 1'b1;
    a_o.t.ka_mode = 1'b0;
    a_o.t.tmr_dl = now_i + a_o.t.rto;
  endtask

  // a data segment of n bytes at sq from the send buffer at pos: it
  // carries the ACK, so none is due any more
  task automatic push_data(input logic [31:0] sq, input logic [31:0] pos, input logic [31:0] n);
    a_o.push = 1'b1;
    a_o.push_sq = sq;
    a_o.push_fl = wn_abi_pkg::TCP_FLAGS_ACK;
    a_o.push_pos = pos;
    a_o.push_n = n;
    a_o.t.ack_due = 1'b0;
    a_o.t.dack_on = 1'b0;
    a_o.t.c_tx = t_i.c_tx + 32'd1;
    if (wn_tcp_pkg::lt32(sq, t_i.snd_max)) a_o.t.c_retx = t_i.c_retx + 32'd1;
  endtask

  // ---- a segment of a known connection
  task automatic rx_proc();
    if (t_i.abw || s == 4'(wn_abi_pkg::TCP_STATE_CLOSED)) begin
      // aborted, waiting for the CP: nothing more on the wire
      a_o.drop = 1'b1;
    end else if (s == 4'(wn_abi_pkg::TCP_STATE_SYN_SENT)) begin
      // RFC 9293 §3.10.7.3
      if (r_ack_f && (r_i.ack != t_i.snd_nxt)) begin
        if (!r_rst) rst_for_ack();
        else a_o.drop = 1'b1;
      end else if (r_rst) begin
        if (r_ack_f) begin
          // refused
          post(8'(wn_abi_pkg::CPL_OPCODE_ACT_OPEN_RPL), t_i.owner, 4'd2);
          a_o.post_body[7:0] = 8'(wn_abi_pkg::CPL_STATUS_CONN_REFUSED);
          a_o.post_body[63:32] = {16'd0, tid_i};
          a_o.free = 1'b1;
        end else a_o.drop = 1'b1;
      end else if (r_syn && r_ack_f) begin
        a_o.t.irs = r_i.seq;
        a_o.t.rcv_nxt = r_i.seq + 32'd1;
        a_o.t.snd_una = r_i.ack;
        a_o.t.snd_wnd = {16'd0, r_i.win};  // never scaled in a SYN (RFC 7323 §2.2)
        a_o.t.max_wnd = {16'd0, r_i.win};
        if (ow_ws_i && (t_i.opt & wn_abi_pkg::CPL_TCP_OPT_WSCALE) != 8'd0) begin
          a_o.t.snd_ws = ow_ws_v_i;
        end else begin
          a_o.t.snd_ws = 4'd0;
          a_o.t.rcv_ws = 4'd0;
          a_o.t.opt = t_i.opt & ~wn_abi_pkg::CPL_TCP_OPT_WSCALE;
        end
        a_o.t.opt = a_o.t.opt & ~((ow_sack_i ? 8'd0 : wn_abi_pkg::CPL_TCP_OPT_SACK) |
                              wn_abi_pkg::CPL_TCP_OPT_TIMESTAMPS | wn_abi_pkg::CPL_TCP_OPT_ECN);
        a_o.t.peer_mss = ow_mss_i ? ow_mss_v_i : 16'd536;
        if (ow_mss_i && ow_mss_v_i < t_i.mss) a_o.t.mss = ow_mss_v_i;
        else if (!ow_mss_i) a_o.t.mss = 16'd536;
        a_o.t.st = 4'(wn_abi_pkg::TCP_STATE_ESTABLISHED);
        a_o.t.tmr_on = 1'b0;
        a_o.t.retx = 8'd0;
        // TODO(#3): RTO from the handshake's RTT sample (RFC 6298 §2.2)
        a_o.t.rto = t_i.rto_min;
        a_o.t.cwnd = wn_tcp_pkg::iw(a_o.t.mss);
        a_o.we = 1'b1;
        send(wn_abi_pkg::TCP_FLAGS_ACK, a_o.t.snd_nxt);
        post(8'(wn_abi_pkg::CPL_OPCODE_ACT_ESTABLISH), {16'd0, tid_i}, 4'd6);
        establish_body();
      end else begin
        // simultaneous open (a SYN alone) is not taken
        a_o.drop = 1'b1;
      end
    end else if (s == 4'(wn_abi_pkg::TCP_STATE_SYN_RECEIVED)) begin
      if (t_i.pend) begin
        // the CP has not decided yet: a repeated SYN waits for it
        a_o.drop = 1'b1;
      end else if (r_rst) begin
        // RFC 9293 §3.10.7.4: a RST in the window ends the embryonic connection
        // (RFC 5961 §3.2: exact match resets, elsewhere in the window a
        // challenge ACK)
        if (sc_v_i == 2'd3) peer_reset();
        else if (sc_v_i == 2'd2) send(wn_abi_pkg::TCP_FLAGS_ACK, t_i.snd_nxt);
        else a_o.drop = 1'b1;
      end else if (r_syn && !r_ack_f && r_i.seq == t_i.irs) begin
        // the SYN again: our SYN-ACK was lost
        send(wn_abi_pkg::TCP_FLAGS_SYN | wn_abi_pkg::TCP_FLAGS_ACK, t_i.iss);
      end else if (r_ack_f && r_i.ack == t_i.snd_nxt && !r_syn) begin
        a_o.t.snd_una = r_i.ack;
        a_o.t.snd_wnd = {16'd0, r_i.win} << t_i.snd_ws;
        a_o.t.max_wnd = {16'd0, r_i.win} << t_i.snd_ws;
        a_o.t.st = 4'(wn_abi_pkg::TCP_STATE_ESTABLISHED);
        a_o.t.tmr_on = 1'b0;
        a_o.t.retx = 8'd0;
        a_o.t.rto = t_i.rto_min;
        a_o.t.cwnd = wn_tcp_pkg::iw(t_i.mss);
        a_o.we = 1'b1;
        post(8'(wn_abi_pkg::CPL_OPCODE_PASS_ESTABLISH), {16'd0, tid_i}, 4'd6);
        establish_body();
        // TODO(#3): data or FIN riding on the final ACK is not taken yet
      end else if (r_ack_f) begin
        // an unacceptable ACK: RST (RFC 9293 §3.10.7.4)
        rst_for_ack();
      end else a_o.drop = 1'b1;
    end else if (s == 4'(wn_abi_pkg::TCP_STATE_TIME_WAIT)) begin
      // the peer's FIN again: ACK it and restart 2 MSL (RFC 9293 §3.10.7.4)
      if (r_fin && !r_rst) begin
        a_o.t.tmr_dl = now_i + time_wait_i;
        a_o.we = 1'b1;
        send(wn_abi_pkg::TCP_FLAGS_ACK, t_i.snd_nxt);
      end else a_o.drop = 1'b1;
    end else begin
      // synchronized states
      unique case (sc_v_i)
        2'd3: peer_reset();
        2'd2: send(wn_abi_pkg::TCP_FLAGS_ACK, t_i.snd_nxt);  // challenge or duplicate ACK
        2'd1: a_o.drop = 1'b1;
        default: begin
          // acceptable, with a valid ACK
          a_o.we = 1'b1;
          if (t_i.ka_mode) begin
            // the peer is alive: the idle wait starts again (wn_tcp_fsm)
            a_o.t.tmr_on = 1'b0;
            a_o.t.ka_mode = 1'b0;
            a_o.t.ka_probes = 8'd0;
          end
          ack_proc();
          data_proc();
          if (fin_acked) begin
            // our FIN is acknowledged
            a_o.t.tmr_on = 1'b0;
            a_o.t.retx = 8'd0;
            if (s == 4'(wn_abi_pkg::TCP_STATE_FIN_WAIT_1)) a_o.t.st = 4'(wn_abi_pkg::TCP_STATE_FIN_WAIT_2);
            else if (s == 4'(wn_abi_pkg::TCP_STATE_CLOSING)) begin
              a_o.t.st = 4'(wn_abi_pkg::TCP_STATE_TIME_WAIT);
              a_o.t.tmr_on = 1'b1;
              a_o.t.tmr_dl = now_i + time_wait_i;
            end else a_o.t.st = 4'(wn_abi_pkg::TCP_STATE_CLOSED);
            post(8'(wn_abi_pkg::CPL_OPCODE_CLOSE_CON_RPL), {16'd0, tid_i}, 4'd4);
            a_o.post_body[15:8] = {4'd0, a_o.t.st};
            a_o.post_body[63:32] = a_o.t.snd_nxt;
            a_o.post_body[95:64] = a_o.t.rcv_nxt;
            if (a_o.t.st == 4'(wn_abi_pkg::TCP_STATE_CLOSED)) a_o.free = 1'b1;
            else if (fin_here) begin
              // the FIN in the same segment: a second pass
              again_o = 1'b1;
            end else if (rx_need_ack) send(wn_abi_pkg::TCP_FLAGS_ACK, a_o.t.snd_nxt);
          end else if (fin_here) begin
            // the peer's FIN after all its data (RFC 9293 §3.10.7.4, eighth check)
            a_o.t.rcv_nxt = a_o.t.rcv_nxt + 32'd1;
            if (s == 4'(wn_abi_pkg::TCP_STATE_ESTABLISHED)) a_o.t.st = 4'(wn_abi_pkg::TCP_STATE_CLOSE_WAIT);
            else if (s == 4'(wn_abi_pkg::TCP_STATE_FIN_WAIT_1)) a_o.t.st = 4'(wn_abi_pkg::TCP_STATE_CLOSING);
            else begin
              a_o.t.st = 4'(wn_abi_pkg::TCP_STATE_TIME_WAIT);
              a_o.t.tmr_on = 1'b1;
              a_o.t.tmr_dl = now_i + time_wait_i;
            end
            send(wn_abi_pkg::TCP_FLAGS_ACK, a_o.t.snd_nxt);
            post(8'(wn_abi_pkg::CPL_OPCODE_PEER_CLOSE), {16'd0, tid_i}, 4'd2);
            a_o.post_body[31:0] = a_o.t.rcv_nxt;
            a_o.post_body[39:32] = {4'd0, a_o.t.st};
          end else if (rx_need_ack) begin
            if (dack_hold) begin
              // the first of two full segments: its ACK waits
              a_o.t.ack_due = 1'b1;
              if (!t_i.dack_on) begin
                a_o.t.dack_on = 1'b1;
                a_o.t.dack_dl = now_i + t_i.delack;
              end
            end else send(wn_abi_pkg::TCP_FLAGS_ACK, a_o.t.snd_nxt);
          end
        end
      endcase
    end
  endtask

  // ---- the ACK of an acceptable segment: SND.UNA, the peer's window,
  // congestion control (RFC 5681/6582), the RTO (RFC 6298 §5), send
  // space back to the host, and more sending
  task automatic ack_proc();
    if (wn_tcp_pkg::lt32(t_i.snd_una, r_i.ack)) begin
      a_o.t.snd_una = r_i.ack;
      a_o.t.retx = 8'd0;
      // RFC 6298 §5.2/5.3: all acknowledged stops the timer, else restart it
      if (r_i.ack == t_i.snd_max) a_o.t.tmr_on = 1'b0;
      else arm_rto();
      // after going back to SND.UNA, an ACK for bytes sent before
      if (wn_tcp_pkg::lt32(t_i.snd_nxt, r_i.ack)) a_o.t.snd_nxt = r_i.ack;
      if (fin_acked) begin
        a_o.t.fin_sent = 1'b1;
        a_o.t.fin_pend = 1'b0;
      end
      if (t_i.ulp == 8'(wn_abi_pkg::CPL_ULP_MODE_RDMA) && ack_data != 32'd0) begin
        ack_o = 1'b1;
      end else if (t_i.tx_log != 5'd0 && ack_data != 32'd0) begin
        cqt_push_o = 1'b1;
        cqt_o = {t_i.cqn, tid_i, 16'd0, 32'd0, ack_off_o, ack_data,
                 8'(wn_abi_pkg::CQE_OPCODE_TCP_TX_ACKED), 8'(wn_abi_pkg::CQE_STATUS_SUCCESS)};
      end
    end
    a_o.t.snd_wnd = {16'd0, r_i.win} << t_i.snd_ws;
    if (a_o.t.snd_wnd > t_i.max_wnd) a_o.t.max_wnd = a_o.t.snd_wnd;
    if (cc_ev_i) begin
      a_o.t.cwnd = cc_cwnd_i;
      a_o.t.ssthresh = cc_ssthresh_i;
      a_o.t.ca_bytes = cc_ca_i;
      a_o.t.dup_acks = cc_dups_i;
      a_o.t.in_rec = cc_inrec_i;
      a_o.t.recover = cc_recover_i;
    end
    if (rto_ev_i) begin
      a_o.t.srtt8 = rto_srtt8_i;
      a_o.t.rttvar4 = rto_rttvar4_i;
      a_o.t.rto = rto_rto_i;
      a_o.t.rtt_on = 1'b0;
    end
    if (cc_ev_i && cc_retx_i && ra_rn != 32'd0) begin
      // fast retransmit, or a partial ACK in recovery: the first
      // unacknowledged segment again (never timed: Karn)
      push_data(r_i.ack, ra_pos, ra_rn);
      a_o.t.rtt_on = 1'b0;
    end
    if (send_st_i && !t_i.sched && (tq_avail_i != 32'd0 || (t_i.fin_pend && !t_i.fin_sent))) begin
      a_o.rdy = rdy_wready_i;
      a_o.t.sched = rdy_wready_i;
    end
  endtask

  // ---- the payload of an acceptable segment: placed into the receive
  // buffer when it starts at or before RCV.NXT (the part already held is
  // skipped), as much as the window takes; a segment beyond RCV.NXT that
  // fits the window is placed at its own offset and remembered as one
  // out-of-order range [ooo_lo, ooo_hi) (a segment that neither touches nor
  // overlaps the range, or carries a FIN, is dropped); when in-order data
  // reaches the range, RCV.NXT jumps to its end. Every segment with
  // payload is answered with an ACK (a duplicate ACK when out of order).
  task automatic data_proc();
    if (!again_i && r_i.plen != 14'd0 && rx_take && rx_fits && rx_n != 32'd0) begin
      vd_o.place = 1'b1;
      vd_o.off = r_i.poff + rx_skip[13:0];
      vd_o.len0 = rx_len0[13:0];
      vd_o.addr0 = t_i.rx_addr + 64'(rx_pos);
      vd_o.len1 = 14'(rx_n - rx_len0);
      vd_o.addr1 = t_i.rx_addr;
      vd_o.tag = tid_i;
      if (rdma_m) begin
        // one piece from address 0: the writes carry the bytes in order
        vd_o.rdma = 1'b1;
        vd_o.qp = t_i.qpid[15:0];
        vd_o.len0 = rx_n[13:0];
        vd_o.addr0 = 64'd0;
        vd_o.len1 = 14'd0;
      end
      a_o.t.rcv_nxt = t_i.rcv_nxt + rx_n;
      a_o.t.c_rx = t_i.c_rx + 32'd1;
      if (t_i.ooo_on && !wn_tcp_pkg::lt32(a_o.t.rcv_nxt, t_i.ooo_lo)) begin
        // the hole is filled
        if (wn_tcp_pkg::lt32(a_o.t.rcv_nxt, t_i.ooo_hi)) a_o.t.rcv_nxt = t_i.ooo_hi;
        a_o.t.ooo_on = 1'b0;
      end
      nf_push_o = 1'b1;
      nf_o = {rdma_m, t_i.cqn, a_o.t.rcv_nxt - t_i.irs - 32'd1, a_o.t.rcv_nxt - t_i.rcv_nxt};
    end else if (oo_ok) begin
      vd_o.place = 1'b1;
      vd_o.off = r_i.poff;
      vd_o.len0 = oo_len0[13:0];
      vd_o.addr0 = t_i.rx_addr + 64'(oo_pos);
      vd_o.len1 = r_i.plen - oo_len0[13:0];
      vd_o.addr1 = t_i.rx_addr;
      vd_o.tag = tid_i;
      a_o.t.ooo_on = 1'b1;
      a_o.t.c_ooo = t_i.c_ooo + 32'd1;
      a_o.t.ooo_lo = (t_i.ooo_on && wn_tcp_pkg::lt32(t_i.ooo_lo, r_i.seq)) ? t_i.ooo_lo : r_i.seq;
      a_o.t.ooo_hi = (t_i.ooo_on && wn_tcp_pkg::lt32(rx_end, t_i.ooo_hi)) ? t_i.ooo_hi : rx_end;
      nf_push_o = 1'b1;
      nf_o = {1'b1, t_i.cqn, 64'd0};
    end
  endtask

  logic unused;
  assign unused = ^{r_i.ok, r_i.smac, r_i.sip, r_i.dip, r_i.sport, r_i.dport, r_i.hlen, r_i.opt,
                    rx_skip[31:14], oo_len0[31:14]};
endmodule
