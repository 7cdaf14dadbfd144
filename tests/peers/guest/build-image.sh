#!/usr/bin/env bash
# Builds the peer guest: the Linux system the real-peer tests boot under
# QEMU. It holds a Debian 12 kernel, Linux soft-iWARP (siw.ko) compiled from
# that kernel's own source package in two builds, the VFIO modules,
# rdma-core's userland (rping, perftest, the `rdma` tool), Python and a
# busybox init (tests/peers/guest/init), packed as one initramfs.
#
# Why siw is compiled here: Debian's kernels are configured without
# CONFIG_RDMA_SIW. siw needs only ib_core and libcrc32c, which they have, so
# it builds as an external module against the same version's headers. Its
# protocol constants (mpa_crc_required, peer_to_peer, ...) are turned into
# read-only module parameters by patch-siw.sh, so that a guest chooses them
# on its kernel command line (`siw.mpa_crc_required=Y`). The second build
# also fixes siw's passive-side race (patch-siw.sh --fix-accept); the guest
# loads one of the two (`wnpeer.siw=` on its command line, see init).
#
# usage: build-image.sh [--check] [DIR]
#   DIR      the image folder; default $WARPNIC_PEER_WORK/guest, where
#            WARPNIC_PEER_WORK defaults to target/peer-images in the checkout
#   --check  only say whether DIR holds an image built from the present
#            inputs (exit 0) or not (exit 1)
# Without --check the image is built when it is missing or stale, else kept.
#
# Output: DIR/vmlinux (the kernel as an ELF, which QEMU boots through its
# PVH entry, faster under emulation), DIR/vmlinuz, DIR/initrd.img (about
# 60 MB, uncompressed: it boots faster under emulation), DIR/image.txt
# (what went in, and the digest of this folder's scripts it was built
# from). Downloads, about 230 MB, are kept in DIR/cache (1 GB in all with
# the unpacked trees). About 2 minutes on two cores with a fast mirror.
#
# Everything comes from the Debian archive the host's apt knows, through
# `apt-get download`: nothing is installed on the host and root is not
# needed. Host tools: apt-get, apt-cache, dpkg-deb, tar, xz, make, gcc-12,
# strip, cpio, depmod, modprobe and modinfo (kmod), perl, flock, sha256sum
# (scripts/setup.sh --peers installs them).
#
# env: KERNEL_PKG  the kernel image package (default: what linux-image-amd64
#                  depends on, e.g. linux-image-6.1.0-56-amd64)
#      GUEST_EXTRA more Debian packages for the guest (e.g. "tcpdump ethtool")
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
CHECK=0
if [ "${1:-}" = --check ]; then
	CHECK=1
	shift
fi
DIR=${1:-${WARPNIC_PEER_WORK:-$ROOT/target/peer-images}/guest}
GUEST_PKGS="ibverbs-providers ibverbs-utils rdmacm-utils perftest iproute2 kmod busybox-static python3-minimal ${GUEST_EXTRA:-}"
# the guest's kernel modules (their dependencies are added)
MODULES="virtio_pci virtio_net 9pnet_virtio 9p dummy ib_core ib_uverbs iw_cm rdma_cm rdma_ucm libcrc32c crc32c_generic crc32c_intel vfio vfio_iommu_type1 vfio_pci"

started=$(date +%s)
say() { printf '[peer image %3ds] %s\n' $(($(date +%s) - started)) "$*"; }
die() {
	printf 'peer image: %s\n' "$*" >&2
	exit 1
}

# The digest of everything that decides the image's contents: a change to
# the builder, the init or the siw patch makes the cached image stale.
digest() {
	{
		cat "$HERE/build-image.sh" "$HERE/init" "$HERE/patch-siw.sh"
		printf 'kernel=%s extra=%s\n' "${KERNEL_PKG:-}" "${GUEST_EXTRA:-}"
	} | sha256sum | cut -c1-16
}
DIGEST=$(digest)
current() {
	[ -f "$DIR/image.txt" ] && [ -f "$DIR/initrd.img" ] &&
		{ [ -f "$DIR/vmlinux" ] || [ -f "$DIR/vmlinuz" ]; } &&
		grep -qx "inputs: $DIGEST" "$DIR/image.txt"
}
if [ $CHECK = 1 ]; then
	if current; then
		echo "peer image: $DIR is current (inputs $DIGEST)"
		exit 0
	fi
	echo "peer image: $DIR holds no image built from the present inputs ($DIGEST)"
	exit 1
fi

mkdir -p "$DIR"
DIR=$(cd "$DIR" && pwd)
# one builder at a time per folder; a second one waits, then finds it current
exec 9>"$DIR/.lock"
flock 9
if current; then
	say "current in $DIR"
	exit 0
fi

for tool in apt-get apt-cache dpkg-deb tar xz make gcc-12 strip cpio depmod modprobe modinfo perl; do
	command -v "$tool" >/dev/null ||
		die "the host tool $tool is missing: run scripts/setup.sh --peers (it installs what building and booting the guest needs)"
done
rm -f "$DIR/image.txt"
C=$DIR/cache
mkdir -p "$C/debs"

# fetch PKG=VERSION...: download the packages not yet in the cache
fetch() {
	local want=() pv f
	for pv in "$@"; do
		f="${pv%%=*}_${pv#*=}"
		compgen -G "$C/debs/${f/:/%3a}_*.deb" >/dev/null || want+=("$pv")
	done
	[ ${#want[@]} = 0 ] && return 0
	(cd "$C/debs" && apt-get -qq download "${want[@]}" 2>&1 | grep -v 'unsandboxed' >&2) || true
	for pv in "${want[@]}"; do
		f="${pv%%=*}_${pv#*=}"
		compgen -G "$C/debs/${f/:/%3a}_*.deb" >/dev/null || die "apt-get could not download $pv"
	done
}
# deb PKG VERSION: the cached file
deb() {
	local f="${1}_${2}"
	compgen -G "$C/debs/${f/:/%3a}_*.deb" | head -1
}
# candidate PKG: the version apt would install
candidate() { apt-cache policy "$1" | awk '$1 == "Candidate:" { print $2 }'; }

# ---- the kernel, its headers and its source ----
if [ -z "${KERNEL_PKG:-}" ]; then
	KERNEL_PKG=$(apt-cache depends linux-image-amd64 2>/dev/null |
		awk '$1 == "Depends:" && $2 ~ /^linux-image-[0-9]/ { print $2; exit }')
fi
[ -n "$KERNEL_PKG" ] || die "apt knows no linux-image-amd64 (run apt-get update, on a Debian 12 host)"
KV=$(candidate "$KERNEL_PKG")
[ -n "$KV" ] && [ "$KV" != "(none)" ] || die "apt has no candidate for $KERNEL_PKG"
KREL=${KERNEL_PKG#linux-image-}
KREL=${KREL%-unsigned}
SERIES=$(echo "$KREL" | cut -d. -f1-2)
say "kernel $KERNEL_PKG $KV"
# the flavour's headers need the common headers and kbuild of the same
# upload; each takes the kernel's version where apt has it, else its own
# candidate (kbuild is rebuilt on its own: the headers ask for >= the
# kernel's version, and the archive may hold only a later one)
HEADERS=("linux-headers-$KREL")
mapfile -t -O 1 HEADERS < <(apt-cache depends "linux-headers-$KREL=$KV" 2>/dev/null |
	awk '$1 == "Depends:" && $2 ~ /^linux-(headers|kbuild)-/ { print $2 }')
[ ${#HEADERS[@]} -ge 2 ] || die "apt lists no common headers for linux-headers-$KREL"
declare -A HV
for p in "${HEADERS[@]}"; do
	if [ -n "$(apt-cache show "$p=$KV" 2>/dev/null)" ]; then
		HV[$p]=$KV
	else
		HV[$p]=$(candidate "$p")
		[ -n "${HV[$p]}" ] && [ "${HV[$p]}" != "(none)" ] || die "apt has no candidate for $p"
		say "$p: $KV is not in the archive, taking ${HV[$p]}"
	fi
done
KPKGS=("$KERNEL_PKG=$KV" "linux-source-$SERIES=$KV")
for p in "${HEADERS[@]}"; do KPKGS+=("$p=${HV[$p]}"); done
fetch "${KPKGS[@]}"

K=$C/kernel
if [ ! -f "$K/.done-$KV" ]; then
	say "unpacking the kernel and its headers"
	rm -rf "$K" && mkdir -p "$K/image" "$K/headers"
	dpkg-deb -x "$(deb "$KERNEL_PKG" "$KV")" "$K/image"
	for p in "${HEADERS[@]}"; do
		dpkg-deb -x "$(deb "$p" "${HV[$p]}")" "$K/headers"
	done
	# the flavour's Makefile names the common tree by its installed path
	perl -pi -e "s{^include /usr/src/}{include $K/headers/usr/src/}" \
		"$K/headers/usr/src/linux-headers-$KREL/Makefile"
	say "unpacking drivers/infiniband/sw/siw from linux-source-$SERIES"
	dpkg-deb --fsys-tarfile "$(deb "linux-source-$SERIES" "$KV")" |
		tar -xO "./usr/src/linux-source-$SERIES.tar.xz" | xz -dc |
		tar -x -C "$K" --strip-components=1 "linux-source-$SERIES/drivers/infiniband/sw/siw"
	depmod -b "$K/image" "$KREL"
	touch "$K/.done-$KV"
fi
KMOD=$K/image/lib/modules/$KREL
[ -d "$KMOD" ] || KMOD=$K/image/usr/lib/modules/$KREL
[ -d "$KMOD" ] || die "no module tree for $KREL in $KERNEL_PKG"

# ---- siw.ko, stock and with the accept fix ----
for build in stock fixed-accept; do
	B=$C/siw-$build
	rm -rf "$B" && cp -r "$K/drivers/infiniband/sw/siw" "$B"
	if [ $build = stock ]; then
		"$HERE/patch-siw.sh" "$B"
	else
		"$HERE/patch-siw.sh" --fix-accept "$B"
	fi
	say "compiling siw.ko ($build)"
	make -s -j"$(nproc)" -C "$K/headers/usr/src/linux-headers-$KREL" M="$B" CONFIG_RDMA_SIW=m \
		CONFIG_DEBUG_INFO_BTF_MODULES= modules 2>&1 | grep -v 'Skipping BTF' >&2 || true
	[ -f "$B/siw.ko" ] || die "siw.ko ($build) did not build"
done

# ---- the userland ----
say "resolving the guest's packages: $GUEST_PKGS"
: >"$C/no-status"
# with an empty package status apt lists every package the set needs
mapfile -t USER_PKGS < <(apt-get -s -o Dir::State::status="$C/no-status" \
	-o APT::Install-Recommends=false install $GUEST_PKGS 2>/dev/null |
	sed -n 's/^Inst \([^ ]*\) (\([^ ]*\) .*/\1=\2/p')
[ ${#USER_PKGS[@]} -gt 0 ] || die "apt resolved no packages for $GUEST_PKGS"
fetch "${USER_PKGS[@]}"

R=$C/rootfs
rm -rf "$R" && mkdir -p "$R/usr/bin" "$R/usr/sbin" "$R/usr/lib" "$R/usr/lib64"
for d in bin sbin lib lib64; do ln -s "usr/$d" "$R/$d"; done
for pv in "${USER_PKGS[@]}"; do
	dpkg-deb --fsys-tarfile "$(deb "${pv%%=*}" "${pv#*=}")" | tar -x -C "$R" --keep-directory-symlink
done
say "unpacked ${#USER_PKGS[@]} packages"
rm -rf "$R/usr/share/doc" "$R/usr/share/man" "$R/usr/share/info" "$R/usr/share/locale" "$R/usr/share/lintian"
mkdir -p "$R/proc" "$R/sys" "$R/dev" "$R/tmp" "$R/run" "$R/root" "$R/out" "$R/etc/ld.so.conf.d"
# busybox provides what Debian's packages did not (sh, mount, poweroff, ...)
# (a link is made where nothing, not even a dangling link, is; no test
# follows a link, since the guest's absolute links point into the host here)
while read -r app; do
	[ -e "$R/$app" ] || [ -L "$R/$app" ] || ln -s /bin/busybox "$R/$app"
done < <("$R/bin/busybox" --list-full)
echo 'include /etc/ld.so.conf.d/*.conf' >"$R/etc/ld.so.conf"
"$(command -v ldconfig || echo /sbin/ldconfig)" -r "$R"
echo 'root:x:0:0:root:/root:/bin/sh' >"$R/etc/passwd"
echo 'root:x:0:' >"$R/etc/group"
echo '127.0.0.1 localhost' >"$R/etc/hosts"
install -m 0755 "$HERE/init" "$R/init"

# kernel modules: the list above with what they depend on
M=$R/usr/lib/modules/$KREL
mkdir -p "$M"
for m in $MODULES; do
	modprobe -d "$K/image" -S "$KREL" --show-depends "$m" 2>/dev/null | awk '$1 == "insmod" { print $2 }'
done | sort -u | while read -r ko; do
	rel=${ko#"$KMOD"/}
	mkdir -p "$M/$(dirname "$rel")"
	cp "$ko" "$M/$rel"
done
cp "$KMOD/modules.order" "$KMOD/modules.builtin" "$KMOD/modules.builtin.modinfo" "$M/"
depmod -b "$R" "$KREL"
# the two siw builds live outside the module tree; init loads one by path
mkdir -p "$R/usr/lib/wnpeer"
for build in stock fixed-accept; do
	strip --strip-debug -o "$R/usr/lib/wnpeer/siw-$build.ko" "$C/siw-$build/siw.ko"
done
say "$(find "$M" -name '*.ko*' | wc -l) kernel modules and two siw builds"

# ---- the kernel as an ELF, for QEMU's PVH entry ----
# unpack FILE OFFSET TOOL: the stream at OFFSET of FILE through TOOL -dc
unpack() { tail -c +$(($2 + 1)) "$1" | "$3" -dcq 2>/dev/null || true; }
find_elf() {
	# the compressed kernel follows the boot code: try each xz or zstd start
	local off tool magic
	for tool in xz zstd; do
		case $tool in
		xz) magic='\xfd7zXZ\x00' ;;
		zstd) magic='\x28\xb5\x2f\xfd' ;;
		esac
		command -v $tool >/dev/null || continue
		for off in $(LC_ALL=C grep -obUaP "$magic" "$1" | cut -d: -f1); do
			unpack "$1" "$off" $tool >"$2.part"
			if [ "$(head -c 4 "$2.part" | od -An -tx1 | tr -d ' ')" = 7f454c46 ]; then
				mv "$2.part" "$2"
				return 0
			fi
		done
	done
	rm -f "$2.part"
	return 1
}
VMLINUZ=$(compgen -G "$K/image/boot/vmlinuz-*" | head -1)
cp "$VMLINUZ" "$DIR/vmlinuz"
rm -f "$DIR/vmlinux"
find_elf "$DIR/vmlinuz" "$DIR/vmlinux" || say "no ELF kernel found inside vmlinuz: the guest boots vmlinuz (slower)"

say "packing the initramfs"
(cd "$R" && find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet) >"$DIR/initrd.img.part"
mv "$DIR/initrd.img.part" "$DIR/initrd.img"
{
	echo "inputs: $DIGEST"
	echo "built: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
	echo "kernel: $KERNEL_PKG $KV ($KREL)"
	echo "siw: built from linux-source-$SERIES $KV; stock and fixed-accept; parameters: $(modinfo -F parm "$R/usr/lib/wnpeer/siw-stock.ko" | cut -d: -f1 | tr '\n' ' ')"
	for p in ibverbs-providers rdmacm-utils perftest iproute2 busybox-static python3-minimal libc6; do
		printf '%s\n' "${USER_PKGS[@]}" | grep "^$p=" | tr = ' ' || true
	done
	echo "initrd.img: $(du -h "$DIR/initrd.img" | cut -f1)"
} >"$DIR/image.txt.part"
mv "$DIR/image.txt.part" "$DIR/image.txt"
cat "$DIR/image.txt"
say "done: $DIR"
