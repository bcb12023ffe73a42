#!/usr/bin/env python3
"""Writes cut-roce.pcap: RoCE frames of sample-captures/mixed.pcapng cut by a snap length at the edges of their
headers (issue 21 item 12), the original length kept: a header is present exactly when all its bytes are captured.
Each line below: (frame of mixed.pcapng, bytes kept). make-encap-expected.sh then writes tshark's view.
   usage: make-cut-roce.py MIXED_PCAPNG      (needs scapy)"""
import os
import sys
from scapy.all import rdpcap, wrpcap, Ether

CUTS = [
    (2, 50), (2, 54),               # RC SEND Only: BTH cut, BTH whole (nothing after it)
    (3, 57), (3, 58), (3, 60),      # RC Acknowledge: AETH cut, AETH whole, ICRC cut
    (31, 70), (31, 82),             # RC CmpSwap: AtomicETH cut, AtomicETH whole
    (32, 58), (32, 62), (32, 66),   # RC ATOMIC Acknowledge: AETH whole, AtomicAckETH cut, AtomicAckETH whole
    (21, 70), (21, 74),             # RC RDMA WRITE Only with Immediate: RETH whole, then ImmDt whole too
    (23, 60), (23, 70),             # RC RDMA WRITE First: RETH cut, RETH whole
    (36, 58), (36, 60),             # RC RDMA READ Response First: AETH whole, and 2 bytes of payload
    (139, 60), (139, 62),           # UD SEND Only: DETH cut, DETH whole
    (113, 80),                      # IPv6 RC Acknowledge: ICRC cut
]
frames = rdpcap(sys.argv[1])
out = []
for number, keep in CUTS:
    whole = bytes(frames[number - 1])
    packet = Ether(whole[:keep])
    packet.wirelen = len(whole)
    packet.time = frames[number - 1].time
    out.append(packet)
# RoCEv1 (EtherType 0x8915): the IPv6 Acknowledge of frame 113 with its IPv6 header as the GRH (next header 0x1b,
# the BTH) and no UDP header; cut after the GRH (BTH cut), then after the BTH.
v6 = bytes(frames[112])
bth_on = v6[14 + 40 + 8:]
grh = bytearray(v6[14:14 + 40])
grh[4:6] = len(bth_on).to_bytes(2, "big")
grh[6] = 0x1B
v1 = v6[:12] + b"\x89\x15" + bytes(grh) + bth_on
for keep in (60, 66):
    packet = Ether(v1[:keep])
    packet.wirelen = len(v1)
    packet.time = frames[112].time
    out.append(packet)
wrpcap(os.path.join(os.path.dirname(os.path.abspath(__file__)), "cut-roce.pcap"), out, linktype=1, snaplen=65535)
print("cut-roce.pcap:", len(out), "frames")
