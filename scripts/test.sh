#!/usr/bin/env bash
# The warpnic test command: installs what is missing (scripts/setup.sh,
# the peer guest image included), then runs every gate and every test.
# Exits non-zero on the first failure. At the end (or at the failure) it
# prints the time of each step and the ten slowest test binaries.
#   WARPNIC_SOAK=N  runs the long raw stream with N frames (default 100000)
#   (the README lists the other knobs of the long runs)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v cargo >/dev/null 2>&1 || export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"

log=$(mktemp)
steps=()
step_name=
step_start=
T0=$(date +%s)
mmss() { printf '%dm%02ds' $(($1 / 60)) $(($1 % 60)); }
end_step() {
	[ -n "$step_name" ] || return 0
	steps+=("$(printf '%8s  %s' "$(mmss $(($(date +%s) - step_start)))" "$step_name")")
	step_name=
}
step() {
	end_step
	step_name=$*
	step_start=$(date +%s)
	printf '\n==> %s\n' "$*"
}
# The ten slowest test binaries, from cargo's "Running <target> (<binary>)"
# and "Doc-tests <crate>" lines and each harness's "finished in <s>s".
# The last stage reads all of its input: `head` would exit early, and sort,
# still writing, would die of SIGPIPE and fail the run under pipefail.
slowest() {
	awk '
		/^ +Running / {
			bin = $NF; sub(/\)$/, "", bin); sub(/.*\//, "", bin); sub(/-[0-9a-f]+$/, "", bin)
			what = $2; if (what == "unittests") what = $3
			name = bin " (" what ")"
		}
		/^ +Doc-tests / { name = $2 " (doc-tests)" }
		/^test result: / && / finished in / {
			t = $0; sub(/.* finished in /, "", t); sub(/s$/, "", t)
			if (name != "") printf "%10.1f s  %s\n", t, name
			name = ""
		}' "$log" | sort -rn | awk 'NR <= 10'
}
summary() {
	local rc=$?
	end_step
	printf '\n==> time per step\n'
	printf '%s\n' "${steps[@]}"
	printf '%8s  in all\n' "$(mmss $(($(date +%s) - T0)))"
	if [ -s "$log" ]; then
		printf '\n==> the ten slowest test binaries\n'
		slowest || printf '(the list could not be made)\n'
	fi
	rm -f "$log"
	[ $rc = 0 ] && printf '\n==> all passed\n' || printf '\n==> FAILED (exit status %d)\n' "$rc"
}
trap summary EXIT

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
cargo build -p warpnic-fw --profile soft-core --target riscv32imac-unknown-none-elf --features rt --bin warpnic-fw

step "tests (unit, RTL golden vectors, co-simulation, Linux peers, VFIO in a guest)"
cargo test --workspace --color never -- --test-threads 2 2>&1 | tee "$log"
