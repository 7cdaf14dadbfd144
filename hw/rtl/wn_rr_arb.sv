// wn_rr_arb: round-robin arbiter.
//
// Grants the lowest-numbered requester at or after the round-robin pointer
// (combinationally, in the cycle of the request). When the grant is taken
// (`accept_i`), the pointer moves past the granted requester, so every
// requester that keeps requesting is granted within N acceptances.
// Latency 0; one grant per cycle. Reset points at requester 0.
// Parameters: N requesters, 1..=64.
module wn_rr_arb #(
    parameter int N = 4,
    localparam int IdxW = (N > 1) ? $clog2(N) : 1
) (
    input  logic            clk_i,
    input  logic            rst_i,
    input  logic [N-1:0]    req_i,
    output logic [IdxW-1:0] grant_o,
    output logic            valid_o,
    input  logic            accept_i
);
  generate
    if (N < 1 || N > 64) begin : g_bad_n
      $fatal(1, "wn_rr_arb: N must be 1..64");
    end
  endgenerate

  logic [IdxW-1:0] ptr_q;

  always_comb begin
    grant_o = ptr_q;
    valid_o = 1'b0;
    // scan from the highest offset down so the lowest offset wins
    for (int k = N - 1; k >= 0; k--) begin
      if (req_i[(32'(ptr_q) + k) % N]) begin
        grant_o = IdxW'((32'(ptr_q) + k) % N);
        valid_o = 1'b1;
      end
    end
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) ptr_q <= '0;
    else if (accept_i && valid_o) ptr_q <= (32'(grant_o) == N - 1) ? '0 : grant_o + 1'b1;
  end
endmodule
