#!/usr/bin/env bash
# RTL gates: Verilator -Wall lint of the core and a Yosys synthesis that
# must infer no latches; the same for each standalone module that is not yet
# instantiated in wn_core (listed in `standalone` below).
set -euo pipefail
cd "$(dirname "$0")/.."
pkgs=$(ls hw/rtl/gen/*_pkg.sv hw/rtl/*_pkg.sv 2>/dev/null | tr '\n' ' ' || true)
rtl=$(ls hw/rtl/*.sv | grep -v '_pkg\.sv$' | tr '\n' ' ')
waivers=$(ls hw/lint/*.vlt 2>/dev/null | tr '\n' ' ' || true)
echo "lint: verilator --lint-only -Wall (wn_core)"
verilator --lint-only -Wall --top-module wn_core $waivers $pkgs $rtl
echo "lint: clean"
echo "synth: yosys synth -top wn_core (coarse), no latches"
log=$(mktemp)
if ! yosys -q -l "$log" 2>/dev/null -p "read_verilog -sv $pkgs $rtl; synth -top wn_core -run begin:fine; \
  select -assert-none t:\$dlatch t:\$adlatch t:\$dlatchsr t:\$_DLATCH*; check -assert; stat" >/dev/null 2>&1; then
	tail -30 "$log"
	echo "synth: FAILED"
	exit 1
fi
grep -E "Number of cells|\\\$mem" "$log" | tail -3 || true
rm -f "$log"
echo "synth: clean (no latches)"

# Modules built and tested on their own (sim/modtest) before wn_core uses
# them: the same two gates with each as the top.
standalone="wn_crc32c wn_mpa_tx wn_mpa_rx wn_ddp_rx wn_rdmap_tx"
for m in $standalone; do
	echo "lint: verilator --lint-only -Wall ($m)"
	verilator --lint-only -Wall --top-module "$m" $waivers $pkgs $rtl
	echo "synth: yosys synth -top $m (coarse), no latches"
	log=$(mktemp)
	if ! yosys -q -l "$log" 2>/dev/null -p "read_verilog -sv $pkgs $rtl; synth -top $m -run begin:fine; \
	  select -assert-none t:\$dlatch t:\$adlatch t:\$dlatchsr t:\$_DLATCH*; check -assert; stat" >/dev/null 2>&1; then
		tail -30 "$log"
		echo "synth: $m FAILED"
		exit 1
	fi
	grep -E "Number of cells" "$log" | tail -1 || true
	rm -f "$log"
done
echo "standalone modules: clean"
