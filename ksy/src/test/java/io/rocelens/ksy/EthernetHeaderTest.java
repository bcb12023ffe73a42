package io.rocelens.ksy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kaitai.struct.ByteBufferKaitaiStream;
import org.junit.jupiter.api.Test;

class EthernetHeaderTest {
    private static final String MACS = "01 80 c2 00 00 01" // dst
            + " 02 11 22 33 44 55"; // src

    @Test
    void untaggedFrameHasOneElementHoldingTheEtherType() {
        ByteBufferKaitaiStream io = Hex.stream(MACS + " 08 00" + " 45 00");
        EthernetHeader eth = new EthernetHeader(io);

        assertEquals(0x0180c2000001L, eth.dstMac());
        assertEquals(0x021122334455L, eth.srcMac());
        assertEquals(1, eth.tags().size());
        assertFalse(eth.tags().get(0).isTag());
        assertNull(eth.tags().get(0).pcp());
        assertNull(eth.tags().get(0).dei());
        assertNull(eth.tags().get(0).vid());
        assertEquals(0x0800, eth.etherType());
        assertEquals(EthernetHeader.EtherTypeEnum.IPV4, EthernetHeader.EtherTypeEnum.byId(eth.etherType()));
        assertEquals(0, eth.numVlanTags());
        assertEquals(14, eth.lenHeader());
        assertEquals(14, io.pos(), "the header stops before the payload");
    }

    @Test
    void singleDot1qTag() {
        // TCI 0x7064 = PCP 011 (3) | DEI 1 | VID 0000 0110 0100 (100)
        EthernetHeader eth = new EthernetHeader(Hex.stream(MACS + " 81 00 70 64" + " 86 dd"));

        assertEquals(2, eth.tags().size());
        EthernetHeader.EtherTypeOrTag tag = eth.tags().get(0);
        assertTrue(tag.isTag());
        assertEquals(0x8100, tag.tpid());
        assertEquals(3L, tag.pcp());
        assertTrue(tag.dei());
        assertEquals(100L, tag.vid());
        assertEquals(0x86dd, eth.etherType());
        assertEquals(1, eth.numVlanTags());
        assertEquals(18, eth.lenHeader());
    }

    @Test
    void qinqStackOf8021adAnd8021q() {
        // outer S-tag 0x88A8, TCI 0xA00A = PCP 101 (5) | DEI 0 | VID 10
        // inner C-tag 0x8100, TCI 0x60C8 = PCP 011 (3) | DEI 0 | VID 200
        // EtherType 0x0800
        ByteBufferKaitaiStream io = Hex.stream(MACS + " 88 a8 a0 0a" + " 81 00 60 c8" + " 08 00" + " 45");
        EthernetHeader eth = new EthernetHeader(io);

        assertEquals(3, eth.tags().size());
        EthernetHeader.EtherTypeOrTag outer = eth.tags().get(0);
        EthernetHeader.EtherTypeOrTag inner = eth.tags().get(1);
        assertEquals(0x88a8, outer.tpid());
        assertEquals(5L, outer.pcp());
        assertFalse(outer.dei());
        assertEquals(10L, outer.vid());
        assertEquals(0x8100, inner.tpid());
        assertEquals(3L, inner.pcp());
        assertFalse(inner.dei());
        assertEquals(200L, inner.vid());
        assertEquals(0x0800, eth.etherType());
        assertEquals(2, eth.numVlanTags());
        assertEquals(22, eth.lenHeader());
        assertEquals(22, io.pos());
    }

    @Test
    void legacyQinqTpid9100IsATag() {
        // 0x9100 tag with TCI 0x0FFF = PCP 0 | DEI 0 | VID 4095
        EthernetHeader eth = new EthernetHeader(Hex.stream(MACS + " 91 00 0f ff" + " 89 15"));

        assertTrue(eth.tags().get(0).isTag());
        assertEquals(4095L, eth.tags().get(0).vid());
        assertEquals(EthernetHeader.EtherTypeEnum.ROCE_V1, EthernetHeader.EtherTypeEnum.byId(eth.etherType()));
    }

    @Test
    void ieee8023LengthFieldIsNotAnEtherType() {
        EthernetHeader eth = new EthernetHeader(Hex.stream(MACS + " 00 26" + " 42 42 03"));

        assertEquals(0x26, eth.etherType());
        assertTrue(eth.isLengthField());
    }

    @Test
    void etherTypeEnumValues() {
        assertEquals(EthernetHeader.EtherTypeEnum.ARP, EthernetHeader.EtherTypeEnum.byId(0x0806));
        assertEquals(EthernetHeader.EtherTypeEnum.VLAN, EthernetHeader.EtherTypeEnum.byId(0x8100));
        assertEquals(EthernetHeader.EtherTypeEnum.IPV6, EthernetHeader.EtherTypeEnum.byId(0x86dd));
        assertEquals(EthernetHeader.EtherTypeEnum.MAC_CONTROL, EthernetHeader.EtherTypeEnum.byId(0x8808));
        assertEquals(EthernetHeader.EtherTypeEnum.S_VLAN, EthernetHeader.EtherTypeEnum.byId(0x88a8));
        assertEquals(EthernetHeader.EtherTypeEnum.LLDP, EthernetHeader.EtherTypeEnum.byId(0x88cc));
    }

    @Test
    void positionsOfTagElementsAreFrameAbsolute() {
        io.rocelens.ksy.pos.EthernetHeader eth = new io.rocelens.ksy.pos.EthernetHeader(
                Hex.stream(MACS + " 88 a8 a0 0a" + " 81 00 60 c8" + " 08 00"));

        assertEquals(0, eth._attrStart.get("dstMac"));
        assertEquals(6, eth._attrEnd.get("dstMac"));
        assertEquals(12, eth._attrStart.get("tags"));
        assertEquals(22, eth._attrEnd.get("tags"));
        assertEquals(java.util.List.of(12, 16, 20), eth._arrStart.get("tags"));
        assertEquals(java.util.List.of(16, 20, 22), eth._arrEnd.get("tags"));
        io.rocelens.ksy.pos.EthernetHeader.EtherTypeOrTag inner = eth.tags().get(1);
        assertEquals(16, inner._attrStart.get("tpid"));
        assertEquals(18, inner._attrEnd.get("tpid"));
        // pcp (b3) starts the TCI byte and fetches it; dei (b1) lies in that byte already fetched;
        // vid (b12) fetches only the second TCI byte. See PositionsTest for the rule.
        assertEquals(18, inner._attrStart.get("pcp"));
        assertEquals(19, inner._attrEnd.get("pcp"));
        assertEquals(19, inner._attrStart.get("dei"));
        assertEquals(19, inner._attrEnd.get("dei"));
        assertEquals(19, inner._attrStart.get("vid"));
        assertEquals(20, inner._attrEnd.get("vid"));
    }
}
