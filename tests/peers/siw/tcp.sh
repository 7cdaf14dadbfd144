#!/bin/sh
# Guest side of the siw_guest TCP tests: Linux TCP in the guest against
# warpnic's offloaded TCP (see tcp-peer.py).
# Environment (kernel command-line words): ROLE (client or server),
# NIC_IP, PORT, LEN.
echo "SIWTEST tcp role=$ROLE nic=$NIC_IP port=$PORT len=$LEN"
python3 /out/tcp-peer.py
rc=$?
echo "SIWTEST tcp rc=$rc"
exit $rc
