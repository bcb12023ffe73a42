package io.rocelens.ksy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.kaitai.struct.ByteBufferKaitaiStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class IbExtendedHeadersTest {
    /** Header sizes in bytes, IBTA vol. 1 §9.3 and Annex A14 / A17, in wire order. */
    private static final Map<String, Integer> SIZES = new LinkedHashMap<>();

    static {
        SIZES.put("xrceth", 4);
        SIZES.put("feth", 4);
        SIZES.put("rdeth", 4);
        SIZES.put("deth", 8);
        SIZES.put("reth", 16);
        SIZES.put("atomicEth", 28);
        SIZES.put("aeth", 4);
        SIZES.put("atomicAckEth", 8);
        SIZES.put("immDt", 4);
        SIZES.put("ieth", 4);
        SIZES.put("cnp", 16);
    }

    /** Where the headers start in the test frame: after Ethernet (14), IPv4 (20), UDP (8) and BTH (12). */
    private static final int OFFSET = 54;

    private static List<String> present(IbExtendedHeaders h) {
        Map<String, Object> all = new LinkedHashMap<>();
        all.put("xrceth", h.xrceth());
        all.put("feth", h.feth());
        all.put("rdeth", h.rdeth());
        all.put("deth", h.deth());
        all.put("reth", h.reth());
        all.put("atomicEth", h.atomicEth());
        all.put("aeth", h.aeth());
        all.put("atomicAckEth", h.atomicAckEth());
        all.put("immDt", h.immDt());
        all.put("ieth", h.ieth());
        all.put("cnp", h.cnp());
        List<String> names = new ArrayList<>();
        all.forEach((name, header) -> {
            if (header != null) {
                names.add(name);
            }
        });
        return names;
    }

    /**
     * The table of IBTA vol. 1 §9.2 (Table 38) with the headers of §9.3, written out opcode by opcode:
     * RC (and XRC, whose requests add XRCETH first), the UC subset, RD (RDETH, then DETH on requests),
     * UD, the RoCEv2 CNP, and the IBA release 1.5 RC FLUSH (FETH, RETH) and ATOMIC WRITE (RETH). The last group are
     * reserved and vendor opcodes.
     */
    @ParameterizedTest(name = "opcode 0x{0}: [{1}] {2} bytes")
    @CsvSource(delimiter = ';', value = {
        "00; ; 0; true", "01; ; 0; true", "02; ; 0; true", "03; immDt; 4; true",
        "04; ; 0; true", "05; immDt; 4; true", "06; reth; 16; true", "07; ; 0; true",
        "08; ; 0; true", "09; immDt; 4; true", "0a; reth; 16; true", "0b; reth immDt; 20; true",
        "0c; reth; 16; true", "0d; aeth; 4; true", "0e; ; 0; true", "0f; aeth; 4; true",
        "10; aeth; 4; true", "11; aeth; 4; true", "12; aeth atomicAckEth; 12; true",
        "13; atomicEth; 28; true", "14; atomicEth; 28; true", "16; ieth; 4; true", "17; ieth; 4; true",

        "20; ; 0; true", "21; ; 0; true", "22; ; 0; true", "23; immDt; 4; true",
        "24; ; 0; true", "25; immDt; 4; true", "26; reth; 16; true", "27; ; 0; true",
        "28; ; 0; true", "29; immDt; 4; true", "2a; reth; 16; true", "2b; reth immDt; 20; true",

        "40; rdeth deth; 12; true", "41; rdeth deth; 12; true", "42; rdeth deth; 12; true",
        "43; rdeth deth immDt; 16; true", "44; rdeth deth; 12; true", "45; rdeth deth immDt; 16; true",
        "46; rdeth deth reth; 28; true", "47; rdeth deth; 12; true", "48; rdeth deth; 12; true",
        "49; rdeth deth immDt; 16; true", "4a; rdeth deth reth; 28; true",
        "4b; rdeth deth reth immDt; 32; true", "4c; rdeth deth reth; 28; true",
        "4d; rdeth aeth; 8; true", "4e; rdeth; 4; true", "4f; rdeth aeth; 8; true",
        "50; rdeth aeth; 8; true", "51; rdeth aeth; 8; true", "52; rdeth aeth atomicAckEth; 16; true",
        "53; rdeth deth atomicEth; 40; true", "54; rdeth deth atomicEth; 40; true",
        "55; rdeth deth; 12; true",

        "64; deth; 8; true", "65; deth immDt; 12; true",

        "81; cnp; 16; true",

        "a0; xrceth; 4; true", "a1; xrceth; 4; true", "a2; xrceth; 4; true", "a3; xrceth immDt; 8; true",
        "a4; xrceth; 4; true", "a5; xrceth immDt; 8; true", "a6; xrceth reth; 20; true",
        "a7; xrceth; 4; true", "a8; xrceth; 4; true", "a9; xrceth immDt; 8; true",
        "aa; xrceth reth; 20; true", "ab; xrceth reth immDt; 24; true", "ac; xrceth reth; 20; true",
        "ad; aeth; 4; true", "ae; ; 0; true", "af; aeth; 4; true", "b0; aeth; 4; true",
        "b1; aeth; 4; true", "b2; aeth atomicAckEth; 12; true",
        "b3; xrceth atomicEth; 32; true", "b4; xrceth atomicEth; 32; true",
        "b6; xrceth ieth; 8; true", "b7; xrceth ieth; 8; true",

        "1c; feth reth; 20; true", "1d; reth; 16; true",

        "15; ; 0; false", "18; ; 0; false", "1b; ; 0; false", "1e; ; 0; false", "1f; ; 0; false",
        "2c; ; 0; false", "2f; ; 0; false", "30; ; 0; false", "56; ; 0; false", "5f; ; 0; false",
        "60; ; 0; false", "63; ; 0; false", "66; ; 0; false", "7f; ; 0; false", "80; ; 0; false",
        "82; ; 0; false", "9f; ; 0; false", "b5; ; 0; false", "b8; ; 0; false", "c0; ; 0; false",
        "ff; ; 0; false",
    })
    void headersPresentForOpcode(String opcodeHex, String headers, int length, boolean known) {
        int opcode = Integer.parseInt(opcodeHex, 16);
        List<String> expected = headers == null ? List.of() : Arrays.asList(headers.trim().split(" "));
        byte[] frame = new byte[OFFSET + 64];
        for (int i = 0; i < frame.length; i++) {
            frame[i] = (byte) i;
        }

        ByteBufferKaitaiStream io = new ByteBufferKaitaiStream(frame);
        io.seek(OFFSET);
        IbExtendedHeaders fast = new IbExtendedHeaders(io, opcode);
        assertEquals(expected, present(fast));
        assertEquals(length, fast.lenHeaders());
        assertEquals(OFFSET + length, io.pos(), "bytes read = len_headers");
        assertEquals(known, fast.isKnownOpcode());

        ByteBufferKaitaiStream posIo = new ByteBufferKaitaiStream(frame);
        posIo.seek(OFFSET);
        io.rocelens.ksy.pos.IbExtendedHeaders withPos = new io.rocelens.ksy.pos.IbExtendedHeaders(posIo, opcode);
        int at = OFFSET;
        for (String name : expected) {
            assertEquals(at, withPos._attrStart.get(name), name + " start");
            at += SIZES.get(name);
            assertEquals(at, withPos._attrEnd.get(name), name + " end");
        }
        assertEquals(expected.size(), withPos._attrStart.size(), "only present headers have positions");
    }

    @Test
    void rcRdmaWriteOnlyWithImmediate() {
        IbExtendedHeaders h = new IbExtendedHeaders(Hex.stream(
                "00 00 7f 12 34 56 78 9a" // RETH VA 0x00007F123456789A
                + " 00 00 12 34" // RETH R_Key 0x1234
                + " 00 01 00 00" // RETH DMA length 65536
                + " ca fe ba be" // ImmDt
                + " 00"), 0x0b);

        assertEquals(0x00007f123456789aL, h.reth().va());
        assertEquals(0x1234L, h.reth().rkey());
        assertEquals(65536L, h.reth().dmaLength());
        assertEquals(0xcafebabeL, h.immDt().data());
        assertEquals(20, h.lenHeaders());
    }

    @Test
    void udSendOnlyWithImmediate() {
        IbExtendedHeaders h = new IbExtendedHeaders(Hex.stream(
                "80 01 00 00" // DETH Q_Key 0x80010000
                + " 00" // DETH reserved
                + " 00 00 2a" // DETH SrcQP 42
                + " 00 00 00 07"), 0x65); // ImmDt 7

        assertEquals(0x80010000L, h.deth().qkey());
        assertEquals(0, h.deth().reserved());
        assertEquals(42L, h.deth().srcQp());
        assertEquals(7L, h.immDt().data());
        assertEquals(12, h.lenHeaders());
    }

    @Test
    void rcAtomicAcknowledge() {
        IbExtendedHeaders h = new IbExtendedHeaders(Hex.stream(
                "11 00 00 05" // AETH syndrome 0x11 (ACK, credits 17) | MSN 5
                + " 01 02 03 04 05 06 07 08"), 0x12); // AtomicAckETH original remote data

        assertEquals(Aeth.SyndromeTypeEnum.ACK, h.aeth().syndromeType());
        assertEquals(17L, h.aeth().syndromeValue());
        assertEquals(5L, h.aeth().msn());
        assertEquals(0x0102030405060708L, h.atomicAckEth().origRemoteData());
        assertEquals(12, h.lenHeaders());
    }

    @Test
    void rdCompareSwap() {
        IbExtendedHeaders h = new IbExtendedHeaders(Hex.stream(
                "00 00 00 09" // RDETH reserved | EE context 9
                + " 00 00 00 0b 00 00 00 0c" // DETH Q_Key 11 | reserved | SrcQP 12
                + " 00 00 00 00 00 00 10 00" // AtomicETH VA 0x1000
                + " 00 00 00 0d" // AtomicETH R_Key 13
                + " ff ff ff ff ff ff ff fe" // AtomicETH swap data
                + " 00 00 00 00 00 00 00 01"), 0x53); // AtomicETH compare data

        assertEquals(0, h.rdeth().reserved());
        assertEquals(9L, h.rdeth().eeContext());
        assertEquals(11L, h.deth().qkey());
        assertEquals(12L, h.deth().srcQp());
        assertEquals(0x1000L, h.atomicEth().va());
        assertEquals(13L, h.atomicEth().rkey());
        assertEquals(0xfffffffffffffffeL, h.atomicEth().swapAddData());
        assertEquals(1L, h.atomicEth().compareData());
        assertEquals(40, h.lenHeaders());
    }

    @Test
    void rcSendOnlyWithInvalidate() {
        IbExtendedHeaders h = new IbExtendedHeaders(Hex.stream("00 00 ab cd"), 0x17); // IETH R_Key

        assertEquals(0xabcdL, h.ieth().rkey());
        assertNull(h.immDt());
    }

    @Test
    void xrcRdmaWriteFirst() {
        IbExtendedHeaders h = new IbExtendedHeaders(Hex.stream(
                "00 00 01 23" // XRCETH reserved | XRC SRQ 0x123
                + " 00 00 00 00 00 00 20 00 00 00 00 01 00 00 10 00"), 0xa6); // RETH VA 0x2000, R_Key 1, length 4096

        assertEquals(0, h.xrceth().reserved());
        assertEquals(0x123L, h.xrceth().xrcSrq());
        assertEquals(0x2000L, h.reth().va());
        assertEquals(4096L, h.reth().dmaLength());
    }

    @Test
    void rcFlush() {
        IbExtendedHeaders h = new IbExtendedHeaders(Hex.stream(
                "00 00 00 12" // FETH: 26 reserved bits, SEL 1 (whole memory region), PLT 2 (persistence)
                + " 00 00 00 00 00 00 40 00 00 00 00 07 00 00 00 00"), 0x1c); // RETH VA 0x4000, R_Key 7, length 0

        assertEquals(1L, h.feth().selectivityLevel());
        assertEquals(2L, h.feth().placementType());
        assertEquals(0L, h.feth().reserved());
        assertEquals(0x4000L, h.reth().va());
        assertEquals(7L, h.reth().rkey());
        assertEquals(20, h.lenHeaders());
    }

    @Test
    void cnpReservedBytes() {
        IbExtendedHeaders h = new IbExtendedHeaders(Hex.stream("00".repeat(16) + " 11 22 33 44"), 0x81); // + ICRC

        assertArrayEquals(new byte[16], h.cnp().reserved());
        assertEquals(16, h.lenHeaders());
    }
}
