#!/usr/bin/env bash
# Regenerates what CaptureMergeTest compares `rocelens merge` with: mergecap's merge of each case, as tshark reads it
# (time, lengths and an MD5 of each frame's captured bytes, in the merged order). Needs mergecap and tshark and, for the
# tie case, python3-scapy; the test suite only reads the files this writes.
#   usage: make-merge-expected.sh      (run from anywhere inside the clone, with the real captures beside it)
# Made with Mergecap and TShark 4.0.17 (Debian 4.0.17-0+deb12u3).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../../../../../.." && pwd)"
real="$repo/../shared/real-captures"
samples="$repo/sample-captures"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# three one- and two-frame captures whose times tie, to pin which input mergecap takes first on a tie
/usr/bin/python3 - "$here" <<'PY'
import sys
from scapy.all import Ether, IP, UDP, Raw, wrpcap
def frame(payload, t):
    f = Ether(src="02:00:00:00:00:01", dst="02:00:00:00:00:02") / IP(src="10.0.0.1", dst="10.0.0.2") / UDP() / Raw(payload)
    f.time = t
    return f
wrpcap(sys.argv[1] + "/tie-a.pcap", [frame(b"AAAA", 1.0), frame(b"AAA2", 2.0)])
wrpcap(sys.argv[1] + "/tie-b.pcap", [frame(b"BBBB", 1.0), frame(b"BBB2", 2.0)])
wrpcap(sys.argv[1] + "/tie-c.pcap", [frame(b"CCCC", 1.0)])
PY

expect() {
  local name="$1"; shift
  mergecap -w "$work/$name.pcapng" "$@"
  tshark -r "$work/$name.pcapng" -o frame.generate_md5_hash:TRUE \
    -T fields -e frame.time_epoch -e frame.len -e frame.cap_len -e frame.md5_hash > "$here/$name.tsv"
}
expect ties "$here/tie-a.pcap" "$here/tie-b.pcap" "$here/tie-c.pcap"
expect samples "$samples/incast.pcap" "$samples/mixed.pcapng" "$samples/pfc-storm.pcap"
expect nccl-ring "$real/rxe-nccl-ring-allreduce-node0.pcap" "$real/rxe-nccl-ring-allreduce-node1.pcap" \
  "$real/rxe-nccl-ring-allreduce-node2.pcap"
