#!/usr/bin/env bash
# Prepares Linux soft-iWARP's source (drivers/infiniband/sw/siw, copied to
# DIR) for the peer guest's two builds (build-image.sh):
#
# - siw's protocol constants become read-only module parameters with their
#   defaults unchanged, so that a guest selects them on its kernel command
#   line (e.g. siw.mpa_crc_required=Y): zcopy_tx, try_gso,
#   loopback_enabled, mpa_crc_required, mpa_crc_strict, siw_tcp_nagle,
#   peer_to_peer (bool) and mpa_version (byte).
# - with --fix-accept, siw_accept() binds the QP to the socket before it
#   sends the MPA Reply, not after. Stock siw (6.1 and 6.12) sends the Reply
#   first; an FPDU the initiator sends as soon as it has the Reply can then
#   reach the connection manager's data_ready handler, which ignores it, and
#   the connection stalls with the FPDU unread (about one connection in 60
#   under emulation). The tests where the guest accepts use this build.
#
# usage: patch-siw.sh [--fix-accept] DIR
set -euo pipefail
FIX=0
if [ "${1:-}" = --fix-accept ]; then
	FIX=1
	shift
fi
D=${1:?usage: patch-siw.sh [--fix-accept] DIR}
[ -f "$D/siw_main.c" ] && [ -f "$D/siw.h" ] && [ -f "$D/siw_cm.c" ] || {
	echo "patch-siw: $D is not siw's source folder" >&2
	exit 1
}

BOOLS="zcopy_tx try_gso loopback_enabled mpa_crc_required mpa_crc_strict siw_tcp_nagle peer_to_peer"
# the declarations in siw.h and the definitions in siw_main.c lose `const`
for knob in $BOOLS; do
	perl -0pi -e "s/^extern const bool $knob;\$/extern bool $knob;/m or die qq(siw.h: no const $knob\n)" "$D/siw.h"
	perl -0pi -e "s/^const bool $knob( = \\w+)?;\$/bool $knob\$1;/m or die qq(siw_main.c: no const $knob\n)" "$D/siw_main.c"
done
grep -q '^u_char mpa_version = ' "$D/siw_main.c" || {
	echo "patch-siw: siw_main.c defines no mpa_version" >&2
	exit 1
}
{
	echo
	echo "/* the protocol constants as read-only parameters (warpnic's peer guest) */"
	for knob in $BOOLS; do
		echo "module_param($knob, bool, 0444);"
	done
	echo "module_param(mpa_version, byte, 0444);"
} >>"$D/siw_main.c"

if [ $FIX = 1 ]; then
	# In siw_accept(): take siw_qp_socket_assoc() out of the branch after
	# the Reply and call it before the Reply when the QP goes straight to
	# RTS (without peer-to-peer RTR; with RTR the RTR upcalls come first,
	# as before).
	perl -0pi -e '
		my $send = qr/\n(\trv = siw_send_mpareqrep\(cep, params->private_data,\n\t+params->private_data_len\);\n)/;
		my $branch = qr/(\t\} else \{\n)\t\tsiw_qp_socket_assoc\(cep, qp\);\n(\t\trv = siw_cm_upcall\(cep, IW_CM_EVENT_ESTABLISHED, 0\);)/;
		s/$send/\n\t\/* the QP owns the socket before the peer can send an FPDU *\/\n\tif (!wait_for_peer_rts)\n\t\tsiw_qp_socket_assoc(cep, qp);\n$1/ == 1 or die "siw_cm.c: siw_accept() sends its MPA Reply elsewhere\n";
		s/$branch/$1$2/ == 1 or die "siw_cm.c: siw_accept() binds the QP elsewhere\n";
	' "$D/siw_cm.c"
fi
