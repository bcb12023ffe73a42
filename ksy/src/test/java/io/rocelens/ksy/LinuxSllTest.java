package io.rocelens.ksy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kaitai.struct.ByteBufferKaitaiStream;
import org.junit.jupiter.api.Test;

class LinuxSllTest {
    @Test
    void sllV1() {
        ByteBufferKaitaiStream io = Hex.stream(
                "00 04" // packet_type 4: sent by us
                + " 00 01" // arphrd_type 1: Ethernet
                + " 00 06" // len_addr 6
                + " 02 11 22 33 44 55 00 00" // addr, 6 bytes used
                + " 08 00" // protocol IPv4
                + " 45");
        LinuxSll sll = new LinuxSll(io);

        assertEquals(4, sll.packetType());
        assertEquals(1, sll.arphrdType());
        assertEquals(6, sll.lenAddr());
        assertArrayEquals(Hex.bytes("0211223344550000"), sll.addr());
        assertEquals(0x0800, sll.protocol());
        assertEquals(16, io.pos());
    }

    @Test
    void sllV2() {
        ByteBufferKaitaiStream io = Hex.stream(
                "86 dd" // protocol IPv6
                + " 00 00" // reserved
                + " 00 00 00 07" // if_index 7
                + " 00 01" // arphrd_type 1: Ethernet
                + " 00" // packet_type 0: to us
                + " 06" // len_addr 6
                + " 02 11 22 33 44 55 00 00" // addr
                + " 60");
        LinuxSll2 sll = new LinuxSll2(io);

        assertEquals(0x86dd, sll.protocol());
        assertEquals(0, sll.reserved());
        assertEquals(7L, sll.ifIndex());
        assertEquals(1, sll.arphrdType());
        assertEquals(0, sll.packetType());
        assertEquals(6, sll.lenAddr());
        assertArrayEquals(Hex.bytes("0211223344550000"), sll.addr());
        assertEquals(20, io.pos());
    }
}
