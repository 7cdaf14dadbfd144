#!/bin/sh
# Lint and synthesis checks of the Alveo U250 board top, runnable without
# the vendor tools (Verilator 5.006, Yosys 0.23):
#  1. verilator --lint-only -Wall on the board top with the core, the board
#     glue and the black-box stubs of the vendor IP (ip_stubs/), and on each
#     glue module alone at its default parameters;
#  2. yosys: full synthesis of the glue modules that are small at their
#     default parameters, coarse synthesis (up to memory inference, before
#     mapping the wide FIFOs to flops) of the whole board top, each asserting
#     that no latch was inferred and that `check` finds no problem.
# Usage: hw/boards/u250/lint.sh. Exits non-zero on the first failure.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
hw=$(cd "$here/../.." && pwd)
common="$hw/boards/common"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# space-separated lists (yosys takes them inside one script string)
vlt=$(ls "$hw"/lint/*.vlt 2>/dev/null | tr '\n' ' ' || true)
pkgs=$(ls "$hw"/rtl/gen/*_pkg.sv "$hw"/rtl/*_pkg.sv 2>/dev/null | tr '\n' ' ')
rtl=$(ls "$hw"/rtl/*.sv | grep -v '_pkg\.sv$' | tr '\n' ' ')
glue=$(ls "$common"/*.sv | tr '\n' ' ')
stubs=$(ls "$here"/ip_stubs/*.sv | tr '\n' ' ')
top="$here/wn_board_u250.sv"

echo "== verilator: wn_board_u250"
# shellcheck disable=SC2086
verilator --lint-only -Wall --Mdir "$work/vl" "$here/stubs.vlt" $vlt $pkgs $rtl $glue $stubs \
  "$top" --top-module wn_board_u250

for f in $glue; do
  m=$(basename "$f" .sv)
  echo "== verilator: $m"
  # shellcheck disable=SC2086
  verilator --lint-only -Wall --Mdir "$work/vl" $vlt $pkgs $rtl $glue --top-module "$m"
done

no_latch='select -assert-none t:$dlatch t:$adlatch t:$dlatchsr t:$_DLATCH_* t:$_DLATCHSR_*'

# glue modules alone: they need the core's wn_fifo and nothing else of it
for m in wn_sync wn_reset_sync wn_async_fifo wn_cdc_event wn_axil_cdc wn_axil_split \
  wn_board_regs wn_xdma_irq; do
  echo "== yosys synth: $m"
  # shellcheck disable=SC2086
  yosys -q -l "$work/$m.log" -p "read_verilog -sv $hw/rtl/wn_fifo.sv $glue; synth -top $m; \
    $no_latch; check -assert" >/dev/null 2>>"$work/$m.err" || {
    tail -20 "$work/$m.log"
    exit 1
  }
done

echo "== yosys synth (coarse): wn_board_u250"
# shellcheck disable=SC2086
yosys -q -l "$work/board.log" -p "read_verilog -sv $pkgs $rtl $glue $stubs $top; \
  synth -top wn_board_u250 -run :fine; $no_latch; check -assert" >/dev/null 2>>"$work/board.err" || {
  tail -20 "$work/board.log"
  exit 1
}

# Warnings in the board's own files fail the check, except one: Yosys keeps
# the MMCM stub's real-valued attributes as strings (they only matter to
# Vivado).
if grep -h "Warning" "$work"/*.log | grep "/boards/" | grep -v "Replacing floating point parameter u_mmcm\."; then
  exit 1
fi
if grep -q "Latch inferred" "$work"/*.log; then
  grep "Latch inferred" "$work"/*.log
  exit 1
fi
echo "yosys: $(grep -h -c Warning "$work/board.log") warnings in the board synthesis, none in hw/boards"
echo "lint.sh: all checks passed"
