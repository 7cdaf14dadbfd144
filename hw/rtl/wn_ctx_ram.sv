// wn_ctx_ram: a table of per-entry context records (one per QP, CQ or
// connection) in block RAM, with registered reads that always show an
// entry's latest value, for read-modify-write pipelines.
//
// Write port: we_i writes wdata_i to entry waddr_i at the clock edge.
//
// Read ports: NumRd of them, port r at rd_i[r], raddr_i[r*AW +: AW],
// rdata_o[r*Width +: Width]. A read in cycle t shows the entry in rdata_o
// from cycle t+1 on, and the port keeps showing that entry until its next
// read. What it shows is the entry's latest value:
//   - a write to the entry in the read's own cycle is forwarded (the read
//     returns the written record, not the one before it);
//   - a write to the entry while the port shows it updates rdata_o the
//     next cycle.
// So a unit that reads an entry, computes in the next cycle and writes the
// result back while reading the next entry sees its own write when the next
// entry is the same one: back-to-back read-modify-writes of one entry need
// no stall.
//
// Each read port reads its own copy of the memory (every write goes to
// every copy): a simple dual-port block RAM per port, with the RAM's output
// register as the read register. The forwarding is one compare of the
// addresses and a 2:1 multiplexer after the registers.
//
// Reset: a port's rdata_o has no meaning until its first read. The memory
// is not cleared (records are written before they are read: a QP's set-up
// writes its record).
// Parameters: Depth a power of two 2..65536; Width >= 1; NumRd 1..4.
module wn_ctx_ram #(
    parameter int Depth = 1024,
    parameter int Width = 64,
    parameter int NumRd = 1,
    localparam int AW = $clog2(Depth)
) (
    input  logic                   clk_i,
    input  logic                   rst_i,
    input  logic                   we_i,
    input  logic [AW-1:0]          waddr_i,
    input  logic [Width-1:0]       wdata_i,
    input  logic [NumRd-1:0]       rd_i,
    input  logic [NumRd*AW-1:0]    raddr_i,
    output logic [NumRd*Width-1:0] rdata_o
);
  generate
    if (Depth < 2 || Depth > 65536 || (1 << AW) != Depth) begin : g_bad_depth
      $fatal(1, "wn_ctx_ram: Depth must be a power of two in 2..65536");
    end
    if (Width < 1 || NumRd < 1 || NumRd > 4) begin : g_bad_w
      $fatal(1, "wn_ctx_ram: Width must be at least 1 and NumRd in 1..4");
    end
  endgenerate

  generate
    for (genvar r = 0; r < NumRd; r++) begin : g_port
      logic [AW-1:0] ra;
      assign ra = raddr_i[r*AW +: AW];

      // this port's copy: registered read, read-first
      (* ram_style = "block" *)
      logic [Width-1:0] mem [Depth];
      logic [Width-1:0] ram_q;
      always_ff @(posedge clk_i) begin
        if (we_i) mem[waddr_i] <= wdata_i;
        if (rd_i[r]) ram_q <= mem[ra];
      end

      // which entry the port shows, and whether a write replaced the
      // RAM's word since the read
      logic [AW-1:0]    idx_q;
      logic             shown_q;      // the port has read an entry
      logic             fwd_q;
      logic [Width-1:0] fwd_data_q;
      logic             hit_rd, hit_held;
      assign hit_rd = we_i && waddr_i == ra;
      assign hit_held = we_i && shown_q && waddr_i == idx_q;
      always_ff @(posedge clk_i) begin
        if (rst_i) begin
          shown_q <= 1'b0;
          fwd_q <= 1'b0;
        end else if (rd_i[r]) begin
          shown_q <= 1'b1;
          fwd_q <= hit_rd;
          if (hit_rd) fwd_data_q <= wdata_i;
        end else if (hit_held) begin
          fwd_q <= 1'b1;
          fwd_data_q <= wdata_i;
        end
      end
      always_ff @(posedge clk_i) begin
        if (rd_i[r]) idx_q <= ra;
      end
      assign rdata_o[r*Width +: Width] = fwd_q ? fwd_data_q : ram_q;
    end
  endgenerate
endmodule
