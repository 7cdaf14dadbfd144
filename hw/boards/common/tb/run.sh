#!/bin/sh
# Builds and runs the testbenches of the board glue with Verilator
# (`verilator --binary`, 5.006 or later). Usage: hw/boards/common/tb/run.sh
# Exits non-zero when a testbench fails.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
common=$(cd "$here/.." && pwd)
rtl=$(cd "$here/../../../rtl" && pwd)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

run_tb() {
  top=$1
  shift
  echo "== $top"
  # INITIALDLY: the testbench sequences release resets with non-blocking
  # assignments on purpose, so the clocked processes see them race-free.
  verilator --binary --timing --assert -Wall --x-assign unique --x-initial unique \
    -Wno-INITIALDLY \
    --top-module "$top" --Mdir "$work/$top" -o "$top" "$@" >"$work/$top.log" 2>&1 || {
    cat "$work/$top.log"
    exit 1
  }
  "$work/$top/$top" +verilator+seed+7 +verilator+rand+reset+2
}

run_tb wn_async_fifo_tb "$common/wn_async_fifo.sv" "$here/wn_async_fifo_harness.sv" \
  "$here/wn_async_fifo_tb.sv"

run_tb wn_mac_tb "$common/wn_async_fifo.sv" "$common/wn_mac_tx.sv" "$common/wn_mac_rx.sv" \
  "$here/wn_mac_tb.sv"

run_tb wn_xdma_tb "$rtl/wn_fifo.sv" "$common/wn_async_fifo.sv" "$common/wn_cdc_event.sv" \
  "$common/wn_xdma_rd.sv" "$common/wn_xdma_wr.sv" "$common/wn_xdma_irq.sv" "$here/wn_xdma_tb.sv"
