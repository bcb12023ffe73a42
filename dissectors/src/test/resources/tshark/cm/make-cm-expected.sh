#!/usr/bin/env bash
# Writes, for each real capture with RDMA CM below, and the native InfiniBand one with subnet management MADs on QP 0
# (in the folder given as the first argument), and cm-reject.pcap here (REJ and MRA, made by make-cm-reject.py), NAME.tsv: every
# occurrence, in order, of each MAD and CM field ib_mad.ksy declares, with tshark's value (PDML "show"), "pos" and
# "size", and a _ws.malformed row where tshark found the frame malformed; NAME-columns.tsv: each frame's Protocol
# and Info columns; and NAME-fields.tsv: tshark -T fields with every occurrence of those fields. CmTsharkTest
# compares RoCE Lens's fields, values, byte ranges, columns and -T fields output with them; the suite only reads
# the .tsv files.
#   usage: make-cm-expected.sh PATH/TO/real-captures      (needs tshark and python3)
# Made with TShark 4.0.17 (Debian 4.0.17-0+deb12u3).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
fields=(
  infiniband.mad.baseversion infiniband.mad.mgmtclass infiniband.mad.classversion infiniband.mad.method
  infiniband.mad.status infiniband.mad.classspecific infiniband.mad.transactionid infiniband.mad.attributeid
  infiniband.mad.attributemodifier
  infiniband.cm.req infiniband.cm.req.serviceid infiniband.cm.req.localcaguid infiniband.cm.req.localqkey
  infiniband.cm.req.localqpn infiniband.cm.req.responderres infiniband.cm.req.localeecn infiniband.cm.req.initdepth
  infiniband.cm.req.remoteeecn infiniband.cm.req.remoteresptout infiniband.cm.req.transpsvctype
  infiniband.cm.req.e2eflowctrl infiniband.cm.req.startpsn infiniband.cm.req.localresptout infiniband.cm.req.retrcount
  infiniband.cm.req.pkey infiniband.cm.req.pppmtu infiniband.cm.req.rdcexist infiniband.cm.req.rnrretrcount
  infiniband.cm.req.maxcmretr infiniband.cm.req.srq infiniband.cm.req.ext_transport infiniband.cm.req.prim_locallid
  infiniband.cm.req.prim_remotelid infiniband.cm.req.ip_cm.majv infiniband.cm.req.ip_cm.minv
  infiniband.cm.req.ip_cm.ipv infiniband.cm.req.ip_cm.reserved infiniband.cm.req.ip_cm.sport
  infiniband.cm.rep infiniband.cm.rep.remotecommid infiniband.cm.rep.localqkey infiniband.cm.rep.localqpn
  infiniband.cm.rep.localeecn infiniband.cm.rep.startpsn infiniband.cm.rep.respres infiniband.cm.rep.initdepth
  infiniband.cm.rep.tgtackdelay infiniband.cm.rep.failoveracc infiniband.cm.rep.e2eflowctrl
  infiniband.cm.rep.rnrretrcount infiniband.cm.rep.srq infiniband.cm.rep.reserved infiniband.cm.rep.localcaguid
  infiniband.cm.rtu.localcommid infiniband.cm.rtu.remotecommid
  infiniband.cm.dreq.localcommid infiniband.cm.dreq.remotecommid infiniband.cm.req.remoteqpneecn
  infiniband.cm.drsp.localcommid infiniband.cm.drsp.remotecommid
  infiniband.cm.rej.localcommid infiniband.cm.rej.remotecommid infiniband.cm.rej.msgrej infiniband.cm.rej.reserved0
  infiniband.cm.rej.rejinfolen infiniband.cm.rej.reserved1 infiniband.cm.rej.reason infiniband.cm.rej.ari
  infiniband.cm.rej.private
)
for name in rxe-rdmacm-two-connections-small-sends rxe-rdmacm-write-read-docker rxe-rdmacm-write-read-with-arp \
    rxe-rping-cm-ud-read-write ibdump-native-ib-erf-rdma-write-only cm-reject; do
  capture="$1/$name.pcap"
  [ "$name" = cm-reject ] && capture="$here/cm-reject.pcap"   # made by make-cm-reject.py
  tshark -r "$capture" -T pdml 2>/dev/null | FIELDS="${fields[*]}" python3 "$here/../pdml-fields.py" all > "$here/$name.tsv"
  tshark -r "$capture" -T fields -E header=y -e frame.number -e _ws.col.Protocol -e _ws.col.Info 2>/dev/null \
    > "$here/$name-columns.tsv"
  args=(); for f in "${fields[@]}"; do args+=(-e "$f"); done
  tshark -r "$capture" -T fields -E header=y -E occurrence=a "${args[@]}" 2>/dev/null > "$here/$name-fields.tsv"
  echo "$name.tsv: $(($(wc -l < "$here/$name.tsv") - 1)) field occurrences"
done
