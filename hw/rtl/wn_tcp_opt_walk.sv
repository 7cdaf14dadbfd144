// wn_tcp_opt_walk: the option walk of a SYN for the TCP engine's FSM
// (wn_tcp_fsm): MSS (RFC 9293 §3.1), window scale (RFC 7323 §2.2) and
// SACK-permitted (RFC 2018 §2) out of the segment's option bytes.
//
// Input: the first 40 option bytes (byte 0 in bits 7:0) and the TCP
// header length in bytes. The walk takes one option per cycle: NOP
// advances one byte, an option of kind 2, 3 or 4 with its proper length
// is taken, another kind is skipped by its length; End of Option List, the
// end of the header or a length that does not fit ends it (done_o). A
// shift above 14 is taken as 14 (RFC 7323 §2.3).
//
// start_i (held while no segment is being worked on) clears the results
// and starts over at byte 0; the results hold until the next start.
// Latency: one cycle per option up to done_o. Nothing is reset: start_i
// clears the walk.
module wn_tcp_opt_walk (
    input  logic         clk_i,
    input  logic         start_i,
    input  logic [319:0] opt_i,
    input  logic [5:0]   hlen_i,
    output logic         done_o,
    output logic         mss_o,
    output logic [15:0]  mss_v_o,
    output logic         ws_o,
    output logic [3:0]   ws_v_o,
    output logic         sack_o
);
  logic [5:0] i_q;
  logic [6:0] len_end, nxt;
  logic       fits;
  logic [7:0] kind, len, b2, b3;
  assign len_end = (hlen_i > 6'd20) ? {1'b0, hlen_i - 6'd20} : 7'd0;
  assign nxt = {1'b0, i_q} + {1'b0, len[5:0]};
  assign fits = len >= 8'd2 && len <= 8'd40 && nxt <= len_end;
  assign done_o = {1'b0, i_q} >= len_end || kind == 8'd0;
  always_comb begin
    kind = 8'd0;
    len = 8'd0;
    b2 = 8'd0;
    b3 = 8'd0;
    for (int k = 0; k < 40; k++) begin
      if (6'(k) == i_q) kind = opt_i[k*8 +: 8];
      if (6'(k) == i_q + 6'd1) len = opt_i[k*8 +: 8];
      if (6'(k) == i_q + 6'd2) b2 = opt_i[k*8 +: 8];
      if (6'(k) == i_q + 6'd3) b3 = opt_i[k*8 +: 8];
    end
  end

  always_ff @(posedge clk_i) begin
    if (start_i) begin
      i_q <= 6'd0;
      mss_o <= 1'b0;
      ws_o <= 1'b0;
      sack_o <= 1'b0;
      mss_v_o <= 16'd0;
      ws_v_o <= 4'd0;
    end else if (done_o) begin
      // done (end of list or of the header)
    end else if (kind == 8'd1) begin
      i_q <= i_q + 6'd1;
    end else if (!fits) begin
      i_q <= 6'd40;  // malformed: stop here
    end else begin
      if (kind == 8'd2 && len == 8'd4) begin
        mss_o <= 1'b1;
        mss_v_o <= {b2, b3};
      end
      if (kind == 8'd3 && len == 8'd3) begin
        ws_o <= 1'b1;
        ws_v_o <= (b2 > 8'd14) ? 4'd14 : b2[3:0];
      end
      if (kind == 8'd4 && len == 8'd2) sack_o <= 1'b1;
      i_q <= i_q + len[5:0];
    end
  end
endmodule
