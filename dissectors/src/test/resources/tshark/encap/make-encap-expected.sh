#!/usr/bin/env bash
# Writes NAME.tsv for each capture in this folder: every occurrence, in order, of each field make-expected.sh lists
# (outer and inner Ethernet, IP and UDP, GRE, ERSPAN, VXLAN, and the RoCE headers inside), with tshark's value (PDML
# "show"), "pos" and "size", and a _ws.malformed row where tshark found the frame malformed. EncapsulationTsharkTest
# compares RoCE Lens's fields, values and byte ranges with them; the suite only reads the .tsv files.
# With the path of a built rocelens.jar, first regenerates the four mixed-script-*.pcap (the scripted part of the
# mixed scenario, cut to 256 bytes, in each encapsulation rocelens generate makes).
#   usage: make-encap-expected.sh [ROCELENS_JAR]      (needs tshark and python3)
# Made with TShark 4.0.17 (Debian 4.0.17-0+deb12u3).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/../make-expected.sh"
if [ $# -ge 1 ]; then
  for encap in gre erspan2 erspan3 vxlan; do
    java -jar "$1" generate mixed --packets 1 --snaplen 256 --seed 1 --encap "$encap" -o "$here/mixed-script-$encap.pcap"
  done
fi
for capture in "$here"/*.pcap; do
  name="$(basename "$capture" .pcap)"
  tshark -r "$capture" -d udp.port==69,infiniband -d udp.port==72,infiniband -T pdml 2>/dev/null \
    | FIELDS="${fields[*]}" python3 "$here/../pdml-fields.py" all > "$here/$name.tsv"
  echo "$name.tsv: $(($(wc -l < "$here/$name.tsv") - 1)) field occurrences"
done
