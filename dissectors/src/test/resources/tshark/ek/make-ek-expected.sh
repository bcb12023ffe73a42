#!/usr/bin/env bash
# Regenerates what TsharkEkTest compares `decode -T ek` with: tshark 4.0's -T ek of a sample and two real captures,
# the frame, eth, vlan, ip, ipv6, udp and infiniband layers (-J), the same frames as ../json.
# Needs tshark; the test suite only reads the files this writes.
# Made with TShark 4.0.17 (Debian 4.0.17-0+deb12u3).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../../../../../.." && pwd)"
real="$repo/../shared/real-captures"
samples="$repo/sample-captures"
layers="frame eth vlan ip ipv6 udp infiniband"
tshark -r "$samples/mixed.pcapng" -T ek -J "$layers" \
  -Y "frame.number <= 40 || (frame.number >= 110 && frame.number <= 160) || infiniband.deth || infiniband.atomiceth
      || infiniband.atomicacketh || ipv6" > "$here/mixed.ek" 2>/dev/null
for name in rxe-rc-atomic-fetchadd rxe-ibv-ud-pingpong; do
  tshark -r "$real/$name.pcap" -T ek -J "$layers" > "$here/$name.ek" 2>/dev/null
done
ls -l "$here"/*.ek
