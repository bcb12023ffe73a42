package io.rocelens.ksy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.BufferUnderflowException;
import org.junit.jupiter.api.Test;

/** GRE, ERSPAN type II and III and VXLAN against byte vectors written from RFC 2784/2890, draft-foschiano-erspan-03 and RFC 7348. */
class EncapsulationHeadersTest {

    @Test
    void greWithChecksumKeyAndSequence() {
        // RFC 2784 section 2.1 and RFC 2890 section 2: C K S set, version 0, protocol 0x6558
        Gre gre = new Gre(Hex.stream("b000 6558" + " beef 0000" + " 00001234" + " 00000007"));

        assertTrue(gre.checksumPresent());
        assertFalse(gre.routingPresent());
        assertTrue(gre.keyPresent());
        assertTrue(gre.sequencePresent());
        assertEquals(0, gre.version());
        assertEquals(0x6558, gre.protocolType());
        assertEquals(0xbeef, gre.checksum());
        assertEquals(0, gre.offset());
        assertEquals(0x1234L, gre.key());
        assertEquals(7L, gre.sequenceNumber());
        assertNull(gre.ackNumber());
        assertEquals("Transparent Ethernet bridging", EnumTexts.greProtocolTypeEnum(gre.protocolType()));
    }

    @Test
    void plainGreIsFourBytes() {
        Gre gre = new Gre(Hex.stream("0000 0800 45"));

        assertNull(gre.checksum());
        assertNull(gre.key());
        assertNull(gre.sequenceNumber());
        assertEquals(0x0800, gre.protocolType());
        assertEquals(4, gre._io().pos());
    }

    @Test
    void pptpEnhancedGreHasAnAcknowledgment() {
        // RFC 2637 section 4.1: K S A set, version 1, protocol 0x880b (PPP)
        Gre gre = new Gre(Hex.stream("3081 880b" + " 0010 0001" + " 00000005" + " 00000004"));

        assertEquals(1, gre.version());
        assertTrue(gre.ackPresent());
        assertEquals(5L, gre.sequenceNumber());
        assertEquals(4L, gre.ackNumber());
    }

    @Test
    void erspanTypeII() {
        // draft-foschiano-erspan-03 section 4.1: Ver 1, VLAN 100 | COS 3, En 3, T 0, session 0x55 | reserved, index 0x12345
        Erspan erspan = new Erspan(Hex.stream("1064 7855 00012345"), false);

        assertEquals(1, erspan.version());
        assertEquals(100, erspan.vlan());
        assertEquals(3, erspan.cos());
        assertEquals(3, erspan.encapOrBso());
        assertFalse(erspan.truncated());
        assertEquals(0x55, erspan.sessionId());
        assertEquals(0, erspan.reserved());
        assertEquals(0x12345, erspan.index());
        assertNull(erspan.timestamp());
        assertEquals(8, erspan._io().pos());
    }

    @Test
    void erspanTypeIIIWithPlatformSubHeader() {
        // section 4.2: Ver 2, VLAN 100 | COS 5, BSO 0, T 1, session 0x155 | timestamp | SGT | P 0, FT 0, Hw 42, D 1,
        // Gra 2, O 1; section 4.3: platform 3, port index 0x77, upper timestamp
        Erspan erspan = new Erspan(Hex.stream("2064 a555 deadbeef 1234 02ad" + " 0c000077 6789abcd"), true);

        assertEquals(2, erspan.version());
        assertEquals(5, erspan.cos());
        assertTrue(erspan.truncated());
        assertEquals(0x155, erspan.sessionId());
        assertEquals(0xdeadbeefL, erspan.timestamp());
        assertEquals(0x1234, erspan.securityGroupTag());
        assertFalse(erspan.hasEthernetPdu());
        assertEquals(0, erspan.frameType());
        assertEquals(42, erspan.hardwareId());
        assertTrue(erspan.direction());
        assertEquals(Erspan.GranularityEnum.IEEE_1588, erspan.granularity());
        assertTrue(erspan.hasSubHeader());
        assertEquals(3, erspan.subHeader().platformId());
        assertEquals(0x77, erspan.subHeader().platform3().portIndex());
        assertEquals(0x6789abcdL, erspan.subHeader().platform3().timestampUpper());
        assertNull(erspan.subHeader().platform5());
        assertEquals(20, erspan._io().pos());
    }

    @Test
    void erspanTypeIIIWithoutSubHeaderIsTwelveBytes() {
        Erspan erspan = new Erspan(Hex.stream("2000 0001 00000000 0000 8000" + " ffff"), true);

        assertFalse(erspan.hasSubHeader());
        assertNull(erspan.subHeader());
        assertEquals(12, erspan._io().pos());
    }

    @Test
    void erspanPlatformFiveAndReservedPlatforms() {
        Erspan five = new Erspan(Hex.stream("2000 0001 00000000 0000 8001" + " 17ff0002 00000064"), true);
        assertEquals(0x3ff, five.subHeader().platform5().switchId());
        assertEquals(2, five.subHeader().platform5().portIndex());
        assertEquals(100L, five.subHeader().platform5().timestampSeconds());

        Erspan reserved = new Erspan(Hex.stream("2000 0001 00000000 0000 8001" + " 08000000 00000001"), true);
        assertEquals(2, reserved.subHeader().platformId());
        assertEquals(1L, reserved.subHeader().platformReserved().reserved());
    }

    @Test
    void vxlan() {
        // RFC 7348 section 5: flags with I set, reserved, VNI 0x123456, reserved
        Vxlan vxlan = new Vxlan(Hex.stream("08000000 12345600"));

        assertEquals(0x0800, vxlan.flags());
        assertTrue(vxlan.vniValid());
        assertEquals(0x123456, vxlan.vni());
        assertEquals(0, vxlan.reserved());
    }

    @Test
    void cutShort() {
        assertThrows(BufferUnderflowException.class, () -> new Gre(Hex.stream("b000 6558 0000")));
        assertThrows(BufferUnderflowException.class, () -> new Erspan(Hex.stream("2000 0001 0000"), true));
        assertThrows(BufferUnderflowException.class, () -> new Erspan(Hex.stream("2000 0001 00000000 0000 8001 08"), true));
        assertThrows(BufferUnderflowException.class, () -> new Vxlan(Hex.stream("08000000 1234")));
    }
}
