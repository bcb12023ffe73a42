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
    doc: 1 request, 2 reply.
    doc-ref: https://www.rfc-editor.org/rfc/rfc826
  - id: sender_hw_addr
    size: len_hardware_addr
    doc: Hardware address of the sender.
    doc-ref: https://www.rfc-editor.org/rfc/rfc826
  - id: sender_proto_addr
    size: len_protocol_addr
    doc: Protocol address of the sender.
    doc-ref: https://www.rfc-editor.org/rfc/rfc826
  - id: target_hw_addr
    size: len_hardware_addr
    doc: Hardware address of the target (zero in a request).
    doc-ref: https://www.rfc-editor.org/rfc/rfc826
  - id: target_proto_addr
    size: len_protocol_addr
    doc: Protocol address of the target.
    doc-ref: https://www.rfc-editor.org/rfc/rfc826
