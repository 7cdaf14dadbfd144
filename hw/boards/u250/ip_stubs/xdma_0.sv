// xdma_0: black-box port list of the AMD/Xilinx DMA/Bridge Subsystem for
// PCI Express (XDMA, PG195) as hw/boards/u250/build.tcl configures it
// (Gen3 x16, 512-bit AXI4-Stream, one H2C and one C2H channel with
// descriptor bypass, status ports, AXI4-Lite master on BAR0, 4 user
// interrupts, MSI-X), for `verilator --lint-only` and Yosys only
// (hw/boards/u250/lint.sh). It stands for the vendor IP and must not be used
// in a real build: Vivado generates xdma_0 from the IP configuration.
//
// Only the ports the board top connects are listed; the IP has more outputs
// (MSI/MSI-X enables, the AXI4-Lite protection bits, h2c tkeep), which the
// board leaves unconnected. Names and widths follow PG195's port tables;
// compare with the generated xdma_0.veo before the first build.
(* blackbox *)
module xdma_0 (
    input  wire         sys_clk,
    input  wire         sys_clk_gt,
    input  wire         sys_rst_n,
    output wire         user_lnk_up,
    output wire [15:0]  pci_exp_txp,
    output wire [15:0]  pci_exp_txn,
    input  wire [15:0]  pci_exp_rxp,
    input  wire [15:0]  pci_exp_rxn,
    output wire         axi_aclk,
    output wire         axi_aresetn,
    input  wire [3:0]   usr_irq_req,
    output wire [3:0]   usr_irq_ack,
    // AXI4-Lite master (BAR0)
    output wire [31:0]  m_axil_awaddr,
    output wire         m_axil_awvalid,
    input  wire         m_axil_awready,
    output wire [31:0]  m_axil_wdata,
    output wire [3:0]   m_axil_wstrb,
    output wire         m_axil_wvalid,
    input  wire         m_axil_wready,
    input  wire         m_axil_bvalid,
    input  wire [1:0]   m_axil_bresp,
    output wire         m_axil_bready,
    output wire [31:0]  m_axil_araddr,
    output wire         m_axil_arvalid,
    input  wire         m_axil_arready,
    input  wire [31:0]  m_axil_rdata,
    input  wire [1:0]   m_axil_rresp,
    input  wire         m_axil_rvalid,
    output wire         m_axil_rready,
    // C2H channel 0 stream
    input  wire [511:0] s_axis_c2h_tdata_0,
    input  wire [63:0]  s_axis_c2h_tkeep_0,
    input  wire         s_axis_c2h_tlast_0,
    input  wire         s_axis_c2h_tvalid_0,
    output wire         s_axis_c2h_tready_0,
    // H2C channel 0 stream
    output wire [511:0] m_axis_h2c_tdata_0,
    output wire         m_axis_h2c_tlast_0,
    output wire         m_axis_h2c_tvalid_0,
    input  wire         m_axis_h2c_tready_0,
    // descriptor bypass
    output wire         c2h_dsc_byp_ready_0,
    input  wire [63:0]  c2h_dsc_byp_src_addr_0,
    input  wire [63:0]  c2h_dsc_byp_dst_addr_0,
    input  wire [27:0]  c2h_dsc_byp_len_0,
    input  wire [15:0]  c2h_dsc_byp_ctl_0,
    input  wire         c2h_dsc_byp_load_0,
    output wire         h2c_dsc_byp_ready_0,
    input  wire [63:0]  h2c_dsc_byp_src_addr_0,
    input  wire [63:0]  h2c_dsc_byp_dst_addr_0,
    input  wire [27:0]  h2c_dsc_byp_len_0,
    input  wire [15:0]  h2c_dsc_byp_ctl_0,
    input  wire         h2c_dsc_byp_load_0,
    // channel status
    output wire [7:0]   c2h_sts_0,
    output wire [7:0]   h2c_sts_0
);
endmodule
