#!/usr/bin/python3
"""Writes cm-reject.pcap: CM messages no real capture here holds, made from the rdma_cm handshake of
rxe-rdmacm-write-read-with-arp.pcap (its ConnectRequest, frame 1, and ConnectReply, frame 2) with the attribute and
message changed and the ICRC computed again (IBTA vol. 1 Annex A17.3.3: CRC-32 over the frame from the IP header
with the variant fields masked to ones, after eight bytes of ones). Frames: 1 the REQ; 2 a REJ of it (reason 28,
consumer reject, reserved bits and the Reject Info Length set, ARI and private data filled); 3 the REQ again; 4 an
MRA of it; 5 a REJ of a REP (reason 1). Needs scapy.
  usage: make-cm-reject.py PATH/TO/rxe-rdmacm-write-read-with-arp.pcap"""
import struct
import sys
import zlib

from scapy.all import Ether, raw, rdpcap, wrpcap

MAD = 14 + 20 + 8 + 12 + 8      # Ethernet, IPv4, UDP, BTH, DETH
CM = MAD + 24                   # after the MAD header


def icrc(frame):
    ip = bytearray(frame[14:34]); ip[1] = 0xff; ip[8] = 0xff; ip[10:12] = b'\xff\xff'
    udp = bytearray(frame[34:42]); udp[6:8] = b'\xff\xff'
    bth = bytearray(frame[42:54]); bth[4] = 0xff
    covered = b'\xff' * 8 + bytes(ip) + bytes(udp) + bytes(bth) + frame[54:-4]
    return struct.pack('<I', zlib.crc32(covered) & 0xffffffff)


def message(base, attribute, body):
    frame = bytearray(base)
    frame[MAD + 16:MAD + 18] = struct.pack('>H', attribute)
    frame[CM:CM + 232] = body.ljust(232, b'\0')[:232]
    frame[-4:] = icrc(bytes(frame))
    return bytes(frame)


packets = rdpcap(sys.argv[1])
req, rep = bytearray(raw(packets[0])), bytearray(raw(packets[1]))
assert icrc(bytes(req)) == bytes(req[-4:]), "the ICRC is not computed as the capture's"
req_id, rep_id = bytes(req[CM:CM + 4]), bytes(rep[CM:CM + 4])
frames = [
    bytes(req),
    message(rep, 0x12, rep_id + req_id + bytes([0 << 6 | 0x15, 3 << 1 | 1]) + struct.pack('>H', 28)
            + bytes(range(1, 73)) + bytes([0xab]) * 148),
    bytes(req),
    message(rep, 0x11, rep_id + req_id + bytes([0 << 6, 20 << 3])),
    message(req, 0x12, req_id + rep_id + bytes([1 << 6, 0]) + struct.pack('>H', 1)),
]
out = [Ether(f) for f in frames]
for i, p in enumerate(out):
    p.time = packets[0].time + i * 0.001
wrpcap('cm-reject.pcap', out)
