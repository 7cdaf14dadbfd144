// BUFG: black-box port list of the global clock buffer primitive,
// for `verilator --lint-only` and Yosys only (hw/boards/u250/lint.sh).
// It stands for the vendor's part and must not be used in a real build:
// Vivado supplies BUFG from its UNISIM library.
// Ports as the board top uses them (UG974, BUFG).
(* blackbox *)
module BUFG (
    input  wire I,
    output wire O
);
endmodule
