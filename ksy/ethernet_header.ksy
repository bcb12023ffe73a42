meta:
  id: ethernet_header
  title: Ethernet II header with 802.1Q / 802.1ad VLAN tags
  license: CC0-1.0
  ks-version: 0.11
  endian: be
doc: |
  The MAC header of an Ethernet II frame: destination and source MAC, then any number of
  VLAN tags (802.1Q C-tag 0x8100, 802.1ad S-tag 0x88A8, legacy QinQ 0x9100), then the
  EtherType of the payload. The FCS trailer is not part of this header (and is usually
  absent from captures).

  Each element of `tags` starts with a 16-bit TPID-or-EtherType. An element whose first
  16 bits are a VLAN TPID carries the 16-bit TCI after it; the first element that is not
  a TPID holds the real EtherType and ends the header. So a frame with N VLAN tags has
  N + 1 elements and a header of 14 + 4 * N bytes.

  Only this header is parsed: the payload (IPv4, IPv6, RoCEv1 GRH, MAC Control ...) is
  dispatched on `ether_type` by the caller, so every position stays frame-absolute.
doc-ref:
  - IEEE 802.3 clause 3.2 (MAC frame format)
  - IEEE 802.1Q clause 9 (Tag format)
seq:
  - id: dst_mac
    type: b48
    -field: eth.dst
    -title: Destination
    -display: mac
    doc: Destination MAC address, as a 48-bit big-endian number (the first octet in the top byte).
    doc-ref: IEEE 802.3 clause 3.2.4 (Destination Address field)
  - id: src_mac
    type: b48
    -field: eth.src
    -title: Source
    -display: mac
    doc: Source MAC address, as a 48-bit big-endian number.
    doc-ref: IEEE 802.3 clause 3.2.5 (Source Address field)
  - id: tags
    type: ether_type_or_tag
    repeat: until
    repeat-until: not _.is_tag
    doc: |
      VLAN tags from outermost to innermost, then one last element that holds the EtherType.
    doc-ref: IEEE 802.1Q clause 9.5 (Tag Protocol Identification)
instances:
  ether_type:
    value: tags.last.tpid
    doc: |
      EtherType of the payload (see `ether_type_enum`), after all VLAN tags. Values up to
      1500 are an IEEE 802.3 length field instead of a type.
    doc-ref: IEEE 802.3 clause 3.2.6 (Length/Type field)
  num_vlan_tags:
    value: tags.size - 1
    doc: Number of VLAN tags between the source MAC and the EtherType.
    doc-ref: IEEE 802.1Q clause 9
  len_header:
    value: 10 + 4 * tags.size
    doc: Length of this header in bytes, 14 plus 4 per VLAN tag.
    doc-ref: IEEE 802.1Q clause 9
  is_length_field:
    value: ether_type <= 1500
    doc: True if `ether_type` is an IEEE 802.3 length (an LLC frame), not an EtherType.
    doc-ref: IEEE 802.3 clause 3.2.6 (Length/Type field)
types:
  ether_type_or_tag:
    doc: |
      A 16-bit Tag Protocol Identifier followed by the Tag Control Information when it is a
      VLAN TPID; otherwise just the 16-bit EtherType that ends the MAC header.
    doc-ref: IEEE 802.1Q clause 9.6 (VLAN Tag Control Information)
    seq:
      - id: tpid
        type: u2
        -field: eth.type
        -title: Type
        -base: hex
        -enum: ether_type_enum
        doc: |
          Tag Protocol Identifier (0x8100 C-VLAN, 0x88A8 S-VLAN, 0x9100 pre-standard QinQ),
          or, in the last element, the EtherType of the payload.
        doc-ref: IEEE 802.1Q clause 9.5 (Tag Protocol Identification)
      - id: pcp
        type: b3
        if: is_tag
        -field: vlan.pcp
        -title: Priority code point
        -byte-width: 1
        doc: Priority Code Point, the 802.1p priority (0-7) that PFC pauses per class.
        doc-ref: IEEE 802.1Q clause 6.9.3 (Priority Code Point encoding)
      - id: dei
        type: b1
        if: is_tag
        -field: vlan.dei
        -title: Drop eligible indicator
        -byte-width: 1
        doc: Drop Eligible Indicator.
        doc-ref: IEEE 802.1Q clause 9.6 (VLAN Tag Control Information)
      - id: vid
        type: b12
        if: is_tag
        -field: vlan.id
        -title: VLAN identifier
        -byte-width: 2
        doc: VLAN identifier; 0 means priority-tagged (no VLAN), 0xFFF is reserved.
        doc-ref: IEEE 802.1Q clause 9.6 (VLAN Tag Control Information)
    instances:
      is_tag:
        value: tpid == 0x8100 or tpid == 0x88a8 or tpid == 0x9100
        doc: True if `tpid` is a VLAN TPID, so a TCI follows and another element comes after.
        doc-ref: IEEE 802.1Q clause 9.5 (Tag Protocol Identification)
enums:
  # The -orig-id of a value is the text RoCE Lens shows for it (the build makes io.rocelens.ksy.EnumTexts).
  ether_type_enum:
    0x0800:
      id: ipv4
      -orig-id: IPv4
      doc-ref: https://www.rfc-editor.org/rfc/rfc894
    0x0806:
      id: arp
      -orig-id: ARP
      doc-ref: https://www.rfc-editor.org/rfc/rfc826
    0x8100:
      id: vlan
      -orig-id: 802.1Q
      doc-ref: IEEE 802.1Q clause 9.5 (C-VLAN tag)
    0x86dd:
      id: ipv6
      -orig-id: IPv6
      doc-ref: https://www.rfc-editor.org/rfc/rfc2464
    0x8808:
      id: mac_control
      -orig-id: MAC Control
      doc-ref: IEEE 802.3 clause 31 (MAC Control)
    0x88a8:
      id: s_vlan
      -orig-id: 802.1ad
      doc-ref: IEEE 802.1Q clause 9.5 (S-VLAN tag, 802.1ad)
    0x88cc:
      id: lldp
      -orig-id: LLDP
      doc-ref: IEEE 802.1AB
    0x8915:
      id: roce_v1
      -orig-id: RoCE
      doc-ref: IBTA Annex A16 RoCE, A16.4 (EtherType 0x8915)
    0x9100:
      id: qinq_legacy
      -orig-id: QinQ (0x9100)
      doc-ref: pre-standard Q-in-Q TPID, before IEEE 802.1ad
