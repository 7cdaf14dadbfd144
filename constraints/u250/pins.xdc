# Pins of wn_board_u250 on the AMD/Xilinx Alveo U250 (xcu250-figd2104-2L-e).
#
# Source: AMD/Xilinx "AU200/250 Master XDC" (the card's master constraints
# file, revision 2.02, distributed with the Alveo U200 and U250 Data Center
# Accelerator Cards User Guide, UG1289), which gives each pin with its bank
# and board net. Only the pins this design uses are constrained here, in the
# design's own port names; the board net names are in the comments.
# The U200 (xcu200-fsgd2104-2-e) is pin-compatible.

# ------------------------------------------------------------ configuration
# Quad SPI configuration flash, as the master XDC sets it up
set_property CONFIG_VOLTAGE 1.8 [current_design]
set_property BITSTREAM.CONFIG.CONFIGFALLBACK ENABLE [current_design]
set_property BITSTREAM.CONFIG.EXTMASTERCCLK_EN DISABLE [current_design]
set_property BITSTREAM.CONFIG.CONFIGRATE 63.8 [current_design]
set_property BITSTREAM.CONFIG.SPI_BUSWIDTH 4 [current_design]
set_property BITSTREAM.CONFIG.SPI_32BIT_ADDR YES [current_design]
set_property BITSTREAM.CONFIG.SPI_FALL_EDGE YES [current_design]
set_property BITSTREAM.CONFIG.UNUSEDPIN PULLUP [current_design]
set_property BITSTREAM.GENERAL.COMPRESS TRUE [current_design]
# the card's power limit with the 2x4 auxiliary connector plugged in
set_operating_conditions -design_power_budget 160

# ------------------------------------------------------------- system clock
# SYSCLK1_300_P/N: 300 MHz LVDS from the Si5335 through an SI53340 buffer,
# bank 64 (IO_L11P/N_T1U_N8/N9_GC_64)
set_property -dict {PACKAGE_PIN AW20 IOSTANDARD LVDS} [get_ports sysclk1_300_p_i]
set_property -dict {PACKAGE_PIN AW19 IOSTANDARD LVDS} [get_ports sysclk1_300_n_i]

# -------------------------------------------------------------------- PCIe
# PEX_REFCLK_C_P/N: 100 MHz from the edge connector, MGTREFCLK0_226
set_property PACKAGE_PIN AM11 [get_ports pcie_refclk_p_i]
set_property PACKAGE_PIN AM10 [get_ports pcie_refclk_n_i]
# PCIE_PERST_LS: PERST# from the edge connector, bank 64 (IO_L23P_T3U_N8_64)
set_property -dict {PACKAGE_PIN BD21 IOSTANDARD LVCMOS12} [get_ports pcie_perst_n_i]

# x16 lanes in GTY quads 227 (lanes 0-3) down to 224 (lanes 12-15), channel 3
# of a quad first; the _n pins follow their _p pins. They agree with the
# XDMA's GT placement in build.tcl (pcie_blk_locn X1Y2, select_quad
# GTY_Quad_227); if Vivado reports a conflict, the IP's placement wins.
set_property PACKAGE_PIN AF2 [get_ports {pcie_rx_p_i[0]}];  # MGTYRXP3_227
set_property PACKAGE_PIN AG4 [get_ports {pcie_rx_p_i[1]}];  # MGTYRXP2_227
set_property PACKAGE_PIN AH2 [get_ports {pcie_rx_p_i[2]}];  # MGTYRXP1_227
set_property PACKAGE_PIN AJ4 [get_ports {pcie_rx_p_i[3]}];  # MGTYRXP0_227
set_property PACKAGE_PIN AK2 [get_ports {pcie_rx_p_i[4]}];  # MGTYRXP3_226
set_property PACKAGE_PIN AL4 [get_ports {pcie_rx_p_i[5]}];  # MGTYRXP2_226
set_property PACKAGE_PIN AM2 [get_ports {pcie_rx_p_i[6]}];  # MGTYRXP1_226
set_property PACKAGE_PIN AN4 [get_ports {pcie_rx_p_i[7]}];  # MGTYRXP0_226
set_property PACKAGE_PIN AP2 [get_ports {pcie_rx_p_i[8]}];  # MGTYRXP3_225
set_property PACKAGE_PIN AR4 [get_ports {pcie_rx_p_i[9]}];  # MGTYRXP2_225
set_property PACKAGE_PIN AT2 [get_ports {pcie_rx_p_i[10]}]; # MGTYRXP1_225
set_property PACKAGE_PIN AU4 [get_ports {pcie_rx_p_i[11]}]; # MGTYRXP0_225
set_property PACKAGE_PIN AV2 [get_ports {pcie_rx_p_i[12]}]; # MGTYRXP3_224
set_property PACKAGE_PIN AW4 [get_ports {pcie_rx_p_i[13]}]; # MGTYRXP2_224
set_property PACKAGE_PIN BA2 [get_ports {pcie_rx_p_i[14]}]; # MGTYRXP1_224
set_property PACKAGE_PIN BC2 [get_ports {pcie_rx_p_i[15]}]; # MGTYRXP0_224
set_property PACKAGE_PIN AF7 [get_ports {pcie_tx_p_o[0]}];  # MGTYTXP3_227
set_property PACKAGE_PIN AG9 [get_ports {pcie_tx_p_o[1]}];  # MGTYTXP2_227
set_property PACKAGE_PIN AH7 [get_ports {pcie_tx_p_o[2]}];  # MGTYTXP1_227
set_property PACKAGE_PIN AJ9 [get_ports {pcie_tx_p_o[3]}];  # MGTYTXP0_227
set_property PACKAGE_PIN AK7 [get_ports {pcie_tx_p_o[4]}];  # MGTYTXP3_226
set_property PACKAGE_PIN AL9 [get_ports {pcie_tx_p_o[5]}];  # MGTYTXP2_226
set_property PACKAGE_PIN AM7 [get_ports {pcie_tx_p_o[6]}];  # MGTYTXP1_226
set_property PACKAGE_PIN AN9 [get_ports {pcie_tx_p_o[7]}];  # MGTYTXP0_226
set_property PACKAGE_PIN AP7 [get_ports {pcie_tx_p_o[8]}];  # MGTYTXP3_225
set_property PACKAGE_PIN AR9 [get_ports {pcie_tx_p_o[9]}];  # MGTYTXP2_225
set_property PACKAGE_PIN AT7 [get_ports {pcie_tx_p_o[10]}]; # MGTYTXP1_225
set_property PACKAGE_PIN AU9 [get_ports {pcie_tx_p_o[11]}]; # MGTYTXP0_225
set_property PACKAGE_PIN AV7 [get_ports {pcie_tx_p_o[12]}]; # MGTYTXP3_224
set_property PACKAGE_PIN BB5 [get_ports {pcie_tx_p_o[13]}]; # MGTYTXP2_224
set_property PACKAGE_PIN BD5 [get_ports {pcie_tx_p_o[14]}]; # MGTYTXP1_224
set_property PACKAGE_PIN BF5 [get_ports {pcie_tx_p_o[15]}]; # MGTYTXP0_224

# ---------------------------------------------------------------- QSFP28 0
# QSFP0_CLOCK_P/N: Si5335 output 1, 161.1328125 MHz with FS[1:0] = 1x (also
# the pulled-up default), MGTREFCLK1_231
set_property PACKAGE_PIN K11 [get_ports qsfp0_refclk_p_i]
set_property PACKAGE_PIN K10 [get_ports qsfp0_refclk_n_i]

# lanes 1-4 of the cage on GTY quad 231, channels 0-3 (GTYE4_CHANNEL
# X1Y44-X1Y47, the CMAC's GT_GROUP_SELECT in build.tcl)
set_property PACKAGE_PIN N4 [get_ports {qsfp0_rx_p_i[0]}]; # MGTYRXP0_231
set_property PACKAGE_PIN M2 [get_ports {qsfp0_rx_p_i[1]}]; # MGTYRXP1_231
set_property PACKAGE_PIN L4 [get_ports {qsfp0_rx_p_i[2]}]; # MGTYRXP2_231
set_property PACKAGE_PIN K2 [get_ports {qsfp0_rx_p_i[3]}]; # MGTYRXP3_231
set_property PACKAGE_PIN N9 [get_ports {qsfp0_tx_p_o[0]}]; # MGTYTXP0_231
set_property PACKAGE_PIN M7 [get_ports {qsfp0_tx_p_o[1]}]; # MGTYTXP1_231
set_property PACKAGE_PIN L9 [get_ports {qsfp0_tx_p_o[2]}]; # MGTYTXP2_231
set_property PACKAGE_PIN K7 [get_ports {qsfp0_tx_p_o[3]}]; # MGTYTXP3_231

# module sideband and the reference clock generator's controls, bank 64
set_property -dict {PACKAGE_PIN BE17 IOSTANDARD LVCMOS12} [get_ports qsfp0_resetl_o];      # QSFP0_RESETL_LS
set_property -dict {PACKAGE_PIN BE16 IOSTANDARD LVCMOS12} [get_ports qsfp0_modsell_o];     # QSFP0_MODSELL_LS
set_property -dict {PACKAGE_PIN BD18 IOSTANDARD LVCMOS12} [get_ports qsfp0_lpmode_o];      # QSFP0_LPMODE_LS
set_property -dict {PACKAGE_PIN BE20 IOSTANDARD LVCMOS12} [get_ports qsfp0_modprsl_i];     # QSFP0_MODPRSL_LS
set_property -dict {PACKAGE_PIN BE21 IOSTANDARD LVCMOS12} [get_ports qsfp0_intl_i];        # QSFP0_INTL_LS
set_property -dict {PACKAGE_PIN AT20 IOSTANDARD LVCMOS12} [get_ports {qsfp0_fs_o[0]}];     # QSFP0_FS0
set_property -dict {PACKAGE_PIN AU22 IOSTANDARD LVCMOS12} [get_ports {qsfp0_fs_o[1]}];     # QSFP0_FS1
set_property -dict {PACKAGE_PIN AT22 IOSTANDARD LVCMOS12} [get_ports qsfp0_refclk_reset_o]; # QSFP0_REFCLK_RESET

# --------------------------------------------------------------------- LEDs
set_property -dict {PACKAGE_PIN BC21 IOSTANDARD LVCMOS12} [get_ports {led_o[0]}]; # STATUS_LED0_FPGA
set_property -dict {PACKAGE_PIN BB21 IOSTANDARD LVCMOS12} [get_ports {led_o[1]}]; # STATUS_LED1_FPGA
set_property -dict {PACKAGE_PIN BA20 IOSTANDARD LVCMOS12} [get_ports {led_o[2]}]; # STATUS_LED2_FPGA
