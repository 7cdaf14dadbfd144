// wn_board_u250: warpnic on the AMD/Xilinx Alveo U250
// (xcu250-figd2104-2L-e): wn_core behind the XDMA PCIe Gen3 x16 subsystem
// (xdma_0) and the CMAC 100G Ethernet subsystem (cmac_usplus_0) on QSFP28
// port 0. hw/boards/README.md has the IP configuration, the build and what
// is not verified on hardware; constraints/u250/ has the pins and timing.
//
// Clock domains (four, unrelated):
//   core  250 MHz  MMCM from the 300 MHz SYSCLK1 (Si5335 via SI53340);
//                  wn_core, the BAR0 split, the board window
//   pcie  250 MHz  XDMA axi_aclk (from the PCIe reference clock)
//   mac   322 MHz  CMAC gt_txusrclk2; the CMAC's receive AXI4-Stream is
//                  clocked by it too (rx_clk tied to it)
//   init  100 MHz  MMCM; CMAC init_clk and DRP clock
// Crossings (all in hw/boards/common):
//   pcie -> core  BAR0 AXI4-Lite (wn_axil_cdc), DMA read responses and
//                 write done reports (wn_xdma_rd, wn_xdma_wr)
//   core -> pcie  DMA read requests, write descriptors and data, interrupt
//                 requests (wn_xdma_irq)
//   core -> mac   transmit frames, store and forward (wn_mac_tx)
//   mac  -> core  received frames (wn_mac_rx)
//   any  -> core  status levels (wn_sync), for the board window
//
// BAR0 (XDMA AXI4-Lite master, 128 KiB, AXI address = BAR offset):
//   0x0_0000-0x0_FFFF  wn_core's registers (docs/abi.md)
//   0x1_0000-0x1_FFFF  the board window (wn_board_regs): ID 0x0250_0001,
//                      STATUS, CONTROL, and the core's firmware port
// The firmware port is not tied to a soft core on this board: it is reached
// through the board window, so the control plane (warpnic-fw, which also
// builds for the host) runs on the host for now.
// STATUS bits: 0 PCIe link up, 1 Ethernet RX aligned, 2 CMAC TX path in
// reset, 3 CMAC RX path in reset, 4 RX overflow (sticky), 5 TX frame dropped
// with the link down (sticky), 6 CMAC TX underflow (sticky), 7 a C2H done
// pulse with no descriptor in flight (sticky), 8 QSFP module present,
// 9 QSFP interrupt, 19:16 H2C channel {run, stopped, completed, busy},
// 23:20 C2H channel {run, stopped, completed, busy} (XDMA status ports).
// CONTROL bits: 0 hold the QSFP module in reset, 1 QSFP low-power mode.
// LEDs (assumed active high): 0 core clock heartbeat, 1 PCIe link up,
// 2 Ethernet RX aligned.
//
// DMA: the core's read channel maps onto the XDMA H2C channel 0 and its
// write channel onto C2H channel 0, both AXI4-Stream with descriptor bypass,
// one descriptor per request; wn_xdma_rd and wn_xdma_wr say exactly which
// signals and what the XDMA cannot report (a refused read or write: the
// core's `err` inputs are always 0 on this board). Interrupts: irq_o bit n
// drives XDMA user interrupt n, which the host maps to MSI-X vector n.
// Ethernet: the CMAC inserts the FCS on transmit (tuser on the last beat
// makes it send the frame with a bad FCS) and checks and strips it on
// receive (tuser on the last beat for a bad FCS): the IP's defaults, see
// hw/boards/README.md.
//
// Reset: one board reset (MMCM not locked, or the XDMA user reset, which
// follows PERST# and the link) enters every domain through wn_reset_sync.
// The core-side halves of the PCIe and MAC crossings stay in reset until the
// far side's reset has been seen in the core clock (`*_far_rst`), so neither
// half of a crossing runs while the other may hold stale pointers. The CMAC
// itself is reset only while the MMCM is unlocked.
// Parameters: the queue counts of wn_core; NumEq must match the XDMA's user
// interrupt count (4 in build.tcl).
module wn_board_u250 #(
    parameter int NumSq = 4,
    parameter int NumRq = 4,
    parameter int NumCq = 8,
    parameter int NumEq = 4
) (
    input  logic        sysclk1_300_p_i,
    input  logic        sysclk1_300_n_i,
    input  logic        pcie_refclk_p_i,
    input  logic        pcie_refclk_n_i,
    input  logic        pcie_perst_n_i,
    input  logic [15:0] pcie_rx_p_i,
    input  logic [15:0] pcie_rx_n_i,
    output logic [15:0] pcie_tx_p_o,
    output logic [15:0] pcie_tx_n_o,
    input  logic        qsfp0_refclk_p_i,
    input  logic        qsfp0_refclk_n_i,
    input  logic [3:0]  qsfp0_rx_p_i,
    input  logic [3:0]  qsfp0_rx_n_i,
    output logic [3:0]  qsfp0_tx_p_o,
    output logic [3:0]  qsfp0_tx_n_o,
    output logic        qsfp0_resetl_o,
    output logic        qsfp0_modsell_o,
    output logic        qsfp0_lpmode_o,
    input  logic        qsfp0_modprsl_i,
    input  logic        qsfp0_intl_i,
    output logic [1:0]  qsfp0_fs_o,
    output logic        qsfp0_refclk_reset_o,
    output logic [2:0]  led_o
);
  localparam int XdmaUsrIrq = 4;  // xdma_num_usr_irq in build.tcl
  localparam logic [31:0] BoardId = 32'h0250_0001;  // U250, window version 1

  generate
    if (NumEq != XdmaUsrIrq) begin : g_bad_irq
      $fatal(1, "wn_board_u250: NumEq must equal the XDMA's user interrupt count");
    end
  endgenerate

  // ----------------------------------------------------------------- clocks
  logic sysclk_ibuf, mmcm_fb, clk_250_mmcm, clk_100_mmcm, mmcm_locked;
  logic core_clk, init_clk, pcie_clk, mac_clk;
  logic pcie_refclk_gt, pcie_refclk_div2;

  IBUFDS u_sysclk_ibuf (
      .I (sysclk1_300_p_i),
      .IB(sysclk1_300_n_i),
      .O (sysclk_ibuf)
  );

  // 300 MHz x 5 = 1500 MHz VCO; /6 = 250 MHz core, /15 = 100 MHz init
  MMCME4_BASE #(
      .CLKIN1_PERIOD   (3.333),
      .DIVCLK_DIVIDE   (1),
      .CLKFBOUT_MULT_F (5.000),
      .CLKOUT0_DIVIDE_F(6.000),
      .CLKOUT1_DIVIDE  (15)
  ) u_mmcm (
      .CLKIN1  (sysclk_ibuf),
      .CLKFBIN (mmcm_fb),
      .RST     (1'b0),
      .PWRDWN  (1'b0),
      .CLKFBOUT(mmcm_fb),
      .CLKOUT0 (clk_250_mmcm),
      .CLKOUT1 (clk_100_mmcm),
      .LOCKED  (mmcm_locked)
  );

  BUFG u_core_bufg (
      .I(clk_250_mmcm),
      .O(core_clk)
  );

  BUFG u_init_bufg (
      .I(clk_100_mmcm),
      .O(init_clk)
  );

  // the PCIe reference clock: O to the GT, ODIV2 (undivided) to the IP
  IBUFDS_GTE4 #(
      .REFCLK_HROW_CK_SEL(2'b00)
  ) u_pcie_refclk (
      .I    (pcie_refclk_p_i),
      .IB   (pcie_refclk_n_i),
      .CEB  (1'b0),
      .O    (pcie_refclk_gt),
      .ODIV2(pcie_refclk_div2)
  );

  // ----------------------------------------------------------------- resets
  logic pcie_user_rstn, board_arst;
  logic core_rst, pcie_rst, mac_rst, init_rst;
  logic pcie_far_rst, mac_far_rst;  // the far domain's reset, seen in core_clk
  logic core_xrst_pcie, core_xrst_mac;  // core halves of the crossings

  assign board_arst = !mmcm_locked || !pcie_user_rstn;

  wn_reset_sync u_rst_core (
      .clk_i (core_clk),
      .arst_i(board_arst),
      .rst_o (core_rst)
  );

  wn_reset_sync u_rst_pcie (
      .clk_i (pcie_clk),
      .arst_i(board_arst),
      .rst_o (pcie_rst)
  );

  wn_reset_sync u_rst_mac (
      .clk_i (mac_clk),
      .arst_i(board_arst),
      .rst_o (mac_rst)
  );

  wn_reset_sync u_rst_init (
      .clk_i (init_clk),
      .arst_i(!mmcm_locked),
      .rst_o (init_rst)
  );

  wn_sync #(
      .Width     (2),
      .ResetValue(2'b11)
  ) u_far_rst (
      .clk_i(core_clk),
      .rst_i(core_rst),
      .d_i  ({mac_rst, pcie_rst}),
      .q_o  ({mac_far_rst, pcie_far_rst})
  );

  assign core_xrst_pcie = core_rst || pcie_far_rst;
  assign core_xrst_mac  = core_rst || mac_far_rst;

  // ------------------------------------------------------------------- XDMA
  logic                 pcie_link_up;
  logic [XdmaUsrIrq-1:0] usr_irq_req, usr_irq_ack;
  logic [31:0]          xdma_awaddr, xdma_wdata, xdma_araddr, xdma_rdata;
  logic [3:0]           xdma_wstrb;
  logic [1:0]           xdma_bresp, xdma_rresp;
  logic                 xdma_awvalid, xdma_awready, xdma_wvalid, xdma_wready;
  logic                 xdma_bvalid, xdma_bready, xdma_arvalid, xdma_arready;
  logic                 xdma_rvalid, xdma_rready;
  logic [511:0]         c2h_tdata, h2c_tdata;
  logic [63:0]          c2h_tkeep;
  logic                 c2h_tlast, c2h_tvalid, c2h_tready;
  logic                 h2c_tlast, h2c_tvalid, h2c_tready;
  logic                 c2h_byp_ready, c2h_byp_load, h2c_byp_ready, h2c_byp_load;
  logic [63:0]          c2h_byp_src, c2h_byp_dst, h2c_byp_src, h2c_byp_dst;
  logic [27:0]          c2h_byp_len, h2c_byp_len;
  logic [15:0]          c2h_byp_ctl, h2c_byp_ctl;
  logic [7:0]           c2h_sts, h2c_sts;

  xdma_0 u_xdma (
      .sys_clk               (pcie_refclk_div2),
      .sys_clk_gt            (pcie_refclk_gt),
      .sys_rst_n             (pcie_perst_n_i),
      .user_lnk_up           (pcie_link_up),
      .pci_exp_txp           (pcie_tx_p_o),
      .pci_exp_txn           (pcie_tx_n_o),
      .pci_exp_rxp           (pcie_rx_p_i),
      .pci_exp_rxn           (pcie_rx_n_i),
      .axi_aclk              (pcie_clk),
      .axi_aresetn           (pcie_user_rstn),
      .usr_irq_req           (usr_irq_req),
      .usr_irq_ack           (usr_irq_ack),
      .m_axil_awaddr         (xdma_awaddr),
      .m_axil_awvalid        (xdma_awvalid),
      .m_axil_awready        (xdma_awready),
      .m_axil_wdata          (xdma_wdata),
      .m_axil_wstrb          (xdma_wstrb),
      .m_axil_wvalid         (xdma_wvalid),
      .m_axil_wready         (xdma_wready),
      .m_axil_bvalid         (xdma_bvalid),
      .m_axil_bresp          (xdma_bresp),
      .m_axil_bready         (xdma_bready),
      .m_axil_araddr         (xdma_araddr),
      .m_axil_arvalid        (xdma_arvalid),
      .m_axil_arready        (xdma_arready),
      .m_axil_rdata          (xdma_rdata),
      .m_axil_rresp          (xdma_rresp),
      .m_axil_rvalid         (xdma_rvalid),
      .m_axil_rready         (xdma_rready),
      .s_axis_c2h_tdata_0    (c2h_tdata),
      .s_axis_c2h_tkeep_0    (c2h_tkeep),
      .s_axis_c2h_tlast_0    (c2h_tlast),
      .s_axis_c2h_tvalid_0   (c2h_tvalid),
      .s_axis_c2h_tready_0   (c2h_tready),
      .m_axis_h2c_tdata_0    (h2c_tdata),
      .m_axis_h2c_tlast_0    (h2c_tlast),
      .m_axis_h2c_tvalid_0   (h2c_tvalid),
      .m_axis_h2c_tready_0   (h2c_tready),
      .c2h_dsc_byp_ready_0   (c2h_byp_ready),
      .c2h_dsc_byp_src_addr_0(c2h_byp_src),
      .c2h_dsc_byp_dst_addr_0(c2h_byp_dst),
      .c2h_dsc_byp_len_0     (c2h_byp_len),
      .c2h_dsc_byp_ctl_0     (c2h_byp_ctl),
      .c2h_dsc_byp_load_0    (c2h_byp_load),
      .h2c_dsc_byp_ready_0   (h2c_byp_ready),
      .h2c_dsc_byp_src_addr_0(h2c_byp_src),
      .h2c_dsc_byp_dst_addr_0(h2c_byp_dst),
      .h2c_dsc_byp_len_0     (h2c_byp_len),
      .h2c_dsc_byp_ctl_0     (h2c_byp_ctl),
      .h2c_dsc_byp_load_0    (h2c_byp_load),
      .c2h_sts_0             (c2h_sts),
      .h2c_sts_0             (h2c_sts)
  );

  // ------------------------------------------------------------------- CMAC
  logic         mac_usr_tx_rst, mac_usr_rx_rst, mac_aligned_raw, mac_unf_raw;
  logic         mac_aligned, mac_tx_in_rst, mac_rx_in_rst, mac_link_up;
  logic         mac_unf_q;
  logic [511:0] mac_tx_tdata, mac_rx_tdata;
  logic [63:0]  mac_tx_tkeep, mac_rx_tkeep;
  logic         mac_tx_tlast, mac_tx_tuser, mac_tx_tvalid, mac_tx_tready;
  logic         mac_rx_tlast, mac_rx_tuser, mac_rx_tvalid;

  cmac_usplus_0 u_cmac (
      .gt_rxp_in                           (qsfp0_rx_p_i),
      .gt_rxn_in                           (qsfp0_rx_n_i),
      .gt_txp_out                          (qsfp0_tx_p_o),
      .gt_txn_out                          (qsfp0_tx_n_o),
      .gt_ref_clk_p                        (qsfp0_refclk_p_i),
      .gt_ref_clk_n                        (qsfp0_refclk_n_i),
      .init_clk                            (init_clk),
      .sys_reset                           (init_rst),
      .gt_txusrclk2                        (mac_clk),
      .gt_loopback_in                      (12'd0),
      .gtwiz_reset_tx_datapath             (1'b0),
      .gtwiz_reset_rx_datapath             (1'b0),
      .ctl_tx_rsfec_enable                 (1'b1),
      .ctl_rx_rsfec_enable                 (1'b1),
      .ctl_rsfec_ieee_error_indication_mode(1'b0),
      .ctl_rx_rsfec_enable_correction      (1'b1),
      .ctl_rx_rsfec_enable_indication      (1'b1),
      .rx_clk                              (mac_clk),
      .core_rx_reset                       (1'b0),
      .ctl_rx_enable                       (1'b1),
      .ctl_rx_force_resync                 (1'b0),
      .ctl_rx_test_pattern                 (1'b0),
      .usr_rx_reset                        (mac_usr_rx_rst),
      .rx_axis_tvalid                      (mac_rx_tvalid),
      .rx_axis_tdata                       (mac_rx_tdata),
      .rx_axis_tlast                       (mac_rx_tlast),
      .rx_axis_tkeep                       (mac_rx_tkeep),
      .rx_axis_tuser                       (mac_rx_tuser),
      .stat_rx_aligned                     (mac_aligned_raw),
      .core_tx_reset                       (1'b0),
      .ctl_tx_enable                       (mac_aligned),
      .ctl_tx_send_idle                    (1'b0),
      .ctl_tx_send_rfi                     (!mac_aligned),
      .ctl_tx_send_lfi                     (1'b0),
      .ctl_tx_test_pattern                 (1'b0),
      .tx_preamblein                       (56'd0),
      .usr_tx_reset                        (mac_usr_tx_rst),
      .tx_axis_tready                      (mac_tx_tready),
      .tx_axis_tvalid                      (mac_tx_tvalid),
      .tx_axis_tdata                       (mac_tx_tdata),
      .tx_axis_tlast                       (mac_tx_tlast),
      .tx_axis_tkeep                       (mac_tx_tkeep),
      .tx_axis_tuser                       (mac_tx_tuser),
      .tx_unfout                           (mac_unf_raw),
      .core_drp_reset                      (1'b0),
      .drp_clk                             (init_clk),
      .drp_addr                            (10'd0),
      .drp_di                              (16'd0),
      .drp_en                              (1'b0),
      .drp_we                              (1'b0)
  );

  // The link comes up as PG203 describes: send remote fault until the
  // receiver is aligned, then enable the transmitter.
  wn_sync #(
      .Width     (3),
      .ResetValue(3'b011)
  ) u_mac_sts (
      .clk_i(mac_clk),
      .rst_i(mac_rst),
      .d_i  ({mac_aligned_raw, mac_usr_tx_rst, mac_usr_rx_rst}),
      .q_o  ({mac_aligned, mac_tx_in_rst, mac_rx_in_rst})
  );

  assign mac_link_up = mac_aligned && !mac_tx_in_rst;

  always_ff @(posedge mac_clk) begin
    if (mac_rst) mac_unf_q <= 1'b0;
    else if (mac_unf_raw) mac_unf_q <= 1'b1;
  end

  // ------------------------------------------------------------------- core
  logic [16:0]  bar_awaddr, bar_araddr;
  logic [31:0]  bar_wdata, bar_rdata;
  logic [3:0]   bar_wstrb;
  logic [1:0]   bar_bresp, bar_rresp;
  logic         bar_awvalid, bar_awready, bar_wvalid, bar_wready, bar_bvalid, bar_bready;
  logic         bar_arvalid, bar_arready, bar_rvalid, bar_rready;

  logic [16:0]  split_awaddr, split_araddr;
  logic [31:0]  split_wdata;
  logic [3:0]   split_wstrb;
  logic [1:0]   split_awvalid, split_awready, split_wvalid, split_wready;
  logic [1:0]   split_bvalid, split_bready, split_arvalid, split_arready;
  logic [1:0]   split_rvalid, split_rready;
  logic [3:0]   split_bresp, split_rresp;
  logic [63:0]  split_rdata;

  logic [63:0]  core_rd_addr, core_wr_addr;
  logic [15:0]  core_rd_len, core_wr_len;
  logic [7:0]   core_rd_tag, core_rsp_tag, core_wr_tag, core_done_tag;
  logic         core_rd_valid, core_rd_ready, core_rsp_err, core_rsp_last;
  logic         core_rsp_valid, core_rsp_ready;
  logic [511:0] core_rsp_data, core_wr_data;
  logic         core_wr_last, core_wr_valid, core_wr_ready;
  logic         core_done_err, core_done_valid;
  logic [511:0] core_tx_tdata, core_rx_tdata;
  logic [63:0]  core_tx_tkeep, core_rx_tkeep;
  logic         core_tx_tlast, core_tx_tuser, core_tx_tvalid, core_tx_tready;
  logic         core_rx_tlast, core_rx_tuser, core_rx_tvalid;
  logic [NumEq-1:0] core_irq;
  logic [31:0]  fw_to_core_tdata, fw_from_core_tdata, fw_reg_wdata, fw_reg_rdata;
  logic         fw_to_core_tlast, fw_to_core_tvalid, fw_to_core_tready;
  logic         fw_from_core_tlast, fw_from_core_tvalid, fw_from_core_tready;
  logic         fw_reg_en, fw_reg_we;
  logic [7:0]   fw_reg_addr;

  wn_core #(
      .NumSq   (NumSq),
      .NumRq   (NumRq),
      .NumCq   (NumCq),
      .NumEq   (NumEq),
      .ClockMhz(250)
  ) u_core (
      .clk_i                (core_clk),
      .rst_i                (core_rst),
      .s_axil_awaddr_i      (split_awaddr[15:0]),
      .s_axil_awvalid_i     (split_awvalid[0]),
      .s_axil_awready_o     (split_awready[0]),
      .s_axil_wdata_i       (split_wdata),
      .s_axil_wstrb_i       (split_wstrb),
      .s_axil_wvalid_i      (split_wvalid[0]),
      .s_axil_wready_o      (split_wready[0]),
      .s_axil_bresp_o       (split_bresp[1:0]),
      .s_axil_bvalid_o      (split_bvalid[0]),
      .s_axil_bready_i      (split_bready[0]),
      .s_axil_araddr_i      (split_araddr[15:0]),
      .s_axil_arvalid_i     (split_arvalid[0]),
      .s_axil_arready_o     (split_arready[0]),
      .s_axil_rdata_o       (split_rdata[31:0]),
      .s_axil_rresp_o       (split_rresp[1:0]),
      .s_axil_rvalid_o      (split_rvalid[0]),
      .s_axil_rready_i      (split_rready[0]),
      .m_dma_rd_req_addr_o  (core_rd_addr),
      .m_dma_rd_req_len_o   (core_rd_len),
      .m_dma_rd_req_tag_o   (core_rd_tag),
      .m_dma_rd_req_valid_o (core_rd_valid),
      .m_dma_rd_req_ready_i (core_rd_ready),
      .s_dma_rd_rsp_data_i  (core_rsp_data),
      .s_dma_rd_rsp_tag_i   (core_rsp_tag),
      .s_dma_rd_rsp_err_i   (core_rsp_err),
      .s_dma_rd_rsp_last_i  (core_rsp_last),
      .s_dma_rd_rsp_valid_i (core_rsp_valid),
      .s_dma_rd_rsp_ready_o (core_rsp_ready),
      .m_dma_wr_addr_o      (core_wr_addr),
      .m_dma_wr_len_o       (core_wr_len),
      .m_dma_wr_tag_o       (core_wr_tag),
      .m_dma_wr_data_o      (core_wr_data),
      .m_dma_wr_last_o      (core_wr_last),
      .m_dma_wr_valid_o     (core_wr_valid),
      .m_dma_wr_ready_i     (core_wr_ready),
      .s_dma_wr_done_tag_i  (core_done_tag),
      .s_dma_wr_done_err_i  (core_done_err),
      .s_dma_wr_done_valid_i(core_done_valid),
      .m_axis_tx_tdata_o    (core_tx_tdata),
      .m_axis_tx_tkeep_o    (core_tx_tkeep),
      .m_axis_tx_tlast_o    (core_tx_tlast),
      .m_axis_tx_tuser_o    (core_tx_tuser),
      .m_axis_tx_tvalid_o   (core_tx_tvalid),
      .m_axis_tx_tready_i   (core_tx_tready),
      .s_axis_rx_tdata_i    (core_rx_tdata),
      .s_axis_rx_tkeep_i    (core_rx_tkeep),
      .s_axis_rx_tlast_i    (core_rx_tlast),
      .s_axis_rx_tuser_i    (core_rx_tuser),
      .s_axis_rx_tvalid_i   (core_rx_tvalid),
      .irq_o                (core_irq),
      .m_axis_fw_tdata_o    (fw_from_core_tdata),
      .m_axis_fw_tlast_o    (fw_from_core_tlast),
      .m_axis_fw_tvalid_o   (fw_from_core_tvalid),
      .m_axis_fw_tready_i   (fw_from_core_tready),
      .s_axis_fw_tdata_i    (fw_to_core_tdata),
      .s_axis_fw_tlast_i    (fw_to_core_tlast),
      .s_axis_fw_tvalid_i   (fw_to_core_tvalid),
      .s_axis_fw_tready_o   (fw_to_core_tready),
      .fw_reg_en_i          (fw_reg_en),
      .fw_reg_we_i          (fw_reg_we),
      .fw_reg_addr_i        (fw_reg_addr),
      .fw_reg_wdata_i       (fw_reg_wdata),
      .fw_reg_rdata_o       (fw_reg_rdata)
  );

  // --------------------------------------------------------- BAR0 crossing
  wn_axil_cdc #(
      .AddrWidth(17)
  ) u_bar_cdc (
      .s_clk_i         (pcie_clk),
      .s_rst_i         (pcie_rst),
      .s_axil_awaddr_i (xdma_awaddr[16:0]),
      .s_axil_awvalid_i(xdma_awvalid),
      .s_axil_awready_o(xdma_awready),
      .s_axil_wdata_i  (xdma_wdata),
      .s_axil_wstrb_i  (xdma_wstrb),
      .s_axil_wvalid_i (xdma_wvalid),
      .s_axil_wready_o (xdma_wready),
      .s_axil_bresp_o  (xdma_bresp),
      .s_axil_bvalid_o (xdma_bvalid),
      .s_axil_bready_i (xdma_bready),
      .s_axil_araddr_i (xdma_araddr[16:0]),
      .s_axil_arvalid_i(xdma_arvalid),
      .s_axil_arready_o(xdma_arready),
      .s_axil_rdata_o  (xdma_rdata),
      .s_axil_rresp_o  (xdma_rresp),
      .s_axil_rvalid_o (xdma_rvalid),
      .s_axil_rready_i (xdma_rready),
      .m_clk_i         (core_clk),
      .m_rst_i         (core_xrst_pcie),
      .m_axil_awaddr_o (bar_awaddr),
      .m_axil_awvalid_o(bar_awvalid),
      .m_axil_awready_i(bar_awready),
      .m_axil_wdata_o  (bar_wdata),
      .m_axil_wstrb_o  (bar_wstrb),
      .m_axil_wvalid_o (bar_wvalid),
      .m_axil_wready_i (bar_wready),
      .m_axil_bresp_i  (bar_bresp),
      .m_axil_bvalid_i (bar_bvalid),
      .m_axil_bready_o (bar_bready),
      .m_axil_araddr_o (bar_araddr),
      .m_axil_arvalid_o(bar_arvalid),
      .m_axil_arready_i(bar_arready),
      .m_axil_rdata_i  (bar_rdata),
      .m_axil_rresp_i  (bar_rresp),
      .m_axil_rvalid_i (bar_rvalid),
      .m_axil_rready_o (bar_rready)
  );

  wn_axil_split #(
      .AddrWidth(17),
      .SelBit   (16)
  ) u_bar_split (
      .clk_i           (core_clk),
      .rst_i           (core_rst),
      .s_axil_awaddr_i (bar_awaddr),
      .s_axil_awvalid_i(bar_awvalid),
      .s_axil_awready_o(bar_awready),
      .s_axil_wdata_i  (bar_wdata),
      .s_axil_wstrb_i  (bar_wstrb),
      .s_axil_wvalid_i (bar_wvalid),
      .s_axil_wready_o (bar_wready),
      .s_axil_bresp_o  (bar_bresp),
      .s_axil_bvalid_o (bar_bvalid),
      .s_axil_bready_i (bar_bready),
      .s_axil_araddr_i (bar_araddr),
      .s_axil_arvalid_i(bar_arvalid),
      .s_axil_arready_o(bar_arready),
      .s_axil_rdata_o  (bar_rdata),
      .s_axil_rresp_o  (bar_rresp),
      .s_axil_rvalid_o (bar_rvalid),
      .s_axil_rready_i (bar_rready),
      .m_axil_awaddr_o (split_awaddr),
      .m_axil_awvalid_o(split_awvalid),
      .m_axil_awready_i(split_awready),
      .m_axil_wdata_o  (split_wdata),
      .m_axil_wstrb_o  (split_wstrb),
      .m_axil_wvalid_o (split_wvalid),
      .m_axil_wready_i (split_wready),
      .m_axil_bresp_i  (split_bresp),
      .m_axil_bvalid_i (split_bvalid),
      .m_axil_bready_o (split_bready),
      .m_axil_araddr_o (split_araddr),
      .m_axil_arvalid_o(split_arvalid),
      .m_axil_arready_i(split_arready),
      .m_axil_rdata_i  (split_rdata),
      .m_axil_rresp_i  (split_rresp),
      .m_axil_rvalid_i (split_rvalid),
      .m_axil_rready_o (split_rready)
  );

  // ------------------------------------------------------------ board window
  logic [31:0] status_raw, status, control;
  logic        c2h_orphan, mac_rx_overflow, mac_tx_dropped;

  assign status_raw = {
    8'd0,
    c2h_sts[6], c2h_sts[2], c2h_sts[1], c2h_sts[0],
    h2c_sts[6], h2c_sts[2], h2c_sts[1], h2c_sts[0],
    6'd0,
    !qsfp0_intl_i,
    !qsfp0_modprsl_i,
    c2h_orphan,
    mac_unf_q,
    mac_tx_dropped,
    mac_rx_overflow,
    mac_rx_in_rst,
    mac_tx_in_rst,
    mac_aligned,
    pcie_link_up
  };

  wn_sync #(
      .Width(32)
  ) u_status (
      .clk_i(core_clk),
      .rst_i(core_rst),
      .d_i  (status_raw),
      .q_o  (status)
  );

  wn_board_regs #(
      .BoardId     (BoardId),
      .ControlReset(32'd0)
  ) u_board_regs (
      .clk_i             (core_clk),
      .rst_i             (core_rst),
      .s_axil_awaddr_i   (split_awaddr[15:0]),
      .s_axil_awvalid_i  (split_awvalid[1]),
      .s_axil_awready_o  (split_awready[1]),
      .s_axil_wdata_i    (split_wdata),
      .s_axil_wstrb_i    (split_wstrb),
      .s_axil_wvalid_i   (split_wvalid[1]),
      .s_axil_wready_o   (split_wready[1]),
      .s_axil_bresp_o    (split_bresp[3:2]),
      .s_axil_bvalid_o   (split_bvalid[1]),
      .s_axil_bready_i   (split_bready[1]),
      .s_axil_araddr_i   (split_araddr[15:0]),
      .s_axil_arvalid_i  (split_arvalid[1]),
      .s_axil_arready_o  (split_arready[1]),
      .s_axil_rdata_o    (split_rdata[63:32]),
      .s_axil_rresp_o    (split_rresp[3:2]),
      .s_axil_rvalid_o   (split_rvalid[1]),
      .s_axil_rready_i   (split_rready[1]),
      .status_i          (status),
      .control_o         (control),
      .m_axis_fw_tdata_o (fw_to_core_tdata),
      .m_axis_fw_tlast_o (fw_to_core_tlast),
      .m_axis_fw_tvalid_o(fw_to_core_tvalid),
      .m_axis_fw_tready_i(fw_to_core_tready),
      .s_axis_fw_tdata_i (fw_from_core_tdata),
      .s_axis_fw_tlast_i (fw_from_core_tlast),
      .s_axis_fw_tvalid_i(fw_from_core_tvalid),
      .s_axis_fw_tready_o(fw_from_core_tready),
      .fw_reg_en_o       (fw_reg_en),
      .fw_reg_we_o       (fw_reg_we),
      .fw_reg_addr_o     (fw_reg_addr),
      .fw_reg_wdata_o    (fw_reg_wdata),
      .fw_reg_rdata_i    (fw_reg_rdata)
  );

  // -------------------------------------------------------------------- DMA
  wn_xdma_rd #(
      .MaxOutstanding(128)
  ) u_dma_rd (
      .clk_i                 (core_clk),
      .rst_i                 (core_xrst_pcie),
      .s_dma_rd_req_addr_i   (core_rd_addr),
      .s_dma_rd_req_len_i    (core_rd_len),
      .s_dma_rd_req_tag_i    (core_rd_tag),
      .s_dma_rd_req_valid_i  (core_rd_valid),
      .s_dma_rd_req_ready_o  (core_rd_ready),
      .m_dma_rd_rsp_data_o   (core_rsp_data),
      .m_dma_rd_rsp_tag_o    (core_rsp_tag),
      .m_dma_rd_rsp_err_o    (core_rsp_err),
      .m_dma_rd_rsp_last_o   (core_rsp_last),
      .m_dma_rd_rsp_valid_o  (core_rsp_valid),
      .m_dma_rd_rsp_ready_i  (core_rsp_ready),
      .pcie_clk_i            (pcie_clk),
      .pcie_rst_i            (pcie_rst),
      .h2c_dsc_byp_ready_i   (h2c_byp_ready),
      .h2c_dsc_byp_load_o    (h2c_byp_load),
      .h2c_dsc_byp_src_addr_o(h2c_byp_src),
      .h2c_dsc_byp_dst_addr_o(h2c_byp_dst),
      .h2c_dsc_byp_len_o     (h2c_byp_len),
      .h2c_dsc_byp_ctl_o     (h2c_byp_ctl),
      .s_axis_h2c_tdata_i    (h2c_tdata),
      .s_axis_h2c_tlast_i    (h2c_tlast),
      .s_axis_h2c_tvalid_i   (h2c_tvalid),
      .s_axis_h2c_tready_o   (h2c_tready)
  );

  wn_xdma_wr u_dma_wr (
      .clk_i                 (core_clk),
      .rst_i                 (core_xrst_pcie),
      .s_dma_wr_addr_i       (core_wr_addr),
      .s_dma_wr_len_i        (core_wr_len),
      .s_dma_wr_tag_i        (core_wr_tag),
      .s_dma_wr_data_i       (core_wr_data),
      .s_dma_wr_last_i       (core_wr_last),
      .s_dma_wr_valid_i      (core_wr_valid),
      .s_dma_wr_ready_o      (core_wr_ready),
      .m_dma_wr_done_tag_o   (core_done_tag),
      .m_dma_wr_done_err_o   (core_done_err),
      .m_dma_wr_done_valid_o (core_done_valid),
      .pcie_clk_i            (pcie_clk),
      .pcie_rst_i            (pcie_rst),
      .c2h_dsc_byp_ready_i   (c2h_byp_ready),
      .c2h_dsc_byp_load_o    (c2h_byp_load),
      .c2h_dsc_byp_src_addr_o(c2h_byp_src),
      .c2h_dsc_byp_dst_addr_o(c2h_byp_dst),
      .c2h_dsc_byp_len_o     (c2h_byp_len),
      .c2h_dsc_byp_ctl_o     (c2h_byp_ctl),
      .m_axis_c2h_tdata_o    (c2h_tdata),
      .m_axis_c2h_tkeep_o    (c2h_tkeep),
      .m_axis_c2h_tlast_o    (c2h_tlast),
      .m_axis_c2h_tvalid_o   (c2h_tvalid),
      .m_axis_c2h_tready_i   (c2h_tready),
      .c2h_sts_i             (c2h_sts),
      .done_orphan_o         (c2h_orphan)
  );

  wn_xdma_irq #(
      .NumIrq(NumEq)
  ) u_irq (
      .clk_i        (core_clk),
      .rst_i        (core_xrst_pcie),
      .irq_i        (core_irq),
      .pcie_clk_i   (pcie_clk),
      .pcie_rst_i   (pcie_rst),
      .usr_irq_req_o(usr_irq_req),
      .usr_irq_ack_i(usr_irq_ack)
  );

  // --------------------------------------------------------------- Ethernet
  wn_mac_tx #(
      .AddrWidth(9)
  ) u_mac_tx (
      .clk_i          (core_clk),
      .rst_i          (core_xrst_mac),
      .s_axis_tdata_i (core_tx_tdata),
      .s_axis_tkeep_i (core_tx_tkeep),
      .s_axis_tlast_i (core_tx_tlast),
      .s_axis_tuser_i (core_tx_tuser),
      .s_axis_tvalid_i(core_tx_tvalid),
      .s_axis_tready_o(core_tx_tready),
      .mac_clk_i      (mac_clk),
      .mac_rst_i      (mac_rst),
      .mac_link_up_i  (mac_link_up),
      .m_axis_tdata_o (mac_tx_tdata),
      .m_axis_tkeep_o (mac_tx_tkeep),
      .m_axis_tlast_o (mac_tx_tlast),
      .m_axis_tuser_o (mac_tx_tuser),
      .m_axis_tvalid_o(mac_tx_tvalid),
      .m_axis_tready_i(mac_tx_tready),
      .mac_dropped_o  (mac_tx_dropped)
  );

  wn_mac_rx #(
      .AddrWidth(9)
  ) u_mac_rx (
      .clk_i          (core_clk),
      .rst_i          (core_xrst_mac),
      .m_axis_tdata_o (core_rx_tdata),
      .m_axis_tkeep_o (core_rx_tkeep),
      .m_axis_tlast_o (core_rx_tlast),
      .m_axis_tuser_o (core_rx_tuser),
      .m_axis_tvalid_o(core_rx_tvalid),
      .mac_clk_i      (mac_clk),
      .mac_rst_i      (mac_rst),
      .mac_rx_en_i    (!mac_rx_in_rst),
      .s_axis_tdata_i (mac_rx_tdata),
      .s_axis_tkeep_i (mac_rx_tkeep),
      .s_axis_tlast_i (mac_rx_tlast),
      .s_axis_tuser_i (mac_rx_tuser),
      .s_axis_tvalid_i(mac_rx_tvalid),
      .mac_overflow_o (mac_rx_overflow)
  );

  // ------------------------------------------------------------ pins, LEDs
  logic [26:0] heartbeat_q;

  always_ff @(posedge core_clk) begin
    if (core_rst) heartbeat_q <= '0;
    else heartbeat_q <= heartbeat_q + 27'd1;
  end

  assign qsfp0_resetl_o       = !control[0];
  assign qsfp0_lpmode_o       = control[1];
  assign qsfp0_modsell_o      = 1'b1;  // no I2C to the module from the FPGA
  assign qsfp0_fs_o           = 2'b10;  // Si5335: 161.1328125 MHz
  assign qsfp0_refclk_reset_o = 1'b0;
  assign led_o                = {status[1], status[0], heartbeat_q[26]};

  logic unused;
  assign unused = ^{xdma_awaddr[31:17], xdma_araddr[31:17], split_awaddr[16], split_araddr[16],
                    c2h_sts[7], c2h_sts[5:3], h2c_sts[7], h2c_sts[5:3], control[31:2],
                    status[31:2]};
endmodule
