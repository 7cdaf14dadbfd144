#!/usr/bin/env bash
# The warpnic test command: installs what is missing, then runs every gate
# and every test. Exits non-zero on the first failure.
#   WARPNIC_SOAK=N  runs the long raw stream with N frames (default 100000)
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n==> %s\n' "$*"; }

step "setup"
bash scripts/setup.sh

step "generated files are up to date (cargo xtask gen --check)"
cargo xtask gen --check

step "formatting (cargo fmt --check)"
cargo fmt --all -- --check

step "RTL lint and synthesis"
bash scripts/lint-rtl.sh

step "clippy (-D warnings)"
cargo clippy --workspace --all-targets -- -D warnings

step "firmware for the soft core (riscv32imac-unknown-none-elf)"
cargo build -p warpnic-fw --release --target riscv32imac-unknown-none-elf --features rt --bin warpnic-fw

step "tests (unit, RTL golden vectors, co-simulation, VFIO in a guest)"
cargo test --workspace -- --test-threads 2

step "all passed"
