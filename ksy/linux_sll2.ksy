meta:
  id: linux_sll2
  title: Linux "cooked" capture header v2 (LINKTYPE_LINUX_SLL2)
  license: CC0-1.0
  ks-version: 0.11
  endian: be
doc: |
  The 20-byte pseudo link-layer header that libpcap writes for the Linux "any" device with
  link type 276. Unlike v1 it puts the protocol first and records the interface index.
doc-ref: https://www.tcpdump.org/linktypes/LINKTYPE_LINUX_SLL2.html
seq:
  - id: protocol
    type: u2
    -base: hex
    -enum: ethernet_header::ether_type_enum
    -field: sll.protocol
    -title: Protocol
    doc: |
      Protocol of the payload: the EtherType (0x0800 IPv4, 0x86DD IPv6 ...) for Ethernet-like
      devices; small values are Linux ETH_P_ pseudo-protocols.
    doc-ref: https://www.tcpdump.org/linktypes/LINKTYPE_LINUX_SLL2.html
  - id: reserved
    type: u2
    doc: Reserved, must be zero.
    doc-ref: https://www.tcpdump.org/linktypes/LINKTYPE_LINUX_SLL2.html
  - id: if_index
    type: u4
    doc: Linux interface index of the interface the packet was seen on.
    doc-ref: https://www.tcpdump.org/linktypes/LINKTYPE_LINUX_SLL2.html
  - id: arphrd_type
    type: u2
    doc: Linux ARPHRD_ device type (1 Ethernet, 32 InfiniBand, 772 loopback).
    doc-ref: https://www.tcpdump.org/linktypes/LINKTYPE_LINUX_SLL2.html
  - id: packet_type
    type: u1
    doc: |
      Direction of the packet: 0 sent to us, 1 broadcast, 2 multicast, 3 sent to someone
      else, 4 sent by us.
    doc-ref: https://www.tcpdump.org/linktypes/LINKTYPE_LINUX_SLL2.html
  - id: len_addr
    type: u1
    doc: Number of meaningful bytes in `addr` (6 for Ethernet).
    doc-ref: https://www.tcpdump.org/linktypes/LINKTYPE_LINUX_SLL2.html
  - id: addr
    size: 8
    doc: Link-layer source address, zero-padded or truncated to 8 bytes.
    doc-ref: https://www.tcpdump.org/linktypes/LINKTYPE_LINUX_SLL2.html
