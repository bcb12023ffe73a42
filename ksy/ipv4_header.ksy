meta:
  id: ipv4_header
  title: IPv4 header
  license: CC0-1.0
  ks-version: 0.11
  endian: be
doc: |
  The IPv4 header, options included (20 to 60 bytes). RoCEv2 over IPv4 puts UDP
  (protocol 17, destination port 4791) after it. The payload is not parsed here: its end
  is `total_length` bytes after the start of this header, not the end of the frame,
  because short Ethernet frames are padded.
doc-ref: https://www.rfc-editor.org/rfc/rfc791#section-3.1
seq:
  - id: version
    type: b4
    -byte-width: 1
    -field: ip.version
    -title: Version
    doc: IP version, 4.
    doc-ref: https://www.rfc-editor.org/rfc/rfc791#section-3.1
  - id: ihl
    type: b4
    -byte-width: 1
    -scale: 4
    -field: ip.hdr_len
    -title: Header length (bytes)
    doc: Internet Header Length in 32-bit words (5 without options, at most 15).
    doc-ref: https://www.rfc-editor.org/rfc/rfc791#section-3.1
  - id: dscp
    type: b6
    -byte-width: 1
    -field: ip.dscp
    -title: Differentiated Services Code Point
    doc: |
      Differentiated Services Code Point, the upper 6 bits of the former TOS byte. RoCE
      deployments map it to a priority (often DSCP 26 for RoCE, 48 for CNPs).
    doc-ref: https://www.rfc-editor.org/rfc/rfc2474#section-3
  - id: ecn
    type: b2
    enum: ecn_enum
    -byte-width: 1
    -enum: ecn_enum
    -field: ip.ecn
    -title: Explicit Congestion Notification
    doc: |
      Explicit Congestion Notification, the lower 2 bits of the former TOS byte. A switch
      marks CE on RoCEv2 packets; the receiver answers with a CNP (DCQCN).
    doc-ref: https://www.rfc-editor.org/rfc/rfc3168#section-5
  - id: total_length
    type: u2
    -field: ip.len
    -title: Total length
    doc: Length of the datagram in bytes, header included.
    doc-ref: https://www.rfc-editor.org/rfc/rfc791#section-3.1
  - id: identification
    type: u2
    -base: hex
    -field: ip.id
    -title: Identification
    doc: Identifies the fragments of one datagram.
    doc-ref: https://www.rfc-editor.org/rfc/rfc791#section-3.1
  - id: reserved_flag
    type: b1
    doc: Reserved flag bit, must be zero.
    doc-ref: https://www.rfc-editor.org/rfc/rfc791#section-3.1
  - id: dont_fragment
    type: b1
    -byte-width: 1
    -field: ip.flags.df
    -title: Don't fragment
    doc: DF, don't fragment. RoCEv2 senders set it.
    doc-ref: https://www.rfc-editor.org/rfc/rfc791#section-3.1
  - id: more_fragments
    type: b1
    -byte-width: 1
    -field: ip.flags.mf
    -title: More fragments
    doc: MF, more fragments follow.
    doc-ref: https://www.rfc-editor.org/rfc/rfc791#section-3.1
  - id: fragment_offset
    type: b13
    -byte-width: 2
    -field: ip.frag_offset
    -title: Fragment offset
    doc: Offset of this fragment in the datagram, in units of 8 bytes.
    doc-ref: https://www.rfc-editor.org/rfc/rfc791#section-3.1
  - id: ttl
    type: u1
    -field: ip.ttl
    -title: Time to live
    doc: Time to live (hop limit).
    doc-ref: https://www.rfc-editor.org/rfc/rfc791#section-3.1
  - id: protocol
    type: u1
    -enum: ip_protocol_enum
    -field: ip.proto
    -title: Protocol
    doc: Protocol of the payload (17 UDP, 6 TCP, 1 ICMP).
    doc-ref: https://www.rfc-editor.org/rfc/rfc790
  - id: header_checksum
    type: u2
    -base: hex
    -field: ip.checksum
    -title: Header checksum
    doc: One's-complement checksum over the header only.
    doc-ref: https://www.rfc-editor.org/rfc/rfc791#section-3.1
  - id: src_addr
    type: u4
    -display: ipv4
    -field: ip.src
    -title: Source address
    doc: Source address, as a big-endian 32-bit number (a.b.c.d = a << 24 | b << 16 | c << 8 | d).
    doc-ref: https://www.rfc-editor.org/rfc/rfc791#section-3.1
  - id: dst_addr
    type: u4
    -display: ipv4
    -field: ip.dst
    -title: Destination address
    doc: Destination address, as a big-endian 32-bit number.
    doc-ref: https://www.rfc-editor.org/rfc/rfc791#section-3.1
  - id: options
    size: len_header - 20
    if: ihl > 5
    doc: Raw option bytes, present when `ihl` is more than 5.
    doc-ref: https://www.rfc-editor.org/rfc/rfc791#section-3.1
instances:
  len_header:
    value: ihl * 4
    doc: Length of this header in bytes, options included.
    doc-ref: https://www.rfc-editor.org/rfc/rfc791#section-3.1
  tos:
    value: (dscp << 2) | ecn.to_i
    doc: The whole 8-bit former Type of Service byte (DSCP and ECN together).
    doc-ref: https://www.rfc-editor.org/rfc/rfc2474#section-3
enums:
  ecn_enum:
    0:
      id: not_ect
      -orig-id: Not-ECT
      doc: Not ECN-Capable Transport.
      doc-ref: https://www.rfc-editor.org/rfc/rfc3168#section-5
    1:
      id: ect1
      -orig-id: ECT(1)
      doc: ECN-Capable Transport, ECT(1).
      doc-ref: https://www.rfc-editor.org/rfc/rfc3168#section-5
    2:
      id: ect0
      -orig-id: ECT(0)
      doc: ECN-Capable Transport, ECT(0).
      doc-ref: https://www.rfc-editor.org/rfc/rfc3168#section-5
    3:
      id: ce
      -orig-id: CE
      doc: Congestion Experienced, set by a congested switch.
      doc-ref: https://www.rfc-editor.org/rfc/rfc3168#section-5
  # The IANA protocol numbers RoCE Lens names (the Protocol column and ip.proto; IPv6's next header names them too).
  ip_protocol_enum:
    1:
      id: icmp
      -orig-id: ICMP
      doc: Internet Control Message Protocol.
      doc-ref: https://www.iana.org/assignments/protocol-numbers
    6:
      id: tcp
      -orig-id: TCP
      doc: Transmission Control Protocol.
      doc-ref: https://www.iana.org/assignments/protocol-numbers
    17:
      id: udp
      -orig-id: UDP
      doc: User Datagram Protocol (RoCEv2 rides on it).
      doc-ref: https://www.iana.org/assignments/protocol-numbers
    47:
      id: gre
      -orig-id: GRE
      doc: Generic Routing Encapsulation (ERSPAN mirrors ride on it).
      doc-ref: https://www.iana.org/assignments/protocol-numbers
    58:
      id: icmpv6
      -orig-id: ICMPv6
      doc: ICMP for IPv6.
      doc-ref: https://www.iana.org/assignments/protocol-numbers
