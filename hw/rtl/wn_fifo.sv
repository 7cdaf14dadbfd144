// wn_fifo: synchronous first-word-fall-through FIFO.
//
// Storage is a simple dual-port memory with a registered read (block-RAM
// friendly); an output register presents the head entry. Throughput one
// entry per cycle in and out; latency from a write to the head is 1 cycle
// when the FIFO is empty (the entry bypasses the memory), else 2 cycles.
// `count_o` counts every entry held (memory and output register), so a
// producer may reserve space against `Depth - count_o`.
//
// It is wn_fifo_nx without the next head (whose asynchronous read would
// keep the memory out of block RAM).
//
// Reset clears the pointers and the output valid flag, not the memory.
// Parameters: Width >= 1; Depth a power of two >= 2.
module wn_fifo #(
    parameter int Width = 8,
    parameter int Depth = 16
) (
    input  logic                   clk_i,
    input  logic                   rst_i,
    input  logic [Width-1:0]       wdata_i,
    input  logic                   wvalid_i,
    output logic                   wready_o,
    output logic [Width-1:0]       rdata_o,
    output logic                   rvalid_o,
    input  logic                   rready_i,
    output logic [$clog2(Depth):0] count_o
);
  logic             nvalid;
  logic [Width-1:0] ndata;
  wn_fifo_nx #(
      .Width(Width),
      .Depth(Depth)
  ) u_f (
      .clk_i,
      .rst_i,
      .wdata_i,
      .wvalid_i,
      .wready_o,
      .rdata_o,
      .rvalid_o,
      .rready_i,
      .count_o,
      .nvalid_o(nvalid),
      .ndata_o (ndata)
  );
  logic unused;
  assign unused = ^{nvalid, ndata};
endmodule
