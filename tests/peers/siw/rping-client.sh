#!/bin/sh
# Guest side of the siw_rdma rping tests, client role: Linux soft-iWARP's
# `rping -c` (verbose, validating) against warpnic's rping server.
# Environment (kernel command-line words): NIC_IP, PORT, COUNT, SIZE.
echo "SIWTEST rping-client nic=$NIC_IP port=$PORT count=$COUNT size=$SIZE crc=$(cat /sys/module/siw/parameters/mpa_crc_required)"
rping -c -v -V -a "$NIC_IP" -p "$PORT" -C "$COUNT" -S "$SIZE" 2>&1
rc=$?
echo "SIWTEST rping rc=$rc"
exit $rc
