meta:
  id: lrh
  title: InfiniBand Local Route Header (LRH)
  license: CC0-1.0
  ks-version: 0.11
  endian: be
doc: |
  The 8-byte Local Route Header that starts every packet on an InfiniBand link (native IB, not
  RoCE: RoCE replaces it with Ethernet). `lnh` says what follows: a GRH then a BTH (IBA
  global), a BTH (IBA local), or a raw packet. `packet_length` counts 4-byte words from the
  LRH through the ICRC; the 2-byte VCRC comes after.
doc-ref: IBTA vol. 1, §7.7 Local Route Header
seq:
  - id: virtual_lane
    type: b4
    -byte-width: 1
    -field: lrh.vl
    -title: Virtual lane
    doc: Virtual lane the packet travels on; a switch may change it (so the ICRC masks it).
    doc-ref: IBTA vol. 1, §7.7 LRH, VL
  - id: link_version
    type: b4
    -byte-width: 1
    -field: lrh.lver
    -title: Link version
    doc: Link-level protocol version, 0.
    doc-ref: IBTA vol. 1, §7.7 LRH, LVer
  - id: service_level
    type: b4
    -byte-width: 1
    -field: lrh.sl
    -title: Service level
    doc: Service level, the packet's class of service (RoCE Lens's priority for native IB).
    doc-ref: IBTA vol. 1, §7.7 LRH, SL
  - id: reserved1
    type: b2
    doc: Reserved, transmitted as 0.
    doc-ref: IBTA vol. 1, §7.7 LRH
  - id: link_next_header
    type: b2
    enum: lnh_enum
    -byte-width: 1
    -enum: lnh_enum
    -field: lrh.lnh
    -title: Link next header
    doc: What follows the LRH.
    doc-ref: IBTA vol. 1, §7.7 LRH, LNH
  - id: destination_lid
    type: u2
    -field: lrh.dlid
    -title: Destination LID
    doc: Destination local identifier.
    doc-ref: IBTA vol. 1, §7.7 LRH, DLID
  - id: reserved2
    type: b5
    doc: Reserved, transmitted as 0.
    doc-ref: IBTA vol. 1, §7.7 LRH
  - id: packet_length
    type: b11
    -byte-width: 2
    -field: lrh.pktlen
    -title: Packet length (4-byte words)
    doc: Packet length in 4-byte words, from the LRH through the ICRC (not the VCRC).
    doc-ref: IBTA vol. 1, §7.7 LRH, PktLen
  - id: source_lid
    type: u2
    -field: lrh.slid
    -title: Source LID
    doc: Source local identifier.
    doc-ref: IBTA vol. 1, §7.7 LRH, SLID
enums:
  # The -orig-id of a value is the text RoCE Lens shows for it (the build makes io.rocelens.ksy.EnumTexts).
  lnh_enum:
    0:
      id: raw
      -orig-id: Raw
    1:
      id: ip_non_iba
      -orig-id: IP non-IBA transport
    2:
      id: iba_local
      -orig-id: IBA local
    3:
      id: iba_global
      -orig-id: IBA global
