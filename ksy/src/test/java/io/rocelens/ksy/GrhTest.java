package io.rocelens.ksy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kaitai.struct.ByteBufferKaitaiStream;
import org.junit.jupiter.api.Test;

class GrhTest {
    @Test
    void roceV1GlobalRouteHeader() {
        ByteBufferKaitaiStream io = Hex.streamAt(
                "ffffffffffff 021122334455 8915" // Ethernet, EtherType RoCEv1
                // 0110 | 1010 0101 | 0001 0010 0011 0100 0101
                // IPVer 6 | TClass 0xA5 | FlowLabel 0x12345
                + " 6a 51 23 45"
                + " 00 24" // PayLen 36
                + " 1b" // NxtHdr 0x1B: IBA transport (BTH)
                + " 01" // HopLmt 1
                + " fe 80 00 00 00 00 00 00 02 02 c9 ff fe 00 00 01" // SGID
                + " fe 80 00 00 00 00 00 00 02 02 c9 ff fe 00 00 02" // DGID
                + " 04", 14);
        Grh grh = new Grh(io);

        assertEquals(6L, grh.ipVersion());
        assertEquals(0xa5L, grh.trafficClass());
        assertEquals(0x12345L, grh.flowLabel());
        assertEquals(36, grh.payloadLength());
        assertEquals(0x1b, grh.nextHeader());
        assertEquals(1, grh.hopLimit());
        assertArrayEquals(Hex.bytes("fe800000000000000202c9fffe000001"), grh.sgid());
        assertArrayEquals(Hex.bytes("fe800000000000000202c9fffe000002"), grh.dgid());
        assertEquals(14 + 40, io.pos());
    }
}
