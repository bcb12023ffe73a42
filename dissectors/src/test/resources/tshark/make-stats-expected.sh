#!/usr/bin/env bash
# Writes tshark's statistics for each capture given, for TsharkStatisticsTest: stats/NAME.txt holds a first line
# "# interval SECONDS" and then what "tshark -n -q -z ..." prints for the conversations and endpoints of Ethernet,
# IPv4, IPv6 and UDP (all frames, and the IPv4 conversations and UDP endpoints of the frames a filter passes), the
# protocol hierarchy (all frames and the UDP ones) and io,stat with the columns of io_columns (tshark drops an
# empty filter there, so "frame" stands for every frame). The interval is the
# power of ten that cuts the capture into 2 to 20 intervals. -n: addresses as numbers, not names; the test suite only
# reads the .txt files.
#   usage: make-stats-expected.sh CAPTURE...
# Made with TShark 4.0.17 (Debian 4.0.17-0+deb12u3).
set -euo pipefail
export TZ=UTC
here="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$here/stats"
# as make-expected.sh: RoCE by its destination port; tshark's RPC-over-RDMA heuristic off
decode_as=(-d udp.port==69,infiniband -d udp.port==72,infiniband --disable-heuristic rpcrdma_infiniband)
io_columns=',frame,infiniband,ipv6,vlan'
for capture in "$@"; do
  name="$(basename "$capture")"; name="${name%.*}"
  last="$(tshark -n -r "$capture" -T fields -e frame.time_relative 2>/dev/null | sort -g | tail -1)"
  interval="$(awk -v d="$last" 'BEGIN { e = -9; while (e < 6 && d / 10^e >= 20) e++; printf "%.9g", 10^e }')"
  {
    echo "# interval $interval"
    tshark -n -q -r "$capture" "${decode_as[@]}" \
        -z conv,eth -z conv,ip -z conv,ipv6 -z conv,udp -z conv,ip,udp \
        -z endpoints,eth -z endpoints,ip -z endpoints,ipv6 -z endpoints,udp -z endpoints,udp,infiniband \
        -z io,phs -z io,phs,udp 2>/dev/null
    # io,stat in a run of its own: its "frame" column puts a "frame" protocol on top of io,phs's tree
    tshark -n -q -r "$capture" "${decode_as[@]}" -z "io,stat,$interval$io_columns" 2>/dev/null
  } > "$here/stats/$name.txt"
  echo "stats/$name.txt: interval $interval s"
done
