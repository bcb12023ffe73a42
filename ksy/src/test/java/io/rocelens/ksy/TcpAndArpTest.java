package io.rocelens.ksy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kaitai.struct.ByteBufferKaitaiStream;
import org.junit.jupiter.api.Test;

/** Byte vectors laid out from RFC 9293 §3.1 (TCP) and RFC 826 (ARP). */
class TcpAndArpTest {

    @Test
    void tcpSynWithOptions() {
        ByteBufferKaitaiStream io = Hex.stream(
                "ad 54" // src_port 44372
                + " 48 53" // dst_port 18515
                + " 12 34 56 78" // seq_num
                + " 00 00 00 00" // ack_num
                + " a0" // data_offset 10 (40 bytes), reserved 0
                + " 02" // flags: SYN
                + " fa f0" // window 64240
                + " be ef" // checksum
                + " 00 00" // urgent_pointer
                + " 02 04 05 b4"); // first option (MSS), not parsed
        TcpHeader tcp = new TcpHeader(io);

        assertEquals(44372, tcp.srcPort());
        assertEquals(18515, tcp.dstPort());
        assertEquals(0x12345678L, tcp.seqNum());
        assertEquals(0L, tcp.ackNum());
        assertEquals(10L, tcp.dataOffset());
        assertEquals(40, tcp.lenHeader());
        assertEquals(0x02, tcp.flags());
        assertEquals(64240, tcp.window());
        assertEquals(0xbeef, tcp.checksum());
        assertEquals(20, io.pos(), "options are left to the caller");
    }

    @Test
    void arpRequestForEthernetAndIpv4() {
        ByteBufferKaitaiStream io = Hex.stream(
                "00 01" // hardware_type Ethernet
                + " 08 00" // protocol_type IPv4
                + " 06 04" // address lengths 6 and 4
                + " 00 01" // operation 1: request
                + " 52 54 00 8b 2d 12" // sender MAC
                + " c0 a8 02 18" // sender IP 192.168.2.24
                + " 00 00 00 00 00 00" // target MAC, unknown in a request
                + " c0 a8 02 19"); // target IP 192.168.2.25
        ArpPacket arp = new ArpPacket(io);

        assertEquals(1, arp.hardwareType());
        assertEquals(0x0800, arp.protocolType());
        assertEquals(1, arp.operation());
        assertArrayEquals(Hex.bytes("5254008b2d12"), arp.sender().hwAddr());
        assertArrayEquals(Hex.bytes("c0a80218"), arp.sender().protoAddr());
        assertArrayEquals(Hex.bytes("000000000000"), arp.target().hwAddr());
        assertArrayEquals(Hex.bytes("c0a80219"), arp.target().protoAddr());
        assertEquals(28, io.pos());
    }
}
