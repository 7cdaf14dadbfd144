// wn_tcp_rto: the retransmission timeout of a connection per RFC 6298, as
// one pipeline stage (the TCB holds the state; this computes its update).
//
// Times are in timer ticks. SRTT is kept scaled by 8 and RTTVAR by 4, so
// the RFC's gains (alpha = 1/8, beta = 1/4) are exact in integers:
// - first measurement R (§2.2): SRTT = R, RTTVAR = R/2;
// - later measurements R' (§2.3), both with the old SRTT:
//   RTTVAR = 3/4 RTTVAR + 1/4 |SRTT - R'|, SRTT = 7/8 SRTT + 1/8 R';
// - RTO = SRTT + max(G, 4 RTTVAR), clamped to [min_rto, max_rto] (§2.2-2.4;
//   the RFC's 1 s minimum is min_rto's to choose);
// - on a retransmission timeout (§5.5, `timeout_i`): RTO = min(2 RTO,
//   max_rto), SRTT and RTTVAR unchanged.
// Latency: one cycle (registered outputs).
module wn_tcp_rto (
    input  logic        clk_i,
    input  logic        rst_i,
    input  logic        sample_i,      // an RTT measurement this cycle
    input  logic        first_i,       // ... and it is the connection's first
    input  logic [31:0] rtt_i,         // the measurement R
    input  logic        timeout_i,     // back off instead
    input  logic [34:0] srtt8_i,       // SRTT * 8
    input  logic [33:0] rttvar4_i,     // RTTVAR * 4
    input  logic [31:0] rto_i,
    input  logic [31:0] granularity_i, // G
    input  logic [31:0] min_rto_i,
    input  logic [31:0] max_rto_i,
    output logic [34:0] srtt8_o,
    output logic [33:0] rttvar4_o,
    output logic [31:0] rto_o
);
  logic [34:0] srtt8;
  logic [33:0] rttvar4;
  logic [31:0] srtt;
  logic [32:0] err_abs;
  logic        err_neg;
  logic [33:0] k_var, rto_raw;

  assign srtt = srtt8_i[34:3];
  assign err_neg = rtt_i < srtt;
  assign err_abs = err_neg ? {1'b0, srtt - rtt_i} : {1'b0, rtt_i - srtt};

  always_comb begin
    srtt8 = srtt8_i;
    rttvar4 = rttvar4_i;
    if (sample_i) begin
      if (first_i) begin
        srtt8 = {rtt_i, 3'b000};
        rttvar4 = {1'b0, rtt_i, 1'b0};            // (R / 2) * 4
      end else begin
        // 4 * RTTVAR' = 3 * RTTVAR + |err|, i.e. rttvar4 - rttvar4/4 + |err|
        rttvar4 = rttvar4_i - (rttvar4_i >> 2) + {1'b0, err_abs};
        // 8 * SRTT' = 7 * SRTT + R', i.e. srtt8 + (R' - SRTT)
        srtt8 = err_neg ? srtt8_i - {2'd0, err_abs} : srtt8_i + {2'd0, err_abs};
      end
    end
  end

  // 4 * RTTVAR is rttvar4 itself
  assign k_var = (rttvar4 > {2'd0, granularity_i}) ? rttvar4 : {2'd0, granularity_i};
  assign rto_raw = {2'd0, srtt8[34:3]} + k_var;

  always_ff @(posedge clk_i) begin
    srtt8_o <= srtt8;
    rttvar4_o <= rttvar4;
    if (timeout_i) begin
      rto_o <= ({1'b0, rto_i} << 1) > {1'b0, max_rto_i} ? max_rto_i : rto_i << 1;
    end else if (rto_raw < {2'd0, min_rto_i}) begin
      rto_o <= min_rto_i;
    end else if (rto_raw > {2'd0, max_rto_i}) begin
      rto_o <= max_rto_i;
    end else begin
      rto_o <= rto_raw[31:0];
    end
  end

  logic unused;
  assign unused = ^{rst_i, srtt8[2:0]};
endmodule
