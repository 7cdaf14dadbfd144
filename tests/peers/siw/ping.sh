#!/bin/sh
# Guest side of the siw_guest ping test: the guest pings the simulated NIC,
# whose firmware answers ARP and ICMP echo.
# Environment (kernel command-line words): NIC_IP, COUNT (default 3).
echo "SIWTEST ping $NIC_IP"
ping -c "${COUNT:-3}" -W 10 "$NIC_IP"
rc=$?
ip neigh show "$NIC_IP"
echo "SIWTEST ping rc=$rc"
exit $rc
