// cmac_usplus_0: black-box port list of the AMD/Xilinx UltraScale+
// Integrated 100G Ethernet Subsystem (CMAC, PG203) as
// hw/boards/u250/build.tcl configures it (CAUI-4, 4x25G, 512-bit
// AXI4-Stream user interface, RS-FEC, no AXI4-Lite, no flow control, no
// time stamping), for `verilator --lint-only` and Yosys only
// (hw/boards/u250/lint.sh). It stands for the vendor IP and must not be used
// in a real build: Vivado generates cmac_usplus_0 from the IP configuration.
//
// All inputs of that configuration are listed (the board drives each one);
// of the outputs only those the board uses are listed: the IP has many more
// (statistics, lane status, recovered clocks), left unconnected. Names and
// widths follow the IP's instantiation template; compare with the generated
// cmac_usplus_0.veo before the first build.
(* blackbox *)
module cmac_usplus_0 (
    input  wire [3:0]   gt_rxp_in,
    input  wire [3:0]   gt_rxn_in,
    output wire [3:0]   gt_txp_out,
    output wire [3:0]   gt_txn_out,
    input  wire         gt_ref_clk_p,
    input  wire         gt_ref_clk_n,
    input  wire         init_clk,
    input  wire         sys_reset,
    output wire         gt_txusrclk2,
    input  wire [11:0]  gt_loopback_in,
    input  wire         gtwiz_reset_tx_datapath,
    input  wire         gtwiz_reset_rx_datapath,
    // RS-FEC
    input  wire         ctl_tx_rsfec_enable,
    input  wire         ctl_rx_rsfec_enable,
    input  wire         ctl_rsfec_ieee_error_indication_mode,
    input  wire         ctl_rx_rsfec_enable_correction,
    input  wire         ctl_rx_rsfec_enable_indication,
    // receive
    input  wire         rx_clk,
    input  wire         core_rx_reset,
    input  wire         ctl_rx_enable,
    input  wire         ctl_rx_force_resync,
    input  wire         ctl_rx_test_pattern,
    output wire         usr_rx_reset,
    output wire         rx_axis_tvalid,
    output wire [511:0] rx_axis_tdata,
    output wire         rx_axis_tlast,
    output wire [63:0]  rx_axis_tkeep,
    output wire         rx_axis_tuser,
    output wire         stat_rx_aligned,
    // transmit
    input  wire         core_tx_reset,
    input  wire         ctl_tx_enable,
    input  wire         ctl_tx_send_idle,
    input  wire         ctl_tx_send_rfi,
    input  wire         ctl_tx_send_lfi,
    input  wire         ctl_tx_test_pattern,
    input  wire [55:0]  tx_preamblein,
    output wire         usr_tx_reset,
    output wire         tx_axis_tready,
    input  wire         tx_axis_tvalid,
    input  wire [511:0] tx_axis_tdata,
    input  wire         tx_axis_tlast,
    input  wire [63:0]  tx_axis_tkeep,
    input  wire         tx_axis_tuser,
    output wire         tx_unfout,
    // dynamic reconfiguration port (unused, driven idle)
    input  wire         core_drp_reset,
    input  wire         drp_clk,
    input  wire [9:0]   drp_addr,
    input  wire [15:0]  drp_di,
    input  wire         drp_en,
    input  wire         drp_we
);
endmodule
