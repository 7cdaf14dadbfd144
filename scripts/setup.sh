#!/usr/bin/env bash
# Installs what building, running and testing warpnic needs, when it is
# missing, and says what it installs. Safe to run again.
#
# usage: scripts/setup.sh [--demo | --peers]
#   (none)   everything the test command needs: what --demo installs, then
#            Yosys (RTL synthesis check), iproute2 and ping (the Linux
#            tests), tshark (the capture checks), the Rust target
#            riscv32imac-unknown-none-elf (firmware for the soft core),
#            rustfmt and clippy, and what --peers does
#   --demo   what the demo needs: Rust (rustup, when cargo is missing),
#            Verilator and the C++ tools it builds the core with (make, g++,
#            zlib)
#   --peers  the real-peer harness: QEMU and the tools that build the peer
#            guest image, then the image itself (tests/peers/guest/build-image.sh,
#            into $WARPNIC_PEER_WORK/guest, default target/peer-images/guest)
#
# Packages come from Debian's archive through apt-get (root or sudo);
# Rust through rustup into ~/.cargo. WARPNIC_SETUP_EXTRA="pkg ..." adds
# Debian packages.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf 'setup: %s\n' "$*"; }
WANT_DEMO=1 WANT_TEST=1 WANT_PEERS=1
case ${1:-} in
"") ;;
--demo) WANT_TEST=0 WANT_PEERS=0 ;;
--peers) WANT_DEMO=0 WANT_TEST=0 ;;
*)
	sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'
	exit 2
	;;
esac

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
APT_UPDATED=0
# apt_install WHY PACKAGE...: install the Debian packages, saying why
apt_install() {
	local why=$1
	shift
	say "installing from Debian's packages ($why): $*"
	if [ $APT_UPDATED = 0 ]; then
		as_root apt-get update -qq
		APT_UPDATED=1
	fi
	as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}
# missing CMD PACKAGE: print PACKAGE when CMD is not on PATH
missing() { command -v "$1" >/dev/null 2>&1 || echo "$2"; }

# ---- the demo: Rust, Verilator, the C++ build ----
if [ $WANT_DEMO = 1 ]; then
	need=()
	need+=($(missing verilator verilator) $(missing make make) $(missing g++ g++))
	[ -f /usr/include/zlib.h ] || need+=(zlib1g-dev)
	command -v cargo >/dev/null 2>&1 || [ -x "${CARGO_HOME:-$HOME/.cargo}/bin/cargo" ] ||
		need+=($(missing curl curl) ca-certificates)
	[ ${#need[@]} = 0 ] || apt_install "the simulator's build: Verilator, make, g++, zlib; curl for rustup" "${need[@]}"
	say "verilator: $(verilator --version 2>/dev/null | head -1)"

	if ! command -v cargo >/dev/null 2>&1; then
		if [ ! -x "${CARGO_HOME:-$HOME/.cargo}/bin/cargo" ]; then
			say "installing Rust (rustup, the stable toolchain, minimal profile) into ${CARGO_HOME:-$HOME/.cargo}"
			curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs |
				sh -s -- -y -q --profile minimal --default-toolchain stable
		fi
		export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
	fi
	say "rust: $(rustc --version)"
fi

# ---- the test command's gates and tests ----
if [ $WANT_TEST = 1 ]; then
	need=($(missing yosys yosys) $(missing ip iproute2) $(missing ping iputils-ping))
	for p in ${WARPNIC_SETUP_EXTRA:-}; do
		dpkg -s "$p" >/dev/null 2>&1 || need+=("$p")
	done
	if ! command -v tshark >/dev/null 2>&1; then
		# answer wireshark's "may non-root users capture?" with no
		echo "wireshark-common wireshark-common/install-setuid boolean false" | as_root debconf-set-selections
		need+=(tshark)
	fi
	[ ${#need[@]} = 0 ] || apt_install "RTL synthesis check, the Linux tests, the capture checks" "${need[@]}"
	say "yosys: $(yosys -V 2>/dev/null | head -1)"
	# (each list is read whole first: with pipefail, a grep -q that stops
	# early would fail the pipe)
	targets=$(rustup target list --installed 2>/dev/null || true)
	if ! grep -qx riscv32imac-unknown-none-elf <<<"$targets"; then
		say "adding the Rust target riscv32imac-unknown-none-elf (firmware for the soft core)"
		rustup target add riscv32imac-unknown-none-elf
	fi
	components=$(rustup component list --installed 2>/dev/null || true)
	for c in rustfmt clippy; do
		if ! grep -q "^$c" <<<"$components"; then
			say "adding the Rust component $c"
			rustup component add "$c"
		fi
	done
fi

# ---- the real-peer harness: QEMU and the guest image ----
if [ $WANT_PEERS = 1 ]; then
	need=($(missing qemu-system-x86_64 qemu-system-x86) $(missing cpio cpio) $(missing xz xz-utils)
		$(missing zstd zstd) $(missing depmod kmod) $(missing make make) $(missing gcc-12 gcc-12)
		$(missing strip binutils) $(missing perl perl) $(missing flock util-linux))
	[ ${#need[@]} = 0 ] || apt_install "the peer guest: QEMU, and the tools that build its image" "${need[@]}"
	say "qemu: $(qemu-system-x86_64 --version | head -1)"
	# the image builder asks apt which kernel to take
	candidate=$(apt-cache policy linux-image-amd64 2>/dev/null | awk '$1 == "Candidate:" { print $2 }')
	if [ -z "$candidate" ] || [ "$candidate" = "(none)" ]; then
		say "apt knows no linux-image-amd64 yet: apt-get update"
		as_root apt-get update -qq
	fi
	dir=${WARPNIC_PEER_WORK:-$PWD/target/peer-images}/guest
	if bash tests/peers/guest/build-image.sh --check "$dir" >/dev/null; then
		say "peer guest image: current in $dir"
	else
		say "peer guest image: building it in $dir (downloads about 230 MB of Debian packages; about 2 minutes)"
		t=$(date +%s)
		bash tests/peers/guest/build-image.sh "$dir"
		say "peer guest image: built in $(($(date +%s) - t)) s"
	fi
fi
