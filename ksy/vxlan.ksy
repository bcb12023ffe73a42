meta:
  id: vxlan
  title: VXLAN header (Virtual eXtensible Local Area Network)
  license: CC0-1.0
  ks-version: 0.11
  endian: be
doc: |
  The 8-byte header between an outer UDP header (destination port 4789) and the inner
  Ethernet frame of a VXLAN overlay: flags (I set: the VNI is valid), reserved bits, the
  24-bit VXLAN Network Identifier, and a reserved byte. The first 16 bits are read as one
  flags word, as Wireshark shows them: RFC 7348 defines only I (0x0800) and reserves the
  rest, which the group-policy extension uses (G 0x8000, D 0x0040, A 0x0008, and the
  group policy ID in the next 16 bits).
doc-ref:
  - https://www.rfc-editor.org/rfc/rfc7348 (VXLAN, section 5 - VXLAN Frame Format)
  - draft-smith-vxlan-group-policy-05, section 2.1 (VXLAN Group Policy extension)
seq:
  - id: flags
    type: u2
    -field: vxlan.flags
    -title: Flags
    -base: hex
    doc: Flags; RFC 7348's I flag is 0x0800 (bit 3 of the first byte), the rest reserved.
    doc-ref: RFC 7348, section 5 (VXLAN Header, Flags)
  - id: group_policy_id
    type: u2
    -field: vxlan.gbp
    -title: Group policy ID
    doc: Reserved in RFC 7348 (transmitted as 0); the group policy ID with the G flag.
    doc-ref: RFC 7348, section 5 (Reserved fields); draft-smith-vxlan-group-policy-05, section 2.1
  - id: vni
    type: b24
    -field: vxlan.vni
    -title: VXLAN network identifier (VNI)
    doc: The VXLAN Network Identifier, the overlay segment the inner frame belongs to.
    doc-ref: RFC 7348, section 5 (VXLAN Network Identifier)
  - id: reserved
    type: u1
    -field: vxlan.reserved8
    -title: Reserved
    doc: Reserved, transmitted as 0.
    doc-ref: RFC 7348, section 5 (Reserved fields)
instances:
  vni_valid:
    value: (flags & 0x0800) != 0
    doc: The I flag, set for a valid VNI.
    doc-ref: RFC 7348, section 5 (Flags)
