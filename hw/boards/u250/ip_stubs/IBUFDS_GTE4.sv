// IBUFDS_GTE4: black-box port list of the UltraScale+ GTY/GTH reference clock input buffer primitive,
// for `verilator --lint-only` and Yosys only (hw/boards/u250/lint.sh).
// It stands for the vendor's part and must not be used in a real build:
// Vivado supplies IBUFDS_GTE4 from its UNISIM library.
// Ports and the one attribute the board top sets (UG974, IBUFDS_GTE4).
(* blackbox *)
module IBUFDS_GTE4 #(
    parameter [1:0] REFCLK_HROW_CK_SEL = 2'b00
) (
    input  wire I,
    input  wire IB,
    input  wire CEB,
    output wire O,
    output wire ODIV2
);
endmodule
