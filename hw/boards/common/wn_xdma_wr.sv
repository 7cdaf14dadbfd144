// wn_xdma_wr: the core's DMA write channel on the AMD/Xilinx XDMA (PG195),
// C2H channel 0 in AXI4-Stream mode with descriptor bypass.
//
// Each core write (address and length held on every beat, ceil(len/64)
// beats, docs/core-ports.md) becomes one bypass descriptor on
// c2h_dsc_byp_*_0 and one packet on the C2H stream:
//   descriptor: dst_addr = the IOVA; len = the length rounded up to 64
//     bytes (PG195 "Length Granularity": each C2H descriptor must be sized
//     as a multiple of 64 bytes, the transfer itself may be any length);
//     ctl = 0 (no Stop, no Completed interrupt); src_addr = 0.
//   data: the core's beats, tkeep all ones but on the last beat, where it
//     covers len mod 64 bytes (all ones when that is 0), tlast on the last
//     beat. PG195 ("DMA C2H Stream"): the channel fills descriptors in
//     order and an end of packet closes the current descriptor, so exactly
//     len bytes land at the IOVA.
// The done report comes from the channel status port: c2h_sts_0[3]
// ("Descriptor Done event", one pulse per completed descriptor, PG195
// "Channel 0-3 Status Ports"). Descriptors complete in order, so a FIFO of
// the tags of the descriptors loaded gives each pulse its tag.
//
// What the XDMA cannot do: tell that a posted write was refused (an IOMMU
// fault on a write is not reported back to the device), so `err` is always
// 0. A done report means the C2H engine has issued the write, which is what
// the core's ordering needs (PCIe keeps posted writes in order).
// Outside this module, PG195 requires: the driver sets the C2H channel's Run
// bit, and sets bit 27 of the C2H Channel Control register ("disable the
// metadata writeback for C2H AXI4-Stream"), else the engine would write a
// writeback record for every descriptor to its src_addr (0 here).
//
// Clocks: the core side in `clk_i`, the XDMA side in `pcie_clk_i`.
// Descriptors (tag, len, addr: 88 bits) cross in a 16-entry wn_async_fifo,
// beats (last, keep, data: 577 bits) in a 32-entry one, done tags back in a
// 64-entry one. The core takes a done report in the cycle it is presented
// (no backpressure), so a descriptor is loaded only when the done FIFO has
// room for the reports of every descriptor in flight, itself included.
// Reset: see wn_async_fifo. Parameters: none.
module wn_xdma_wr (
    // core side
    input  logic         clk_i,
    input  logic         rst_i,
    input  logic [63:0]  s_dma_wr_addr_i,
    input  logic [15:0]  s_dma_wr_len_i,
    input  logic [7:0]   s_dma_wr_tag_i,
    input  logic [511:0] s_dma_wr_data_i,
    input  logic         s_dma_wr_last_i,
    input  logic         s_dma_wr_valid_i,
    output logic         s_dma_wr_ready_o,
    output logic [7:0]   m_dma_wr_done_tag_o,
    output logic         m_dma_wr_done_err_o,
    output logic         m_dma_wr_done_valid_o,
    // XDMA side
    input  logic         pcie_clk_i,
    input  logic         pcie_rst_i,
    input  logic         c2h_dsc_byp_ready_i,
    output logic         c2h_dsc_byp_load_o,
    output logic [63:0]  c2h_dsc_byp_src_addr_o,
    output logic [63:0]  c2h_dsc_byp_dst_addr_o,
    output logic [27:0]  c2h_dsc_byp_len_o,
    output logic [15:0]  c2h_dsc_byp_ctl_o,
    output logic [511:0] m_axis_c2h_tdata_o,
    output logic [63:0]  m_axis_c2h_tkeep_o,
    output logic         m_axis_c2h_tlast_o,
    output logic         m_axis_c2h_tvalid_o,
    input  logic         m_axis_c2h_tready_i,
    input  logic [7:0]   c2h_sts_i,
    output logic         done_orphan_o  // sticky: a done pulse with no descriptor in flight
);
  localparam int DoneAw = 6;
  localparam int DoneDepth = 1 << DoneAw;

  // ------------------------------------------------------------- core side
  logic        first_q;  // the next beat starts a write
  logic        desc_wready, data_wready, fire;
  logic [63:0] keep;
  logic [4:0]  nc_desc_count;
  logic [5:0]  nc_data_count;

  assign s_dma_wr_ready_o = data_wready && (!first_q || desc_wready);
  assign fire = s_dma_wr_valid_i && s_dma_wr_ready_o;

  always_comb begin
    keep = '1;
    if (s_dma_wr_last_i && s_dma_wr_len_i[5:0] != 6'd0) begin
      keep = (64'd1 << s_dma_wr_len_i[5:0]) - 64'd1;
    end
  end

  always_ff @(posedge clk_i) begin
    if (rst_i) first_q <= 1'b1;
    else if (fire) first_q <= s_dma_wr_last_i;
  end

  logic [87:0] desc_rd;
  logic        desc_rvalid, desc_rready;

  wn_async_fifo #(
      .DataWidth(88),
      .AddrWidth(4)
  ) u_desc (
      .wr_clk_i   (clk_i),
      .wr_rst_i   (rst_i),
      .wr_data_i  ({s_dma_wr_tag_i, s_dma_wr_len_i, s_dma_wr_addr_i}),
      .wr_commit_i(1'b1),
      .wr_valid_i (s_dma_wr_valid_i && data_wready && first_q),
      .wr_ready_o (desc_wready),
      .wr_count_o (nc_desc_count),
      .rd_clk_i   (pcie_clk_i),
      .rd_rst_i   (pcie_rst_i),
      .rd_data_o  (desc_rd),
      .rd_valid_o (desc_rvalid),
      .rd_ready_i (desc_rready)
  );

  wn_async_fifo #(
      .DataWidth(577),
      .AddrWidth(5)
  ) u_data (
      .wr_clk_i   (clk_i),
      .wr_rst_i   (rst_i),
      .wr_data_i  ({s_dma_wr_last_i, keep, s_dma_wr_data_i}),
      .wr_commit_i(1'b1),
      .wr_valid_i (s_dma_wr_valid_i && (!first_q || desc_wready)),
      .wr_ready_o (data_wready),
      .wr_count_o (nc_data_count),
      .rd_clk_i   (pcie_clk_i),
      .rd_rst_i   (pcie_rst_i),
      .rd_data_o  ({m_axis_c2h_tlast_o, m_axis_c2h_tkeep_o, m_axis_c2h_tdata_o}),
      .rd_valid_o (m_axis_c2h_tvalid_o),
      .rd_ready_i (m_axis_c2h_tready_i)
  );

  // ------------------------------------------------------------- XDMA side
  logic [7:0]        tag_head;
  logic              tag_wready, tag_rvalid, done_pulse, done_push, done_room;
  logic [DoneAw:0]   tag_count;
  logic [DoneAw:0]   done_count;
  logic [16:0]       len_rounded;
  logic              orphan_q;

  // descriptors in flight (tag_count) plus reports not yet taken by the core
  // (done_count, as seen from here) must fit in the done FIFO
  assign done_room = ({1'b0, tag_count} + {1'b0, done_count}) < (DoneAw + 2)'(DoneDepth);
  assign desc_rready = c2h_dsc_byp_ready_i && tag_wready && done_room;
  assign c2h_dsc_byp_load_o = desc_rvalid && desc_rready;
  assign len_rounded = {1'b0, desc_rd[79:64]} + 17'd63;
  assign c2h_dsc_byp_len_o = {11'd0, len_rounded[16:6], 6'd0};
  assign c2h_dsc_byp_dst_addr_o = desc_rd[63:0];
  assign c2h_dsc_byp_src_addr_o = 64'd0;
  assign c2h_dsc_byp_ctl_o = 16'd0;

  wn_fifo #(
      .Width(8),
      .Depth(DoneDepth)
  ) u_tags (
      .clk_i   (pcie_clk_i),
      .rst_i   (pcie_rst_i),
      .wdata_i (desc_rd[87:80]),
      .wvalid_i(c2h_dsc_byp_load_o),
      .wready_o(tag_wready),
      .rdata_o (tag_head),
      .rvalid_o(tag_rvalid),
      .rready_i(done_push),
      .count_o (tag_count)
  );

  assign done_pulse = c2h_sts_i[3];
  assign done_push = done_pulse && tag_rvalid;

  always_ff @(posedge pcie_clk_i) begin
    if (pcie_rst_i) orphan_q <= 1'b0;
    else if (done_pulse && !tag_rvalid) orphan_q <= 1'b1;
  end

  assign done_orphan_o = orphan_q;

  logic nc_done_wready;

  wn_async_fifo #(
      .DataWidth(8),
      .AddrWidth(DoneAw)
  ) u_done (
      .wr_clk_i   (pcie_clk_i),
      .wr_rst_i   (pcie_rst_i),
      .wr_data_i  (tag_head),
      .wr_commit_i(1'b1),
      .wr_valid_i (done_push),
      .wr_ready_o (nc_done_wready),
      .wr_count_o (done_count),
      .rd_clk_i   (clk_i),
      .rd_rst_i   (rst_i),
      .rd_data_o  (m_dma_wr_done_tag_o),
      .rd_valid_o (m_dma_wr_done_valid_o),
      .rd_ready_i (1'b1)
  );

  assign m_dma_wr_done_err_o = 1'b0;

  logic unused_nc;
  assign unused_nc = ^{nc_desc_count, nc_data_count, nc_done_wready, len_rounded[5:0],
                       c2h_sts_i[7:4], c2h_sts_i[2:0]};
endmodule
