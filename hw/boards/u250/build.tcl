# Builds warpnic for the Alveo U250 with Vivado: creates the project, the
# XDMA and CMAC IP (configuration below, explained in hw/boards/README.md),
# checks that the IP's generated ports cover the black-box stubs the lint
# uses, then runs synthesis, implementation and bitstream generation.
#
#   vivado -mode batch -source hw/boards/u250/build.tcl [-tclargs <build dir>]
#
# The build directory defaults to build/u250 under the repository root.
# Needs Vivado with UltraScale+ device support for xcu250 and the licence
# AMD requires for the CMAC subsystem. Written against the IP versions of
# Vivado 2022.x/2023.x (xdma 4.1, cmac_usplus 3.1); property names can
# differ in other releases, and Vivado rejects a name it does not know.
# This script has not been run by the project yet (see the README).

set here [file dirname [file normalize [info script]]]
set root [file normalize [file join $here .. .. ..]]
set build [file join $root build u250]
if {$argc > 0} {
  set build [file normalize [lindex $argv 0]]
}
set part xcu250-figd2104-2L-e

create_project -force warpnic_u250 $build -part $part
set_property target_language Verilog [current_project]

# ------------------------------------------------------------------ sources
# The generated packages first, then the core, the board glue and the top.
# Not the stubs under ip_stubs/: Vivado supplies the IP and the primitives.
add_files -norecurse [lsort [glob [file join $root hw rtl gen *_pkg.sv]]]
set rtl_pkgs [lsort [glob -nocomplain [file join $root hw rtl *_pkg.sv]]]
if {[llength $rtl_pkgs]} {
  add_files -norecurse $rtl_pkgs
}
foreach f [lsort [glob [file join $root hw rtl *.sv]]] {
  if {![string match *_pkg.sv $f]} {
    add_files -norecurse $f
  }
}
add_files -norecurse [lsort [glob [file join $root hw boards common *.sv]]]
add_files -norecurse [file join $here wn_board_u250.sv]
set_property file_type SystemVerilog [get_files -of_objects [get_filesets sources_1] *.sv]
set_property top wn_board_u250 [get_filesets sources_1]

# -------------------------------------------------------------- constraints
set cons [file join $root constraints u250]
add_files -fileset constrs_1 -norecurse [list \
  [file join $cons pins.xdc] [file join $cons timing.xdc] [file join $cons cdc.tcl]]
# the crossing constraints search the synthesized netlist
set_property USED_IN_SYNTHESIS false [get_files cdc.tcl]

# ------------------------------------------------------------------- XDMA
# PCIe Gen3 x16 endpoint, 512-bit AXI4-Stream at 250 MHz, one H2C and one C2H
# channel with descriptor bypass and status ports, BAR0 = 128 KiB AXI4-Lite
# master at AXI address 0, 4 user interrupts, MSI-X in the DMA BAR (BAR1).
create_ip -name xdma -vendor xilinx.com -library ip -module_name xdma_0
set_property -dict [list \
  CONFIG.functional_mode {DMA} \
  CONFIG.mode_selection {Advanced} \
  CONFIG.pcie_blk_locn {X1Y2} \
  CONFIG.en_gt_selection {true} \
  CONFIG.select_quad {GTY_Quad_227} \
  CONFIG.pl_link_cap_max_link_width {X16} \
  CONFIG.pl_link_cap_max_link_speed {8.0_GT/s} \
  CONFIG.ref_clk_freq {100_MHz} \
  CONFIG.axi_data_width {512_bit} \
  CONFIG.axisten_freq {250} \
  CONFIG.xdma_axi_intf_mm {AXI_Stream} \
  CONFIG.xdma_rnum_chnl {1} \
  CONFIG.xdma_wnum_chnl {1} \
  CONFIG.dsc_bypass_rd {0001} \
  CONFIG.dsc_bypass_wr {0001} \
  CONFIG.xdma_sts_ports {true} \
  CONFIG.axilite_master_en {true} \
  CONFIG.axilite_master_size {128} \
  CONFIG.axilite_master_scale {Kilobytes} \
  CONFIG.pciebar2axibar_axil_master {0x00000000} \
  CONFIG.xdma_num_usr_irq {4} \
  CONFIG.pf0_msi_enabled {false} \
  CONFIG.pf0_msix_enabled {true} \
  CONFIG.pf0_msix_cap_table_size {01F} \
  CONFIG.pf0_msix_cap_table_offset {00008000} \
  CONFIG.pf0_msix_cap_table_bir {BAR_1} \
  CONFIG.pf0_msix_cap_pba_offset {00008FE0} \
  CONFIG.pf0_msix_cap_pba_bir {BAR_1} \
  CONFIG.pcie_extended_tag {true} \
  CONFIG.cfg_mgmt_if {false} \
  CONFIG.pf0_class_code_base {02} \
  CONFIG.pf0_class_code_sub {00} \
  CONFIG.pf0_class_code_interface {00} \
] [get_ips xdma_0]

# ------------------------------------------------------------------- CMAC
# QSFP28 port 0: CAUI-4 (4 x 25.78125 Gb/s) on GTY quad 231, 161.1328125 MHz
# reference, 512-bit AXI4-Stream, RS-FEC, no AXI4-Lite (the ctl_ ports are
# driven by the board top), no pause frames, jumbo frames received. The FCS
# settings are the IP's defaults: insert on transmit, check and delete on
# receive (see the README).
create_ip -name cmac_usplus -vendor xilinx.com -library ip -module_name cmac_usplus_0
set_property -dict [list \
  CONFIG.CMAC_CAUI4_MODE {1} \
  CONFIG.NUM_LANES {4x25} \
  CONFIG.GT_REF_CLK_FREQ {161.1328125} \
  CONFIG.USER_INTERFACE {AXIS} \
  CONFIG.GT_DRP_CLK {100.00} \
  CONFIG.ENABLE_AXI_INTERFACE {0} \
  CONFIG.INCLUDE_RS_FEC {1} \
  CONFIG.TX_FLOW_CONTROL {0} \
  CONFIG.RX_FLOW_CONTROL {0} \
  CONFIG.RX_MAX_PACKET_LEN {9600} \
  CONFIG.CMAC_CORE_SELECT {CMACE4_X0Y8} \
  CONFIG.GT_GROUP_SELECT {X1Y44~X1Y47} \
  CONFIG.LANE1_GT_LOC {X1Y44} \
  CONFIG.LANE2_GT_LOC {X1Y45} \
  CONFIG.LANE3_GT_LOC {X1Y46} \
  CONFIG.LANE4_GT_LOC {X1Y47} \
] [get_ips cmac_usplus_0]

generate_target all [get_ips]

# ------------------------------------------- stubs against the real ports
# Every port of a black-box stub must exist in the IP's instantiation
# template, else the board top connects a port the IP does not have.
proc check_stub {ip stub} {
  set veo [file join [get_property IP_DIR [get_ips $ip]] $ip.veo]
  set fh [open $veo r]
  set template [read $fh]
  close $fh
  set fh [open $stub r]
  set missing {}
  foreach line [split [read $fh] "\n"] {
    if {[regexp {^\s*(input|output)\s+wire\s*(\[[^]]*\])?\s*(\w+)} $line -> dir width name]} {
      if {![regexp "\\.${name}\\s*\\(" $template]} {
        lappend missing $name
      }
    }
  }
  close $fh
  if {[llength $missing]} {
    error "$ip: ports in [file tail $stub] missing from the generated template: $missing"
  }
  puts "$ip: every port of [file tail $stub] exists in $veo"
}
check_stub xdma_0 [file join $here ip_stubs xdma_0.sv]
check_stub cmac_usplus_0 [file join $here ip_stubs cmac_usplus_0.sv]

# ---------------------------------------------------------------- the runs
set jobs 4
launch_runs synth_1 -jobs $jobs
wait_on_run synth_1
if {[get_property PROGRESS [get_runs synth_1]] ne "100%"} {
  error "synthesis failed"
}
launch_runs impl_1 -to_step write_bitstream -jobs $jobs
wait_on_run impl_1
if {[get_property PROGRESS [get_runs impl_1]] ne "100%"} {
  error "implementation failed"
}

open_run impl_1
set reports [file join $build reports]
file mkdir $reports
report_timing_summary -file [file join $reports timing_summary.rpt]
report_clock_interaction -file [file join $reports clock_interaction.rpt]
report_cdc -details -file [file join $reports cdc.rpt]
report_utilization -file [file join $reports utilization.rpt]
if {[get_property SLACK [get_timing_paths -max_paths 1 -nworst 1 -setup]] < 0} {
  puts "WARNING: setup timing not met, see $reports/timing_summary.rpt"
}
puts "bitstream: [glob -nocomplain [file join $build warpnic_u250.runs impl_1 *.bit]]"
