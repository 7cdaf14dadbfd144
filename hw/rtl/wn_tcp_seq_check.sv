// wn_tcp_seq_check: the receive-side sequence and acknowledgment checks of
// a synchronized TCP connection, as one pipeline stage: the answer is
// registered, valid the cycle after the inputs.
//
// Given the connection's receive and send state and a segment's header:
// - the acceptability test of RFC 9293 §3.10.7.4 (segment length counts
//   SYN and FIN; the four cases of zero/non-zero length and window);
// - RST (RFC 5961 §3.2): exact match of RCV.NXT resets the connection, a
//   sequence number elsewhere in the window draws a challenge ACK, outside
//   it is dropped;
// - SYN on a synchronized connection (RFC 5961 §4): challenge ACK, drop;
// - ACK (RFC 5961 §5.2): acceptable when SND.UNA - MAX.SND.WND =< SEG.ACK
//   =< SND.NXT, else a challenge ACK and drop; a segment without ACK is
//   dropped (RFC 9293 §3.10.7.4, fifth check);
// - RFC 5681 §2: whether the ACK acknowledges new data, and whether it is a
//   duplicate ACK (no data, no SYN/FIN, ACK = SND.UNA, data outstanding,
//   window unchanged).
// All comparisons are modulo 2^32 (RFC 9293 §3.4).
// Verdict: 0 ACCEPT, 1 DROP, 2 DROP and send an ACK, 3 RESET the connection.
module wn_tcp_seq_check (
    input  logic        clk_i,
    input  logic        rst_i,
    input  logic [31:0] rcv_nxt_i,
    input  logic [31:0] rcv_wnd_i,
    input  logic [31:0] snd_una_i,
    input  logic [31:0] snd_nxt_i,
    input  logic [31:0] max_snd_wnd_i,
    input  logic [31:0] snd_wnd_i,
    input  logic [31:0] seg_seq_i,
    input  logic [31:0] seg_ack_i,
    input  logic [15:0] seg_payload_i,
    input  logic [7:0]  seg_flags_i,
    input  logic [31:0] seg_wnd_i,
    output logic [1:0]  verdict_o,
    output logic        in_order_o,
    output logic        ack_new_o,
    output logic        dup_ack_o
);
  localparam logic [1:0] VAccept = 2'd0;
  localparam logic [1:0] VDrop = 2'd1;
  localparam logic [1:0] VAck = 2'd2;
  localparam logic [1:0] VReset = 2'd3;

  logic fin, syn, rst, ack;
  assign fin = (seg_flags_i & wn_abi_pkg::TCP_FLAGS_FIN) != 8'd0;
  assign syn = (seg_flags_i & wn_abi_pkg::TCP_FLAGS_SYN) != 8'd0;
  assign rst = (seg_flags_i & wn_abi_pkg::TCP_FLAGS_RST) != 8'd0;
  assign ack = (seg_flags_i & wn_abi_pkg::TCP_FLAGS_ACK) != 8'd0;

  // a <= b and a < b modulo 2^32
  function automatic logic le(input logic [31:0] a, input logic [31:0] b);
    le = $signed(b - a) >= 0;
  endfunction
  function automatic logic lt(input logic [31:0] a, input logic [31:0] b);
    lt = $signed(b - a) > 0;
  endfunction

  logic [31:0] seg_len, wnd_end, seg_last;
  logic        start_in, end_in, acceptable, in_window;
  assign seg_len = {16'd0, seg_payload_i} + {31'd0, syn} + {31'd0, fin};
  assign wnd_end = rcv_nxt_i + rcv_wnd_i;
  assign seg_last = seg_seq_i + seg_len - 32'd1;
  assign start_in = le(rcv_nxt_i, seg_seq_i) && lt(seg_seq_i, wnd_end);
  assign end_in = le(rcv_nxt_i, seg_last) && lt(seg_last, wnd_end);
  always_comb begin
    if (seg_len == 32'd0) acceptable = (rcv_wnd_i == 32'd0) ? (seg_seq_i == rcv_nxt_i) : start_in;
    else acceptable = (rcv_wnd_i != 32'd0) && (start_in || end_in);
  end
  // the RST window test of RFC 5961 §3.2 (a zero window holds RCV.NXT only)
  assign in_window = (rcv_wnd_i == 32'd0) ? (seg_seq_i == rcv_nxt_i) : start_in;

  logic ack_ok;
  assign ack_ok = le(snd_una_i - max_snd_wnd_i, seg_ack_i) && le(seg_ack_i, snd_nxt_i);

  logic [1:0] verdict;
  always_comb begin
    verdict = VAccept;
    if (rst) begin
      if (seg_seq_i == rcv_nxt_i) verdict = VReset;
      else if (in_window) verdict = VAck;
      else verdict = VDrop;
    end else if (!acceptable) begin
      verdict = VAck;
    end else if (syn) begin
      verdict = VAck;
    end else if (!ack) begin
      verdict = VDrop;
    end else if (!ack_ok) begin
      verdict = VAck;
    end
  end

  // the answer: data path, not reset
  always_ff @(posedge clk_i) begin
    verdict_o <= verdict;
    in_order_o <= seg_seq_i == rcv_nxt_i;
    ack_new_o <= (verdict == VAccept) && lt(snd_una_i, seg_ack_i);
    dup_ack_o <= (verdict == VAccept) && seg_payload_i == 16'd0 && !syn && !fin &&
                 seg_ack_i == snd_una_i && snd_una_i != snd_nxt_i && seg_wnd_i == snd_wnd_i;
  end

  logic unused;
  assign unused = rst_i;
endmodule
