meta:
  id: erspan
  title: ERSPAN type II and type III header (Cisco Encapsulated Remote SPAN)
  license: CC0-1.0
  ks-version: 0.11
  endian: be
params:
  - id: type_iii
    type: bool
    doc: True after GRE protocol type 0x22EB (type III), false after 0x88BE with a sequence number (type II).
doc: |
  The header a switch's mirror session puts after the GRE header, before the mirrored
  Ethernet frame. Type II (GRE protocol 0x88BE, GRE sequence number present) is 8 bytes:
  version 1, the original VLAN, class of service, encapsulation, truncation, session ID and
  the port index. Type III (GRE protocol 0x22EB) is 12 bytes, version 2, with a 32-bit
  timestamp, the security group tag, the frame type, the hardware ID, the direction, the
  timestamp granularity, and the O bit, set when an 8-byte platform-specific sub-header
  follows. (Type I, 0x88BE without a GRE sequence number, has no ERSPAN header at all.)
  Bit fields are read in 16- and 32-bit words as the draft draws them.
doc-ref:
  - draft-foschiano-erspan-03, section 4.1 (ERSPAN Type II feature header)
  - draft-foschiano-erspan-03, section 4.2 (ERSPAN Type III feature header)
  - draft-foschiano-erspan-03, section 4.3 (Platform Specific SubHeader)
seq:
  - id: version
    type: b4
    -field: erspan.version
    -title: Version
    -enum: version_enum
    -container: 2
    doc: 1 for type II, 2 for type III.
    doc-ref: draft-foschiano-erspan-03, sections 4.1 and 4.2 (Ver)
  - id: vlan
    type: b12
    -field: erspan.vlan
    -title: VLAN at the source
    -container: 2
    doc: The VLAN of the mirrored frame at the source port.
    doc-ref: draft-foschiano-erspan-03, sections 4.1 and 4.2 (VLAN)
  - id: cos
    type: b3
    -field: erspan.cos
    -title: Class of service at the source
    -container: 2
    doc: Class of service (the 802.1p priority) of the mirrored frame at the source.
    doc-ref: draft-foschiano-erspan-03, sections 4.1 and 4.2 (COS)
  - id: encap_or_bso
    type: b2
    -field: erspan.encap
    -title: Encapsulation at the source
    -container: 2
    doc: |
      Type II: En, how the frame was tagged at the source (0 untagged, 1 ISL, 2 802.1Q,
      3 VLAN tag preserved). Type III: BSO, the frame's integrity (0 good, 1 short,
      2 oversized, 3 bad).
    doc-ref: draft-foschiano-erspan-03, section 4.1 (En), section 4.2 (BSO)
  - id: truncated
    type: b1
    -field: erspan.truncated
    -title: Truncated
    -base: dec
    -container: 2
    doc: T, the mirrored frame was cut to fit the mirror session's MTU.
    doc-ref: draft-foschiano-erspan-03, sections 4.1 and 4.2 (T)
  - id: session_id
    type: b10
    -field: erspan.spanid
    -title: Session ID
    -container: 2
    doc: The mirror session (span ID).
    doc-ref: draft-foschiano-erspan-03, sections 4.1 and 4.2 (Session ID)
  - id: reserved
    type: b12
    if: not type_iii
    -field: erspan.reserved
    -title: Reserved
    -container: 4
    doc: Type II, reserved, transmitted as 0.
    doc-ref: draft-foschiano-erspan-03, section 4.1 (Reserved)
  - id: index
    type: b20
    if: not type_iii
    -field: erspan.index
    -title: Port index
    -container: 4
    doc: Type II, the port index of the source port and direction.
    doc-ref: draft-foschiano-erspan-03, section 4.1 (Index)
  - id: timestamp
    type: u4
    if: type_iii
    -field: erspan.timestamp
    -title: Timestamp
    doc: Type III, when the frame was mirrored, in the unit `granularity` names (with IEEE 1588, the nanoseconds; the seconds in a platform sub-header).
    doc-ref: draft-foschiano-erspan-03, section 4.2 (Timestamp)
  - id: security_group_tag
    type: u2
    if: type_iii
    -field: erspan.sgt
    -title: Security group tag
    doc: Type III, the security group tag of the frame.
    doc-ref: draft-foschiano-erspan-03, section 4.2 (SGT)
  - id: has_ethernet_pdu
    type: b1
    if: type_iii
    -field: erspan.p
    -title: Has Ethernet PDU
    -base: dec
    -container: 2
    doc: Type III, P, set when the mirrored frame is an Ethernet PDU (frame type 0).
    doc-ref: draft-foschiano-erspan-03, section 4.2 (P)
  - id: frame_type
    type: b5
    if: type_iii
    -field: erspan.ft
    -title: Frame type
    -container: 2
    doc: Type III, FT, what the payload is (0 Ethernet, 2 IP).
    doc-ref: draft-foschiano-erspan-03, section 4.2 (FT)
  - id: hardware_id
    type: b6
    if: type_iii
    -field: erspan.hw
    -title: Hardware ID
    -container: 2
    doc: Type III, the ERSPAN engine that mirrored the frame.
    doc-ref: draft-foschiano-erspan-03, section 4.2 (Hw ID)
  - id: direction
    type: b1
    if: type_iii
    -field: erspan.direction
    -title: "Direction (1: egress)"
    -container: 2
    doc: Type III, D, 0 when the frame was mirrored on ingress, 1 on egress.
    doc-ref: draft-foschiano-erspan-03, section 4.2 (D)
  - id: granularity
    type: b2
    enum: granularity_enum
    if: type_iii
    -field: erspan.gra
    -title: Timestamp granularity
    -enum: granularity_enum
    -container: 2
    doc: Type III, Gra, the unit of `timestamp`.
    doc-ref: draft-foschiano-erspan-03, section 4.2 (Gra)
  - id: has_sub_header
    type: b1
    if: type_iii
    -field: erspan.o
    -title: Optional sub-header
    -base: dec
    -container: 2
    doc: Type III, O, an 8-byte platform-specific sub-header follows.
    doc-ref: draft-foschiano-erspan-03, section 4.2 (O)
  - id: sub_header
    type: platform_sub_header
    if: type_iii and has_sub_header
    doc: Type III, the platform-specific sub-header.
    doc-ref: draft-foschiano-erspan-03, section 4.3
types:
  platform_sub_header:
    doc: |
      Eight bytes: a 6-bit platform ID, then 58 bits laid out as that platform says. The
      layouts of platforms 1, 3, 4, 5, 6 and 7 are read; the others (reserved) as one field.
    doc-ref: draft-foschiano-erspan-03, section 4.3 (Platform Specific SubHeader)
    seq:
      - id: platform_id
        type: b6
        doc: Which layout the remaining 58 bits follow.
        doc-ref: draft-foschiano-erspan-03, section 4.3 (Platf ID)
      - id: platform_1
        type: platform_1
        if: platform_id == 1
        doc: The fields of platform 1.
        doc-ref: draft-foschiano-erspan-03, section 4.3 (Platf ID 0x1)
      - id: platform_3
        type: platform_3
        if: platform_id == 3
        doc: The fields of platform 3.
        doc-ref: draft-foschiano-erspan-03, section 4.3 (Platf ID 0x3)
      - id: platform_4
        type: platform_4
        if: platform_id == 4
        doc: The fields of platform 4.
        doc-ref: draft-foschiano-erspan-03, section 4.3 (Platf ID 0x4)
      - id: platform_5
        type: platform_5
        if: platform_id == 5 or platform_id == 6
        doc: The fields of platforms 5 and 6.
        doc-ref: draft-foschiano-erspan-03, section 4.3 (Platf ID 0x5 and 0x6)
      - id: platform_7
        type: platform_7
        if: platform_id == 7
        doc: The fields of platform 7.
        doc-ref: draft-foschiano-erspan-03, section 4.3 (Platf ID 0x7)
      - id: platform_reserved
        type: platform_reserved
        if: platform_id == 0 or platform_id == 2 or platform_id >= 8
        doc: The 58 bits of a reserved platform ID.
        doc-ref: draft-foschiano-erspan-03, section 4.3
  platform_1:
    seq:
      - id: reserved
        type: b14
        doc: Reserved.
        doc-ref: draft-foschiano-erspan-03, section 4.3 (Platf ID 0x1)
      - id: vsm_domain_id
        type: b12
        doc: VSM domain ID.
        doc-ref: draft-foschiano-erspan-03, section 4.3 (Platf ID 0x1)
      - id: port_index
        type: u4
        doc: Port ID or index.
        doc-ref: draft-foschiano-erspan-03, section 4.3 (Platf ID 0x1)
  platform_3:
    seq:
      - id: reserved
        type: b12
        doc: Reserved.
        doc-ref: draft-foschiano-erspan-03, section 4.3 (Platf ID 0x3)
      - id: port_index
        type: b14
        doc: Port ID or index.
        doc-ref: draft-foschiano-erspan-03, section 4.3 (Platf ID 0x3)
      - id: timestamp_upper
        type: u4
        doc: The upper 32 bits of the timestamp (with IEEE 1588 granularity, the seconds).
        doc-ref: draft-foschiano-erspan-03, section 4.3 (Platf ID 0x3)
  platform_4:
    seq:
      - id: reserved1
        type: b12
        doc: Reserved.
        doc-ref: draft-foschiano-erspan-03, section 4.3 (Platf ID 0x4)
      - id: reserved2
        type: b14
        doc: Reserved.
        doc-ref: draft-foschiano-erspan-03, section 4.3 (Platf ID 0x4)
      - id: reserved3
        type: u4
        doc: Reserved.
        doc-ref: draft-foschiano-erspan-03, section 4.3 (Platf ID 0x4)
  platform_5:
    seq:
      - id: switch_id
        type: b10
        doc: Switch ID.
        doc-ref: draft-foschiano-erspan-03, section 4.3 (Platf ID 0x5 and 0x6)
      - id: port_index
        type: b16
        doc: Port ID or index.
        doc-ref: draft-foschiano-erspan-03, section 4.3 (Platf ID 0x5 and 0x6)
      - id: timestamp_seconds
        type: u4
        doc: The timestamp's whole seconds.
        doc-ref: draft-foschiano-erspan-03, section 4.3 (Platf ID 0x5 and 0x6)
  platform_7:
    seq:
      - id: reserved
        type: b6
        doc: Reserved.
        doc-ref: draft-foschiano-erspan-03, section 4.3 (Platf ID 0x7)
      - id: source_index
        type: b20
        doc: Source index.
        doc-ref: draft-foschiano-erspan-03, section 4.3 (Platf ID 0x7)
      - id: timestamp_upper
        type: u4
        doc: The upper 32 bits of the timestamp.
        doc-ref: draft-foschiano-erspan-03, section 4.3 (Platf ID 0x7)
  platform_reserved:
    seq:
      - id: reserved
        type: b58
        doc: Reserved platform IDs (0, 2, 8-63).
        doc-ref: draft-foschiano-erspan-03, section 4.3
enums:
  # The -orig-id of a value is the text RoCE Lens shows for it (the build makes io.rocelens.ksy.EnumTexts).
  granularity_enum:
    0:
      id: us_100
      -orig-id: 100 microseconds
    1:
      id: ns_100
      -orig-id: 100 nanoseconds
    2:
      id: ieee_1588
      -orig-id: IEEE 1588
    3:
      id: user_defined
      -orig-id: User-defined
  version_enum:
    1:
      id: type_ii
      -orig-id: Type II
    2:
      id: type_iii
      -orig-id: Type III
