#!/usr/bin/env python3
"""Writes dcbx.pcap: LLDPDUs as a RoCE fabric's switches and NICs send them (lldpad, a switch's DCBX agent), with
every TLV RoCE Lens reads from lldp.ksy: the mandatory chassis ID (MAC, locally assigned), port ID (interface name,
MAC, locally assigned) and TTL; port description, system name and description; the IEEE 802.1 port VLAN ID, port
and protocol VLAN ID, VLAN name and protocol identity; and DCBX (IEEE 802.1Qaz): ETS Configuration, ETS
Recommendation, PFC Configuration and Application Priority (RoCEv2 on UDP 4791, RoCEv1's EtherType 0x8915). Also an
LLDPDU behind an 802.1Q tag, one with another organization's TLV and an IEEE 802.1 subtype RoCE Lens does not read,
and a withdrawal (TTL 0). make-lldp-expected.sh then writes tshark's view.
   usage: make-dcbx.py      (needs scapy)"""
import os
import struct
from scapy.all import wrpcap, Raw
from scapy.layers.l2 import Ether, Dot1Q

def tlv(t, v):
    return struct.pack("!H", (t << 9) | len(v)) + v

def ieee(subtype, body):
    return tlv(127, b"\x00\x80\xc2" + bytes([subtype]) + body)

def ets(first, tc_of_priority, bandwidth, tsa):
    table = bytes((tc_of_priority[i] << 4) | tc_of_priority[i + 1] for i in range(0, 8, 2))
    return bytes([first]) + table + bytes(bandwidth) + bytes(tsa)

def app(entries):
    return b"\x00" + b"".join(bytes([(prio << 5) | sel]) + struct.pack("!H", proto) for prio, sel, proto in entries)

def end():
    return tlv(0, b"")

MAC = bytes.fromhex("0c42a1000001")
# priority 3 (RoCE) in traffic class 3 with 50 %, everything else in traffic class 0 with 50 %, both ETS
ROCE_TCS = [0, 0, 0, 3, 0, 0, 0, 0]
switch = (tlv(1, b"\x04" + MAC) + tlv(2, b"\x05" + b"swp12") + tlv(3, b"\x00\x78")
          + tlv(4, b"to host-7 mlx5_0") + tlv(5, b"leaf-3") + tlv(6, b"Cumulus Linux 5.4")
          + ieee(1, b"\x00\x0a") + ieee(2, b"\x06\x00\x0a") + ieee(3, b"\x00\x0a\x04roce")
          + ieee(4, b"\x05\x00\x42\x42\x03\x00")
          + ieee(9, ets(0x08, ROCE_TCS, [50, 0, 0, 50, 0, 0, 0, 0], [2, 0, 0, 2, 0, 0, 0, 0]))
          + ieee(10, ets(0x00, ROCE_TCS, [50, 0, 0, 50, 0, 0, 0, 0], [2, 0, 0, 2, 0, 0, 0, 0]))
          + ieee(11, bytes([0x08, 0x08]))
          + ieee(12, app([(3, 3, 4791), (3, 1, 0x8915)]))
          + end())
# a willing host: ETS over four classes with the credit-based shaper, PFC on 3 and 4, MACsec bypass capable
host = (tlv(1, b"\x07" + b"host-7") + tlv(2, b"\x03" + bytes.fromhex("b8cef6000007")) + tlv(3, b"\x00\x78")
        + ieee(9, ets(0xc4, [0, 1, 2, 3, 3, 2, 1, 0], [10, 20, 30, 40, 0, 0, 0, 0], [2, 2, 2, 2, 0, 0, 0, 255]))
        + ieee(11, bytes([0xc4, 0x18]))
        + ieee(12, app([(4, 2, 860), (5, 4, 3260)]))
        + end())
other = (tlv(1, b"\x04" + MAC) + tlv(2, b"\x07" + b"port 9") + tlv(3, b"\x00\x00")
         + tlv(127, b"\x00\x12\x0f\x01\x03\x6c\x00\x00\x10") + ieee(7, b"\x03\x00\x00\x00\x01")
         + end())
frames = [
    Ether(src="0c:42:a1:00:00:01", dst="01:80:c2:00:00:0e", type=0x88cc) / Raw(switch),
    Ether(src="b8:ce:f6:00:00:07", dst="01:80:c2:00:00:0e", type=0x88cc) / Raw(host),
    Ether(src="0c:42:a1:00:00:01", dst="01:80:c2:00:00:0e", type=0x8100) / Dot1Q(prio=7, vlan=10, type=0x88cc) / Raw(host),
    Ether(src="0c:42:a1:00:00:01", dst="01:80:c2:00:00:0e", type=0x88cc) / Raw(other),
]
for i, f in enumerate(frames):
    f.time = 1767225600 + i
wrpcap(os.path.join(os.path.dirname(os.path.abspath(__file__)), "dcbx.pcap"), frames, linktype=1)
