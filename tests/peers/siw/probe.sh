#!/bin/sh
# Guest side of the siw_guest launcher test: shows that kernel command-line
# words reach siw (a module parameter) and the script (an environment
# word), and that /out is writable.
# Environment (kernel command-line words): WORD.
p=/sys/module/siw/parameters
echo "SIWTEST siw mpa_crc_required=$(cat $p/mpa_crc_required) word=$WORD"
rdma link show
echo "$WORD" >/out/probe.txt
