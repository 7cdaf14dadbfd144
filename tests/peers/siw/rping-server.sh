#!/bin/sh
# Guest side of the siw_rdma rping tests, server role: Linux soft-iWARP's
# `rping -s` on the guest's address; warpnic's rping client connects.
# Prints "SIWTEST listening" once the listener is up (siw's listening
# sockets are kernel TCP sockets, in /proc/net/tcp).
# Environment (kernel command-line words): SELF, PORT, SIZE.
. /out/lib.sh
echo "SIWTEST rping-server self=$SELF port=$PORT size=$SIZE crc=$(cat /sys/module/siw/parameters/mpa_crc_required)"
rping -s -v -a "$SELF" -p "$PORT" -S "$SIZE" 2>&1 &
pid=$!
if wait_listen "$PORT"; then
	echo "SIWTEST listening"
else
	echo "SIWTEST no listener on $PORT"
fi
wait $pid
rc=$?
echo "SIWTEST rping rc=$rc"
exit $rc
