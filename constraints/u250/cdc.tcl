# Timing constraints of the clock-domain crossings of hw/boards/common.
#
# An unmanaged Tcl constraints file: it finds every instance of each
# synchronizer module in the synthesized netlist and constrains it, so the
# constraints follow the RTL without naming instance paths. build.tcl adds
# it to the constraints set for implementation only (the netlist must
# exist). Register names are those the RTL declares (Vivado appends _reg).
#
#   wn_async_fifo  gray pointer to its first synchronizer stage: max delay
#                  (datapath only) and bus skew of one period of the faster
#                  of the two clocks, so a pointer arrives, all bits
#                  together, before the next one can leave; LUT-RAM storage
#                  read from the read clock: the same max delay from the
#                  write clock to the output register (block RAM needs none)
#   wn_cdc_event   request and acknowledge to their first stages: max delay
#   wn_sync        levels into the first stage: false path
#   wn_reset_sync  the asynchronous preset of the chain: false path

# the shorter period among the clocks of some cells (ns)
proc wn_cdc_min_period {cells} {
  set period 1000.0
  foreach clk [get_clocks -quiet -of_objects $cells] {
    set p [get_property -quiet PERIOD $clk]
    if {$p ne "" && $p < $period} {
      set period $p
    }
  }
  return $period
}

proc wn_cdc_instances {module} {
  return [get_cells -quiet -hierarchical -filter "ORIG_REF_NAME == $module || REF_NAME == $module"]
}

set wn_cdc_count 0

foreach inst [wn_cdc_instances wn_async_fifo] {
  foreach {src dst} {wr_gray_q wr_gray_meta_q rd_gray_q rd_gray_meta_q} {
    set from [get_cells -quiet "$inst/${src}_reg*"]
    set to [get_cells -quiet "$inst/${dst}_reg*"]
    if {[llength $from] && [llength $to]} {
      set period [wn_cdc_min_period [concat $from $to]]
      set_max_delay -datapath_only -from $from -to $to $period
      set_bus_skew -from $from -to $to $period
      incr wn_cdc_count
    }
  }
  set wr_clk [get_clocks -quiet -of_objects [get_cells -quiet "$inst/wr_bin_q_reg*"]]
  set out [get_cells -quiet "$inst/rd_data_q_reg*"]
  if {[llength $wr_clk] && [llength $out]} {
    set period [wn_cdc_min_period [concat [get_cells -quiet "$inst/wr_bin_q_reg*"] $out]]
    set_max_delay -datapath_only -from $wr_clk -to $out $period
  }
}

foreach inst [wn_cdc_instances wn_cdc_event] {
  foreach {src dst} {req_q req_meta_q ack_q ack_meta_q} {
    set from [get_cells -quiet "$inst/${src}_reg"]
    set to [get_cells -quiet "$inst/${dst}_reg"]
    if {[llength $from] && [llength $to]} {
      set_max_delay -datapath_only -from $from -to $to [wn_cdc_min_period [concat $from $to]]
      incr wn_cdc_count
    }
  }
}

foreach inst [wn_cdc_instances wn_sync] {
  set to [get_cells -quiet "$inst/meta_q_reg*"]
  if {[llength $to]} {
    set_false_path -to $to
    incr wn_cdc_count
  }
}

foreach inst [wn_cdc_instances wn_reset_sync] {
  set pins [get_pins -quiet -of_objects [get_cells -quiet "$inst/sync_q_reg*"] \
    -filter {IS_PRESET || IS_RESET}]
  if {[llength $pins]} {
    set_false_path -to $pins
    incr wn_cdc_count
  }
}

puts "warpnic cdc.tcl: $wn_cdc_count synchronizer constraints"
