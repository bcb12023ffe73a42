#!/usr/bin/env python3
"""Writes lying-lrh.pcap (ERF records, as ibdump writes them; tshark 4.0 reads no LINKTYPE_INFINIBAND pcap): a native
InfiniBand packet of the ibdump capture whose LRH packet length lies (issue 21 item 18): the true one, then 0, 2
and 4 words (shorter than LRH, BTH and ICRC), 1 word short of the packet, and 40 words longer than the frame.
   usage: make-lying-lrh.py IBDUMP_ERF_PCAP      (plain python3)"""
import os
import struct
import sys


def records(path):
    """(seconds, microseconds, bytes) of each record of a little- or big-endian microsecond pcap."""
    data = open(path, "rb").read()
    order = "<" if data[:4] == bytes.fromhex("d4c3b2a1") else ">"
    at = 24
    while at < len(data):
        seconds, micros, kept, _ = struct.unpack(order + "IIII", data[at:at + 16])
        yield seconds, micros, data[at + 16:at + 16 + kept]
        at += 16 + kept


seconds, micros, record = list(records(sys.argv[1]))[0]
erf, packet = record[:16], record[16:]       # frame 1: RC RDMA WRITE Only: its ERF header, the packet from the LRH on
frames = []
for words in (None, 0, 2, 4, len(packet) // 4 - 1 - 1, len(packet) // 4 + 40):
    lying = bytearray(packet)
    if words is not None:
        lying[4] = (lying[4] & 0xF8) | (words >> 8)
        lying[5] = words & 0xFF
    frames.append(erf + bytes(lying))
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "lying-lrh.pcap"), "wb") as out:
    out.write(struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 197))
    for i, frame in enumerate(frames):
        out.write(struct.pack("<IIII", seconds, micros + i * 1000, len(frame), len(frame)) + frame)
print("lying-lrh.pcap:", len(frames), "frames of", len(packet), "bytes")
# tshark's verdict, which LyingLrhTest compares with: frame, malformed or not, Info
# (run by hand: tshark -r lying-lrh.pcap -T fields -e frame.number -e _ws.malformed -e _ws.col.Info > lying-lrh.tsv)
