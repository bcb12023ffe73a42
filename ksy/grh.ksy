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
    doc: IP version, 6.
    doc-ref: IBTA vol. 1, §8.3 Global Route Header, IPVer
  - id: traffic_class
    type: b8
    doc: Traffic class, used by the fabric for service differentiation.
    doc-ref: IBTA vol. 1, §8.3 Global Route Header, TClass
  - id: flow_label
    type: b20
    doc: Flow label that keeps a sequence of packets in order.
    doc-ref: IBTA vol. 1, §8.3 Global Route Header, FlowLabel
  - id: payload_length
    type: u2
    doc: Length in bytes after this header, up to and including the ICRC.
    doc-ref: IBTA vol. 1, §8.3 Global Route Header, PayLen
  - id: next_header
    type: u1
    doc: Header that follows; 0x1B for the IBA transport (BTH).
    doc-ref: IBTA vol. 1, §8.3 Global Route Header, NxtHdr
  - id: hop_limit
    type: u1
    doc: Hop limit, decremented by each router.
    doc-ref: IBTA vol. 1, §8.3 Global Route Header, HopLmt
  - id: sgid
    size: 16
    doc: Source GID.
    doc-ref: IBTA vol. 1, §8.3 Global Route Header, SGID
  - id: dgid
    size: 16
    doc: Destination GID.
    doc-ref: IBTA vol. 1, §8.3 Global Route Header, DGID
