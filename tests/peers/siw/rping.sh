#!/bin/sh
# Guest side of the siw MPA tests: Linux soft-iWARP's rping client
# connects to a warpnic listener through rdma_cm, so siw sends its MPA
# request to the NIC; the test decides the answer.
# Environment (kernel command-line words): NIC_IP, PORT.
echo "SIWTEST rping nic=$NIC_IP port=$PORT"
rping -c -v -a "$NIC_IP" -p "$PORT" -C 1 -S 64 2>&1
rc=$?
echo "SIWTEST rping rc=$rc"
exit $rc
