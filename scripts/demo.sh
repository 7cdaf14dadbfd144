#!/usr/bin/env bash
# The warpnic demo: two simulated NICs exchange frames through the host
# library. Installs what is missing first. Arguments go to `warpnic demo`
# (e.g. --pcap demo.pcap --trace demo.fst --loss 0.01).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cargo run --release -q -p warpnic-cli -- demo "$@"
