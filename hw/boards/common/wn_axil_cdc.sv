// wn_axil_cdc: carries an AXI4-Lite port (32-bit data) from one clock domain
// to another.
//
// One wn_async_fifo of 4 entries per channel: AW, W and AR forward, B and R
// back. Each channel keeps its own valid/ready handshake, so the protocol
// on the far side is the one the master drives (AW and W independent,
// responses in order). The protection bits are not carried (BAR accesses
// from PCIe carry none that the core uses).
//
// Channel entries:
//   AW, AR: address            (AddrWidth bits)
//   W:      {wstrb, wdata}     (4 + 32 bits)
//   B:      bresp              (2 bits)
//   R:      {rresp, rdata}     (2 + 32 bits)
// Latency: 4 cycles of the receiving clock per channel (see wn_async_fifo);
// a register access from PCIe pays it four times (AW/W, B) or twice (AR, R)
// plus the slave's own latency. Throughput one transfer per cycle.
// Reset: `s_rst_i` and `m_rst_i` from one source (see wn_async_fifo).
// Parameters: AddrWidth 1..64.
module wn_axil_cdc #(
    parameter int AddrWidth = 17
) (
    // slave port (the master's clock)
    input  logic                 s_clk_i,
    input  logic                 s_rst_i,
    input  logic [AddrWidth-1:0] s_axil_awaddr_i,
    input  logic                 s_axil_awvalid_i,
    output logic                 s_axil_awready_o,
    input  logic [31:0]          s_axil_wdata_i,
    input  logic [3:0]           s_axil_wstrb_i,
    input  logic                 s_axil_wvalid_i,
    output logic                 s_axil_wready_o,
    output logic [1:0]           s_axil_bresp_o,
    output logic                 s_axil_bvalid_o,
    input  logic                 s_axil_bready_i,
    input  logic [AddrWidth-1:0] s_axil_araddr_i,
    input  logic                 s_axil_arvalid_i,
    output logic                 s_axil_arready_o,
    output logic [31:0]          s_axil_rdata_o,
    output logic [1:0]           s_axil_rresp_o,
    output logic                 s_axil_rvalid_o,
    input  logic                 s_axil_rready_i,
    // master port (the slave's clock)
    input  logic                 m_clk_i,
    input  logic                 m_rst_i,
    output logic [AddrWidth-1:0] m_axil_awaddr_o,
    output logic                 m_axil_awvalid_o,
    input  logic                 m_axil_awready_i,
    output logic [31:0]          m_axil_wdata_o,
    output logic [3:0]           m_axil_wstrb_o,
    output logic                 m_axil_wvalid_o,
    input  logic                 m_axil_wready_i,
    input  logic [1:0]           m_axil_bresp_i,
    input  logic                 m_axil_bvalid_i,
    output logic                 m_axil_bready_o,
    output logic [AddrWidth-1:0] m_axil_araddr_o,
    output logic                 m_axil_arvalid_o,
    input  logic                 m_axil_arready_i,
    input  logic [31:0]          m_axil_rdata_i,
    input  logic [1:0]           m_axil_rresp_i,
    input  logic                 m_axil_rvalid_i,
    output logic                 m_axil_rready_o
);
  localparam int ChanAw = 2;  // 4 entries per channel

  logic [ChanAw:0] nc_count_aw, nc_count_w, nc_count_b, nc_count_ar, nc_count_r;

  generate
    if (AddrWidth < 1 || AddrWidth > 64) begin : g_bad_addr
      $fatal(1, "wn_axil_cdc: AddrWidth must be 1..64");
    end
  endgenerate

  wn_async_fifo #(
      .DataWidth(AddrWidth),
      .AddrWidth(ChanAw)
  ) u_aw (
      .wr_clk_i   (s_clk_i),
      .wr_rst_i   (s_rst_i),
      .wr_data_i  (s_axil_awaddr_i),
      .wr_commit_i(1'b1),
      .wr_valid_i (s_axil_awvalid_i),
      .wr_ready_o (s_axil_awready_o),
      .wr_count_o (nc_count_aw),
      .rd_clk_i   (m_clk_i),
      .rd_rst_i   (m_rst_i),
      .rd_data_o  (m_axil_awaddr_o),
      .rd_valid_o (m_axil_awvalid_o),
      .rd_ready_i (m_axil_awready_i)
  );

  wn_async_fifo #(
      .DataWidth(36),
      .AddrWidth(ChanAw)
  ) u_w (
      .wr_clk_i   (s_clk_i),
      .wr_rst_i   (s_rst_i),
      .wr_data_i  ({s_axil_wstrb_i, s_axil_wdata_i}),
      .wr_commit_i(1'b1),
      .wr_valid_i (s_axil_wvalid_i),
      .wr_ready_o (s_axil_wready_o),
      .wr_count_o (nc_count_w),
      .rd_clk_i   (m_clk_i),
      .rd_rst_i   (m_rst_i),
      .rd_data_o  ({m_axil_wstrb_o, m_axil_wdata_o}),
      .rd_valid_o (m_axil_wvalid_o),
      .rd_ready_i (m_axil_wready_i)
  );

  wn_async_fifo #(
      .DataWidth(2),
      .AddrWidth(ChanAw)
  ) u_b (
      .wr_clk_i   (m_clk_i),
      .wr_rst_i   (m_rst_i),
      .wr_data_i  (m_axil_bresp_i),
      .wr_commit_i(1'b1),
      .wr_valid_i (m_axil_bvalid_i),
      .wr_ready_o (m_axil_bready_o),
      .wr_count_o (nc_count_b),
      .rd_clk_i   (s_clk_i),
      .rd_rst_i   (s_rst_i),
      .rd_data_o  (s_axil_bresp_o),
      .rd_valid_o (s_axil_bvalid_o),
      .rd_ready_i (s_axil_bready_i)
  );

  wn_async_fifo #(
      .DataWidth(AddrWidth),
      .AddrWidth(ChanAw)
  ) u_ar (
      .wr_clk_i   (s_clk_i),
      .wr_rst_i   (s_rst_i),
      .wr_data_i  (s_axil_araddr_i),
      .wr_commit_i(1'b1),
      .wr_valid_i (s_axil_arvalid_i),
      .wr_ready_o (s_axil_arready_o),
      .wr_count_o (nc_count_ar),
      .rd_clk_i   (m_clk_i),
      .rd_rst_i   (m_rst_i),
      .rd_data_o  (m_axil_araddr_o),
      .rd_valid_o (m_axil_arvalid_o),
      .rd_ready_i (m_axil_arready_i)
  );

  wn_async_fifo #(
      .DataWidth(34),
      .AddrWidth(ChanAw)
  ) u_r (
      .wr_clk_i   (m_clk_i),
      .wr_rst_i   (m_rst_i),
      .wr_data_i  ({m_axil_rresp_i, m_axil_rdata_i}),
      .wr_commit_i(1'b1),
      .wr_valid_i (m_axil_rvalid_i),
      .wr_ready_o (m_axil_rready_o),
      .wr_count_o (nc_count_r),
      .rd_clk_i   (s_clk_i),
      .rd_rst_i   (s_rst_i),
      .rd_data_o  ({s_axil_rresp_o, s_axil_rdata_o}),
      .rd_valid_o (s_axil_rvalid_o),
      .rd_ready_i (s_axil_rready_i)
  );

  logic unused_nc;
  assign unused_nc = ^{nc_count_aw, nc_count_w, nc_count_b, nc_count_ar, nc_count_r};
endmodule
