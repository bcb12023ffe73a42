meta:
  id: gre
  title: Generic Routing Encapsulation (GRE) header
  license: CC0-1.0
  ks-version: 0.11
  endian: be
doc: |
  The GRE header that a tunnel or a switch's mirror session (ERSPAN) puts between the outer
  IP header (protocol 47) and the packet it carries. Four bytes of flags, version and
  protocol type, then the optional fields the flags announce, in this order: checksum and
  reserved (offset) when C (or the RFC 1701 routing bit R) is set, key when K is set,
  sequence number when S is set, and, in version 1 (PPTP's enhanced GRE), the
  acknowledgment number when A is set. The protocol type is an EtherType: 0x6558
  (transparent Ethernet bridging) carries a whole Ethernet frame, 0x88BE ERSPAN type II (or
  type I without a sequence number), 0x22EB ERSPAN type III. What follows is dispatched on
  `protocol_type` by the caller. RFC 1701 source routing entries (R set) are not read.
doc-ref:
  - https://www.rfc-editor.org/rfc/rfc2784 (GRE, section 2)
  - https://www.rfc-editor.org/rfc/rfc2890 (Key and Sequence Number Extensions to GRE, section 2)
  - https://www.rfc-editor.org/rfc/rfc1701 (GRE, section 2.1 - routing, strict source route, recursion control)
  - https://www.rfc-editor.org/rfc/rfc2637 (PPTP, section 4.1 - enhanced GRE, version 1)
seq:
  - id: checksum_present
    type: b1
    -field: gre.flags.checksum
    -title: Checksum present
    -container: 2
    doc: C, the checksum and reserved fields are present.
    doc-ref: RFC 2784, section 2.2 (Checksum Present)
  - id: routing_present
    type: b1
    -field: gre.flags.routing
    -title: Routing present
    -container: 2
    doc: R (RFC 1701), routing entries follow; 0 in RFC 2784, which reserves the bit.
    doc-ref: RFC 1701, section 2.1 (Routing Present); RFC 2784, section 2.3 (Reserved0)
  - id: key_present
    type: b1
    -field: gre.flags.key
    -title: Key present
    -container: 2
    doc: K, the key field is present.
    doc-ref: RFC 2890, section 2 (Key Present)
  - id: sequence_present
    type: b1
    -field: gre.flags.sequence_number
    -title: Sequence number present
    -container: 2
    doc: S, the sequence number field is present (always for ERSPAN type II).
    doc-ref: RFC 2890, section 2 (Sequence Number Present)
  - id: strict_source_route
    type: b1
    -field: gre.flags.strict_source_route
    -title: Strict source route
    -container: 2
    doc: s (RFC 1701), strict source route; 0 in RFC 2784.
    doc-ref: RFC 1701, section 2.1 (Strict Source Route)
  - id: recursion_control
    type: b3
    -field: gre.flags.recursion_control
    -title: Recursion control
    -container: 2
    doc: Recur (RFC 1701), additional encapsulations allowed; 0 in RFC 2784.
    doc-ref: RFC 1701, section 2.1 (Recursion Control)
  - id: ack_present
    type: b1
    -field: gre.flags.ack
    -title: Acknowledgment present
    -container: 2
    doc: A, the acknowledgment number is present (version 1 only).
    doc-ref: RFC 2637, section 4.1 (Acknowledgment sequence number present)
  - id: flags_reserved
    type: b4
    -field: gre.flags.reserved
    -title: Flags (reserved)
    -container: 2
    doc: Reserved flags, transmitted as 0.
    doc-ref: RFC 2784, section 2.3 (Reserved0)
  - id: version
    type: b3
    -field: gre.flags.version
    -title: Version
    -container: 2
    doc: 0 for GRE; 1 for PPTP's enhanced GRE.
    doc-ref: RFC 2784, section 2.3.1 (Version Number); RFC 2637, section 4.1
  - id: protocol_type
    type: u2
    -field: gre.proto
    -title: Protocol type
    -base: hex
    -enum: protocol_type_enum
    doc: The EtherType of the payload (names in `protocol_type_enum`).
    doc-ref: RFC 2784, section 2.4 (Protocol Type)
  - id: checksum
    type: u2
    if: checksum_present or routing_present
    -field: gre.checksum
    -title: Checksum
    -base: hex
    doc: The IP (one's complement) checksum of the GRE header and payload; valid only when C is set.
    doc-ref: RFC 2784, section 2.5 (Checksum)
  - id: offset
    type: u2
    if: checksum_present or routing_present
    -field: gre.offset
    -title: Offset (reserved)
    doc: Reserved1 in RFC 2784 (transmitted as 0); the routing offset in RFC 1701.
    doc-ref: RFC 2784, section 2.5 (Reserved1); RFC 1701, section 2.1 (Offset)
  - id: key
    type: u4
    if: key_present
    -field: gre.key
    -title: Key
    -base: hex
    doc: Identifies a flow within the tunnel; in version 1, the payload length and call ID.
    doc-ref: RFC 2890, section 2.1 (Key Field)
  - id: sequence_number
    type: u4
    if: sequence_present
    -field: gre.sequence_number
    -title: Sequence number
    doc: Counts the packets of the tunnel (or mirror session), so a receiver sees losses.
    doc-ref: RFC 2890, section 2.2 (Sequence Number)
  - id: ack_number
    type: u4
    if: ack_present
    -field: gre.ack_number
    -title: Acknowledgment number
    doc: The highest sequence number received from the peer (version 1).
    doc-ref: RFC 2637, section 4.1 (Acknowledgment Number)
enums:
  # The -orig-id of a value is the text RoCE Lens shows for it (the build makes io.rocelens.ksy.EnumTexts).
  protocol_type_enum:
    0x0800:
      id: ipv4
      -orig-id: IPv4
    0x86dd:
      id: ipv6
      -orig-id: IPv6
    0x6558:
      id: transparent_ethernet_bridging
      -orig-id: Transparent Ethernet bridging
    0x88be:
      id: erspan
      -orig-id: ERSPAN
    0x22eb:
      id: erspan_iii
      -orig-id: ERSPAN III
