meta:
  id: ipv6_header
  title: IPv6 fixed header
  license: CC0-1.0
  ks-version: 0.11
  endian: be
doc: |
  The 40-byte IPv6 fixed header. RoCEv2 over IPv6 puts UDP (next header 17, destination
  port 4791) right after it. Extension headers, if any, are left to the caller.
doc-ref: https://www.rfc-editor.org/rfc/rfc8200#section-3
seq:
  - id: version
    type: b4
    -byte-width: 1
    -field: ipv6.version
    -title: Version
    doc: IP version, 6.
    doc-ref: https://www.rfc-editor.org/rfc/rfc8200#section-3
  - id: dscp
    type: b6
    -byte-width: 2
    -field: ipv6.dscp
    -title: Differentiated Services Code Point
    doc: |
      Differentiated Services Code Point, the upper 6 bits of the Traffic Class. RoCE
      deployments map it to a priority (often DSCP 26 for RoCE, 48 for CNPs).
    doc-ref: https://www.rfc-editor.org/rfc/rfc2474#section-3
  - id: ecn
    type: b2
    -byte-width: 1
    -enum: ipv4_header::ecn_enum
    -field: ipv6.ecn
    -title: Explicit Congestion Notification
    doc: |
      Explicit Congestion Notification, the lower 2 bits of the Traffic Class:
      0 Not-ECT, 1 ECT(1), 2 ECT(0), 3 CE (congestion experienced).
    doc-ref: https://www.rfc-editor.org/rfc/rfc3168#section-5
  - id: flow_label
    type: b20
    -base: hex
    -byte-width: 3
    -field: ipv6.flow
    -title: Flow label
    doc: Flow label; RoCEv2 senders may set it from the QP numbers for ECMP entropy.
    doc-ref: https://www.rfc-editor.org/rfc/rfc6437
  - id: payload_length
    type: u2
    -field: ipv6.plen
    -title: Payload length
    doc: Length in bytes of everything after this 40-byte header.
    doc-ref: https://www.rfc-editor.org/rfc/rfc8200#section-3
  - id: next_header
    type: u1
    -enum: ipv4_header::ip_protocol_enum
    -field: ipv6.nxt
    -title: Next header
    doc: Type of the header that follows (17 UDP, 6 TCP, 58 ICMPv6, or an extension header).
    doc-ref: https://www.rfc-editor.org/rfc/rfc8200#section-3
  - id: hop_limit
    type: u1
    -field: ipv6.hlim
    -title: Hop limit
    doc: Hop limit, decremented by each router.
    doc-ref: https://www.rfc-editor.org/rfc/rfc8200#section-3
  - id: src_addr
    size: 16
    -display: ipv6
    -field: ipv6.src
    -title: Source address
    doc: Source address.
    doc-ref: https://www.rfc-editor.org/rfc/rfc8200#section-3
  - id: dst_addr
    size: 16
    -display: ipv6
    -field: ipv6.dst
    -title: Destination address
    doc: Destination address.
    doc-ref: https://www.rfc-editor.org/rfc/rfc8200#section-3
instances:
  traffic_class:
    value: (dscp << 2) | ecn
    doc: The whole 8-bit Traffic Class (DSCP and ECN together).
    doc-ref: https://www.rfc-editor.org/rfc/rfc8200#section-7
