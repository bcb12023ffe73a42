#!/usr/bin/env bash
# Live capture throughput on a veth pair: rocelens capture and dumpcap, one after the other, capture the same frames
# sent from the far end (another network namespace) by rocelens replay at the same rates. For each rate and tool it
# prints the frames sent, the frames in the written file, the difference (lost), and the CPU time the capture
# process used (for rocelens including the JVM's start-up, about 1 s).
#   usage (as root, from the repository root, after ./mvnw -B -ntp package -DskipTests):
#     bench/capture-throughput.sh FRAMES.pcap LOOPS SENDERS RATE...
# Each of SENDERS replay processes sends FRAMES.pcap LOOPS times at RATE/SENDERS frames/s (RATE max: as fast as
# each sends), all at the same time. BUFFER_MIB=N gives both captures -B N (default: each tool's own, rocelens
# 16 MiB, dumpcap 2 MiB).
# Needs iproute2, and dumpcap and capinfos (Debian: tshark) for the comparison.
set -euo pipefail
jar=app/target/rocelens.jar
file=$1 loops=$2 senders=$3
shift 3
id=$$
ns=rlbench$id out=rlbo$id in=rlbi$id tmp=$(mktemp -d)
cleanup() { ip netns del "$ns" 2>/dev/null || true; ip link del "$out" 2>/dev/null || true; rm -rf "$tmp"; }
trap cleanup EXIT
ip netns add "$ns"
ip link add "$out" type veth peer name "$in" netns "$ns"
ip link set "$out" mtu 9000 up
ip -n "$ns" link set "$in" mtu 9000 up
filter='udp port 4791 or ether proto 0x8808 or (vlan and (udp port 4791 or ether proto 0x8808))'

printf '%-8s %-9s %9s %10s %9s %7s %6s\n' rate tool sent 'sent/s' captured lost 'cpu s'
for rate in "$@"; do
  pace=(); [ "$rate" != max ] && pace=(--pps $((rate / senders)))
  for tool in rocelens dumpcap; do
    rm -f "$tmp/out.pcapng"
    if [ "$tool" = rocelens ]; then
      java -jar "$jar" capture -i "$out" -w "$tmp/out.pcapng" -q ${BUFFER_MIB:+-B "$BUFFER_MIB"} 2> "$tmp/err" & pid=$!
    else
      dumpcap -i "$out" -f "$filter" -w "$tmp/out.pcapng" -q ${BUFFER_MIB:+-B "$BUFFER_MIB"} 2> "$tmp/err" & pid=$!
    fi
    until grep -q '^Capturing on' "$tmp/err" 2>/dev/null; do sleep 0.05; done
    for s in $(seq "$senders"); do
      ip netns exec "$ns" java -jar "$jar" replay "$file" -i "$in" --loop "$loops" "${pace[@]}" 2> "$tmp/sent.$s" &
    done
    wait $(jobs -p | grep -v "^$pid$")
    sleep 1
    cpu=$(awk '{printf "%.2f", ($14 + $15) / 100}' "/proc/$pid/stat")
    kill -TERM "$pid"; wait "$pid" || true
    count=$(capinfos -M -c "$tmp/out.pcapng" 2>/dev/null | awk '/Number of packets/ {print $NF}')
    frames=$(cat "$tmp"/sent.* | sed -E 's/^sent ([0-9]+) frames.*/\1/' | paste -sd+ | bc)
    speed=$(cat "$tmp"/sent.* | sed -E 's/.*\(([0-9]+) frames\/s\).*/\1/' | paste -sd+ | bc)
    printf '%-8s %-9s %9s %10s %9s %7s %6s\n' "$rate" "$tool" "$frames" "$speed" "$count" $((frames - count)) "$cpu"
  done
done
