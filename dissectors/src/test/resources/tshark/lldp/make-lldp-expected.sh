#!/usr/bin/env bash
# Writes, for dcbx.pcap here and for the real capture lldp-dcbx-pfc-config-tlv-not-pause.pcap (its path the first
# argument), NAME.tsv: every occurrence, in order, of each LLDP and DCBX field lldp.ksy declares, with tshark's value
# (PDML "show"), "pos" and "size", and a _ws.malformed row where tshark found the frame malformed; and
# NAME-columns.tsv: each frame's Protocol and Info columns; and NAME-fields.tsv: tshark -T fields with every
# occurrence of those fields. LldpTsharkTest compares RoCE Lens's fields, values, byte ranges, columns and -T fields
# output with them; the suite only reads the .tsv files.
#   usage: make-lldp-expected.sh PATH/TO/lldp-dcbx-pfc-config-tlv-not-pause.pcap      (needs tshark and python3)
# Made with TShark 4.0.17 (Debian 4.0.17-0+deb12u3).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
fields=(
  lldp.tlv.type lldp.tlv.len lldp.chassis.subtype lldp.chassis.id.mac lldp.port.subtype lldp.port.id.mac lldp.port.id
  lldp.time_to_live lldp.port.desc lldp.tlv.system.name lldp.tlv.system.desc lldp.orgtlv.oui
  lldp.ieee.802_1.subtype lldp.ieee.802_1.port_vlan.id lldp.ieee.802_1.port_and_vlan_id_flag.enabled
  lldp.ieee.802_1.port_and_vlan_id_flag.supported lldp.ieee.802_1.port_proto_vlan.id lldp.ieee.802_1.vlan.id
  lldp.ieee.802_1.vlan.name_len lldp.ieee.802_1.vlan.name lldp.ieee.802_1.proto.id_length
  lldp.dcbx.ieee.willing lldp.dcbx.ieee.ets.cbs lldp.dcbx.ieee.ets.maxtcs lldp.dcbx.feature.pg.reserved
  lldp.dcbx.feature.pg.pgid_prio0 lldp.dcbx.feature.pg.pgid_prio1 lldp.dcbx.feature.pg.pgid_prio2
  lldp.dcbx.feature.pg.pgid_prio3 lldp.dcbx.feature.pg.pgid_prio4 lldp.dcbx.feature.pg.pgid_prio5
  lldp.dcbx.feature.pg.pgid_prio6 lldp.dcbx.feature.pg.pgid_prio7
  lldp.dcbx.feature.pg.per0 lldp.dcbx.feature.pg.per1 lldp.dcbx.feature.pg.per2 lldp.dcbx.feature.pg.per3
  lldp.dcbx.feature.pg.per4 lldp.dcbx.feature.pg.per5 lldp.dcbx.feature.pg.per6 lldp.dcbx.feature.pg.per7
  lldp.dcbx.ieee.ets.tsa0 lldp.dcbx.ieee.ets.tsa1 lldp.dcbx.ieee.ets.tsa2 lldp.dcbx.ieee.ets.tsa3
  lldp.dcbx.ieee.ets.tsa4 lldp.dcbx.ieee.ets.tsa5 lldp.dcbx.ieee.ets.tsa6 lldp.dcbx.ieee.ets.tsa7
  lldp.dcbx.ieee.pfc.mbc lldp.dcbx.ieee.pfc.numtcs
  lldp.dcbx.feature.pfc.prio0 lldp.dcbx.feature.pfc.prio1 lldp.dcbx.feature.pfc.prio2 lldp.dcbx.feature.pfc.prio3
  lldp.dcbx.feature.pfc.prio4 lldp.dcbx.feature.pfc.prio5 lldp.dcbx.feature.pfc.prio6 lldp.dcbx.feature.pfc.prio7
  lldp.dcbx.ieee.app.reserved lldp.dcbx.ieee.app.prio lldp.dcbx.iee.app.sf lldp.dcbx.feature.app.proto
)
for capture in "$here/dcbx.pcap" "$1"; do
  name="$(basename "$capture" .pcap)"
  tshark -r "$capture" -T pdml 2>/dev/null | FIELDS="${fields[*]}" python3 "$here/../pdml-fields.py" all > "$here/$name.tsv"
  tshark -r "$capture" -T fields -E header=y -e frame.number -e _ws.col.Protocol -e _ws.col.Info 2>/dev/null \
    > "$here/$name-columns.tsv"
  args=(); for f in "${fields[@]}"; do args+=(-e "$f"); done
  tshark -r "$capture" -T fields -E header=y -E occurrence=a "${args[@]}" 2>/dev/null > "$here/$name-fields.tsv"
  echo "$name.tsv: $(($(wc -l < "$here/$name.tsv") - 1)) field occurrences"
done
