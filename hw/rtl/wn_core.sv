// wn_core: warpnic core top level (port list; see docs/core-ports.md).
module wn_core #(
    parameter int NumSq    = 4,
    parameter int NumRq    = 4,
    parameter int NumCq    = 8,
    parameter int NumEq    = 4,
    parameter int ClockMhz = 250
) (
    input  logic               clk_i,
    input  logic               rst_i,
    // BAR0
    input  logic [15:0]        s_axil_awaddr_i,
    input  logic               s_axil_awvalid_i,
    output logic               s_axil_awready_o,
    input  logic [31:0]        s_axil_wdata_i,
    input  logic [3:0]         s_axil_wstrb_i,
    input  logic               s_axil_wvalid_i,
    output logic               s_axil_wready_o,
    output logic [1:0]         s_axil_bresp_o,
    output logic               s_axil_bvalid_o,
    input  logic               s_axil_bready_i,
    input  logic [15:0]        s_axil_araddr_i,
    input  logic               s_axil_arvalid_i,
    output logic               s_axil_arready_o,
    output logic [31:0]        s_axil_rdata_o,
    output logic [1:0]         s_axil_rresp_o,
    output logic               s_axil_rvalid_o,
    input  logic               s_axil_rready_i,
    // DMA read
    output logic [63:0]        m_dma_rd_req_addr_o,
    output logic [15:0]        m_dma_rd_req_len_o,
    output logic [7:0]         m_dma_rd_req_tag_o,
    output logic               m_dma_rd_req_valid_o,
    input  logic               m_dma_rd_req_ready_i,
    input  logic [511:0]       s_dma_rd_rsp_data_i,
    input  logic [7:0]         s_dma_rd_rsp_tag_i,
    input  logic               s_dma_rd_rsp_err_i,
    input  logic               s_dma_rd_rsp_last_i,
    input  logic               s_dma_rd_rsp_valid_i,
    output logic               s_dma_rd_rsp_ready_o,
    // DMA write
    output logic [63:0]        m_dma_wr_addr_o,
    output logic [15:0]        m_dma_wr_len_o,
    output logic [7:0]         m_dma_wr_tag_o,
    output logic [511:0]       m_dma_wr_data_o,
    output logic               m_dma_wr_last_o,
    output logic               m_dma_wr_valid_o,
    input  logic               m_dma_wr_ready_i,
    input  logic [7:0]         s_dma_wr_done_tag_i,
    input  logic               s_dma_wr_done_err_i,
    input  logic               s_dma_wr_done_valid_i,
    // Ethernet TX
    output logic [511:0]       m_axis_tx_tdata_o,
    output logic [63:0]        m_axis_tx_tkeep_o,
    output logic               m_axis_tx_tlast_o,
    output logic               m_axis_tx_tuser_o,
    output logic               m_axis_tx_tvalid_o,
    input  logic               m_axis_tx_tready_i,
    // Ethernet RX
    input  logic [511:0]       s_axis_rx_tdata_i,
    input  logic [63:0]        s_axis_rx_tkeep_i,
    input  logic               s_axis_rx_tlast_i,
    input  logic               s_axis_rx_tuser_i,
    input  logic               s_axis_rx_tvalid_i,
    // Interrupts
    output logic [NumEq-1:0]   irq_o,
    // Firmware port
    output logic [31:0]        m_axis_fw_tdata_o,
    output logic               m_axis_fw_tlast_o,
    output logic               m_axis_fw_tvalid_o,
    input  logic               m_axis_fw_tready_i,
    input  logic [31:0]        s_axis_fw_tdata_i,
    input  logic               s_axis_fw_tlast_i,
    input  logic               s_axis_fw_tvalid_i,
    output logic               s_axis_fw_tready_o,
    input  logic               fw_reg_en_i,
    input  logic               fw_reg_we_i,
    input  logic [7:0]         fw_reg_addr_i,
    input  logic [31:0]        fw_reg_wdata_i,
    output logic [31:0]        fw_reg_rdata_o
);
  // Placeholder body: replaced by the real core.
  assign s_axil_awready_o = 1'b0;
  assign s_axil_wready_o = 1'b0;
  assign s_axil_bresp_o = 2'd0;
  assign s_axil_bvalid_o = 1'b0;
  assign s_axil_arready_o = 1'b0;
  assign s_axil_rdata_o = 32'd0;
  assign s_axil_rresp_o = 2'd0;
  assign s_axil_rvalid_o = 1'b0;
  assign m_dma_rd_req_addr_o = 64'd0;
  assign m_dma_rd_req_len_o = 16'd0;
  assign m_dma_rd_req_tag_o = 8'd0;
  assign m_dma_rd_req_valid_o = 1'b0;
  assign s_dma_rd_rsp_ready_o = 1'b1;
  assign m_dma_wr_addr_o = 64'd0;
  assign m_dma_wr_len_o = 16'd0;
  assign m_dma_wr_tag_o = 8'd0;
  assign m_dma_wr_data_o = 512'd0;
  assign m_dma_wr_last_o = 1'b0;
  assign m_dma_wr_valid_o = 1'b0;
  assign m_axis_tx_tdata_o = 512'd0;
  assign m_axis_tx_tkeep_o = 64'd0;
  assign m_axis_tx_tlast_o = 1'b0;
  assign m_axis_tx_tuser_o = 1'b0;
  assign m_axis_tx_tvalid_o = 1'b0;
  assign irq_o = '0;
  assign m_axis_fw_tdata_o = 32'd0;
  assign m_axis_fw_tlast_o = 1'b0;
  assign m_axis_fw_tvalid_o = 1'b0;
  assign s_axis_fw_tready_o = 1'b1;
  assign fw_reg_rdata_o = 32'd0;
endmodule
