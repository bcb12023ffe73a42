#!/usr/bin/env bash
# Writes NAME.tsv for each CAPTURE: where tshark puts each field it shows (PDML "pos" and "size", in bytes from the
# start of the packet data), for the fields whose values TsharkAgreementTest compares. FieldPositionsTest compares
# them with RoCE Lens's offsets and lengths; the suite only reads the files.
#   usage: make-positions.sh CAPTURE...      (needs tshark and python3)
# Made with TShark 4.0.17 (Debian 4.0.17-0+deb12u3).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
for capture in "$@"; do
  name="$(basename "$capture")"; name="${name%.*}"
  # the fields of the capture's own decoding (make-expected.sh's list when it was made)
  fields="$(head -1 "$here/../$name.tsv" | tr '\t' '\n' | grep -v '^_ws\.\|^frame\.')"
  tshark -r "$capture" -d udp.port==69,infiniband -d udp.port==72,infiniband -T pdml 2>/dev/null \
    | FIELDS="$fields" python3 "$here/../pdml-fields.py" first > "$here/$name.tsv"
  echo "$name.tsv: $(($(wc -l < "$here/$name.tsv") - 1)) field positions"
done
