#!/usr/bin/env bash
# RTL gates: Verilator -Wall lint of the core, a Yosys synthesis that
# must infer no latches and a census of the tables (every one Yosys's
# netlist holds whole); the same for each standalone module that is not yet
# instantiated in wn_core (listed in `standalone` below).
set -euo pipefail
cd "$(dirname "$0")/.."
pkgs=$(ls hw/rtl/gen/*_pkg.sv hw/rtl/*_pkg.sv 2>/dev/null | tr '\n' ' ' || true)
rtl=$(ls hw/rtl/*.sv | grep -v '_pkg\.sv$' | tr '\n' ' ')
waivers=$(ls hw/lint/*.vlt 2>/dev/null | tr '\n' ' ' || true)
# Yosys's coarse synthesis of module $3 (after the commands $2), logged to
# $1: it fails, with the log's tail, when it infers a latch or its check
# finds a problem.
yosys_gate() {
	if ! yosys -q -l "$1" 2>/dev/null -p "read_verilog -sv $pkgs $rtl; $2 synth -top $3 -run begin:fine; \
	  select -assert-none t:\$dlatch t:\$adlatch t:\$dlatchsr t:\$_DLATCH*; check -assert; stat" >/dev/null 2>&1; then
		tail -30 "$1"
		echo "synth: $3 FAILED"
		return 1
	fi
}
# Modules built and tested on their own (sim/modtest) before wn_core uses
# them: the same two gates with each as the top. They run on the second
# core while the core's synthesis runs; their output follows the core's.
check_standalone() {
	standalone="wn_crc32c wn_mpa_tx wn_mpa_rx wn_ddp_rx wn_rdmap_tx wn_runs"
	for m in $standalone; do
		echo "lint: verilator --lint-only -Wall ($m)"
		verilator --lint-only -Wall --top-module "$m" $waivers $pkgs $rtl
		echo "synth: yosys synth -top $m (coarse), no latches"
		log=$(mktemp)
		yosys_gate "$log" "" "$m" || exit 1
		grep -E "Number of cells" "$log" | tail -1 || true
		rm -f "$log"
	done
}
sa_log=$(mktemp)
check_standalone >"$sa_log" 2>&1 &
sa_pid=$!
trap 'kill "$sa_pid" 2>/dev/null || true' EXIT
echo "lint: verilator --lint-only -Wall (wn_core)"
verilator --lint-only -Wall --top-module wn_core $waivers $pkgs $rtl
echo "lint: clean"
echo "synth: yosys synth -top wn_core (coarse), no latches; memory census"
log=$(mktemp)
out=target/rtl-census
mkdir -p "$out"
# Verilator's elaborated design: the tables the RTL declares
verilator --xml-only --xml-output "$out/core.xml" --top-module wn_core $waivers $pkgs $rtl
# The census netlist (the design as Yosys reads it, flattened: its memories
# and the registers it made from arrays) is written before the synthesis.
yosys_gate "$log" "design -save src; hierarchy -top wn_core; flatten; select m:* w:*]; \
  write_rtlil -selected $out/census.il; design -load src;" wn_core || exit 1
grep -E "Number of cells|\\\$mem" "$log" | tail -3 || true
rm -f "$log"
echo "synth: clean (no latches)"
# Every table of 4 Kbit or more must be in the netlist whole (Yosys 0.23
# drops the unpacked dimension of an array of a packed struct, silently).
echo "census: the tables the RTL declares against Yosys's netlist"
cargo run -q -p xtask -- census "$out/core.xml" "$out/census.il" 4096

if ! wait "$sa_pid"; then
	cat "$sa_log"
	echo "standalone modules: FAILED"
	exit 1
fi
cat "$sa_log"
rm -f "$sa_log"
echo "standalone modules: clean"
