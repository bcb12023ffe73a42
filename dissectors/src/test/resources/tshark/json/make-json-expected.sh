#!/usr/bin/env bash
# Regenerates tshark's -T json decodings that TsharkJsonTest compares `rocelens decode -T json` with.
# Needs tshark (apt-get install tshark); the test suite itself only reads the .json files this writes.
# --no-duplicate-keys: a key twice in one object (ip.addr, udp.port) becomes one key with an array, as RoCE Lens
# writes it; -J keeps the layers RoCE Lens shapes as tshark does; -Y keeps the files small (frame numbers stay).
# Made with TShark 4.0.17 (Debian 4.0.17-0+deb12u3).
#   usage: make-json-expected.sh SAMPLE_CAPTURES_DIR REAL_CAPTURES_DIR
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
samples="$1"; real="$2"
layers="frame eth vlan ip ipv6 udp infiniband"
tshark -r "$samples/mixed.pcapng" -T json --no-duplicate-keys -J "$layers" \
  -Y "frame.number <= 40 || (frame.number >= 110 && frame.number <= 160) || infiniband.deth || infiniband.atomiceth
      || infiniband.atomicacketh || ipv6" > "$here/mixed.json" 2>/dev/null
for name in rxe-rc-atomic-fetchadd rxe-ibv-ud-pingpong; do
  tshark -r "$real/$name.pcap" -T json --no-duplicate-keys -J "$layers" > "$here/$name.json" 2>/dev/null
done
ls -l "$here"/*.json
