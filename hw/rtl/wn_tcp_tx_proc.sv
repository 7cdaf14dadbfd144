// wn_tcp_tx_proc: what the TCP engine's FSM (wn_tcp_fsm) does on a send
// turn of a connection (its STxProc step) or a stream doorbell (SDbProc):
// combinational, from the TCB read (t_i) and the FSM's view of its
// streams (tq_*: what may be sent, wn_tcp_fsm).
//
// Send turn (the connection was in the send scheduler's queue): one data
// segment of tq_cnt_i bytes (at most an MSS within min(cwnd, the peer's
// window); PSH on the last bytes written) unless an RDMA connection must
// wait for a whole FPDU (tq_hold_i), timed for the RTT when no segment is
// (RFC 6298, Karn), the retransmission timer armed when idle, and the
// connection queued again while more may go; or our FIN once every byte
// is sent; or, facing a zero window with nothing in flight, the persist
// timer (RFC 9293 §3.8.6.1).
//
// Doorbell (db_i; db_rx_i: the receive side): the host's new read point
// (RX_READ) reopens the window, with a window update when it opens from
// below one segment; its new send end (TX_END) queues the connection when
// there is something to send. A closed or aborted connection ignores
// doorbells.
//
// Out: the action (wn_tcp_pkg::act_t).
module wn_tcp_tx_proc (
    input  logic              en_i,       // the FSM is in this unit's state
    input  wn_tcp_pkg::tcb_t  t_i,
    input  logic [31:0]       now_i,
    input  logic              db_i,       // a doorbell, not a send turn
    input  logic              db_rx_i,
    input  logic [31:0]       db_val_i,
    // the FSM's view of the TCB's streams
    input  logic              sync_st_i,  // synchronized, not aborted
    input  logic              send_st_i,  // may still send data
    input  logic              rto_idle_i, // no retransmission timer runs
    input  logic [31:0]       rwnd_i,     // the receive window
    input  logic [31:0]       tq_avail_i, // bytes to send
    input  logic [31:0]       tq_room_i,  // room in min(cwnd, window)
    input  logic [31:0]       tq_cnt_i,   // the next segment's bytes
    input  logic              tq_hold_i,
    input  logic [31:0]       tq_pos_i,   // its position in the send buffer
    input  logic [31:0]       tq_inflight_i,
    input  logic [31:0]       tq_off_nxt_i,
    input  logic              rdy_wready_i,
    // the outcome
    output wn_tcp_pkg::act_t  a_o
);
  always_comb begin
    a_o = '0;
    a_o.t = t_i;
    // decided only in the FSM's states that apply it (the outputs are the
    // defaults above otherwise)
    if (en_i) begin
      if (db_i) db_proc();
      else tx_proc();
    end
  end

  // arm the retransmission timer with the current RTO
  task automatic arm_rto();
    a_o.t.tmr_on = 1'b1;
    a_o.t.ka_mode = 1'b0;
    a_o.t.tmr_dl = now_i + a_o.t.rto;
  endtask

  // into the send scheduler's queue (again)
  task automatic sched();
    a_o.rdy = rdy_wready_i;
    a_o.t.sched = rdy_wready_i;
  endtask

  task automatic tx_proc();
    a_o.we = 1'b1;
    a_o.t.sched = 1'b0;
    if (!send_st_i) begin
      // closed or aborted meanwhile
    end else if (tq_cnt_i != 32'd0 && !tq_hold_i) begin
      a_o.push = 1'b1;
      a_o.push_sq = t_i.snd_nxt;
      a_o.push_fl = (tq_cnt_i == tq_avail_i) ? (wn_abi_pkg::TCP_FLAGS_ACK | wn_abi_pkg::TCP_FLAGS_PSH)
                                            : wn_abi_pkg::TCP_FLAGS_ACK;
      a_o.push_pos = tq_pos_i;
      a_o.push_n = tq_cnt_i;
      // the segment carries the ACK: none is due any more
      a_o.t.ack_due = 1'b0;
      a_o.t.dack_on = 1'b0;
      a_o.t.c_tx = t_i.c_tx + 32'd1;
      if (wn_tcp_pkg::lt32(t_i.snd_nxt, t_i.snd_max)) a_o.t.c_retx = t_i.c_retx + 32'd1;
      a_o.t.snd_nxt = t_i.snd_nxt + tq_cnt_i;
      if (!t_i.rtt_on) begin
        a_o.t.rtt_on = 1'b1;
        a_o.t.rtt_seq = a_o.t.snd_nxt;
        a_o.t.rtt_ts = now_i;
      end
      if (rto_idle_i) arm_rto();
      if ((tq_avail_i > tq_cnt_i && tq_room_i > tq_cnt_i) ||
          (tq_avail_i == tq_cnt_i && t_i.fin_pend)) sched();
    end else if (tq_avail_i == 32'd0 && t_i.fin_pend) begin
      a_o.t.fin_pend = 1'b0;
      a_o.t.fin_sent = 1'b1;
      a_o.t.fin_max = 1'b1;
      a_o.t.snd_nxt = t_i.snd_nxt + 32'd1;
      if (rto_idle_i) arm_rto();
      a_o.send = 1'b1;
      a_o.send_fl = wn_abi_pkg::TCP_FLAGS_FIN | wn_abi_pkg::TCP_FLAGS_ACK;
      a_o.send_sq = t_i.snd_nxt;
    end else if (tq_avail_i != 32'd0 && tq_room_i == 32'd0 && tq_inflight_i == 32'd0 &&
                 rto_idle_i) begin
      // a zero window: the persist timer
      arm_rto();
    end
  endtask

  task automatic db_proc();
    if (t_i.st != 4'(wn_abi_pkg::TCP_STATE_CLOSED) && !t_i.abw) begin
      a_o.we = 1'b1;
      if (db_rx_i) begin
        a_o.t.rx_read = db_val_i;
        // the window reopens from below one segment: a window update
        if (t_i.rx_log != 5'd0 && sync_st_i && rwnd_i < {16'd0, t_i.mss} &&
            rwnd_i + (db_val_i - t_i.rx_read) >= {16'd0, t_i.mss}) begin
          a_o.send = 1'b1;
          a_o.send_fl = wn_abi_pkg::TCP_FLAGS_ACK;
          a_o.send_sq = t_i.snd_nxt;
        end
      end else begin
        a_o.t.tx_end = db_val_i;
        if (send_st_i && !t_i.sched && (db_val_i - tq_off_nxt_i) != 32'd0) sched();
      end
    end
  endtask
endmodule
