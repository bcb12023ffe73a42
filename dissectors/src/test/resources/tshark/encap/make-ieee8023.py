#!/usr/bin/env python3
"""Writes ieee8023.pcap: IEEE 802.3 length frames as a host capture sees them (issue 21 item 8): an STP
Configuration BPDU, an RST BPDU, an LLC UI frame with data padded to 60 bytes, an LLC I-format frame (two-byte
control), and a Configuration BPDU behind an 802.1Q tag. make-encap-expected.sh then writes tshark's view.
   usage: make-ieee8023.py      (needs scapy)"""
import os
from scapy.all import wrpcap, Raw
from scapy.layers.l2 import Ether, Dot3, LLC, STP, Dot1Q
Dot1Q_frame = Ether(src="02:00:00:00:00:01", dst="01:80:c2:00:00:00", type=0x8100)/Dot1Q(prio=7, vlan=5, type=38)/LLC(dsap=0x42, ssap=0x42, ctrl=3)/STP(rootid=32768, rootmac="02:00:00:00:00:01", bridgeid=32768, bridgemac="02:00:00:00:00:01", portid=0x8001)
frames = [
  Dot3(src="02:00:00:00:00:01", dst="01:80:c2:00:00:00")/LLC(dsap=0x42, ssap=0x42, ctrl=3)/STP(rootid=32768, rootmac="02:00:00:00:00:01", bridgeid=32768, bridgemac="02:00:00:00:00:01", portid=0x8001),
  Dot3(src="02:00:00:00:00:01", dst="01:80:c2:00:00:00")/LLC(dsap=0x42, ssap=0x42, ctrl=3)/STP(version=2, bpdutype=2, bpduflags=0x3c, rootid=4096, rootmac="02:00:00:00:00:02", pathcost=20000, bridgeid=32768, bridgemac="02:00:00:00:00:01", portid=0x8002)/Raw(b"\x00"),
  Ether(bytes(Dot3(src="02:00:00:00:00:01", dst="02:00:00:00:00:02")/LLC(dsap=0x12, ssap=0x34, ctrl=3)/Raw(b"hello, 802.2")).ljust(60, b"\0")),
  Dot3(src="02:00:00:00:00:01", dst="02:00:00:00:00:02", len=12)/Raw(bytes([0x12, 0x34, 0x0a, 0x0b]) + b"I-format"),
  Dot1Q_frame,
]
for i,f in enumerate(frames): f.time = 1767225600 + i/1000
wrpcap(os.path.join(os.path.dirname(os.path.abspath(__file__)), "ieee8023.pcap"), frames, linktype=1)
