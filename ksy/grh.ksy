meta:
  id: grh
  title: InfiniBand Global Route Header (GRH) of RoCEv1
  license: CC0-1.0
  ks-version: 0.11
  endian: be
doc: |
  The 40-byte Global Route Header that RoCEv1 (EtherType 0x8915) puts between the
  Ethernet header and the BTH. Its layout matches the IPv6 header; GIDs take the place of
  the addresses, and next_header 0x1B announces the BTH.
doc-ref:
  - IBTA vol. 1, §8.3 Global Route Header
  - IBTA Annex A16 RoCE
seq:
  - id: ip_version
    type: b4
    -byte-width: 1
    -field: grh.ipver
    -title: IP version
    doc: IP version, 6.
    doc-ref: IBTA vol. 1, §8.3 Global Route Header, IPVer
  - id: traffic_class
    type: b8
    -base: hex
    -byte-width: 2
    -field: grh.tclass
    -title: Traffic class
    doc: Traffic class, used by the fabric for service differentiation.
    doc-ref: IBTA vol. 1, §8.3 Global Route Header, TClass
  - id: flow_label
    type: b20
    -base: hex
    -byte-width: 3
    -field: grh.flowlabel
    -title: Flow label
    doc: Flow label that keeps a sequence of packets in order.
    doc-ref: IBTA vol. 1, §8.3 Global Route Header, FlowLabel
  - id: payload_length
    type: u2
    -field: grh.paylen
    -title: Payload length
    doc: Length in bytes after this header, up to and including the ICRC.
    doc-ref: IBTA vol. 1, §8.3 Global Route Header, PayLen
  - id: next_header
    type: u1
    -base: hex
    -field: grh.nxthdr
    -title: Next header
    doc: Header that follows; 0x1B for the IBA transport (BTH).
    doc-ref: IBTA vol. 1, §8.3 Global Route Header, NxtHdr
  - id: hop_limit
    type: u1
    -field: grh.hoplmt
    -title: Hop limit
    doc: Hop limit, decremented by each router.
    doc-ref: IBTA vol. 1, §8.3 Global Route Header, HopLmt
  - id: sgid
    size: 16
    -display: ipv6
    -field: grh.sgid
    -title: Source GID
    doc: Source GID.
    doc-ref: IBTA vol. 1, §8.3 Global Route Header, SGID
  - id: dgid
    size: 16
    -display: ipv6
    -field: grh.dgid
    -title: Destination GID
    doc: Destination GID.
    doc-ref: IBTA vol. 1, §8.3 Global Route Header, DGID
