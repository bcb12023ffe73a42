#!/usr/bin/python3
"""Writes qcn.pcap: IEEE 802.1Q Congestion Notification frames built byte by byte from the standard's layouts
(IEEE 802.1Q-2018 clause 33: the CN-TAG is EtherType 0x22E9 and a 2-byte flow ID before the frame's own EtherType;
a CNM is EtherType 0x22E7 and its PDU: Version 4 bits, ReservedV 6 bits, Quantized Feedback 6 bits, Congestion
Point Identifier 8 bytes, cnmQOffset 2 bytes signed, cnmQDelta 2 bytes signed, Encapsulated priority 3 bits and 13
reserved, Encapsulated destination MAC 6 bytes, Encapsulated MSDU length 2 bytes, then up to 64 bytes of the sampled
frame's MSDU). Wireshark has no QCN dissector, so these bytes are the reference: QcnDissectionTest checks every qcn
field of them against the values below. The RoCE packet's IP/UDP/BTH/ICRC come from scapy's RoCE layer (whose ICRC
tshark calls good on the same packet without the CN-TAG).

Frames:
  1 RoCEv2 RC SEND Only (QP 0x11, PSN 100) in VLAN 100 priority 3 with a CN-TAG, flow ID 0x1234
  2 a CNM about it from CP 0x0011223344550003 to its sender 02:00:00:00:00:01, with the VLAN tag and CN-TAG copied:
    version 0, qFb 12, cnmQOffset -5, cnmQDelta 300, priority 3, encapsulated DA 02:00:00:00:00:02, MSDU length
    1072 (the sampled frame's MSDU: CN-TAG 4, IPv4 20, UDP 8, BTH 12, payload 1024, ICRC 4), its first 64 bytes
  3 an untagged CNM, reserved bits set: version 1, ReservedV 0x2a, qFb 63, CPID 0xfedcba9876543210, cnmQOffset
    32767, cnmQDelta -32768, priority 7 (reserved bits after it all ones), DA 02:00:00:00:00:09, MSDU length 20,
    padded to 60 bytes with 0xee (the padding is not the MSDU)
  4 a CNM cut short: 10 bytes of its PDU (on the wire so, not cut by the snap length)
  5 a CNM whose MSDU length (40) runs past the frame's 30 bytes of MSDU
  6 a CN-TAG cut short: one byte after 0x22E9
Needs scapy.  usage: make-qcn.py (writes qcn.pcap in the current folder)"""
import struct

from scapy.all import Ether, IP, UDP, Raw, raw, wrpcap
from scapy.contrib.roce import BTH

RP = bytes.fromhex('020000000001')       # the RoCE sender: the reaction point
DST = bytes.fromhex('020000000002')
CP = bytes.fromhex('02000000aa01')       # the congestion point's bridge port


def vlan(priority, vid, ether_type):
    return struct.pack('>HHH', 0x8100, priority << 13 | vid, ether_type)


def cn_tag(flow_id, ether_type):
    return struct.pack('>HH', flow_id, ether_type)


def cnm(version, reserved_v, qfb, cpid, q_offset, q_delta, priority, reserved_p, dmac, msdu_len, msdu):
    return (struct.pack('>HQhhH', version << 12 | reserved_v << 6 | qfb, cpid, q_offset, q_delta,
                        priority << 13 | reserved_p)
            + dmac + struct.pack('>H', msdu_len) + msdu)


roce = raw(IP(src='10.0.0.1', dst='10.0.0.2', tos=0x68) / UDP(sport=49152, dport=4791)
           / BTH(opcode=0x04, dqpn=0x11, psn=100, ackreq=1) / Raw(bytes(range(256)) * 4))
# the MSDU of frame 1 after its tags: CN-TAG's flow ID and type, then the IP packet
sampled = cn_tag(0x1234, 0x0800) + roce
frames = [
    DST + RP + vlan(3, 100, 0x22e9) + cn_tag(0x1234, 0x0800) + roce,
    RP + CP + vlan(3, 100, 0x22e9) + cn_tag(0x1234, 0x22e7)
    + cnm(0, 0, 12, 0x0011223344550003, -5, 300, 3, 0, DST, len(sampled), sampled[:64]),
    (RP + CP + struct.pack('>H', 0x22e7)
     + cnm(1, 0x2a, 63, 0xfedcba9876543210, 32767, -32768, 7, 0x1fff, bytes.fromhex('020000000009'), 20,
           bytes(range(0xa0, 0xb4)))).ljust(60, b'\xee'),
    RP + CP + struct.pack('>H', 0x22e7) + bytes.fromhex('000c0011223344550003'),
    RP + CP + struct.pack('>H', 0x22e7) + cnm(0, 0, 5, 1, 0, 0, 3, 0, DST, 40, bytes(30)),
    DST + RP + struct.pack('>H', 0x22e9) + b'\x12',
]
out = [Ether(f) for f in frames]
for i, p in enumerate(out):
    p.time = 1700000000 + i * 0.001
wrpcap('qcn.pcap', out)
