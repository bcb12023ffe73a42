#!/usr/bin/env bash
# Extracts from `tshark -G fields` the protocols and fields RoCE Lens decodes, for WiresharkAliasesTest: every
# Wireshark name in the alias table must be one tshark knows. The suite only reads fields.tsv.
#   usage: make-fields.sh        (writes fields.tsv next to this script)
# Made with TShark 4.0.17 (Debian 4.0.17-0+deb12u3).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
tshark -G fields 2>/dev/null \
  | awk -F'\t' '($1 == "P" || $1 == "F") && $3 ~ /^(frame|erf|eth|vlan|sll|ip|ipv6|udp|tcp|arp|gre|erspan|vxlan|infiniband|macc|llc|stp|lldp|icmp|icmpv6|data)(\.|$)/ {
      print $3 "\t" ($1 == "P" ? "FT_PROTOCOL" : $4) "\t" $2 }' \
  | LC_ALL=C sort -u > "$here/fields.tsv"
echo "fields.tsv: $(wc -l < "$here/fields.tsv") names"
