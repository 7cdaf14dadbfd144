#!/usr/bin/env bash
# The resource and timing report of wn_core on the Alveo U250's XCU250:
# Yosys's synth_xilinx (-family xcup, hierarchy kept) of the whole core,
# then `cargo xtask fit` prints LUTs, LUTRAM, flip-flops, RAMB36, URAM and
# DSP against the device, each module's figures and its longest path in
# logic levels, every memory and what it became, and the memory census.
# It fails when a budget of hw/fit/budgets.toml is exceeded, or when a table
# the RTL declares is smaller in Yosys's netlist.
#
# The files it leaves in target/fit (fit.md is the report).
#
#   FIT_BLACKBOX="mod ..."  leaves these modules out of the synthesis (as
#   black boxes; the report names them): for a quick look at the rest while
#   one module takes long (the message log, wn_rdma_msg_log, mapped to
#   LUTRAM with five asynchronous read ports: the whole core had not finished
#   after 37 minutes on a 2-core machine).
#
# The synthesis skips `share` (SAT-based sharing of arithmetic: it had not
# finished after 6 minutes on this core, and it saves a few percent of LUTs
# at most), so the LUT figure is an upper bound.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v cargo >/dev/null 2>&1 || export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
for t in verilator yosys; do
	command -v $t >/dev/null 2>&1 || { echo "fit: $t is missing (scripts/setup.sh installs it)"; exit 1; }
done
pkgs=$(ls hw/rtl/gen/*_pkg.sv hw/rtl/*_pkg.sv | tr '\n' ' ')
rtl=$(ls hw/rtl/*.sv | grep -v '_pkg\.sv$' | tr '\n' ' ')
waivers=$(ls hw/lint/*.vlt 2>/dev/null | tr '\n' ' ' || true)
out=target/fit
mkdir -p "$out"
rm -f "$out"/{census.il,mems.il,stat.txt,ltp.txt,fit.md}

echo "fit: verilator --xml-only (the tables the RTL declares)"
verilator --xml-only --xml-output "$out/core.xml" --top-module wn_core $waivers $pkgs $rtl

echo "fit: yosys synth_xilinx -family xcup -top wn_core (log in $out/synth.log)"
t0=$(date +%s)
bb=""
for m in ${FIT_BLACKBOX:-}; do
	bb="$bb
blackbox $m"
done
cat >"$out/synth.ys" <<YS
read_verilog -sv $pkgs $rtl
design -save src
hierarchy -top wn_core
flatten
select m:* w:*]
write_rtlil -selected $out/census.il
select -clear
design -load src$bb
synth_xilinx -family xcup -top wn_core -run begin:coarse
techmap -map +/cmp2lut.v -map +/cmp2lcu.v -D LUT_WIDTH=6
alumacc
opt
memory -nomap
opt_clean
select t:\$mem_v2
write_rtlil -selected $out/mems.il
select -clear
synth_xilinx -family xcup -top wn_core -run map_memory:check
tee -q -o $out/stat.txt stat -tech xilinx
tee -q -o $out/ltp.txt ltp -noff t:LUT* t:MUXF* t:CARRY* w:*
YS
if ! yosys -q -l "$out/synth.log" -s "$out/synth.ys" >/dev/null 2>&1; then
	tail -20 "$out/synth.log"
	echo "fit: yosys FAILED"
	exit 1
fi
echo "fit: synthesis took $(( $(date +%s) - t0 )) s"
printf '%s\n' ${FIT_BLACKBOX:-} >"$out/blackbox.txt"
cargo run -q -p xtask -- fit "$out"
