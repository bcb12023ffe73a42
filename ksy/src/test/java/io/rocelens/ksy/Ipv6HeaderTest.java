package io.rocelens.ksy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kaitai.struct.ByteBufferKaitaiStream;
import org.junit.jupiter.api.Test;

class Ipv6HeaderTest {
    @Test
    void trafficClassSplitsIntoDscpAndEcn() {
        ByteBufferKaitaiStream io = Hex.stream(
                // 0110 | 0110 1011 | 1010 1011 1100 1101 1110
                // version 6 | traffic class 0x6B = DSCP 011010 (26), ECN 11 (CE) | flow label 0xABCDE
                "66 ba bc de"
                + " 00 20" // payload length 32
                + " 11" // next header 17 UDP
                + " 40" // hop limit 64
                + " 20 01 0d b8 00 00 00 00 00 00 00 00 00 00 00 01" // 2001:db8::1
                + " 20 01 0d b8 00 00 00 00 00 00 00 00 00 00 00 02" // 2001:db8::2
                + " 12 b7");
        Ipv6Header ip = new Ipv6Header(io);

        assertEquals(6L, ip.version());
        assertEquals(26L, ip.dscp());
        assertEquals(3L, ip.ecn());
        assertEquals(0x6b, ip.trafficClass());
        assertEquals(0xabcdeL, ip.flowLabel());
        assertEquals(32, ip.payloadLength());
        assertEquals(17, ip.nextHeader());
        assertEquals(64, ip.hopLimit());
        assertArrayEquals(Hex.bytes("20010db8000000000000000000000001"), ip.srcAddr());
        assertArrayEquals(Hex.bytes("20010db8000000000000000000000002"), ip.dstAddr());
        assertEquals(40, io.pos());
    }

    @Test
    void ecnCodepointsAndMaximumFlowLabel() {
        // 0110 | 1100 0010 | 1111 1111 1111 1111 1111: TC 0xC2 = DSCP 48, ECN 10 (ECT(0)) | flow label 0xFFFFF
        Ipv6Header ip = new Ipv6Header(Hex.stream("6c 2f ff ff 0000 11 01" + "00".repeat(32)));

        assertEquals(48L, ip.dscp());
        assertEquals(2L, ip.ecn());
        assertEquals(0xfffffL, ip.flowLabel());
    }
}
