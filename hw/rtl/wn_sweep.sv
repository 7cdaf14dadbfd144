// wn_sweep: the clearing sweep of a table that has no reset (so that it is
// a memory, not flip-flops): from reset on, clr_o is high for Depth cycles
// and idx_o names the entry to clear in each (0, 1, ... Depth - 1). A unit
// writes its reset value at idx_o while clr_o is high, and takes no other
// write meanwhile. Parameters: Depth 2..65536.
module wn_sweep #(
    parameter int Depth = 64,
    localparam int AW = $clog2(Depth)
) (
    input  logic          clk_i,
    input  logic          rst_i,
    output logic          clr_o,
    output logic [AW-1:0] idx_o
);
  generate
    if (Depth < 2 || Depth > 65536) begin : g_bad
      $fatal(1, "wn_sweep: Depth must be 2..65536");
    end
  endgenerate

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      clr_o <= 1'b1;
      idx_o <= '0;
    end else if (clr_o) begin
      idx_o <= idx_o + 1'b1;
      if (idx_o == AW'(Depth - 1)) clr_o <= 1'b0;
    end
  end
endmodule
