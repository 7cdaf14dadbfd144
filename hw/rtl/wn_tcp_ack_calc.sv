// wn_tcp_ack_calc: the arithmetic the TCP engine's FSM (wn_tcp_fsm) needs
// one cycle ahead of a decision: the RFC 9293/5961 checks of a segment
// (wn_tcp_seq_check), NewReno (wn_tcp_cc, RFC 5681/6582) and the RTT
// estimate (wn_tcp_rto, RFC 6298), fed with the TCB (t_i) and the segment
// (r_i) of the event.
//
// chk_i marks the cycle a segment is checked (the FSM's SRxChk, first
// pass): its verdict (sc_v_o: 0 acceptable with a valid ACK, 1 drop, 2
// send an ACK, 3 reset) and, in a synchronized state, the update of
// congestion control for new data acknowledged or a duplicate ACK, and
// of the RTO for an RTT sample (the timed segment acknowledged), are
// there the next cycle, cc_ev_o and rto_ev_o saying which ran. tmo_i
// marks a retransmission timeout (STmrCc): congestion control's timeout
// update, the next cycle.
//
// Latency: one cycle. Reset clears cc_ev_o and rto_ev_o.
// Parameters: NumConns and ClockMhz set the RTO's clock granularity (the
// timer scanner's round, NumConns cycles, in microseconds).
module wn_tcp_ack_calc #(
    parameter int NumConns = 1024,
    parameter int ClockMhz = 250
) (
    input  logic             clk_i,
    input  logic             rst_i,
    input  wn_tcp_pkg::tcb_t t_i,
    input  wn_tcp_pkg::rec_t r_i,
    input  logic [31:0]      rwnd_i,
    input  logic             sync_st_i,
    input  logic [31:0]      now_i,
    input  logic             chk_i,
    input  logic             tmo_i,
    output logic [1:0]       sc_v_o,
    output logic             cc_ev_o,
    output logic [31:0]      cc_cwnd_o,
    output logic [31:0]      cc_ssthresh_o,
    output logic [31:0]      cc_ca_o,
    output logic [1:0]       cc_dups_o,
    output logic             cc_inrec_o,
    output logic [31:0]      cc_recover_o,
    output logic             cc_retx_o,
    output logic             rto_ev_o,
    output logic [34:0]      rto_srtt8_o,
    output logic [33:0]      rto_rttvar4_o,
    output logic [31:0]      rto_rto_o
);
  logic [1:0] sc_verdict;
  logic       sc_in_order, sc_ack_new, sc_dup;
  wn_tcp_seq_check u_seq (
      .clk_i,
      .rst_i,
      .rcv_nxt_i    (t_i.rcv_nxt),
      .rcv_wnd_i    (rwnd_i),
      .snd_una_i    (t_i.snd_una),
      .snd_nxt_i    (t_i.snd_max),
      .max_snd_wnd_i(t_i.max_wnd),
      .snd_wnd_i    (t_i.snd_wnd),
      .seg_seq_i    (r_i.seq),
      .seg_ack_i    (r_i.ack),
      .seg_payload_i({2'd0, r_i.plen}),
      .seg_flags_i  (r_i.flags),
      .seg_wnd_i    ({16'd0, r_i.win} << t_i.snd_ws),
      .verdict_o    (sc_verdict),
      .in_order_o   (sc_in_order),
      .ack_new_o    (sc_ack_new),
      .dup_ack_o    (sc_dup)
  );
  always_ff @(posedge clk_i) sc_v_o <= sc_verdict;

  logic cc_new, cc_dup, rto_smp;
  assign cc_new = chk_i && sync_st_i && sc_verdict == 2'd0 && sc_ack_new;
  assign cc_dup = chk_i && sync_st_i && sc_dup && t_i.tx_log != 5'd0;
  assign rto_smp = cc_new && t_i.rtt_on && !wn_tcp_pkg::lt32(r_i.ack, t_i.rtt_seq);
  wn_tcp_cc u_cc (
      .clk_i,
      .rst_i,
      .new_ack_i   (cc_new),
      .dup_ack_i   (cc_dup),
      .timeout_i   (tmo_i),
      .acked_i     (r_i.ack - t_i.snd_una),
      .ack_seq_i   (tmo_i ? t_i.snd_una : r_i.ack),
      .snd_nxt_i   (t_i.snd_max),
      .flight_i    (t_i.snd_max - t_i.snd_una),
      .smss_i      (t_i.mss),
      .cwnd_i      (t_i.cwnd),
      .ssthresh_i  (t_i.ssthresh),
      .ca_bytes_i  (t_i.ca_bytes),
      .dup_acks_i  (t_i.dup_acks),
      .in_rec_i    (t_i.in_rec),
      .recover_i   (t_i.recover),
      .cwnd_o      (cc_cwnd_o),
      .ssthresh_o  (cc_ssthresh_o),
      .ca_bytes_o  (cc_ca_o),
      .dup_acks_o  (cc_dups_o),
      .in_rec_o    (cc_inrec_o),
      .recover_o   (cc_recover_o),
      .retransmit_o(cc_retx_o)
  );
  wn_tcp_rto u_rto (
      .clk_i,
      .rst_i,
      .sample_i     (rto_smp),
      .first_i      (t_i.srtt8 == 35'd0),
      .rtt_i        (now_i - t_i.rtt_ts),
      .timeout_i    (1'b0),
      .srtt8_i      (t_i.srtt8),
      .rttvar4_i    (t_i.rttvar4),
      .rto_i        (t_i.rto),
      .granularity_i(32'(NumConns / ClockMhz + 1)),
      .min_rto_i    (t_i.rto_min),
      .max_rto_i    (t_i.rto_max),
      .srtt8_o      (rto_srtt8_o),
      .rttvar4_o    (rto_rttvar4_o),
      .rto_o        (rto_rto_o)
  );
  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      cc_ev_o <= 1'b0;
      rto_ev_o <= 1'b0;
    end else begin
      cc_ev_o <= cc_new || cc_dup || tmo_i;
      rto_ev_o <= rto_smp;
    end
  end

  logic unused;
  assign unused = ^{sc_in_order, t_i, r_i};  // the TCB's and record's other fields
endmodule
