// mt_assert_probe: a one-bit register with an immediate assertion, the test
// top that checks a failed RTL assertion reaches the Rust caller as an error
// with its source location. Not part of the NIC.
//
// `q_o` follows `d_i` one cycle later; the assertion fails on the first
// rising edge out of reset at which `trip_i` is high. Reset clears `q_o`.
module mt_assert_probe (
    input  logic clk_i,
    input  logic rst_i,
    input  logic d_i,
    input  logic trip_i,
    output logic q_o
);
  always_ff @(posedge clk_i) begin
    if (rst_i) q_o <= 1'b0;
    else q_o <= d_i;
  end

`ifndef SYNTHESIS
  always_ff @(posedge clk_i) begin
    if (!rst_i) begin
      assert (!trip_i);
    end
  end
`endif
endmodule
