// wn_tcb_view: what a TCB allows, for the TCP engine's FSM (wn_tcp_fsm)
// and its decisions: combinational, from the TCB being worked on.
//
//   sync_st    a synchronized state (ESTABLISHED to LAST_ACK), not aborted
//   send_st    data may still be sent (our FIN not sent, a send buffer)
//   rto_idle   no retransmission timer runs (the keepalive wait shares the
//              timer and gives way to it)
//   rwnd       the receive window: the receive buffer's free space when a
//              stream has one, else RCV.WND as configured
//   tq_*       the send side in stream offsets: the next byte to send
//              (off_nxt), the send buffer's size, the bytes written and not
//              sent (avail: never more than the buffer holds past
//              SND.UNA; an RDMA connection's bytes are in wn_rdma_tx's log),
//              in flight, the room in min(cwnd, the peer's window), the
//              next segment's bytes (cnt: at most an MSS) and its position
//              in the send buffer (pos)
//   tq_hold    an RDMA connection's next segment waits: its segments each
//              carry one FPDU (wn_rdma_tx starts a message's FPDUs on a
//              segment boundary, a full FPDU being one MSS), and a window
//              with room for less than the next segment would cut an FPDU
//              and shift every later one across two segments, so the
//              segment waits for the ACKs of what is in flight to open the
//              window (RFC 5044 Appendix A: FPDUs aligned with segments).
//              With nothing in flight no ACK will come and the window can
//              hold no whole segment: what fits goes, as for a stream.
module wn_tcb_view (
    input  wn_tcp_pkg::tcb_t t_i,
    output logic             sync_st_o,
    output logic             send_st_o,
    output logic             rto_idle_o,
    output logic [31:0]      rwnd_o,
    output logic [31:0]      tq_off_nxt_o,
    output logic [31:0]      tq_size_o,
    output logic [31:0]      tq_avail_o,
    output logic [31:0]      tq_inflight_o,
    output logic [31:0]      tq_room_o,
    output logic [31:0]      tq_cnt_o,
    output logic             tq_hold_o,
    output logic [31:0]      tq_pos_o
);
  logic [3:0]  s;
  logic [31:0] off_una, space, raw, wnd;
  assign s = t_i.st;
  assign sync_st_o = (s == 4'(wn_abi_pkg::TCP_STATE_ESTABLISHED) ||
                      s == 4'(wn_abi_pkg::TCP_STATE_FIN_WAIT_1) ||
                      s == 4'(wn_abi_pkg::TCP_STATE_FIN_WAIT_2) ||
                      s == 4'(wn_abi_pkg::TCP_STATE_CLOSE_WAIT) ||
                      s == 4'(wn_abi_pkg::TCP_STATE_CLOSING) ||
                      s == 4'(wn_abi_pkg::TCP_STATE_LAST_ACK)) && !t_i.abw;
  assign send_st_o = (s == 4'(wn_abi_pkg::TCP_STATE_ESTABLISHED) ||
                      s == 4'(wn_abi_pkg::TCP_STATE_CLOSE_WAIT) ||
                      ((s == 4'(wn_abi_pkg::TCP_STATE_FIN_WAIT_1) ||
                        s == 4'(wn_abi_pkg::TCP_STATE_LAST_ACK)) && !t_i.fin_sent)) &&
                     !t_i.abw && t_i.tx_log != 5'd0;
  assign rto_idle_o = !t_i.tmr_on || t_i.ka_mode;
  assign rwnd_o = wn_tcp_pkg::rwnd_f(t_i.rx_log, t_i.rcv_nxt, t_i.irs, t_i.rx_read, t_i.rcv_wnd,
                                     t_i.ulp);

  assign off_una = t_i.snd_una - t_i.iss - 32'd1;
  assign tq_off_nxt_o = t_i.snd_nxt - t_i.iss - 32'd1 - {31'd0, t_i.fin_sent};
  assign tq_size_o = 32'd1 << t_i.tx_log;
  assign raw = t_i.tx_end - tq_off_nxt_o;
  assign space = tq_size_o - (tq_off_nxt_o - off_una);
  assign tq_avail_o = (t_i.ulp == 8'(wn_abi_pkg::CPL_ULP_MODE_RDMA)) ? raw :
                      (t_i.tx_log == 5'd0) ? 32'd0 : (raw > space ? space : raw);
  assign tq_inflight_o = t_i.snd_nxt - t_i.snd_una;
  assign wnd = wn_tcp_pkg::min32(t_i.cwnd, t_i.snd_wnd);
  assign tq_room_o = (wnd > tq_inflight_o) ? wnd - tq_inflight_o : 32'd0;
  assign tq_cnt_o = wn_tcp_pkg::min32(wn_tcp_pkg::min32(tq_avail_o, tq_room_o), {16'd0, t_i.mss});
  assign tq_hold_o = t_i.ulp == 8'(wn_abi_pkg::CPL_ULP_MODE_RDMA) && tq_inflight_o != 32'd0 &&
                     tq_room_o < wn_tcp_pkg::min32(tq_avail_o, {16'd0, t_i.mss});
  assign tq_pos_o = tq_off_nxt_o & (tq_size_o - 32'd1);

  logic unused;
  assign unused = ^{t_i};  // the TCB's other fields
endmodule
