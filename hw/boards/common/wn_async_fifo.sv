// wn_async_fifo: dual-clock first-word-fall-through FIFO.
//
// The classic gray-pointer design: each side keeps a binary pointer and a
// registered gray copy of it; the other side samples the gray copy through
// two flops (`*_meta_q`, `*_sync_q`) and converts it back to binary. Only
// one bit of a gray pointer changes per increment, so a sample taken while
// it changes is either the old or the new pointer, never a mix. Storage is a
// simple dual-port memory, written in `wr_clk_i` and read with a registered
// read in `rd_clk_i` (block-RAM friendly, or LUT-RAM for small depths), and
// an output register presents the head entry.
//
// Commit mode (`Commit` = 1): the reader sees entries only up to the last
// write that had `wr_commit_i` set, so a unit (a frame: commit on its last
// beat) becomes visible whole and is then read without gaps. This is what a
// MAC transmit interface needs (a frame started must continue every cycle).
// A unit longer than the memory (2**AddrWidth entries) can never commit and
// stalls the writer for good: size the FIFO for the largest unit.
//
// Capacity: 2**AddrWidth entries in memory plus the output register.
// `wr_count_o` is the memory occupancy as the write side sees it: it may
// overstate (the read pointer it sees is a little old), never understate,
// so a producer may reserve space against it.
// Latency from a write to `rd_valid_o`: 1 + 2 + 1 cycles (gray register,
// synchronizer, output register), in the respective clocks. Throughput one
// entry per cycle on each side.
//
// Reset: each side has its own synchronous reset. Both sides must be reset
// together (from one source, through wn_reset_sync in each domain) and a
// side must stay in reset until the other side has cleared its pointers; the
// board tops guarantee this by holding the core side in reset until the far
// side's reset has been seen (see hw/boards/README.md). While its reset is
// asserted, a side neither accepts (`wr_ready_o` = 0) nor presents
// (`rd_valid_o` = 0) entries. Memory contents are not reset.
//
// Timing constraints (constraints/<board>/cdc.tcl): a datapath-only max
// delay of one clock period from `wr_gray_q` to `wr_gray_meta_q`, from
// `rd_gray_q` to `rd_gray_meta_q` and from the memory to `rd_data_q`.
// Parameters: DataWidth >= 1; AddrWidth 1..16 (depth 2**AddrWidth).
module wn_async_fifo #(
    parameter int DataWidth = 8,
    parameter int AddrWidth = 4,
    parameter bit Commit    = 1'b0
) (
    // write side
    input  logic                 wr_clk_i,
    input  logic                 wr_rst_i,
    input  logic [DataWidth-1:0] wr_data_i,
    input  logic                 wr_commit_i,
    input  logic                 wr_valid_i,
    output logic                 wr_ready_o,
    output logic [AddrWidth:0]   wr_count_o,
    // read side
    input  logic                 rd_clk_i,
    input  logic                 rd_rst_i,
    output logic [DataWidth-1:0] rd_data_o,
    output logic                 rd_valid_o,
    input  logic                 rd_ready_i
);
  localparam int Depth = 1 << AddrWidth;

  generate
    if (DataWidth < 1) begin : g_bad_width
      $fatal(1, "wn_async_fifo: DataWidth must be >= 1");
    end
    if (AddrWidth < 1 || AddrWidth > 16) begin : g_bad_addr
      $fatal(1, "wn_async_fifo: AddrWidth must be 1..16");
    end
  endgenerate

  logic [DataWidth-1:0] mem_q [Depth];

  // ------------------------------------------------------------- write side
  logic [AddrWidth:0] wr_bin_q, wr_bin_d;  // every entry written
  logic [AddrWidth:0] pub_bin_q, pub_bin_d;  // entries the reader may see
  logic [AddrWidth:0] wr_gray_q;  // gray code of pub_bin_q, to the reader
  logic [AddrWidth:0] rd_bin_w;  // the reader's pointer as seen here
  logic               wr_fire;

  (* ASYNC_REG = "TRUE" *) logic [AddrWidth:0] rd_gray_meta_q;
  (* ASYNC_REG = "TRUE" *) logic [AddrWidth:0] rd_gray_sync_q;

  // read side state, declared here because the write side samples rd_gray_q
  logic [AddrWidth:0]   rd_bin_q, rd_bin_d;
  logic [AddrWidth:0]   rd_gray_q;  // gray code of rd_bin_q, to the writer
  logic [DataWidth-1:0] rd_data_q;
  logic                 out_valid_q;
  logic                 empty, load;

  (* ASYNC_REG = "TRUE" *) logic [AddrWidth:0] wr_gray_meta_q;
  (* ASYNC_REG = "TRUE" *) logic [AddrWidth:0] wr_gray_sync_q;

  for (genvar i = 0; i <= AddrWidth; i++) begin : g_rd_bin
    assign rd_bin_w[i] = ^rd_gray_sync_q[AddrWidth:i];
  end

  assign wr_count_o = wr_bin_q - rd_bin_w;
  assign wr_ready_o = !wr_rst_i && (wr_count_o != (AddrWidth + 1)'(Depth));
  assign wr_fire    = wr_valid_i && wr_ready_o;
  assign wr_bin_d   = wr_bin_q + {{AddrWidth{1'b0}}, wr_fire};

  always_comb begin
    pub_bin_d = pub_bin_q;
    if (!Commit || (wr_fire && wr_commit_i)) pub_bin_d = wr_bin_d;
  end

  always_ff @(posedge wr_clk_i) begin
    if (wr_fire) mem_q[wr_bin_q[AddrWidth-1:0]] <= wr_data_i;
  end

  always_ff @(posedge wr_clk_i) begin
    if (wr_rst_i) begin
      wr_bin_q       <= '0;
      pub_bin_q      <= '0;
      wr_gray_q      <= '0;
      rd_gray_meta_q <= '0;
      rd_gray_sync_q <= '0;
    end else begin
      wr_bin_q       <= wr_bin_d;
      pub_bin_q      <= pub_bin_d;
      wr_gray_q      <= pub_bin_d ^ (pub_bin_d >> 1);
      rd_gray_meta_q <= rd_gray_q;
      rd_gray_sync_q <= rd_gray_meta_q;
    end
  end

  // -------------------------------------------------------------- read side
  assign empty    = (rd_gray_q == wr_gray_sync_q);
  assign load     = !rd_rst_i && !empty && (!out_valid_q || rd_ready_i);
  assign rd_bin_d = rd_bin_q + {{AddrWidth{1'b0}}, load};

  always_ff @(posedge rd_clk_i) begin
    if (load) rd_data_q <= mem_q[rd_bin_q[AddrWidth-1:0]];
  end

  always_ff @(posedge rd_clk_i) begin
    if (rd_rst_i) begin
      rd_bin_q       <= '0;
      rd_gray_q      <= '0;
      out_valid_q    <= 1'b0;
      wr_gray_meta_q <= '0;
      wr_gray_sync_q <= '0;
    end else begin
      rd_bin_q       <= rd_bin_d;
      rd_gray_q      <= rd_bin_d ^ (rd_bin_d >> 1);
      wr_gray_meta_q <= wr_gray_q;
      wr_gray_sync_q <= wr_gray_meta_q;
      if (load) out_valid_q <= 1'b1;
      else if (rd_ready_i) out_valid_q <= 1'b0;
    end
  end

  assign rd_data_o  = rd_data_q;
  assign rd_valid_o = out_valid_q;
endmodule
