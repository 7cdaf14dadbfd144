# Functions for the guest-side scripts (busybox sh); the launcher copies this
# file into the guest's /out beside the script, which sources /out/lib.sh.

# has_listener PORT: does a TCP socket listen on PORT? siw's listeners are
# kernel TCP sockets, so they are in /proc/net/tcp (state 0A)
has_listener() {
	awk -v port="$(printf '%04X' "$1")" '
		$4 == "0A" { split($2, a, ":"); if (a[2] == port) found = 1 }
		END { exit !found }' /proc/net/tcp
}

# wait_listen PORT: wait up to 30 s for a listener on PORT
wait_listen() {
	n=0
	until has_listener "$1"; do
		n=$((n + 1))
		[ $n -le 300 ] || return 1
		sleep 0.1
	done
}

# siwdev: the name of the first siw device (siw_eth0, siw_dummy0)
siwdev() {
	rdma link show | awk '$2 ~ /^siw/ { sub(/\/.*/, "", $2); print $2; exit }'
}
