#!/usr/bin/env bash
# Writes the two tables of Wireshark 4.0 facts the display filter reads at run time (main resources of
# io.rocelens.filter), from tshark itself:
#   wireshark-int-types.tsv  NAME<TAB>FT_UINT8…: the integer type of every field of fields.tsv (this folder), so a
#                            literal the field cannot hold is refused as tshark refuses it (ip.ttl == 256)
#   wireshark-values.tsv     NAME<TAB>VALUE<TAB>VALUE NAME: the value names (tshark -G values, first table of each
#                            field) of the fields below that the filter offers, so "Congestion Experienced" works
#   usage: make-wireshark-tables.sh      (run make-fields.sh first)
# Made with TShark 4.0.17 (Debian 4.0.17-0+deb12u3).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$here/../../../../main/resources/io/rocelens/filter"
awk -F'\t' '$2 ~ /^FT_U?INT(8|16|24|32|40|48|56|64)$/ { print $1 "\t" $2 }' "$here/fields.tsv" > "$out/wireshark-int-types.tsv"
names="arp.opcode erf.types.type erspan.bso erspan.encap erspan.ft erspan.gra erspan.truncated erspan.version eth.type
gre.flags.version gre.proto infiniband.bth.opcode ip.dsfield.dscp ip.dsfield.ecn ip.proto ipv6.nxt ipv6.tclass.dscp
ipv6.tclass.ecn macc.opcode sll.etype vlan.etype vlan.priority"
# a field with several tables (vlan.priority: one per 802.1Q edition) filters by the first; values are decimal
tshark -G values 2>/dev/null | awk -F'\t' -v names="$names" '
  BEGIN { n = split(names, list, /[ \n]+/); for (i = 1; i <= n; i++) wanted[list[i]] = 1 }
  $1 == "V" && ($2 in wanted) {
    if (done[$2]) next
    if (($2 SUBSEP $3) in seen) { done[$2] = 1; next }
    seen[$2, $3] = 1
    value = $3
    if (value ~ /^0x/) { hex = tolower(substr(value, 3)); value = 0
      for (i = 1; i <= length(hex); i++) value = value * 16 + index("0123456789abcdef", substr(hex, i, 1)) - 1 }
    print $2 "\t" value "\t" $4 }' > "$out/wireshark-values.tsv"
echo "wireshark-int-types.tsv: $(wc -l < "$out/wireshark-int-types.tsv") fields, wireshark-values.tsv: $(wc -l < "$out/wireshark-values.tsv") value names"
