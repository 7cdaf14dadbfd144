#!/bin/sh
# Guest side of the siw_rdma perftest tests: Linux soft-iWARP's
# ib_<VERB>_bw with -R (rdma_cm), as server (prints "SIWTEST listening"
# once its control listener is up) or as client of warpnic's perftest
# server.
# Environment (kernel command-line words): ROLE (server or client), VERB
# (write, read or send), SIZE, ITERS, PORT, NIC_IP (client).
. /out/lib.sh
D=$(siwdev)
echo "SIWTEST perftest role=$ROLE verb=$VERB size=$SIZE iters=$ITERS port=$PORT dev=$D crc=$(cat /sys/module/siw/parameters/mpa_crc_required)"
set -- "ib_${VERB}_bw" -R -F -d "$D" -p "$PORT" -s "$SIZE" -n "$ITERS" --report_gbits
if [ "$ROLE" = server ]; then
	"$@" 2>&1 &
	pid=$!
	if wait_listen "$PORT"; then
		echo "SIWTEST listening"
	else
		echo "SIWTEST no listener on $PORT"
	fi
	wait $pid
	rc=$?
else
	"$@" "$NIC_IP" 2>&1
	rc=$?
fi
echo "SIWTEST perftest rc=$rc"
exit $rc
