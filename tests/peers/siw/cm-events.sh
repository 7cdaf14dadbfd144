#!/bin/sh
# Guest side of the connection-manager event test: the guest's rping
# client connects to a warpnic port nobody listens on, then to a warpnic
# listener whose backlog is full; each connect must fail. Then the guest
# waits while warpnic connects to a guest port nobody listens on.
# Environment (kernel command-line words): NIC_IP, PORT_NONE, PORT_FULL.
echo "SIWTEST none"
# rping does not always exit after a failed connect: at most 5 s each
timeout 5 rping -c -v -a "$NIC_IP" -p "$PORT_NONE" -C 1 -S 64 2>&1
echo "SIWTEST none rc=$?"
# the first request takes the listener's whole backlog: warpnic reports it
# and never answers
timeout 20 rping -c -v -a "$NIC_IP" -p "$PORT_FULL" -C 1 -S 64 >/tmp/first.log 2>&1 &
sleep 2
echo "SIWTEST full"
timeout 5 rping -c -v -a "$NIC_IP" -p "$PORT_FULL" -C 1 -S 64 2>&1
echo "SIWTEST full rc=$?"
echo "SIWTEST waiting"
sleep 60
