// wn_sync: two-flop synchronizer for quasi-static levels.
//
// Each bit of `d_i` (driven from another clock domain, or from a pin) is
// sampled by two flops in `clk_i`; `q_o` follows `d_i` 2 cycles later, one
// bit at a time. Use it only for levels that hold long enough to be seen and
// whose bits need not change together (link status, sticky flags, a reset
// state); a multi-bit value that changes as a whole must cross through
// wn_async_fifo or as a gray code.
//
// The first flop `meta_q` is the metastability catcher: the constraints
// (constraints/<board>/cdc.tcl) put a false path on its input and Vivado
// keeps both flops together (ASYNC_REG).
// Latency 2 cycles of `clk_i`. Reset (synchronous) loads `ResetValue` into
// both stages: choose the value that is safe to see before the first real
// sample (1 for "the other side is in reset").
// Parameters: Width >= 1.
module wn_sync #(
    parameter int               Width      = 1,
    parameter logic [Width-1:0] ResetValue = '0
) (
    input  logic             clk_i,
    input  logic             rst_i,
    input  logic [Width-1:0] d_i,
    output logic [Width-1:0] q_o
);
  generate
    if (Width < 1) begin : g_bad_width
      $fatal(1, "wn_sync: Width must be >= 1");
    end
  endgenerate

  (* ASYNC_REG = "TRUE" *) logic [Width-1:0] meta_q;
  (* ASYNC_REG = "TRUE" *) logic [Width-1:0] sync_q;

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      meta_q <= ResetValue;
      sync_q <= ResetValue;
    end else begin
      meta_q <= d_i;
      sync_q <= meta_q;
    end
  end

  assign q_o = sync_q;
endmodule
