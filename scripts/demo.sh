#!/usr/bin/env bash
# The warpnic demo: two simulated NICs exchange frames through the host
# library, then RDMA WRITE, SEND and READ through the connection manager.
# Installs only what the demo needs when it is missing (Rust, Verilator and
# the C++ tools; scripts/setup.sh --demo says what), builds the simulator
# and the `warpnic` command with a progress line, and runs `warpnic demo`.
# Arguments go to `warpnic demo` (e.g. --pcap demo.pcap --trace demo.fst
# --loss 0.01).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --demo
command -v cargo >/dev/null 2>&1 || export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

# The build, with one line of progress: the units cargo has built of all it
# will build, those at work, the time so far (rewritten in place on a
# terminal, a line every 30 s in a log). Cargo draws its own progress bar
# into the log file, from which the last state is read.
log=$(mktemp)
trap 'rm -f "$log"' EXIT
start=$(date +%s)
echo "demo: building the simulator and the warpnic command (release; a first build Verilates the core, several minutes)"
CARGO_TERM_PROGRESS_WHEN=always CARGO_TERM_PROGRESS_WIDTH=240 \
	cargo build --release -p warpnic-cli --color never >"$log" 2>&1 &
pid=$!
tty=0
[ -t 1 ] && tty=1
shown=0
while kill -0 $pid 2>/dev/null; do
	t=$(($(date +%s) - start))
	if [ $tty = 1 ] || [ $((t - shown)) -ge 30 ]; then
		# "Building [====>   ] 120/143: warpnic-sim(build), clap_builder"
		state=$(tr '\r' '\n' <"$log" | sed -n 's/^ *Building \[[^]]*\] *//p' | tail -1 | sed 's/ *$//')
		line=$(printf 'demo: building, %dm%02ds: %s' $((t / 60)) $((t % 60)) "${state:-resolving}")
		if [ $tty = 1 ]; then
			printf '\r%-79.79s' "$line"
		else
			echo "$line"
		fi
		shown=$t
	fi
	sleep 1
done
[ $tty = 1 ] && printf '\r%-79s\r' ''
if ! wait $pid; then
	echo "demo: the build failed:"
	tr '\r' '\n' <"$log" | grep -v '^ *Building \['
	exit 1
fi
echo "demo: built in $(($(date +%s) - start)) s"
cargo run --release -q -p warpnic-cli -- demo "$@"
