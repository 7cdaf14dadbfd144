#!/bin/sh
# Guest side of the siw connection-setup test: Linux rdma_cm's listener
# (`rping -s -P`, persistent: one thread per connection) on the guest's
# address; warpnic connects to it twice, through a Socket Service Point
# and through getaddrinfo/create_ep. Prints "SIWTEST listening" once the
# listener is up; the test ends the guest.
# Environment (kernel command-line words): SELF, PORT.
. /out/lib.sh
echo "SIWTEST cm-accept self=$SELF port=$PORT crc=$(cat /sys/module/siw/parameters/mpa_crc_required)"
rping -s -P -v -a "$SELF" -p "$PORT" 2>&1 &
if wait_listen "$PORT"; then
	echo "SIWTEST listening"
else
	echo "SIWTEST no listener on $PORT"
fi
sleep 60
