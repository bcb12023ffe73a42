#!/usr/bin/env bash
# Regenerates the tshark decodings that TsharkAgreementTest compares RoCE Lens with.
# Needs tshark (apt-get install tshark); the test suite itself only reads the .tsv files this writes.
#   usage: make-expected.sh CAPTURE...      (writes NAME.tsv next to this script for each CAPTURE)
# Made with TShark 4.0.17 (Debian 4.0.17-0+deb12u3).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
fields=(
  frame.number frame.len frame.cap_len _ws.malformed _ws.col.Protocol
  erf.types.type erf.flags erf.rlen erf.lctr erf.wlen
  infiniband.lrh.vl infiniband.lrh.lver infiniband.lrh.sl infiniband.lrh.lnh infiniband.lrh.dlid
  infiniband.lrh.pktlen infiniband.lrh.slid infiniband.variant.crc
  eth.dst eth.src eth.type eth.len vlan.priority vlan.dei vlan.id vlan.len
  llc.dsap llc.ssap llc.control stp.protocol stp.version stp.type stp.flags stp.root.prio stp.root.ext stp.root.hw
  stp.root.cost stp.bridge.prio stp.bridge.ext stp.bridge.hw stp.port stp.msg_age stp.max_age stp.hello stp.forward
  stp.version_1_length
  ip.src ip.dst ip.dsfield.dscp ip.dsfield.ecn ip.ttl ip.proto
  ipv6.src ipv6.dst ipv6.tclass.dscp ipv6.tclass.ecn ipv6.flow
  ip.hdr_len udp.srcport udp.dstport udp.length
  ip.version ip.dsfield ip.flags ip.checksum.status ipv6.version ipv6.tclass udp.checksum.status eth.ig eth.lg
  tcp.flags.res tcp.flags.ae tcp.flags.cwr tcp.flags.ece tcp.flags.urg tcp.flags.ack tcp.flags.push tcp.flags.reset
  tcp.flags.syn tcp.flags.fin
  tcp.srcport tcp.dstport tcp.len tcp.seq_raw tcp.ack_raw tcp.hdr_len tcp.flags tcp.window_size_value
  arp.opcode arp.src.hw_mac arp.src.proto_ipv4 arp.dst.hw_mac arp.dst.proto_ipv4
  infiniband.bth.opcode infiniband.bth.se infiniband.bth.m infiniband.bth.padcnt infiniband.bth.tver
  infiniband.bth.p_key infiniband.bth.destqp infiniband.bth.a infiniband.bth.psn
  infiniband.reth.va infiniband.reth.r_key infiniband.reth.dmalen
  infiniband.aeth.syndrome infiniband.aeth.msn
  infiniband.aeth.syndrome.reserved infiniband.aeth.syndrome.opcode infiniband.aeth.syndrome.credit_count
  infiniband.aeth.syndrome.timer infiniband.aeth.syndrome.reserved_value infiniband.aeth.syndrome.error_code
  infiniband.deth.q_key infiniband.deth.srcqp
  infiniband.atomiceth.swapdt infiniband.atomiceth.cmpdt infiniband.atomicacketh.origremdt
  infiniband.immdt infiniband.ieth
  infiniband.grh.sgid infiniband.grh.dgid infiniband.invariant.crc
  macc.pause_time macc.cbfc.enbv
  macc.cbfc.pause_time.c0 macc.cbfc.pause_time.c1 macc.cbfc.pause_time.c2 macc.cbfc.pause_time.c3
  macc.cbfc.pause_time.c4 macc.cbfc.pause_time.c5 macc.cbfc.pause_time.c6 macc.cbfc.pause_time.c7
  gre.flags_and_version gre.flags.checksum gre.flags.routing gre.flags.key gre.flags.sequence_number
  gre.flags.strict_source_route gre.flags.recursion_control gre.flags.ack gre.flags.reserved gre.flags.version
  gre.proto gre.checksum gre.offset gre.key gre.sequence_number gre.ack_number
  erspan.version erspan.vlan erspan.cos erspan.encap erspan.bso erspan.truncated erspan.spanid erspan.reserved
  erspan.index erspan.timestamp erspan.sgt erspan.p erspan.ft erspan.hw erspan.gra erspan.direction erspan.o
  erspan.platid erspan.pid1.rsvd1 erspan.pid1.vsmid erspan.pid1.port_index erspan.pid3.rsvd1 erspan.pid3.port_index
  erspan.pid3.timestamp erspan.pid4.rsvd1 erspan.pid4.rsvd2 erspan.pid4.rsvd3 erspan.pid5.switchid
  erspan.pid5.port_index erspan.pid5.timestamp erspan.pid7.rsvd1 erspan.pid7.source_index erspan.pid7.timestamp
  erspan.pid.rsvd
  vxlan.flags vxlan.flag_g vxlan.flag_i vxlan.flag_d vxlan.flag_a vxlan.flags_reserved vxlan.gbp vxlan.vni
  vxlan.reserved8
)
# sourced by encap/make-encap-expected.sh for the field list only
[ "${BASH_SOURCE[0]}" != "$0" ] && return
args=()
for f in "${fields[@]}"; do args+=(-e "$f"); done
for capture in "$@"; do
  name="$(basename "$capture")"; name="${name%.*}"
  # Some NICs use low UDP source ports that tshark would give to another protocol (69 is TFTP):
  # RoCE is identified by the destination port, so tell tshark so.
  decode_as=(-d udp.port==69,infiniband -d udp.port==72,infiniband)
  tshark -r "$capture" "${decode_as[@]}" -T fields -E header=y -E separator=/t -E occurrence=f "${args[@]}" \
    > "$here/$name.tsv" 2>/dev/null
  echo "$name.tsv: $(($(wc -l < "$here/$name.tsv") - 1)) frames"
done
