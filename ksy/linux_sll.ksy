meta:
  id: linux_sll
  title: Linux "cooked" capture header v1 (LINKTYPE_LINUX_SLL)
  license: CC0-1.0
  ks-version: 0.11
  endian: be
doc: |
  The 16-byte pseudo link-layer header that libpcap writes instead of the real MAC header
  when capturing on the Linux "any" device (link type 113). `protocol` plays the role of the
  EtherType for Ethernet-like devices.
doc-ref: https://www.tcpdump.org/linktypes/LINKTYPE_LINUX_SLL.html
seq:
  - id: packet_type
    type: u2
    doc: |
      Direction of the packet: 0 sent to us, 1 broadcast, 2 multicast, 3 sent to someone
      else, 4 sent by us.
    doc-ref: https://www.tcpdump.org/linktypes/LINKTYPE_LINUX_SLL.html
  - id: arphrd_type
    type: u2
    doc: Linux ARPHRD_ device type (1 Ethernet, 32 InfiniBand, 772 loopback).
    doc-ref: https://www.tcpdump.org/linktypes/LINKTYPE_LINUX_SLL.html
  - id: len_addr
    type: u2
    doc: Number of meaningful bytes in `addr` (6 for Ethernet).
    doc-ref: https://www.tcpdump.org/linktypes/LINKTYPE_LINUX_SLL.html
  - id: addr
    size: 8
    doc: Link-layer source address, zero-padded or truncated to 8 bytes.
    doc-ref: https://www.tcpdump.org/linktypes/LINKTYPE_LINUX_SLL.html
  - id: protocol
    type: u2
    -base: hex
    -enum: ethernet_header::ether_type_enum
    -field: sll.protocol
    -title: Protocol
    doc: |
      Protocol of the payload: the EtherType (0x0800 IPv4, 0x86DD IPv6 ...) for Ethernet-like
      devices; small values are Linux ETH_P_ pseudo-protocols (e.g. 4 for 802.2 LLC).
    doc-ref: https://www.tcpdump.org/linktypes/LINKTYPE_LINUX_SLL.html
