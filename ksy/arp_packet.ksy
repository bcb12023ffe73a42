meta:
  id: arp_packet
  title: ARP packet (Ethernet / IPv4)
  license: CC0-1.0
  ks-version: 0.11
  endian: be
doc: |
  An Address Resolution Protocol request or reply. Real RoCE captures hold ARP between the
  hosts (RoCEv2 NICs resolve the peer MAC like any IP host), so the packet list names it.
  Addresses are read with the lengths the header declares.
doc-ref: https://www.rfc-editor.org/rfc/rfc826
seq:
  - id: hardware_type
    type: u2
    doc: Link type of the hardware addresses, 1 for Ethernet.
    doc-ref: https://www.rfc-editor.org/rfc/rfc826
  - id: protocol_type
    type: u2
    doc: EtherType of the protocol addresses, 0x0800 for IPv4.
    doc-ref: https://www.rfc-editor.org/rfc/rfc826
  - id: len_hardware_addr
    type: u1
    doc: Bytes of a hardware address, 6 for Ethernet.
    doc-ref: https://www.rfc-editor.org/rfc/rfc826
  - id: len_protocol_addr
    type: u1
    doc: Bytes of a protocol address, 4 for IPv4.
    doc-ref: https://www.rfc-editor.org/rfc/rfc826
  - id: operation
    type: u2
    -enum: operation_enum
    -field: arp.opcode
    -title: Opcode
    doc: 1 request, 2 reply.
    doc-ref: https://www.rfc-editor.org/rfc/rfc826
  - id: sender
    type: addresses
    doc: Hardware and protocol address of the sender.
    doc-ref: https://www.rfc-editor.org/rfc/rfc826
  - id: target
    type: addresses
    doc: Hardware address (zero in a request) and protocol address of the target.
    doc-ref: https://www.rfc-editor.org/rfc/rfc826
types:
  addresses:
    doc: |
      A hardware and a protocol address, each as long as the header declares (the
      lengths sit in the parent because sender and target share them).
    doc-ref: https://www.rfc-editor.org/rfc/rfc826
    seq:
      - id: hw_addr
        size: _parent.len_hardware_addr
        doc: Hardware address.
        doc-ref: https://www.rfc-editor.org/rfc/rfc826
      - id: proto_addr
        size: _parent.len_protocol_addr
        doc: Protocol address.
        doc-ref: https://www.rfc-editor.org/rfc/rfc826
enums:
  # The -orig-id of a value is the text RoCE Lens shows for it (the build makes io.rocelens.ksy.EnumTexts).
  operation_enum:
    1:
      id: request
      -orig-id: request
      doc: Who has this protocol address?
      doc-ref: https://www.rfc-editor.org/rfc/rfc826
    2:
      id: reply
      -orig-id: reply
      doc: This protocol address is at this hardware address.
      doc-ref: https://www.rfc-editor.org/rfc/rfc826
