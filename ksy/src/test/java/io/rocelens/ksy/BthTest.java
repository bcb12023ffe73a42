package io.rocelens.ksy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kaitai.struct.ByteBufferKaitaiStream;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BthTest {
    @Test
    void everyFieldWithAllOnesPsnAndQp() {
        ByteBufferKaitaiStream io = Hex.stream(
                "04" // opcode 0x04: RC SEND Only
                + " e0" // 1 | 1 | 10 | 0000: SE | MigReq | PadCnt 2 | TVer 0
                + " ff ff" // P_Key 0xFFFF
                + " 81" // 1 | 0 | 000001: FECN | BECN clear | reserved 1
                + " ab cd ef" // DestQP 0xABCDEF
                + " 83" // 1 | 0000011: AckReq | reserved 3
                + " ff ff ff" // PSN 0xFFFFFF
                + " de ad"); // payload
        Bth bth = new Bth(io);

        assertEquals(Bth.Opcode.RC_SEND_ONLY, bth.opcode());
        assertTrue(bth.se());
        assertTrue(bth.migreq());
        assertEquals(2L, bth.padCount());
        assertEquals(0L, bth.tver());
        assertEquals(0xffff, bth.pkey());
        assertTrue(bth.fecn());
        assertFalse(bth.becn());
        assertEquals(1L, bth.reserved1());
        assertEquals(0xabcdefL, bth.destQp());
        assertTrue(bth.ackReq());
        assertEquals(3L, bth.reserved2());
        assertEquals(0xffffffL, bth.psn());
        assertEquals(0, bth.transport());
        assertEquals(4, bth.operation());
        assertEquals(12, io.pos(), "the BTH is 12 bytes");
    }

    @Test
    void cnpWithBecnAndTver() {
        Bth bth = new Bth(Hex.stream(
                "81" // opcode 0x81: CNP
                + " 0f" // 0 | 0 | 00 | 1111: TVer 15
                + " 80 01" // P_Key 0x8001
                + " 40" // 0 | 1 | 000000: BECN
                + " 00 00 11" // DestQP 0x11
                + " 00" // AckReq clear
                + " 00 00 00")); // PSN 0
        assertEquals(Bth.Opcode.CNP, bth.opcode());
        assertFalse(bth.se());
        assertFalse(bth.migreq());
        assertEquals(0L, bth.padCount());
        assertEquals(15L, bth.tver());
        assertEquals(0x8001, bth.pkey());
        assertFalse(bth.fecn());
        assertTrue(bth.becn());
        assertEquals(0L, bth.reserved1());
        assertEquals(0x11L, bth.destQp());
        assertFalse(bth.ackReq());
        assertEquals(0L, bth.psn());
        assertEquals(4, bth.transport());
        assertEquals(1, bth.operation());
    }

    @ParameterizedTest
    @CsvSource({
        "00, RC_SEND_FIRST",
        "03, RC_SEND_LAST_WITH_IMMEDIATE",
        "06, RC_RDMA_WRITE_FIRST",
        "0b, RC_RDMA_WRITE_ONLY_WITH_IMMEDIATE",
        "0c, RC_RDMA_READ_REQUEST",
        "0d, RC_RDMA_READ_RESPONSE_FIRST",
        "10, RC_RDMA_READ_RESPONSE_ONLY",
        "11, RC_ACKNOWLEDGE",
        "12, RC_ATOMIC_ACKNOWLEDGE",
        "13, RC_COMPARE_SWAP",
        "14, RC_FETCH_ADD",
        "15, RC_RESERVED_15",
        "16, RC_SEND_LAST_WITH_INVALIDATE",
        "17, RC_SEND_ONLY_WITH_INVALIDATE",
        "20, UC_SEND_FIRST",
        "2b, UC_RDMA_WRITE_ONLY_WITH_IMMEDIATE",
        "2c, UC_RESERVED_2C",
        "40, RD_SEND_FIRST",
        "55, RD_RESYNC",
        "56, RD_RESERVED_56",
        "60, UD_RESERVED_60",
        "64, UD_SEND_ONLY",
        "65, UD_SEND_ONLY_WITH_IMMEDIATE",
        "80, CNP_RESERVED_80",
        "81, CNP",
        "a0, XRC_SEND_FIRST",
        "b7, XRC_SEND_ONLY_WITH_INVALIDATE",
        "c0, MANUFACTURER_SPECIFIC_C0",
        "ff, MANUFACTURER_SPECIFIC_FF",
    })
    void opcodeNames(String hex, Bth.Opcode expected) {
        Bth bth = new Bth(Hex.stream(hex + "00ffff0000000100000000"));

        assertEquals(expected, bth.opcode());
        assertEquals(Integer.parseInt(hex, 16), bth.opcode().id());
    }

    @Test
    void everyOpcodeValueHasAName() {
        Set<Bth.Opcode> seen = new HashSet<>();
        for (int raw = 0; raw < 256; raw++) {
            Bth.Opcode op = Bth.Opcode.byId(raw);
            assertNotNull(op, "opcode " + raw);
            assertEquals(raw, op.id());
            seen.add(op);
        }
        assertEquals(256, seen.size());
    }
}
