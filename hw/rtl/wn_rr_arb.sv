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
  logic [N-1:0]    at_or_after;  // requesters at or after the pointer
  logic [N-1:0]    pick_from;    // those, or every requester when none is
  logic [N-1:0]    lowest;       // the lowest requester of pick_from, one-hot
  logic [IdxW-1:0] enc;

  // No division and no priority chain: a mask from the pointer, the lowest
  // requester as a one-hot (each bit: its request and none below it, an OR
  // tree per bit) and an OR-tree encoder. Yosys (synth_xilinx, xcup): at
  // N = 7, 24 LUTs and a longest path of 7 cells (the `%` form: 13,608 LUTs,
  // 452 cells); at N = 64, 316 LUTs and 25 cells (1,535 and 59).
  always_comb begin
    for (int i = 0; i < N; i++) at_or_after[i] = req_i[i] && 32'(i) >= 32'(ptr_q);
    pick_from = (at_or_after != '0) ? at_or_after : req_i;
    for (int i = 0; i < N; i++) begin
      lowest[i] = pick_from[i] && (pick_from & ((N'(1) << i) - N'(1))) == '0;
    end
    for (int b = 0; b < IdxW; b++) begin
      enc[b] = 1'b0;
      for (int i = 0; i < N; i++) begin
        if (((i >> b) & 1) != 0) enc[b] = enc[b] | lowest[i];
      end
    end
    valid_o = req_i != '0;
    grant_o = valid_o ? enc : ptr_q;
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) ptr_q <= '0;
    else if (accept_i && valid_o) ptr_q <= (32'(grant_o) == N - 1) ? '0 : grant_o + 1'b1;
  end
endmodule
