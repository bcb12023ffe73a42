#!/usr/bin/env python3
"""Independent ICRC check for RoCE frames in pcap / pcapng files.

Written from docs/roce-notes.md (IBTA Annex A16/A17) without any RoCE Lens code: reads the capture by hand, finds
RoCEv2 (UDP/4791 over IPv4 or IPv6) and RoCEv1 (EtherType 0x8915, GRH) packets, optionally behind 802.1Q tags,
recomputes the ICRC with zlib.crc32 over 8 x 0xFF + IP header or GRH + UDP header (v2) + BTH + rest, with the
variant fields set to ones, and compares it with the packet's last 4 bytes (least-significant byte first).

Usage: check_icrc.py FILE...   Prints one line per bad frame and a summary; exit status 1 when any frame is bad.
"""
import struct
import sys
import zlib


def frames(path):
    """Yields (frame number, captured bytes, original length) for each Ethernet frame."""
    with open(path, "rb") as f:
        data = f.read()
    magic = data[:4]
    number = 0
    if magic in (b"\xd4\xc3\xb2\xa1", b"\x4d\x3c\xb2\xa1", b"\xa1\xb2\xc3\xd4", b"\xa1\xb2\x3c\x4d"):
        e = "<" if magic[0] in (0xD4, 0x4D) else ">"
        pos = 24
        while pos + 16 <= len(data):
            _, _, incl, orig = struct.unpack(e + "IIII", data[pos:pos + 16])
            number += 1
            yield number, data[pos + 16:pos + 16 + incl], orig
            pos += 16 + incl
    elif magic == b"\x0a\x0d\x0d\x0a":
        pos = 0
        e = "<"
        while pos + 12 <= len(data):
            btype = struct.unpack(e + "I", data[pos:pos + 4])[0]
            if btype == 0x0A0D0D0A:
                e = "<" if data[pos + 8:pos + 12] == b"\x4d\x3c\x2b\x1a" else ">"
            blen = struct.unpack(e + "I", data[pos + 4:pos + 8])[0]
            if btype == 6:
                incl, orig = struct.unpack(e + "II", data[pos + 20:pos + 28])
                number += 1
                yield number, data[pos + 28:pos + 28 + incl], orig
            pos += blen
    else:
        raise SystemExit(f"{path}: not a pcap or pcapng file")


def roce_icrc(frame):
    """Returns (stored, computed) ICRC for a complete RoCEv2 frame, or None when it is not one."""
    off = 12
    ethertype = struct.unpack("!H", frame[off:off + 2])[0]
    off += 2
    while ethertype in (0x8100, 0x88A8):
        ethertype = struct.unpack("!H", frame[off + 2:off + 4])[0]
        off += 4
    if ethertype == 0x0800:
        ihl = (frame[off] & 0x0F) * 4
        if frame[off + 9] == 47:
            inner = mirrored(frame, off + ihl)
            return roce_icrc(frame[inner:]) if inner else None
        if frame[off + 9] != 17:
            return None
        total = struct.unpack("!H", frame[off + 2:off + 4])[0]
        ip = bytearray(frame[off:off + ihl])
        ip[1] = 0xFF           # TOS
        ip[8] = 0xFF           # TTL
        ip[10:12] = b"\xff\xff"  # header checksum
        l4 = off + ihl
        end = off + total
    elif ethertype == 0x86DD:
        if frame[off + 6] != 17:
            return None
        ip = bytearray(frame[off:off + 40])
        ip[0] |= 0x0F           # traffic class (low nibble of byte 0) ...
        ip[1:4] = b"\xff\xff\xff"  # ... rest of traffic class and flow label
        ip[7] = 0xFF           # hop limit
        l4 = off + 40
        end = l4 + struct.unpack("!H", frame[off + 4:off + 6])[0]
    elif ethertype == 0x8915:
        if frame[off + 6] != 0x1B:
            return None
        grh = bytearray(frame[off:off + 40])
        grh[0] |= 0x0F          # traffic class, flow label and hop limit as for IPv6
        grh[1:4] = b"\xff\xff\xff"
        grh[7] = 0xFF
        end = off + 40 + struct.unpack("!H", frame[off + 4:off + 6])[0]
        if end > len(frame) or end - off - 40 < 12 + 4:
            return None
        ib = bytearray(frame[off + 40:end])
        ib[4] = 0xFF            # BTH byte 4
        computed = zlib.crc32(b"\xff" * 8 + bytes(grh) + bytes(ib[:-4]))
        return struct.unpack("<I", bytes(ib[-4:]))[0], computed
    else:
        return None
    if ethertype == 0x0800 and struct.unpack("!H", frame[l4 + 2:l4 + 4])[0] == 4789:
        return roce_icrc(frame[l4 + 16:])   # VXLAN (RFC 7348 section 5): UDP, 8-byte header, Ethernet frame
    if struct.unpack("!H", frame[l4 + 2:l4 + 4])[0] != 4791:
        return None
    udp_len = struct.unpack("!H", frame[l4 + 4:l4 + 6])[0]
    if udp_len < 8 + 12 + 4 or l4 + udp_len > len(frame) or end > len(frame):
        return None
    udp = bytearray(frame[l4:l4 + udp_len])
    udp[6:8] = b"\xff\xff"     # UDP checksum
    udp[8 + 4] = 0xFF          # BTH byte 4: FECN, BECN, reserved
    computed = zlib.crc32(b"\xff" * 8 + bytes(ip) + bytes(udp[:-4]))
    stored = struct.unpack("<I", bytes(udp[-4:]))[0]
    return stored, computed


def mirrored(frame, gre):
    """Where the Ethernet frame inside a GRE packet (RFC 2784/2890) starts: transparent Ethernet bridging, ERSPAN
    type I/II (0x88BE) or type III (0x22EB, draft-foschiano-erspan-03 section 4.2); None for anything else."""
    flags, protocol = struct.unpack("!HH", frame[gre:gre + 4])
    off = gre + 4 + 4 * (bool(flags & 0xC000) + bool(flags & 0x2000) + bool(flags & 0x1000))
    if protocol == 0x6558:
        return off
    if protocol == 0x88BE:
        return off + 8 if flags & 0x1000 else off
    if protocol == 0x22EB:
        return off + 12 + (8 if frame[off + 11] & 1 else 0)
    return None


def main(paths):
    bad_total = 0
    for path in paths:
        checked = bad = 0
        for number, frame, orig in frames(path):
            if len(frame) < orig or len(frame) < 14:
                continue       # cut by the snap length: cannot be checked
            result = roce_icrc(frame)
            if result is None:
                continue
            checked += 1
            stored, computed = result
            if stored != computed:
                bad += 1
                print(f"{path}: frame {number}: ICRC 0x{stored:08x}, expected 0x{computed:08x}")
        print(f"{path}: {checked} RoCE frames checked, {bad} bad")
        bad_total += bad
    return 1 if bad_total else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
