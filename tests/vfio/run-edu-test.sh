#!/usr/bin/env bash
# Tests warpnic's VFIO backend against real kernel VFIO: builds the
# warpnic-vfio-edu test program, boots a QEMU guest with an emulated Intel
# IOMMU and QEMU's `edu` PCI device bound to vfio-pci (the vfio-edu peer
# harness beside this checkout), runs the program there and passes only if
# the guest log says "RESULT: PASS".
#
# usage: tests/vfio/run-edu-test.sh [MODE]
#   MODE  IOMMU setup, as the harness's run-edu.sh: intel (default), intel-dma, intel-nocm
#
# Steps: (a) cargo build --release -p warpnic-vfio-edu
#        (b) host packages (QEMU, cpio, kmod, gcc-12, ...) through the harness's
#            host-setup.sh when something is missing (root + apt)
#        (c) the siw guest image (kernel + initramfs, downloaded from Debian),
#            built once and cached
#        (d) the VFIO overlay with the test program
#        (e) the guest run
#
# env: WARPNIC_SHARED     folder holding peers/ (default: <checkout>/../shared)
#      WARPNIC_PEER_WORK  image cache (default: <checkout>/target/peer-images);
#                         SIWPEER_WORK / VFIOGUEST_WORK override its two parts
#      VFIO_EDU_LOG       guest console log (default: $VFIOGUEST_WORK/edu-MODE.log)
#      CARGO              cargo binary (default: cargo)
set -euo pipefail

ROOT=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
SHARED=${WARPNIC_SHARED:-$ROOT/../shared}
SIW=$SHARED/peers/siw
EDU=$SHARED/peers/vfio-edu
WORK=${WARPNIC_PEER_WORK:-$ROOT/target/peer-images}
export SIWPEER_WORK=${SIWPEER_WORK:-$WORK/siw-peer}
export VFIOGUEST_WORK=${VFIOGUEST_WORK:-$WORK/vfio-guest}
MODE=${1:-intel}
LOG=${VFIO_EDU_LOG:-$VFIOGUEST_WORK/edu-$MODE.log}
CARGO=${CARGO:-cargo}
BIN_NAME=warpnic-vfio-edu

say() { echo "[vfio-edu] $*"; }
die() { echo "[vfio-edu] FAIL: $*" >&2; exit 1; }
now() { date +%s%N; }
ms() { echo $((($(now) - $1) / 1000000)); }

case $MODE in intel | intel-dma | intel-nocm) ;; *) die "unknown MODE '$MODE' (intel, intel-dma, intel-nocm)" ;; esac
for f in "$SIW/build-image.sh" "$SIW/host-setup.sh" "$SIW/run-guest.sh" "$EDU/build-overlay.sh" "$EDU/run-edu.sh"; do
	[ -f "$f" ] || die "peer harness file $f is missing: put the shared folder (with peers/siw and peers/vfio-edu) beside the checkout or set WARPNIC_SHARED"
done
mkdir -p "$WORK"

# (a) the test program
t=$(now)
say "building $BIN_NAME (release)"
BIN=$("$CARGO" build --release --manifest-path "$ROOT/Cargo.toml" -p "$BIN_NAME" --message-format=json |
	grep -o "\"executable\":\"[^\"]*/$BIN_NAME\"" | tail -1 | sed 's/^"executable":"//; s/"$//') ||
	die "cargo build of $BIN_NAME failed"
[ -x "$BIN" ] || die "cargo reported no executable for $BIN_NAME"
if command -v readelf >/dev/null; then
	# the guest has glibc 2.36 and little else
	extra=$(readelf -d "$BIN" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' |
		grep -vE '^(libc|libm|libgcc_s|libpthread|libdl|ld-linux-x86-64)\.so\.[0-9]+$' || true)
	[ -z "$extra" ] || die "$BIN needs libraries the guest lacks: $extra"
fi
T_BUILD=$(ms "$t")
say "built $BIN in ${T_BUILD} ms"

# (b) host packages
t=$(now)
missing=
for tool in qemu-system-x86_64 cpio depmod modprobe zstd make gcc-12 dpkg-deb apt-get python3; do
	command -v "$tool" >/dev/null || missing+=" $tool"
done
T_SETUP="not needed"
if [ -n "$missing" ]; then
	say "host tools missing:$missing; running $SIW/host-setup.sh (apt-get install of QEMU, cpio, kmod, gcc-12, zstd, tshark)"
	if [ "$(id -u)" = 0 ]; then
		"$SIW/host-setup.sh"
	elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
		sudo -n "$SIW/host-setup.sh"
	else
		die "host-setup.sh needs root (apt-get); run it once as root:  sudo $SIW/host-setup.sh"
	fi
	T_SETUP="$(ms "$t") ms"
	say "host setup done in $T_SETUP"
fi
# build-image.sh links the guest's busybox applets to /bin/busybox and then
# tests them with `[ -e ]`, which resolves on the host: without a host
# /bin/busybox that test fails and the build stops at "ln: .../bin/sh: File exists".
if [ ! -e /bin/busybox ]; then
	say "/bin/busybox missing on the host (build-image.sh needs it): apt-get install busybox"
	if [ "$(id -u)" = 0 ]; then
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends busybox
	elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
		sudo -n env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends busybox
	else
		die "build-image.sh needs /bin/busybox on the host: sudo apt-get install busybox"
	fi
fi

# (c) the guest image, built once per work folder
t=$(now)
if [ -f "$SIWPEER_WORK/VERSIONS.txt" ] && [ -f "$SIWPEER_WORK/initrd.img" ] &&
	{ [ -f "$SIWPEER_WORK/vmlinux" ] || [ -f "$SIWPEER_WORK/vmlinuz" ]; }; then
	T_IMAGE=cached
	say "guest image cached in $SIWPEER_WORK ($(sed -n 's/^kernel: //p' "$SIWPEER_WORK/VERSIONS.txt"))"
else
	say "building the guest image in $SIWPEER_WORK (downloads Debian packages)"
	rm -f "$SIWPEER_WORK/VERSIONS.txt"
	"$SIW/build-image.sh" || die "build-image.sh failed"
	T_IMAGE="$(ms "$t") ms"
	say "guest image built in $T_IMAGE"
fi

# (d) the VFIO overlay with the test program
t=$(now)
say "building the VFIO overlay in $VFIOGUEST_WORK"
EXTRA_FILES=$BIN "$EDU/build-overlay.sh" || die "build-overlay.sh failed"
T_OVERLAY=$(ms "$t")

# (e) the guest run
t=$(now)
say "booting the guest (mode $MODE), log in $LOG"
rm -f "$LOG"
rc=0
EDU_KARGS="EDU_TEST=/vfio/$BIN_NAME" "$EDU/run-edu.sh" "$MODE" "$LOG" || rc=$?
T_GUEST=$(ms "$t")

# the console log holds each kernel fault line twice (console and the dmesg tail)
faults=$({ grep -ao 'DMAR: \[DMA [A-Za-z]* .*' "$LOG" 2>/dev/null || true; } | tr -d '\r' | sort -u | wc -l)
summary="build ${T_BUILD} ms, host setup ${T_SETUP}, image ${T_IMAGE}, overlay ${T_OVERLAY} ms, guest ${T_GUEST} ms; guest DMAR faults logged: ${faults:-0}"
if [ -f "$LOG" ] && grep -q 'RESULT: PASS' "$LOG"; then
	say "PASS ($summary)"
	exit 0
fi
result=$(grep -ao 'RESULT: .*' "$LOG" 2>/dev/null | tr -d '\r' | tail -1 || true)
die "${result:-no RESULT line in $LOG} (run-edu.sh rc=$rc; $summary)"
