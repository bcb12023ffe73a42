#!/usr/bin/env bash
# Regenerates tshark's -T fields output with every occurrence, a header, quotes and a comma separator, that
# TsharkFieldsTest compares `rocelens decode -T fields` with. Needs tshark; the test suite only reads the output.
# Made with TShark 4.0.17 (Debian 4.0.17-0+deb12u3).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
samples="$here/../../../../../../sample-captures"
tshark -r "$samples/mixed-erspan3.pcapng" -T fields -E header=y -E separator=, -E quote=d -E occurrence=a \
  -E aggregator=/s -e frame.number -e eth.src -e eth.dst -e ip.src -e ip.dst -e ip.dsfield.ecn -e udp.srcport \
  -e infiniband.bth.opcode -e infiniband.bth.destqp -e infiniband.bth.psn -e infiniband.aeth.syndrome \
  -e infiniband.reth.va -e infiniband.invariant.crc -e vlan.id > "$here/mixed-erspan3-all.csv"
# the GRH of RoCEv1 frames, every field (its numbers are decimal in Wireshark, hex in RoCE Lens's own view)
grh=(infiniband.grh.ipver infiniband.grh.tclass infiniband.grh.flowlabel infiniband.grh.paylen
  infiniband.grh.nxthdr infiniband.grh.hoplmt infiniband.grh.sgid infiniband.grh.dgid)
args=(); for f in "${grh[@]}"; do args+=(-e "$f"); done
tshark -r "$samples/mixed.pcapng" -Y infiniband.grh -T fields -E header=y -e frame.number "${args[@]}" \
  > "$here/mixed-grh.tsv"
# the payload byte strings only the display filter computes (udp.payload, tcp.payload, data.data, data.len), every
# occurrence, on the first 560 frames of the real NCCL capture with TCP and TLS noise (its path given as the first
# argument): TCP with and without a dissector, then RoCE with payloads
if [ $# -ge 1 ]; then
  tshark -r "$1" -c 560 -T fields -E header=y -E occurrence=a -e frame.number -e udp.payload -e tcp.payload -e data.data \
    -e data.len > "$here/payloads.tsv"
fi
