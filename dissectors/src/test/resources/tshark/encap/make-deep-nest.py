#!/usr/bin/env python3
"""Writes deep-nest.pcap: a RoCE frame (an RC Acknowledge of sample-captures/mixed.pcapng, frame 3) plain, then
nested 700 times in GRE (IPv4 in GRE 0x0800), 130 times in GRE carrying Ethernet (0x6558), 300 times in VXLAN,
10 times in GRE (well within any limit), and plain again. Wireshark stops at 500 protocol layers
(gui.max_tree_depth) and marks the frame malformed; RoCE Lens must do the same and go on with the next frame.
   usage: make-deep-nest.py MIXED_PCAPNG      (needs scapy; then make-encap-expected.sh for the .tsv)"""
import os
import sys
from scapy.all import raw, rdpcap, wrpcap, Raw
from scapy.layers.inet import IP, UDP
from scapy.layers.l2 import GRE, Ether
from scapy.layers.vxlan import VXLAN

plain = raw(rdpcap(sys.argv[1])[2])          # frame 3: Ethernet, IPv4, UDP 4791, BTH, AETH, ICRC
mac = dict(src="02:00:00:00:00:01", dst="02:00:00:00:00:02")
outer_ip = dict(src="192.0.2.1", dst="192.0.2.2")


def nest(depth, kind):
    packet = plain[14:]                        # the IPv4 packet
    frame = plain
    for _ in range(depth):
        if kind == "gre-ip":
            packet = raw(IP(**outer_ip) / GRE(proto=0x0800) / Raw(packet))
        elif kind == "gre-eth":
            frame = raw(Ether(type=0x0800, **mac) / IP(**outer_ip) / GRE(proto=0x6558) / Raw(frame))
        else:
            frame = raw(Ether(type=0x0800, **mac) / IP(**outer_ip) / UDP(sport=49152, dport=4789) / VXLAN(vni=1)
                        / Raw(frame))
    return frame if kind != "gre-ip" else raw(Ether(type=0x0800, **mac) / Raw(packet))


frames = [plain, nest(700, "gre-ip"), nest(130, "gre-eth"), nest(300, "vxlan"), nest(10, "gre-ip"), plain]
packets = [Ether(f) for f in frames]
for i, p in enumerate(packets):
    p.time = 1767225600 + i / 1000
wrpcap(os.path.join(os.path.dirname(os.path.abspath(__file__)), "deep-nest.pcap"), packets, linktype=1,
       snaplen=262144)
print("deep-nest.pcap:", [len(f) for f in frames])
