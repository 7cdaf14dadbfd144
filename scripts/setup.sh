#!/usr/bin/env bash
# Installs what building and testing warpnic needs, when it is missing:
# Verilator, Yosys and zlib from Debian's packages, iproute2 and ping for
# the Linux interop tests, the riscv32imac Rust target for the firmware,
# and QEMU with the soft-iWARP peer guest image (built by the peer harness)
# for the guest tests. Safe to run again: it only installs what is absent,
# and says what it does.
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

# The soft-iWARP peer guest for the siw_guest tests (and the VFIO guest
# test): QEMU and the guest image of the siw peer harness, which lives in
# the shared folder beside the checkout (or $WARPNIC_SHARED). The image is
# built once into target/peer-images/siw-peer (or $SIWPEER_WORK).
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SIW=${WARPNIC_SHARED:-$ROOT/../shared}/peers/siw
[ -d "$SIW" ] && SIW=$(cd "$SIW" && pwd)
export SIWPEER_WORK=${SIWPEER_WORK:-${WARPNIC_PEER_WORK:-$ROOT/target/peer-images}/siw-peer}
siw_image() {
	[ -f "$SIWPEER_WORK/VERSIONS.txt" ] && [ -f "$SIWPEER_WORK/initrd.img" ] &&
		{ [ -f "$SIWPEER_WORK/vmlinux" ] || [ -f "$SIWPEER_WORK/vmlinuz" ]; }
}
# the second image: siw with the harness's fix of its passive-side race
# (SIW_FIX_ACCEPT_RACE=1), for the tests where the guest accepts
FIXRACE_WORK=${WARPNIC_PEER_WORK:-$ROOT/target/peer-images}/siw-peer-fixrace
as_root() {
	if [ "$(id -u)" = 0 ]; then
		"$@"
	elif command -v sudo >/dev/null 2>&1; then
		sudo "$@"
	else
		say "need root (or sudo) for: $*"
		exit 1
	fi
}
if [ ! -f "$SIW/run-guest.sh" ]; then
	say "WARNING: the siw peer harness is missing ($SIW/run-guest.sh): the siw_guest and"
	say "WARNING: vfio_edu tests (which boot the same guest kernel) will fail. Put the shared folder holding peers/ beside"
	say "WARNING: the checkout, or set WARPNIC_SHARED to it, and run this script again."
else
	missing=
	for tool in qemu-system-x86_64 cpio depmod modprobe zstd xz make gcc-12 dpkg-deb apt-get python3 tshark; do
		command -v "$tool" >/dev/null 2>&1 || missing+=" $tool"
	done
	if [ -n "$missing" ]; then
		say "siw peer: host tools missing:$missing"
		say "siw peer: running $SIW/host-setup.sh (apt-get install of QEMU, cpio, zstd, kmod, gcc-12, tshark)"
		as_root "$SIW/host-setup.sh"
	fi
	# build-image.sh links the guest's busybox applets and tests them with
	# `[ -e ]`, which resolves on the host: it needs a host /bin/busybox
	if [ ! -e /bin/busybox ]; then
		say "siw peer: installing busybox (build-image.sh needs /bin/busybox on the host)"
		as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends busybox >/dev/null
	fi
	if siw_image; then
		say "siw peer image: cached in $SIWPEER_WORK ($(sed -n 's/^kernel: //p' "$SIWPEER_WORK/VERSIONS.txt"))"
	else
		say "siw peer image: building it in $SIWPEER_WORK with $SIW/build-image.sh"
		say "siw peer image: (downloads a Debian kernel and userland, builds siw.ko; ~1 min, ~1 GB)"
		mkdir -p "$SIWPEER_WORK"
		rm -f "$SIWPEER_WORK/VERSIONS.txt"
		t=$(date +%s)
		"$SIW/build-image.sh"
		siw_image || { say "build-image.sh finished but left no image in $SIWPEER_WORK"; exit 1; }
		say "siw peer image: built in $(($(date +%s) - t)) s ($(sed -n 's/^kernel: //p' "$SIWPEER_WORK/VERSIONS.txt"))"
	fi
	if SIWPEER_WORK=$FIXRACE_WORK siw_image; then
		say "siw peer image (SIW_FIX_ACCEPT_RACE=1): cached in $FIXRACE_WORK"
	else
		say "siw peer image (SIW_FIX_ACCEPT_RACE=1): building it in $FIXRACE_WORK (~1 min)"
		mkdir -p "$FIXRACE_WORK"
		rm -f "$FIXRACE_WORK/VERSIONS.txt"
		t=$(date +%s)
		SIW_FIX_ACCEPT_RACE=1 SIWPEER_WORK=$FIXRACE_WORK "$SIW/build-image.sh"
		SIWPEER_WORK=$FIXRACE_WORK siw_image || { say "build-image.sh left no image in $FIXRACE_WORK"; exit 1; }
		say "siw peer image (SIW_FIX_ACCEPT_RACE=1): built in $(($(date +%s) - t)) s"
	fi
	say "qemu: $(qemu-system-x86_64 --version | head -1)"
fi
