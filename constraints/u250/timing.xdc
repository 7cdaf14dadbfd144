# Clocks and board-level timing exceptions of wn_board_u250.
#
# Primary clocks are the three board oscillators; Vivado derives the rest:
#   MMCM u_mmcm      core clock 250 MHz (CLKOUT0), init clock 100 MHz (CLKOUT1)
#   xdma_0           axi_aclk 250 MHz, from the PCIe reference clock
#   cmac_usplus_0    gt_txusrclk2 322.265625 MHz, from the QSFP0 reference
# The IPs' own constraint files may define a clock on the same reference
# clock pins; the definitions here have the same periods.
#
# The four domains (core, pcie, mac, init) are unrelated. They are NOT
# declared with set_clock_groups -asynchronous: that would also remove the
# datapath max delays that the crossings need (clock groups take precedence
# over set_max_delay). Instead every crossing is constrained at its
# synchronizer by cdc.tcl, and any path between domains that does not go
# through one stays timed as if synchronous and fails timing, which shows an
# unsafe crossing instead of hiding it.

create_clock -period 3.333 -name sysclk1_300 [get_ports sysclk1_300_p_i]
create_clock -period 10.000 -name pcie_refclk [get_ports pcie_refclk_p_i]
create_clock -period 6.206 -name qsfp0_refclk [get_ports qsfp0_refclk_p_i]

# Asynchronous and quasi-static board pins: PERST# goes to the XDMA's reset
# logic, the QSFP status pins to a synchronizer (wn_sync), and the outputs
# are levels that change rarely (module controls, clock select, LEDs).
set_false_path -from [get_ports pcie_perst_n_i]
set_false_path -from [get_ports {qsfp0_modprsl_i qsfp0_intl_i}]
set_false_path -to [get_ports {qsfp0_resetl_o qsfp0_modsell_o qsfp0_lpmode_o}]
set_false_path -to [get_ports {qsfp0_fs_o[*] qsfp0_refclk_reset_o led_o[*]}]
