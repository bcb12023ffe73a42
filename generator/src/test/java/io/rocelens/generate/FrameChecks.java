package io.rocelens.generate;

import static io.rocelens.generate.RawCapture.slice;
import static io.rocelens.generate.RawCapture.u16;
import static io.rocelens.generate.RawCapture.u24;
import static io.rocelens.generate.RawCapture.u8;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;

/**
 * Independent byte-level checks of generated frames (RoCEv2 over IPv4/IPv6, RoCEv1, MAC Control), written from
 * docs/roce-notes.md, RFC 791/768/8200 and IEEE 802.1Q: they share no code with the generator. Each check returns the problems it found as text.
 */
final class FrameChecks {

    /** Extended header length after the BTH for each opcode (docs/roce-notes.md opcode table). */
    private static final Map<Integer, Integer> EXTENDED = Map.ofEntries(
            Map.entry(0x00, 0), Map.entry(0x01, 0), Map.entry(0x02, 0), Map.entry(0x03, 4), Map.entry(0x04, 0),
            Map.entry(0x05, 4), Map.entry(0x06, 16), Map.entry(0x07, 0), Map.entry(0x08, 0), Map.entry(0x09, 4),
            Map.entry(0x0A, 16), Map.entry(0x0B, 20), Map.entry(0x0C, 16), Map.entry(0x0D, 4), Map.entry(0x0E, 0),
            Map.entry(0x0F, 4), Map.entry(0x10, 4), Map.entry(0x11, 4), Map.entry(0x12, 12), Map.entry(0x13, 28),
            Map.entry(0x14, 28), Map.entry(0x16, 4), Map.entry(0x17, 4),
            Map.entry(0x20, 0), Map.entry(0x21, 0), Map.entry(0x22, 0), Map.entry(0x23, 4), Map.entry(0x24, 0),
            Map.entry(0x25, 4), Map.entry(0x26, 16), Map.entry(0x27, 0), Map.entry(0x28, 0), Map.entry(0x29, 4),
            Map.entry(0x2A, 16), Map.entry(0x2B, 20),
            Map.entry(0x64, 8), Map.entry(0x65, 12),
            Map.entry(0x81, 16));

    /** What a RoCEv2 frame holds, for the tests' own counting. */
    record Roce(int frame, String src, String dst, int opcode, int destQp, int psn, int pcp, int dscp, int ecn,
                int payload, boolean icrcChecked, boolean icrcGood, int syndrome) {
    }

    private FrameChecks() {
    }

    /**
     * Checks one frame; returns its RoCE fields (null for a non-RoCE frame) and adds any problem to
     * {@code problems}.
     */
    static Roce check(RawCapture.Packet packet, List<String> problems) {
        byte[] f = packet.data();
        int n = packet.number();
        boolean complete = f.length == packet.originalLength();
        if (packet.originalLength() < 60) {
            problems.add(n + ": shorter than the 60-byte Ethernet minimum");
        }
        int pos = 12;
        int etherType = u16(f, pos);
        int pcp = -1;
        if (etherType == 0x8100) {
            pcp = u8(f, 14) >> 5;       // PCP: top 3 bits of the TCI
            etherType = u16(f, 16);
            pos = 16;
        }
        pos += 2;
        if (etherType == 0x8808) {
            if ((f[0] & 0xFF) != 0x01 || u16(f, 1) != 0x80C2 || u16(f, 3) != 0x0000 || u8(f, 5) != 0x01) {
                problems.add(n + ": MAC Control frame not to 01:80:C2:00:00:01");
            }
            return null;
        }
        int ipStart = pos;
        int udpStart = -1;
        int tos;
        int ibEnd;
        boolean ipv4 = etherType == 0x0800;
        if (ipv4) {
            if (u8(f, pos) != 0x45 || u8(f, pos + 8) != 64 || (u16(f, pos + 6) & 0x4000) == 0) {
                problems.add(n + ": IPv4 header not 0x45 / TTL 64 / DF");
            }
            if (complete && onesComplementSum(f, pos, 20, 0) != 0xFFFF) {
                problems.add(n + ": bad IPv4 header checksum");
            }
            tos = u8(f, pos + 1);
            if (u8(f, pos + 9) != 17) {
                return null;
            }
            udpStart = pos + 20;
            ibEnd = pos + u16(f, pos + 2);
        } else if (etherType == 0x86DD) {
            tos = (u16(f, pos) >> 4) & 0xFF;
            if (u8(f, pos + 6) != 17) {
                return null;
            }
            udpStart = pos + 40;
            ibEnd = udpStart + u16(f, pos + 4);
        } else if (etherType == 0x8915) {
            tos = (u16(f, pos) >> 4) & 0xFF;
            if (u8(f, pos + 6) != 0x1B) {
                problems.add(n + ": RoCEv1 GRH next header is not 0x1B (BTH)");
                return null;
            }
            ibEnd = pos + 40 + u16(f, pos + 4);
        } else {
            return null;
        }
        int bth;
        if (udpStart >= 0) {
            int udpLength = u16(f, udpStart + 4);
            if (udpStart + udpLength != ibEnd) {
                problems.add(n + ": UDP length " + udpLength + " disagrees with the IP length");
            }
            if (u16(f, udpStart + 2) != 4791) {
                return null;
            }
            if (udpLength < 8 + 12 + 4) {
                return null;    // the deliberately malformed datagram: the caller counts it
            }
            if (ipv4 && u16(f, udpStart + 6) != 0) {
                problems.add(n + ": RoCEv2 over IPv4 with a non-zero UDP checksum");
            }
            if (!ipv4 && complete) {
                long pseudo = 0;
                for (int i = 8; i < 40; i += 2) {
                    pseudo += u16(f, ipStart + i);
                }
                pseudo += udpLength + 17;
                if (onesComplementSum(f, udpStart, udpLength, pseudo) != 0xFFFF) {
                    problems.add(n + ": bad UDP checksum over IPv6");
                }
            }
            bth = udpStart + 8;
        } else {
            bth = ipStart + 40;
        }
        int opcode = u8(f, bth);
        Integer extended = EXTENDED.get(opcode);
        if (extended == null) {
            problems.add(n + ": opcode 0x" + Integer.toHexString(opcode) + " not in the table");
            return null;
        }
        int padCount = u8(f, bth + 1) >> 4 & 3;
        int payload = ibEnd - bth - 12 - extended - padCount - 4;
        if (payload < 0 || padCount != (-payload & 3)) {
            problems.add(n + ": payload " + payload + " with pad count " + padCount);
        }
        int syndrome = -1;
        int op = opcode & 0x1F;
        if (opcode < 0x20 && (op == 0x0D || op == 0x0F || op == 0x10 || op == 0x11 || op == 0x12)) {
            syndrome = u8(f, bth + 12);
        }
        boolean icrcGood = complete && storedIcrc(f, ibEnd) == icrc(f, ipStart, ipv4, udpStart, bth, ibEnd);
        int addressOffset = ipv4 ? 12 : 8;
        int addressLength = ipv4 ? 4 : 16;
        int srcStart = ipStart + addressOffset;
        int dstStart = srcStart + addressLength;
        return new Roce(n, address(slice(f, srcStart, dstStart)), address(slice(f, dstStart, dstStart + addressLength)),
                opcode, u24(f, bth + 5), u24(f, bth + 9), pcp, tos >> 2, tos & 3, payload, complete, icrcGood,
                syndrome);
    }

    /** CRC-32 over 8 x 0xFF + IP header or GRH + UDP header + BTH + rest, variant fields set to ones. */
    private static long icrc(byte[] f, int ipStart, boolean ipv4, int udpStart, int bth, int end) {
        byte[] covered = new byte[8 + end - 4 - ipStart];
        Arrays.fill(covered, 0, 8, (byte) 0xFF);
        System.arraycopy(f, ipStart, covered, 8, end - 4 - ipStart);
        if (ipv4) {
            covered[8 + 1] = (byte) 0xFF;       // TOS
            covered[8 + 8] = (byte) 0xFF;       // TTL
            covered[8 + 10] = (byte) 0xFF;      // header checksum
            covered[8 + 11] = (byte) 0xFF;
        } else {
            covered[8] |= 0x0F;                 // traffic class, flow label
            covered[8 + 1] = (byte) 0xFF;
            covered[8 + 2] = (byte) 0xFF;
            covered[8 + 3] = (byte) 0xFF;
            covered[8 + 7] = (byte) 0xFF;       // hop limit
        }
        if (udpStart >= 0) {
            covered[8 + udpStart - ipStart + 6] = (byte) 0xFF;
            covered[8 + udpStart - ipStart + 7] = (byte) 0xFF;
        }
        covered[8 + bth - ipStart + 4] = (byte) 0xFF;
        CRC32 crc = new CRC32();
        crc.update(covered);
        return crc.getValue();
    }

    private static long storedIcrc(byte[] f, int end) {
        return (f[end - 4] & 0xFFL) | (f[end - 3] & 0xFFL) << 8 | (f[end - 2] & 0xFFL) << 16
                | (f[end - 1] & 0xFFL) << 24;
    }

    /** Checks that no frame starts before the previous one has left the wire. */
    static void checkTiming(List<RawCapture.Packet> packets, long linkSpeedBps, List<String> problems) {
        for (int i = 1; i < packets.size(); i++) {
            RawCapture.Packet previous = packets.get(i - 1);
            double wireNanos = (previous.originalLength() + 24) * 8 * 1e9 / linkSpeedBps;
            if (packets.get(i).timestampNanos() - previous.timestampNanos() < wireNanos) {
                problems.add(packets.get(i).number() + ": starts before frame " + previous.number() + " ends");
            }
        }
    }

    static List<String> newProblems() {
        return new ArrayList<>();
    }

    private static int onesComplementSum(byte[] b, int start, int length, long initial) {
        long sum = initial;
        int i = start;
        for (; i + 1 < start + length; i += 2) {
            sum += u16(b, i);
        }
        if (i < start + length) {
            sum += u8(b, i) << 8;
        }
        while (sum > 0xFFFF) {
            sum = (sum & 0xFFFF) + (sum >> 16);
        }
        return (int) sum;
    }

    private static String address(byte[] ip) {
        try {
            String text = java.net.InetAddress.getByAddress(ip).getHostAddress();
            return ip.length == 16 ? compressIpv6(text) : text;
        } catch (java.net.UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }

    /** RFC 5952 for the test's addresses: Java prints fd00:0:0:0:0:0:0:1, the contract wants fd00::1. */
    private static String compressIpv6(String full) {
        return ("" + full).replaceFirst("(^|:)(0(:|$)){2,}", "::").replaceFirst(":::", "::");
    }
}
