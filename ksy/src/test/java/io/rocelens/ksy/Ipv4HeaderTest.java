package io.rocelens.ksy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kaitai.struct.ByteBufferKaitaiStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class Ipv4HeaderTest {
    /** 14 bytes standing in for the Ethernet header in front of the IPv4 header. */
    private static final String ETH = "ffffffffffff 021122334455 0800 ";

    @Test
    void headerWithoutOptions() {
        ByteBufferKaitaiStream io = Hex.stream(
                "45" // version 4 | IHL 5
                + " 6b" // TOS 0110 1011: DSCP 011010 (26) | ECN 11 (CE)
                + " 00 54" // total length 84
                + " 12 34" // identification
                + " 40 00" // flags 010 (DF) | fragment offset 0
                + " 40" // TTL 64
                + " 11" // protocol 17 UDP
                + " ab cd" // header checksum
                + " c0 a8 01 01" // src 192.168.1.1
                + " c0 a8 01 02" // dst 192.168.1.2
                + " 12 b7"); // first bytes of the UDP header
        Ipv4Header ip = new Ipv4Header(io);

        assertEquals(4L, ip.version());
        assertEquals(5L, ip.ihl());
        assertEquals(26L, ip.dscp());
        assertEquals(Ipv4Header.EcnEnum.CE, ip.ecn());
        assertEquals(0x6b, ip.tos());
        assertEquals(84, ip.totalLength());
        assertEquals(0x1234, ip.identification());
        assertFalse(ip.reservedFlag());
        assertTrue(ip.dontFragment());
        assertFalse(ip.moreFragments());
        assertEquals(0L, ip.fragmentOffset());
        assertEquals(64, ip.ttl());
        assertEquals(17, ip.protocol());
        assertEquals(0xabcd, ip.headerChecksum());
        assertEquals(0xc0a80101L, ip.srcAddr());   // 192.168.1.1
        assertEquals(0xc0a80102L, ip.dstAddr());   // 192.168.1.2
        assertNull(ip.options());
        assertEquals(20, ip.lenHeader());
        assertEquals(20, io.pos(), "the header stops before the UDP header");
    }

    @Test
    void fragmentFlagsAndOffset() {
        Ipv4Header ip = new Ipv4Header(Hex.stream(
                "45 00 00 1c 00 01"
                + " a0 ff" // 1010 0000 1111 1111: reserved 1 | DF 0 | MF 1 | offset 0 0000 1111 1111 (255)
                + " 40 11 00 00 0a 00 00 01 0a 00 00 02"));

        assertTrue(ip.reservedFlag());
        assertFalse(ip.dontFragment());
        assertTrue(ip.moreFragments());
        assertEquals(255L, ip.fragmentOffset());
    }

    @Test
    void headerWithOptionsParsedAtItsFrameOffset() {
        String frame = ETH
                + "46" // version 4 | IHL 6: 24-byte header
                + " 02" // DSCP 0 | ECN 10 (ECT(0))
                + " 00 20 00 00 40 00 01 02 00 00"
                + " 0a 00 00 01 0a 00 00 02"
                + " 94 04 00 00" // Router Alert option (RFC 2113)
                + " 11 22";
        ByteBufferKaitaiStream io = Hex.streamAt(frame, 14);
        Ipv4Header ip = new Ipv4Header(io);

        assertEquals(6L, ip.ihl());
        assertEquals(Ipv4Header.EcnEnum.ECT0, ip.ecn());
        assertEquals(24, ip.lenHeader());
        assertArrayEquals(Hex.bytes("94040000"), ip.options());
        assertEquals(38, io.pos());

        io.rocelens.ksy.pos.Ipv4Header posIp = new io.rocelens.ksy.pos.Ipv4Header(Hex.streamAt(frame, 14));
        assertEquals(14 + 12, posIp._attrStart.get("srcAddr"));
        assertEquals(14 + 20, posIp._attrStart.get("options"));
        assertEquals(14 + 24, posIp._attrEnd.get("options"));
    }

    @ParameterizedTest
    @CsvSource({
        "00, 0, NOT_ECT",
        "01, 0, ECT1",
        "02, 0, ECT0",
        "03, 0, CE",
        "b8, 46, NOT_ECT", // Expedited Forwarding
        "c2, 48, ECT0", // CS6, the usual CNP marking
    })
    void tosSplitsIntoDscpAndEcn(String tos, long dscp, Ipv4Header.EcnEnum ecn) {
        Ipv4Header ip = new Ipv4Header(Hex.stream("45" + tos + "0014000040004011000001010101 02020202"));

        assertEquals(dscp, ip.dscp());
        assertEquals(ecn, ip.ecn());
        assertEquals(Integer.parseInt(tos, 16), ip.tos());
    }
}
