// wn_fifo_nx: synchronous first-word-fall-through FIFO that also shows its
// next head (wn_fifo is this FIFO without it).
//
// Storage is a simple dual-port memory with a registered read (block-RAM
// friendly); an output register presents the head entry. Throughput one
// entry per cycle in and out; latency from a write to the head is 1 cycle
// when the FIFO is empty (the entry bypasses the memory), else 2 cycles.
// `count_o` counts every entry held (memory and output register), so a
// producer may reserve space against `Depth - count_o`.
//
// `nvalid_o`/`ndata_o` show the head as it will be after this clock edge
// (for a consumer that reads a table at the head's key a cycle ahead, into
// a registered read). They read the memory asynchronously, so the memory
// is LUTs or flip-flops: for small FIFOs only. Every other FIFO is a
// wn_fifo, whose memory is block-RAM friendly.
//
// Reset clears the pointers and the output valid flag, not the memory.
// Parameters: Width >= 1; Depth a power of two >= 2.
module wn_fifo_nx #(
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
    output logic [$clog2(Depth):0] count_o,
    output logic                   nvalid_o,
    output logic [Width-1:0]       ndata_o
);
  localparam int AW = $clog2(Depth);

  generate
    if (Depth < 2 || (1 << AW) != Depth) begin : g_bad_depth
      $fatal(1, "wn_fifo_nx: Depth must be a power of two >= 2");
    end
    if (Width < 1) begin : g_bad_width
      $fatal(1, "wn_fifo_nx: Width must be >= 1");
    end
  endgenerate

  logic [Width-1:0] mem_q [Depth];
  logic [AW:0] wptr_q, rptr_q;
  logic [AW:0] mem_count;
  logic out_valid_q;
  logic do_write, do_read, out_load, bypass, mem_write;

  assign mem_count = wptr_q - rptr_q;
  // The output register counts as one slot, so the memory never holds more
  // than Depth - 1 entries: count_o never exceeds Depth.
  assign wready_o = (mem_count + {{AW{1'b0}}, out_valid_q}) < (AW + 1)'(Depth);
  assign do_write = wvalid_i && wready_o;
  // an entry written into an empty FIFO goes straight to the output register
  assign bypass = do_write && (mem_count == '0) && (!out_valid_q || rready_i);
  assign mem_write = do_write && !bypass;
  assign out_load = (mem_count != '0) && (!out_valid_q || rready_i);
  assign do_read = out_load;
  assign rvalid_o = out_valid_q;
  assign count_o = mem_count + {{AW{1'b0}}, out_valid_q};
  assign nvalid_o = !rst_i && (out_load || bypass || (out_valid_q && !rready_i));
  assign ndata_o = out_load ? mem_q[rptr_q[AW-1:0]] : bypass ? wdata_i : rdata_o;

  always_ff @(posedge clk_i) begin
    if (mem_write) mem_q[wptr_q[AW-1:0]] <= wdata_i;
    if (out_load) rdata_o <= mem_q[rptr_q[AW-1:0]];
    else if (bypass) rdata_o <= wdata_i;
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) begin
      wptr_q <= '0;
      rptr_q <= '0;
      out_valid_q <= 1'b0;
    end else begin
      if (mem_write) wptr_q <= wptr_q + 1'b1;
      if (do_read) rptr_q <= rptr_q + 1'b1;
      if (out_load || bypass) out_valid_q <= 1'b1;
      else if (rready_i) out_valid_q <= 1'b0;
    end
  end
endmodule
