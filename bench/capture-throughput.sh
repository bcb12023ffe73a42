#!/usr/bin/env bash
# Live capture throughput on a veth pair: rocelens capture and dumpcap, one after the other, capture the same frames
# sent from the far end (another network namespace) by rocelens replay at the same rates. For each rate and tool it
# prints the frames sent, the frames in the written file, and the difference (lost).
#   usage (as root, from the repository root, after ./mvnw -B -ntp package -DskipTests):
#     bench/capture-throughput.sh FRAMES.pcap LOOPS RATE...      (RATE in frames/s, or max: as fast as replay sends)
# Needs iproute2, and dumpcap and capinfos (Debian: tshark) for the comparison.
set -euo pipefail
jar=app/target/rocelens.jar
file=$1 loops=$2
shift 2
id=$$
ns=rlbench$id out=rlbo$id in=rlbi$id tmp=$(mktemp -d)
cleanup() { ip netns del "$ns" 2>/dev/null || true; ip link del "$out" 2>/dev/null || true; rm -rf "$tmp"; }
trap cleanup EXIT
ip netns add "$ns"
ip link add "$out" type veth peer name "$in" netns "$ns"
ip link set "$out" mtu 9000 up
ip -n "$ns" link set "$in" mtu 9000 up
filter='udp port 4791 or ether proto 0x8808 or (vlan and (udp port 4791 or ether proto 0x8808))'

printf '%-10s %-9s %10s %12s %10s %8s\n' rate tool sent sender/s captured lost
for rate in "$@"; do
  pace=(); [ "$rate" != max ] && pace=(--pps "$rate")
  for tool in rocelens dumpcap; do
    rm -f "$tmp/out.pcapng"
    if [ "$tool" = rocelens ]; then
      java -jar "$jar" capture -i "$out" -w "$tmp/out.pcapng" -q 2> "$tmp/err" & pid=$!
    else
      dumpcap -i "$out" -f "$filter" -w "$tmp/out.pcapng" -q 2> "$tmp/err" & pid=$!
    fi
    until grep -q '^Capturing on' "$tmp/err" 2>/dev/null; do sleep 0.05; done
    sent=$(ip netns exec "$ns" java -jar "$jar" replay "$file" -i "$in" --loop "$loops" "${pace[@]}" 2>&1)
    sleep 1
    kill -TERM "$pid"; wait "$pid" || true
    count=$(capinfos -M -c "$tmp/out.pcapng" 2>/dev/null | awk '/Number of packets/ {print $NF}')
    frames=$(sed -E 's/^sent ([0-9]+) frames.*/\1/' <<< "$sent")
    speed=$(sed -E 's/.*\(([0-9]+) frames\/s\).*/\1/' <<< "$sent")
    printf '%-10s %-9s %10s %12s %10s %8s\n' "$rate" "$tool" "$frames" "$speed" "$count" $((frames - count))
  done
done
