// MMCME4_BASE: black-box port list of the UltraScale+ MMCM primitive (basic version),
// for `verilator --lint-only` and Yosys only (hw/boards/u250/lint.sh).
// It stands for the vendor's part and must not be used in a real build:
// Vivado supplies MMCME4_BASE from its UNISIM library.
// Only the ports and attributes the board top uses (UG974, MMCME4_BASE);
// the primitive has more outputs, which the board leaves unconnected.
(* blackbox *)
module MMCME4_BASE #(
    parameter real    CLKIN1_PERIOD    = 0.000,
    parameter integer DIVCLK_DIVIDE    = 1,
    parameter real    CLKFBOUT_MULT_F  = 5.000,
    parameter real    CLKOUT0_DIVIDE_F = 1.000,
    parameter integer CLKOUT1_DIVIDE   = 1
) (
    input  wire CLKIN1,
    input  wire CLKFBIN,
    input  wire RST,
    input  wire PWRDWN,
    output wire CLKFBOUT,
    output wire CLKOUT0,
    output wire CLKOUT1,
    output wire LOCKED
);
endmodule
