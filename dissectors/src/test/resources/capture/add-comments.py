#!/usr/bin/python3
"""Adds opt_comment options to chosen Enhanced Packet Blocks of a little-endian pcapng file (pcapng spec 4.3).

usage: add-comments.py IN OUT FRAME=TEXT...   (a frame named twice gets both comments, in order)
"""
import struct
import sys

src, dst, pairs = sys.argv[1], sys.argv[2], sys.argv[3:]
wanted = {}
for pair in pairs:
    frame, text = pair.split("=", 1)
    wanted.setdefault(int(frame), []).append(text.encode("utf-8"))

data = open(src, "rb").read()
out = bytearray()
at = 0
frame = 0
while at < len(data):
    kind, length = struct.unpack_from("<II", data, at)
    block = data[at:at + length]
    if kind == 6:
        frame += 1
        if frame in wanted:
            captured = struct.unpack_from("<I", block, 20)[0]
            body_end = 28 + ((captured + 3) & ~3)
            options = b""
            for text in wanted[frame]:
                options += struct.pack("<HH", 1, len(text)) + text + b"\0" * (-len(text) % 4)
            options += struct.pack("<HH", 0, 0)
            body = block[8:body_end] + options
            block = struct.pack("<II", kind, len(body) + 12) + body + struct.pack("<I", len(body) + 12)
    out += block
    at += length
open(dst, "wb").write(out)
