// IBUFDS: black-box port list of the UltraScale+ differential input buffer primitive,
// for `verilator --lint-only` and Yosys only (hw/boards/u250/lint.sh).
// It stands for the vendor's part and must not be used in a real build:
// Vivado supplies IBUFDS from its UNISIM library.
// Ports as the board top uses them (UG974, IBUFDS).
(* blackbox *)
module IBUFDS (
    input  wire I,
    input  wire IB,
    output wire O
);
endmodule
