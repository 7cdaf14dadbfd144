// wn_tcp_tmr_proc: what the TCP engine's FSM (wn_tcp_fsm) does when a
// connection's timer has expired (its STmrProc step): combinational, from
// the TCB read (t_i), the FSM's view of its streams and the timeout
// update wn_tcp_cc computed for it (cc_*).
//
// The TCB's one timer runs, in this order of precedence:
//   delayed ACK   the ACK of a full segment held back (RFC 5681 §4.2);
//                 a retransmission timer due as well is taken on the
//                 scanner's next visit
//   keepalive     the idle wait (in chunks of at most 2^30 µs), then a
//                 probe at SND.NXT - 1 every KEEPALIVE_INTVL (RFC 1122
//                 §4.2.3.6), then ABORT_REQ KEEPALIVE_TIMEOUT with RST
//   TIME_WAIT     2 MSL over: the TCB goes
//   SYN, SYN-ACK  again with the RTO doubled (RFC 6298 §5.5); after
//                 FW_REG_TCP_RETRIES[7:0] retransmissions ACT_OPEN_RPL
//                 TIMEOUT, or ABORT_REQ TIMEOUT with RST
//   FIN           again when only our FIN is outstanding
//   data          go back to SND.UNA, cwnd to one segment (RFC 6298
//                 §5.4-5.6, RFC 5681 §3.1); after RETX_MAX ABORT_REQ
//                 TIMEOUT with RST
//   persist       a one-byte probe of a zero window (RFC 9293 §3.8.6.1)
// A deadline moved or a timer stopped since the scanner saw it does
// nothing.
//
// Out: the action (wn_tcp_pkg::act_t).
module wn_tcp_tmr_proc (
    input  logic              en_i,      // the FSM is in this unit's state
    input  wn_tcp_pkg::tcb_t  t_i,
    input  logic [15:0]       tid_i,
    input  logic [31:0]       now_i,
    input  logic [7:0]        syn_retries_i,  // FW_REG_TCP_RETRIES[7:0]
    // wn_tcp_cc's timeout update
    input  logic [31:0]       cc_cwnd_i,
    input  logic [31:0]       cc_ssthresh_i,
    input  logic [31:0]       cc_ca_i,
    input  logic [1:0]        cc_dups_i,
    input  logic              cc_inrec_i,
    input  logic [31:0]       cc_recover_i,
    // the FSM's view of the TCB's streams
    input  logic              sync_st_i,  // synchronized, not aborted
    input  logic              send_st_i,  // may still send data
    input  logic [31:0]       tq_avail_i,
    input  logic [31:0]       tq_room_i,
    input  logic [31:0]       tq_pos_i,
    input  logic              rdy_wready_i,
    // the outcome
    output wn_tcp_pkg::act_t  a_o
);
  logic [3:0] s;
  assign s = t_i.st;

  always_comb begin
    a_o = '0;
    a_o.t = t_i;
    // decided only in the FSM's state that applies it (the outputs are
    // the defaults above otherwise)
    if (en_i) tmr_proc();
  end

  // a segment of the connection (built by the FSM from the TCB it writes)
  task automatic send(input logic [7:0] fl, input logic [31:0] sq);
    a_o.send = 1'b1;
    a_o.send_fl = fl;
    a_o.send_sq = sq;
  endtask

  // the connection is given up: ABORT_REQ with RST
  task automatic give_up(input logic [7:0] status);
    a_o.abort_req = 1'b1;
    a_o.abort_rst = 1'b1;
    a_o.abort_status = status;
  endtask

  // back off (RFC 6298 §5.5) and re-arm
  task automatic backoff();
    a_o.t.retx = a_o.t.retx + 8'd1;
    a_o.t.rto = (a_o.t.rto > (a_o.t.rto_max >> 1)) ? a_o.t.rto_max : (a_o.t.rto << 1);
    a_o.t.tmr_on = 1'b1;
    a_o.t.ka_mode = 1'b0;
    a_o.t.tmr_dl = now_i + a_o.t.rto;
  endtask

  task automatic tmr_proc();
    if (t_i.dack_on && !wn_tcp_pkg::lt32(now_i, t_i.dack_dl)) begin
      // the delayed ACK is due
      a_o.we = 1'b1;
      if (sync_st_i) send(wn_abi_pkg::TCP_FLAGS_ACK, t_i.snd_nxt);
      else begin
        a_o.t.ack_due = 1'b0;
        a_o.t.dack_on = 1'b0;
      end
    end else if (!t_i.tmr_on || wn_tcp_pkg::lt32(now_i, t_i.tmr_dl)) begin
      // moved or stopped since the scan saw it
    end else if (t_i.ka_mode) begin
      a_o.we = 1'b1;
      if (t_i.ka_rem != 40'd0) begin
        // the idle wait goes on
        a_o.t.tmr_dl = now_i + wn_tcp_pkg::ka_chunk(t_i.ka_rem);
        a_o.t.ka_rem = t_i.ka_rem - {8'd0, wn_tcp_pkg::ka_chunk(t_i.ka_rem)};
      end else if (t_i.ka_probes >= t_i.ka_cnt) begin
        give_up(8'(wn_abi_pkg::CPL_STATUS_KEEPALIVE_TIMEOUT));
        a_o.t.ka_mode = 1'b0;
      end else begin
        // a probe: SEG.SEQ = SND.NXT - 1 with no data, so the peer
        // answers with an ACK (RFC 1122 §4.2.3.6)
        send(wn_abi_pkg::TCP_FLAGS_ACK, t_i.snd_max - 32'd1);
        a_o.send_exact = 1'b1;
        a_o.t.ka_probes = t_i.ka_probes + 8'd1;
        a_o.t.tmr_dl = now_i + t_i.ka_intvl;
      end
    end else if (s == 4'(wn_abi_pkg::TCP_STATE_TIME_WAIT)) begin
      a_o.free = 1'b1;
    end else if (s == 4'(wn_abi_pkg::TCP_STATE_SYN_SENT)) begin
      if (t_i.retx >= syn_retries_i) begin
        a_o.post = 1'b1;
        a_o.post_op = 8'(wn_abi_pkg::CPL_OPCODE_ACT_OPEN_RPL);
        a_o.post_id = t_i.owner;
        a_o.post_words = 4'd2;
        a_o.post_body[7:0] = 8'(wn_abi_pkg::CPL_STATUS_TIMEOUT);
        a_o.post_body[63:32] = {16'd0, tid_i};
        a_o.free = 1'b1;
      end else begin
        backoff();
        a_o.we = 1'b1;
        send(wn_abi_pkg::TCP_FLAGS_SYN, t_i.iss);
      end
    end else if (s == 4'(wn_abi_pkg::TCP_STATE_SYN_RECEIVED)) begin
      if (t_i.retx >= syn_retries_i) give_up(8'(wn_abi_pkg::CPL_STATUS_TIMEOUT));
      else begin
        backoff();
        a_o.we = 1'b1;
        send(wn_abi_pkg::TCP_FLAGS_SYN | wn_abi_pkg::TCP_FLAGS_ACK, t_i.iss);
      end
    end else if (sync_st_i && t_i.fin_max && t_i.snd_una == t_i.snd_max - 32'd1) begin
      // only our FIN is outstanding
      if (t_i.retx >= t_i.retx_max) give_up(8'(wn_abi_pkg::CPL_STATUS_TIMEOUT));
      else begin
        backoff();
        a_o.we = 1'b1;
        send(wn_abi_pkg::TCP_FLAGS_FIN | wn_abi_pkg::TCP_FLAGS_ACK, t_i.snd_max - 32'd1);
      end
    end else if (sync_st_i && t_i.snd_una != t_i.snd_max) begin
      // data outstanding: go back to SND.UNA
      if (t_i.retx >= t_i.retx_max) give_up(8'(wn_abi_pkg::CPL_STATUS_TIMEOUT));
      else begin
        a_o.we = 1'b1;
        backoff();
        a_o.t.snd_nxt = t_i.snd_una;
        if (t_i.fin_sent) begin
          a_o.t.fin_sent = 1'b0;
          a_o.t.fin_pend = 1'b1;
        end
        a_o.t.cwnd = cc_cwnd_i;
        a_o.t.ssthresh = cc_ssthresh_i;
        a_o.t.ca_bytes = cc_ca_i;
        a_o.t.dup_acks = cc_dups_i;
        a_o.t.in_rec = cc_inrec_i;
        a_o.t.recover = cc_recover_i;
        a_o.t.rtt_on = 1'b0;
        if (!t_i.sched) begin
          a_o.rdy = rdy_wready_i;
          a_o.t.sched = rdy_wready_i;
        end
      end
    end else if (send_st_i && tq_avail_i != 32'd0 && tq_room_i == 32'd0) begin
      // the persist timer: probe the zero window with one byte; the
      // peer's ACK tells its window
      a_o.we = 1'b1;
      backoff();
      a_o.push = 1'b1;
      a_o.push_sq = t_i.snd_nxt;
      a_o.push_fl = wn_abi_pkg::TCP_FLAGS_ACK;
      a_o.push_pos = tq_pos_i;
      a_o.push_n = 32'd1;
      a_o.t.ack_due = 1'b0;
      a_o.t.dack_on = 1'b0;
      a_o.t.c_tx = t_i.c_tx + 32'd1;
      if (wn_tcp_pkg::lt32(t_i.snd_nxt, t_i.snd_max)) a_o.t.c_retx = t_i.c_retx + 32'd1;
      a_o.t.snd_nxt = t_i.snd_nxt + 32'd1;
    end else begin
      a_o.t.tmr_on = 1'b0;
      a_o.we = 1'b1;
    end
  endtask
endmodule
