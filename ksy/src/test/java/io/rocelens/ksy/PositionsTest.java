package io.rocelens.ksy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.kaitai.struct.ByteBufferKaitaiStream;
import io.rocelens.ksy.pos.Bth;
import io.rocelens.ksy.pos.EthernetHeader;
import io.rocelens.ksy.pos.IbExtendedHeaders;
import io.rocelens.ksy.pos.Ipv4Header;
import io.rocelens.ksy.pos.UdpHeader;
import org.junit.jupiter.api.Test;

/**
 * The --read-pos flavour when every layer is parsed in place on one frame stream, as the dissector does.
 *
 * <p>Keys of {@code _attrStart}/{@code _attrEnd} are the Java field names (lowerCamelCase: {@code destQp},
 * {@code atomicEth}), not the .ksy ids. Values are absolute frame offsets, because no spec makes a substream.
 *
 * <p>How bit fields show up: the runtime reads bit fields a whole byte at a time and keeps the unread
 * bits; {@code _attrStart} is the stream position before the field and {@code _attrEnd} the position
 * after it, and the position only moves when a new byte is fetched. So:
 * <ul>
 *   <li>a bit field that starts at a byte boundary gets [its first byte, the byte after its last byte)
 *       (BTH {@code se}: [43, 44); {@code destQp} b24: [47, 50); {@code psn}: [51, 54));</li>
 *   <li>a bit field whose bits all lie in a byte an earlier field already fetched gets
 *       start == end == the offset after that byte (BTH {@code migreq}, {@code padCount}, {@code tver}: 44);</li>
 *   <li>a bit field that starts inside a fetched byte and runs into the next ones gets only the newly fetched
 *       bytes (VLAN {@code vid} b12 after {@code pcp}+{@code dei}: just the second TCI byte).</li>
 * </ul>
 * To highlight a bit field, use the byte range of its enclosing bytes from the bit layout, not these maps.
 */
class PositionsTest {
    private static final String FRAME =
            "02 00 00 00 00 02 02 00 00 00 00 01 08 00" // 0: Ethernet, IPv4
            + " 45 02 00 3c 00 01 40 00 40 11 00 00 0a 00 00 01 0a 00 00 02" // 14: IPv4, total length 60
            + " c0 00 12 b7 00 28 00 00" // 34: UDP 49152 -> 4791, length 40
            + " 0b" // 42: BTH opcode 0x0B RC RDMA WRITE Only with Immediate
            + " 40" // 43: 0 | 1 | 00 | 0000: MigReq
            + " ff ff" // 44: P_Key
            + " 00" // 46: FECN, BECN, reserved
            + " ab cd ef" // 47: DestQP 0xABCDEF
            + " 80" // 50: AckReq
            + " ff ff ff" // 51: PSN 0xFFFFFF
            + " 00 00 00 00 00 01 00 00 00 00 00 02 00 00 00 04" // 54: RETH VA 0x10000, R_Key 2, length 4
            + " 00 00 00 63" // 70: ImmDt 99
            + " 61 62 63 64" // 74: payload
            + " 11 22 33 44"; // 78: ICRC

    @Test
    void layersParsedInPlaceHaveFrameAbsolutePositions() {
        ByteBufferKaitaiStream io = Hex.stream(FRAME);
        EthernetHeader eth = new EthernetHeader(io);
        Ipv4Header ip = new Ipv4Header(io);
        UdpHeader udp = new UdpHeader(io);
        Bth bth = new Bth(io);
        IbExtendedHeaders ext = new IbExtendedHeaders(io, (int) bth.opcode().id());

        assertEquals(12, eth.tags().get(0)._attrStart.get("tpid"));
        assertEquals(14 + 12, ip._attrStart.get("srcAddr"));
        assertEquals(34 + 2, udp._attrStart.get("dstPort"));
        assertEquals(4791, udp.dstPort());

        assertEquals(0xffffffL, bth.psn());
        assertEquals(0xabcdefL, bth.destQp());
        assertRange(bth, "opcode", 42, 43);
        assertRange(bth, "se", 43, 44);
        assertRange(bth, "migreq", 44, 44);
        assertRange(bth, "padCount", 44, 44);
        assertRange(bth, "tver", 44, 44);
        assertRange(bth, "pkey", 44, 46);
        assertRange(bth, "fecn", 46, 47);
        assertRange(bth, "becn", 47, 47);
        assertRange(bth, "reserved1", 47, 47);
        assertRange(bth, "destQp", 47, 50);
        assertRange(bth, "ackReq", 50, 51);
        assertRange(bth, "reserved2", 51, 51);
        assertRange(bth, "psn", 51, 54);

        assertEquals(54, ext._attrStart.get("reth"));
        assertEquals(70, ext._attrEnd.get("reth"));
        assertEquals(54, ext.reth()._attrStart.get("va"));
        assertEquals(62, ext.reth()._attrStart.get("rkey"));
        assertEquals(66, ext.reth()._attrStart.get("dmaLength"));
        assertEquals(70, ext._attrStart.get("immDt"));
        assertEquals(74, ext._attrEnd.get("immDt"));
        assertEquals(99L, ext.immDt().data());
        assertEquals(74, io.pos(), "the payload starts after the extended headers");
    }

    @Test
    void bthAloneAtOffset42() {
        ByteBufferKaitaiStream io = Hex.streamAt(FRAME, 42);
        Bth bth = new Bth(io);

        assertEquals(51, bth._attrStart.get("psn"));
        assertEquals(54, bth._attrEnd.get("psn"));
    }

    private static void assertRange(Bth bth, String field, int start, int end) {
        assertEquals(start, bth._attrStart.get(field), field + " start");
        assertEquals(end, bth._attrEnd.get(field), field + " end");
    }
}
