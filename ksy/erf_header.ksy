meta:
  id: erf_header
  title: ERF record header (Endace Extensible Record Format)
  license: CC0-1.0
  ks-version: 0.11
  endian: be
doc: |
  The 16-byte header (and any extension headers) that starts every frame of link type 197
  (LINKTYPE_ERF). NVIDIA/Mellanox `ibdump` writes its InfiniBand captures this way: record
  type 21 (InfiniBand) with the packet from the LRH on. What follows is dispatched on
  `record_type` by the caller. The timestamp is little-endian, the rest big-endian.
doc-ref: Endace ERF Types Reference Guide (EDM11-01), §2 ERF record format; tcpdump.org LINKTYPE_ERF
seq:
  - id: timestamp
    type: u8le
    doc: Time in 32.32 fixed-point seconds since 1970, little-endian.
    doc-ref: Endace ERF Types Reference Guide, timestamp
  - id: has_extension_headers
    type: b1
    doc: An extension header follows the 16-byte header.
    doc-ref: Endace ERF Types Reference Guide, type (bit 7)
  - id: record_type
    type: b7
    -enum: record_type_enum
    -field: erf.type
    -title: Record type
    doc: What the record holds (21 InfiniBand, 2 Ethernet ...; names in `record_type_enum`).
    doc-ref: Endace ERF Types Reference Guide, type
  - id: flags
    type: u1
    -base: hex
    -field: erf.flags
    -title: Flags
    doc: Capture interface (bits 0-1), varying length, truncated, RX error, DS error.
    doc-ref: Endace ERF Types Reference Guide, flags
  - id: record_length
    type: u2
    -field: erf.rlen
    -title: Record length
    doc: Length of the whole record, this header included.
    doc-ref: Endace ERF Types Reference Guide, rlen
  - id: loss_counter
    type: u2
    -field: erf.lctr
    -title: Loss counter
    doc: Records lost between this one and the previous one.
    doc-ref: Endace ERF Types Reference Guide, lctr
  - id: wire_length
    type: u2
    -field: erf.wlen
    -title: Wire length
    doc: Length of the packet on the wire (for InfiniBand, from the LRH through the VCRC).
    doc-ref: Endace ERF Types Reference Guide, wlen
  - id: extension_headers
    type: extension_header
    repeat: until
    repeat-until: not _.more
    if: has_extension_headers
    doc: Extension headers, 8 bytes each, while the first bit of one says another follows.
    doc-ref: Endace ERF Types Reference Guide, extension headers
types:
  extension_header:
    seq:
      - id: more
        type: b1
        doc: Another extension header follows.
        doc-ref: Endace ERF Types Reference Guide, extension headers
      - id: type
        type: b7
        doc: Extension header type.
        doc-ref: Endace ERF Types Reference Guide, extension headers
      - id: body
        size: 7
        doc: Extension header data.
        doc-ref: Endace ERF Types Reference Guide, extension headers
enums:
  # The -orig-id of a value is the text RoCE Lens shows for it (the build makes io.rocelens.ksy.EnumTexts).
  record_type_enum:
    1:
      id: hdlc_pos
      -orig-id: HDLC_POS
    2:
      id: eth
      -orig-id: ETH
    21:
      id: infiniband
      -orig-id: INFINIBAND
    22:
      id: ipv4
      -orig-id: IPV4
    23:
      id: ipv6
      -orig-id: IPV6
    24:
      id: raw_link
      -orig-id: RAW_LINK
    25:
      id: infiniband_link
      -orig-id: INFINIBAND_LINK
