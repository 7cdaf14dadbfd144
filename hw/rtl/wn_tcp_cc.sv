// wn_tcp_cc: NewReno congestion control of a connection (RFC 5681 with the
// RFC 6582 recovery), as one pipeline stage: the TCB holds the state, this
// computes its update for one ACK event.
//
// Events (at most one per cycle):
// - new_ack (SND.UNA advanced by `acked` bytes to `ack_seq`):
//   not in recovery: slow start while cwnd < ssthresh, cwnd += min(acked,
//   SMSS) (RFC 5681 §3.1); else congestion avoidance by byte counting
//   (RFC 3465: once a window's worth of bytes is acknowledged, cwnd +=
//   SMSS); the duplicate-ACK count restarts.
//   In recovery (RFC 6582 §3.2): a full ACK (ack_seq beyond `recover`) ends
//   it with cwnd = min(ssthresh, max(FlightSize, SMSS) + SMSS); a partial
//   ACK retransmits the first unacknowledged segment and deflates cwnd by
//   the bytes acknowledged, adding SMSS back when at least SMSS was.
// - dup_ack: the third enters fast retransmit and recovery when ack_seq
//   (here SND.UNA) is beyond `recover` (RFC 6582 §3.2 step 2): ssthresh =
//   max(FlightSize / 2, 2 SMSS), recover = SND.NXT, cwnd = ssthresh +
//   3 SMSS, retransmit; later duplicates in recovery inflate cwnd by SMSS.
// - timeout (RFC 5681 §3.1 and §5; RFC 6582 §3.2: after a retransmission
//   timeout recover = the highest sequence number sent): ssthresh =
//   max(FlightSize / 2, 2 SMSS), cwnd = SMSS (the loss window), recovery
//   ends.
// Sequence comparisons are modulo 2^32. Latency: one cycle (registered).
module wn_tcp_cc (
    input  logic        clk_i,
    input  logic        rst_i,
    input  logic        new_ack_i,
    input  logic        dup_ack_i,
    input  logic        timeout_i,
    input  logic [31:0] acked_i,
    input  logic [31:0] ack_seq_i,
    input  logic [31:0] snd_nxt_i,
    input  logic [31:0] flight_i,     // FlightSize: SND.NXT - SND.UNA before the event
    input  logic [15:0] smss_i,
    input  logic [31:0] cwnd_i,
    input  logic [31:0] ssthresh_i,
    input  logic [31:0] ca_bytes_i,   // bytes acknowledged towards the next increase
    input  logic [1:0]  dup_acks_i,   // duplicate ACKs seen (saturates at 3)
    input  logic        in_rec_i,
    input  logic [31:0] recover_i,
    output logic [31:0] cwnd_o,
    output logic [31:0] ssthresh_o,
    output logic [31:0] ca_bytes_o,
    output logic [1:0]  dup_acks_o,
    output logic        in_rec_o,
    output logic [31:0] recover_o,
    output logic        retransmit_o
);
  function automatic logic gt(input logic [31:0] a, input logic [31:0] b);
    gt = $signed(a - b) > 0;
  endfunction

  logic [31:0] smss, half, new_ssthresh, cwnd, ssthresh, ca, recover, full_cwnd, grow;
  logic [1:0]  dups;
  logic        rec, rtx;
  assign smss = {16'd0, smss_i};
  assign half = flight_i >> 1;
  assign new_ssthresh = (half > (smss << 1)) ? half : (smss << 1);
  assign full_cwnd = ((flight_i > smss) ? flight_i : smss) + smss;
  assign grow = (acked_i < smss) ? acked_i : smss;

  always_comb begin
    cwnd = cwnd_i;
    ssthresh = ssthresh_i;
    ca = ca_bytes_i;
    dups = dup_acks_i;
    rec = in_rec_i;
    recover = recover_i;
    rtx = 1'b0;
    if (timeout_i) begin
      ssthresh = new_ssthresh;
      cwnd = smss;
      recover = snd_nxt_i;
      rec = 1'b0;
      dups = 2'd0;
      ca = 32'd0;
    end else if (new_ack_i) begin
      if (in_rec_i) begin
        if (gt(ack_seq_i, recover_i)) begin
          cwnd = (ssthresh_i < full_cwnd) ? ssthresh_i : full_cwnd;
          rec = 1'b0;
          dups = 2'd0;
          ca = 32'd0;
        end else begin
          rtx = 1'b1;
          cwnd = ((cwnd_i > acked_i) ? cwnd_i - acked_i : 32'd0) +
                 ((acked_i >= smss) ? smss : 32'd0);
        end
      end else begin
        dups = 2'd0;
        if (cwnd_i < ssthresh_i) begin
          cwnd = cwnd_i + grow;
        end else if (ca_bytes_i + acked_i >= cwnd_i) begin
          cwnd = cwnd_i + smss;
          ca = ca_bytes_i + acked_i - cwnd_i;
        end else begin
          ca = ca_bytes_i + acked_i;
        end
      end
    end else if (dup_ack_i) begin
      if (in_rec_i) begin
        cwnd = cwnd_i + smss;
      end else begin
        dups = (dup_acks_i == 2'd3) ? 2'd3 : dup_acks_i + 2'd1;
        if (dup_acks_i == 2'd2 && gt(ack_seq_i, recover_i)) begin
          ssthresh = new_ssthresh;
          recover = snd_nxt_i;
          cwnd = new_ssthresh + 3 * smss;
          rec = 1'b1;
          rtx = 1'b1;
          ca = 32'd0;
        end
      end
    end
  end

  always_ff @(posedge clk_i) begin
    cwnd_o <= cwnd;
    ssthresh_o <= ssthresh;
    ca_bytes_o <= ca;
    dup_acks_o <= dups;
    in_rec_o <= rec;
    recover_o <= recover;
    retransmit_o <= rtx;
  end

  logic unused;
  assign unused = rst_i;
endmodule
