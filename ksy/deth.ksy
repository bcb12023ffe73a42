meta:
  id: deth
  title: InfiniBand Datagram Extended Transport Header (DETH)
  license: CC0-1.0
  ks-version: 0.11
  endian: be
doc: |
  The 8-byte DETH carried by UD and RD request packets: the queue key and the sender's QP,
  which BTH does not carry.
doc-ref: IBTA vol. 1, §9.3.2 Datagram Extended Transport Header (DETH)
seq:
  - id: qkey
    type: u4
    -base: hex
    -field: deth.qkey
    -title: Queue key
    doc: Queue key, checked by the destination QP.
    doc-ref: IBTA vol. 1, §9.3.2 Datagram Extended Transport Header (DETH), Q_Key
  - id: reserved
    type: u1
    doc: Reserved, transmitted as 0.
    doc-ref: IBTA vol. 1, §9.3.2 Datagram Extended Transport Header (DETH)
  - id: src_qp
    type: b24
    -base: hex
    -field: deth.srcqp
    -title: Source QP
    doc: Source queue pair number of the sender.
    doc-ref: IBTA vol. 1, §9.3.2 Datagram Extended Transport Header (DETH), SrcQP
