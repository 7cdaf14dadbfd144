// wn_xdma_rd: the core's DMA read channel on the AMD/Xilinx DMA/Bridge
// Subsystem for PCI Express (XDMA, PG195), H2C channel 0 in AXI4-Stream mode
// with descriptor bypass.
//
// Each core read request becomes one bypass descriptor on
// h2c_dsc_byp_*_0: src_addr = the request's IOVA, len = its length, ctl =
// EOP (bit 4; no Stop, no Completed interrupt), dst_addr unused (0). PG195
// ("DMA H2C Stream") says the channel delivers each descriptor's data
// packed from byte lane 0, tkeep all ones but on the last beat, and with
// EOP set asserts tlast on the descriptor's last beat; descriptors of one
// channel complete in order. That is exactly the core's read response
// (docs/core-ports.md): ceil(len/64) beats, byte 0 in bits 7:0, in request
// order. The adapter only re-attaches the request's tag, from a FIFO of the
// tags of the descriptors loaded, to every beat; tkeep is not needed (the
// core knows the length).
//
// What the XDMA cannot do: report that the host refused a read. A completion
// with an error status makes the H2C engine log Read_error and stop (when
// the driver enabled ie_read_error), so the core's `err` beat is never
// produced here (`s_dma_rd_rsp_err_o` is 0): the reads outstanding at that
// moment never complete and the board must be reset. The simulator's DMA
// model answers such a read with the err beat; a board that needs that
// behaviour needs a DMA engine on the PCIe block's requester interface.
// PG195 also requires, outside this module: the driver sets the H2C
// channel's Run bit before descriptors are accepted, and the IP is built
// with descriptor bypass for H2C channel 0 and AXI4-Stream (see
// hw/boards/README.md).
//
// Clocks: the core side in `clk_i`, the XDMA side in `pcie_clk_i`
// (axi_aclk); requests (tag, len, addr: 88 bits) cross in a 16-entry
// wn_async_fifo, response beats (last, tag, data: 521 bits) in a 32-entry
// one, which carries a beat per cycle both sides.
// Reset: see wn_async_fifo (both sides from one source). The tag FIFO holds
// `MaxOutstanding` tags; a descriptor is loaded only when it has room.
// Parameters: MaxOutstanding a power of two 2..1024.
module wn_xdma_rd #(
    parameter int MaxOutstanding = 128
) (
    // core side
    input  logic         clk_i,
    input  logic         rst_i,
    input  logic [63:0]  s_dma_rd_req_addr_i,
    input  logic [15:0]  s_dma_rd_req_len_i,
    input  logic [7:0]   s_dma_rd_req_tag_i,
    input  logic         s_dma_rd_req_valid_i,
    output logic         s_dma_rd_req_ready_o,
    output logic [511:0] m_dma_rd_rsp_data_o,
    output logic [7:0]   m_dma_rd_rsp_tag_o,
    output logic         m_dma_rd_rsp_err_o,
    output logic         m_dma_rd_rsp_last_o,
    output logic         m_dma_rd_rsp_valid_o,
    input  logic         m_dma_rd_rsp_ready_i,
    // XDMA side
    input  logic         pcie_clk_i,
    input  logic         pcie_rst_i,
    input  logic         h2c_dsc_byp_ready_i,
    output logic         h2c_dsc_byp_load_o,
    output logic [63:0]  h2c_dsc_byp_src_addr_o,
    output logic [63:0]  h2c_dsc_byp_dst_addr_o,
    output logic [27:0]  h2c_dsc_byp_len_o,
    output logic [15:0]  h2c_dsc_byp_ctl_o,
    input  logic [511:0] s_axis_h2c_tdata_i,
    input  logic         s_axis_h2c_tlast_i,
    input  logic         s_axis_h2c_tvalid_i,
    output logic         s_axis_h2c_tready_o
);
  localparam int TagAw = $clog2(MaxOutstanding);
  localparam logic [15:0] CtlEop = 16'h0010;

  generate
    if (MaxOutstanding < 2 || MaxOutstanding > 1024 || (1 << TagAw) != MaxOutstanding)
    begin : g_bad_out
      $fatal(1, "wn_xdma_rd: MaxOutstanding must be a power of two 2..1024");
    end
  endgenerate

  // --------------------------------------------------------------- requests
  logic [87:0] req_rd;
  logic        req_rvalid, req_rready;
  logic [4:0]  nc_req_count;

  wn_async_fifo #(
      .DataWidth(88),
      .AddrWidth(4)
  ) u_req (
      .wr_clk_i   (clk_i),
      .wr_rst_i   (rst_i),
      .wr_data_i  ({s_dma_rd_req_tag_i, s_dma_rd_req_len_i, s_dma_rd_req_addr_i}),
      .wr_commit_i(1'b1),
      .wr_valid_i (s_dma_rd_req_valid_i),
      .wr_ready_o (s_dma_rd_req_ready_o),
      .wr_count_o (nc_req_count),
      .rd_clk_i   (pcie_clk_i),
      .rd_rst_i   (pcie_rst_i),
      .rd_data_o  (req_rd),
      .rd_valid_o (req_rvalid),
      .rd_ready_i (req_rready)
  );

  // tags of the descriptors loaded and not yet answered
  logic [7:0]     tag_head;
  logic           tag_wready, tag_rvalid, tag_pop;
  logic [TagAw:0] nc_tag_count;

  assign req_rready = h2c_dsc_byp_ready_i && tag_wready;
  assign h2c_dsc_byp_load_o = req_rvalid && req_rready;
  assign h2c_dsc_byp_src_addr_o = req_rd[63:0];
  assign h2c_dsc_byp_dst_addr_o = 64'd0;
  assign h2c_dsc_byp_len_o = {12'd0, req_rd[79:64]};
  assign h2c_dsc_byp_ctl_o = CtlEop;

  wn_fifo #(
      .Width(8),
      .Depth(MaxOutstanding)
  ) u_tags (
      .clk_i   (pcie_clk_i),
      .rst_i   (pcie_rst_i),
      .wdata_i (req_rd[87:80]),
      .wvalid_i(h2c_dsc_byp_load_o),
      .wready_o(tag_wready),
      .rdata_o (tag_head),
      .rvalid_o(tag_rvalid),
      .rready_i(tag_pop),
      .count_o (nc_tag_count)
  );

  // -------------------------------------------------------------- responses
  logic       rsp_wready;
  logic [5:0] nc_rsp_count;

  // a beat with no tag waiting cannot happen (its descriptor pushed one);
  // wait for it rather than invent one
  assign s_axis_h2c_tready_o = rsp_wready && tag_rvalid;
  assign tag_pop = s_axis_h2c_tvalid_i && s_axis_h2c_tready_o && s_axis_h2c_tlast_i;

  wn_async_fifo #(
      .DataWidth(521),
      .AddrWidth(5)
  ) u_rsp (
      .wr_clk_i   (pcie_clk_i),
      .wr_rst_i   (pcie_rst_i),
      .wr_data_i  ({s_axis_h2c_tlast_i, tag_head, s_axis_h2c_tdata_i}),
      .wr_commit_i(1'b1),
      .wr_valid_i (s_axis_h2c_tvalid_i && tag_rvalid),
      .wr_ready_o (rsp_wready),
      .wr_count_o (nc_rsp_count),
      .rd_clk_i   (clk_i),
      .rd_rst_i   (rst_i),
      .rd_data_o  ({m_dma_rd_rsp_last_o, m_dma_rd_rsp_tag_o, m_dma_rd_rsp_data_o}),
      .rd_valid_o (m_dma_rd_rsp_valid_o),
      .rd_ready_i (m_dma_rd_rsp_ready_i)
  );

  assign m_dma_rd_rsp_err_o = 1'b0;

  logic unused_nc;
  assign unused_nc = ^{nc_req_count, nc_tag_count, nc_rsp_count};
endmodule
