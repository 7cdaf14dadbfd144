#!/usr/bin/env bash
# Installs what building and testing warpnic needs, when it is missing:
# Verilator, Yosys and zlib from Debian's packages, iproute2 and ping for
# the Linux interop tests, the riscv32imac Rust target for the firmware.
# (The VFIO guest test installs QEMU itself.) Safe to run again:
# it only installs what is absent, and says what it does.
set -euo pipefail

say() { printf 'setup: %s\n' "$*"; }

need_apt=()
command -v verilator >/dev/null 2>&1 || need_apt+=(verilator)
command -v yosys >/dev/null 2>&1 || need_apt+=(yosys)
[ -f /usr/include/zlib.h ] || need_apt+=(zlib1g-dev)
command -v make >/dev/null 2>&1 || need_apt+=(make)
command -v g++ >/dev/null 2>&1 || need_apt+=(g++)
# the Linux interop tests: network namespaces, TAP devices, ping
command -v ip >/dev/null 2>&1 || need_apt+=(iproute2)
command -v ping >/dev/null 2>&1 || need_apt+=(iputils-ping)
if [ "${WARPNIC_SETUP_EXTRA:-}" != "" ]; then
	for p in $WARPNIC_SETUP_EXTRA; do
		dpkg -s "$p" >/dev/null 2>&1 || need_apt+=("$p")
	done
fi

if [ ${#need_apt[@]} -gt 0 ]; then
	say "installing from Debian's packages: ${need_apt[*]}"
	SUDO=""
	if [ "$(id -u)" != 0 ]; then
		command -v sudo >/dev/null 2>&1 || { say "need root (or sudo) to install ${need_apt[*]}"; exit 1; }
		SUDO=sudo
	fi
	$SUDO apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi
say "verilator: $(verilator --version 2>/dev/null | head -1)"
say "yosys: $(yosys -V 2>/dev/null | head -1)"

if ! rustup target list --installed 2>/dev/null | grep -qx riscv32imac-unknown-none-elf; then
	say "adding the Rust target riscv32imac-unknown-none-elf (firmware for the soft core)"
	rustup target add riscv32imac-unknown-none-elf
fi
say "rust: $(rustc --version)"
