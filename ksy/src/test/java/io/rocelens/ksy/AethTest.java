package io.rocelens.ksy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class AethTest {
    private static Aeth parse(String syndrome) {
        return new Aeth(Hex.stream(syndrome + " 12 34 56")); // MSN 0x123456
    }

    @Test
    void ackWithInvalidCreditCount() {
        Aeth aeth = parse("1f"); // 0 | 00 | 11111: ACK, credits 0x1F (invalid)

        assertFalse(aeth.reserved());
        assertEquals(Aeth.SyndromeTypeEnum.ACK, aeth.syndromeType());
        assertEquals(31L, aeth.syndromeValue());
        assertEquals(0x1f, aeth.syndrome());
        assertNull(aeth.nakCode());
        assertEquals(0x123456L, aeth.msn());
    }

    @Test
    void nakPsnSequenceError() {
        Aeth aeth = parse("60"); // 0 | 11 | 00000: NAK code 0

        assertEquals(Aeth.SyndromeTypeEnum.NAK, aeth.syndromeType());
        assertEquals(0L, aeth.syndromeValue());
        assertEquals(Aeth.NakCodeEnum.PSN_SEQUENCE_ERROR, aeth.nakCode());
        assertEquals(0x60, aeth.syndrome());
    }

    @Test
    void rnrNakTimer14() {
        Aeth aeth = parse("2e"); // 0 | 01 | 01110: RNR NAK, timer code 14

        assertEquals(Aeth.SyndromeTypeEnum.RNR_NAK, aeth.syndromeType());
        assertEquals(14L, aeth.syndromeValue());
        assertNull(aeth.nakCode());
        assertEquals(0x2e, aeth.syndrome());
    }

    @Test
    void nakCodes() {
        assertEquals(Aeth.NakCodeEnum.INVALID_REQUEST, parse("61").nakCode());
        assertEquals(Aeth.NakCodeEnum.REMOTE_ACCESS_ERROR, parse("62").nakCode());
        assertEquals(Aeth.NakCodeEnum.REMOTE_OPERATIONAL_ERROR, parse("63").nakCode());
        assertEquals(Aeth.NakCodeEnum.INVALID_RD_REQUEST, parse("64").nakCode());
        Aeth reservedCode = parse("65"); // 0 | 11 | 00101: NAK code 5 is reserved
        assertEquals(Aeth.SyndromeTypeEnum.NAK, reservedCode.syndromeType());
        assertEquals(5L, reservedCode.syndromeValue());
        assertNull(reservedCode.nakCode());
    }

    @Test
    void reservedBitsAreKept() {
        Aeth aeth = parse("c3"); // 1 | 10 | 00011: reserved bit set, reserved type 10

        assertTrue(aeth.reserved());
        assertEquals(Aeth.SyndromeTypeEnum.RESERVED, aeth.syndromeType());
        assertEquals(3L, aeth.syndromeValue());
        assertEquals(0xc3, aeth.syndrome());
    }
}
