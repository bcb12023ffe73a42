package io.rocelens.dissect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import io.rocelens.filter.DisplayFilter;
import io.rocelens.filter.FilterException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * IEEE 802.1Q Congestion Notification, decoded from qcn.pcap (made by qcn/make-qcn.py, byte by byte from the
 * standard's CN-TAG and CNM PDU layouts; Wireshark has no QCN dissector to compare with). Every qcn field's value and
 * bytes are the ones the script wrote, counted here by hand from the layout: a CNM's PDU after its EtherType is
 * Version (4 bits), ReservedV (6), qFb (6), CPID (8 bytes), cnmQOffset (2, signed), cnmQDelta (2, signed), priority
 * (3 bits and 13 reserved), encapsulated DA (6), MSDU length (2), MSDU (up to 64).
 */
class QcnDissectionTest {

    private static final Path CAPTURE = Path.of("src/test/resources/qcn/qcn.pcap");

    private static List<Dissection> dissections() throws IOException {
        List<Dissection> out = new ArrayList<>();
        Dissector dissector = new Dissector(DissectorOptions.defaults());
        try (CaptureReader reader = CaptureReaders.open(CAPTURE)) {
            Frame frame;
            while ((frame = reader.next()) != null) {
                out.add(dissector.dissect(frame));
            }
        }
        return out;
    }

    /** The field's value and where it is, as "value@offset+length". */
    private static String at(Layer layer, String name) {
        Field field = layer.field(name);
        return field == null ? null : field.value() + "@" + field.offset() + "+" + field.length();
    }

    @Test
    void aCnTaggedRocePacketIsStillRoceBehindItsTag() throws IOException {
        Dissection tagged = dissections().get(0);
        // frame 1 without its CN-TAG (bytes 16-19 after the VLAN tag): the VLAN tag then names IPv4 itself
        byte[] bytes = tagged.bytes();
        ByteBuffer untagged = ByteBuffer.allocate(bytes.length - 4);
        untagged.put(bytes, 0, 16).put(bytes, 20, bytes.length - 20);
        Dissection plain = new Dissector(DissectorOptions.defaults()).dissect(new Frame(1, tagged.timestampNanos(),
                bytes.length - 4, io.rocelens.capture.LinkType.ETHERNET, 0, -1, untagged.flip()));

        assertEquals(List.of("frame", "eth", "vlan", "qcn", "ip", "udp", "bth", "payload", "icrc"),
                tagged.layers().stream().map(Layer::name).toList());
        Layer tag = tagged.layer("qcn");
        assertEquals("4660@18+2", at(tag, "qcn.cntag.flow_id"));   // 0x1234
        assertEquals("2048@20+2", at(tag, "qcn.cntag.etype"));     // IPv4
        assertEquals(0x22e9L, tagged.field("vlan.etype").value());
        PacketSummary t = tagged.summary();
        PacketSummary p = plain.summary();
        assertTrue(t.isRoce());
        assertEquals(0x1234, t.qcnFlowId);
        assertEquals(0x11, t.destQp);
        assertEquals(100, t.psn);
        // scapy's ICRC, over the IP packet after the tag: good only when the walk found the IP header behind it
        assertEquals(PacketSummary.ICRC_GOOD, t.icrcStatus);
        assertEquals(List.of(p.opcode, p.psn, p.destQp, p.payloadLength, p.vlanPcp, p.dscp, p.icrcStatus, p.ipSrcLo,
                        p.ipDstLo, p.udpDstPort),
                List.of(t.opcode, t.psn, t.destQp, t.payloadLength, t.vlanPcp, t.dscp, t.icrcStatus, t.ipSrcLo,
                        t.ipDstLo, t.udpDstPort));
        assertEquals(plain.protocol(), tagged.protocol());
        assertEquals(plain.info(), tagged.info());
        assertEquals(plain.source(), tagged.source());
        assertEquals(-1, p.qcnFlowId);
    }

    @Test
    void aCnmWithItsCopiedTagsShowsEveryField() throws IOException {
        Dissection cnm = dissections().get(1);
        assertEquals(List.of("frame", "eth", "vlan", "qcn", "qcn"), cnm.layers().stream().map(Layer::name).toList());
        assertEquals("4660@18+2", at(cnm.layers().get(3), "qcn.cntag.flow_id"));
        assertEquals("8935@20+2", at(cnm.layers().get(3), "qcn.cntag.etype"));   // 0x22e7
        Layer pdu = cnm.layers().get(4);
        assertEquals(22, pdu.offset());
        assertEquals(24 + 64, pdu.length());
        assertEquals("0@22+2", at(pdu, "qcn.cnm.version"));
        assertEquals("0@22+2", at(pdu, "qcn.cnm.reserved"));
        assertEquals("12@22+2", at(pdu, "qcn.cnm.qfb"));
        assertEquals(0x0011223344550003L + "@24+8", at(pdu, "qcn.cnm.cpid"));
        assertEquals("-5@32+2", at(pdu, "qcn.cnm.cpq_offset"));
        assertEquals("300@34+2", at(pdu, "qcn.cnm.cpq_delta"));
        assertEquals("3@36+2", at(pdu, "qcn.cnm.encap_priority"));
        assertEquals("02:00:00:00:00:02@38+6", at(pdu, "qcn.cnm.encap_dmac"));
        // the sampled frame's MSDU: CN-TAG flow ID and type (4), then its IP packet: IPv4 20, UDP 8, BTH 12,
        // payload 1024, ICRC 4
        assertEquals("1072@44+2", at(pdu, "qcn.cnm.encap_len"));
        byte[] bytes = cnm.bytes();
        assertEquals(hex(bytes, 46, 64) + "@46+64", at(pdu, "qcn.cnm.encap_msdu"));
        assertTrue(at(pdu, "qcn.cnm.encap_msdu").startsWith("12:34:08:00:45:68"), "flow ID, IPv4, version 4 and DSCP");
        assertEquals("0x0011223344550003", pdu.field("qcn.cnm.cpid").text());
        assertEquals("QCN", cnm.protocol());
        assertEquals("CNM qFb=12 CPID=0x0011223344550003 prio 3 \u2192 02:00:00:00:00:02 Flow ID=0x1234", cnm.info());
        PacketSummary s = cnm.summary();
        assertEquals(List.of(12L, 0x0011223344550003L, -5L, 300L, 3L, 0x020000000002L, 0x1234L),
                List.of((long) s.qcnQfb, s.qcnCpid, (long) s.qcnQOffset, (long) s.qcnQDelta, (long) s.qcnPriority,
                        s.qcnEncapDmac, (long) s.qcnFlowId));
        assertEquals(0x22e9, s.etherType, "eth.type/vlan.etype: the type after the VLAN tag");
    }

    @Test
    void extremeValuesAndReservedBitsOfAnUntaggedCnm() throws IOException {
        Dissection cnm = dissections().get(2);
        assertEquals(List.of("frame", "eth", "qcn"), cnm.layers().stream().map(Layer::name).toList());
        Layer pdu = cnm.layer("qcn");
        assertEquals("1@14+2", at(pdu, "qcn.cnm.version"));
        assertEquals("42@14+2", at(pdu, "qcn.cnm.reserved"));   // 0x2a
        assertEquals("63@14+2", at(pdu, "qcn.cnm.qfb"));
        assertEquals(0xfedcba9876543210L + "@16+8", at(pdu, "qcn.cnm.cpid"));
        assertEquals("0xfedcba9876543210", pdu.field("qcn.cnm.cpid").text());
        assertEquals("32767@24+2", at(pdu, "qcn.cnm.cpq_offset"));
        assertEquals("-32768@26+2", at(pdu, "qcn.cnm.cpq_delta"));
        assertEquals("7@28+2", at(pdu, "qcn.cnm.encap_priority"));   // the 13 reserved bits after it all ones
        assertEquals("02:00:00:00:00:09@30+6", at(pdu, "qcn.cnm.encap_dmac"));
        assertEquals("20@36+2", at(pdu, "qcn.cnm.encap_len"));
        // 20 bytes a0 .. b3; the 0xee padding to 60 bytes after them is not the MSDU
        assertEquals("a0:a1:a2:a3:a4:a5:a6:a7:a8:a9:aa:ab:ac:ad:ae:af:b0:b1:b2:b3@38+20",
                at(pdu, "qcn.cnm.encap_msdu"));
        assertEquals(24 + 20, pdu.length());
        assertNull(cnm.summary().malformedReason);
        assertEquals(-1, cnm.summary().qcnFlowId);
    }

    @Test
    void cutShortCnmsAndCnTagsAreMalformedNotExceptions() throws IOException {
        List<Dissection> all = dissections();
        for (int frame : new int[] {4, 5, 6}) {
            Dissection d = all.get(frame - 1);
            assertTrue(d.summary().is(PacketSummary.MALFORMED), "frame " + frame);
            assertEquals(-1, d.summary().qcnQfb, "frame " + frame + ": no CNM values kept");
            assertTrue(d.info().contains("[Malformed: "), d.info());
        }
        assertEquals("CNM header needs 24 bytes at offset 14, the frame has 10", all.get(3).summary().malformedReason);
        assertEquals("CNM header is cut short", all.get(4).summary().malformedReason);
        assertEquals("CN-TAG header needs 4 bytes at offset 14, the frame has 1", all.get(5).summary().malformedReason);
        assertEquals("QCN", all.get(3).protocol());
        assertNull(all.get(4).layer("qcn"), "the detail shows no half-read CNM");
    }

    @Test
    void filtersOnQcnFieldsSelectTheFramesTheScriptMade() throws Exception {
        List<Dissection> all = dissections();
        assertEquals("1 2 3 4 5", matching(all, "qcn"));
        assertEquals("2 3", matching(all, "qcn.cnm.qfb > 10"));
        assertEquals("1 2", matching(all, "qcn.cntag.flow_id == 0x1234"));
        assertEquals("2", matching(all, "qcn.cnm.cpq_delta == 300"));
        assertEquals("3", matching(all, "qcn.cnm.encap_priority == 7 && qcn.cnm.encap_dmac == 02:00:00:00:00:09"));
        assertEquals("1", matching(all, "qcn && infiniband.bth.psn == 100"));
        assertEquals("", matching(all, "qcn.cnm.version == 2"));
        // cnmQOffset and cnmQDelta are signed (the script packs them with struct's 'h'): frame 2 holds -5 and 300,
        // frame 3 holds 32767 and -32768; they compare as signed numbers, as Wireshark's FT_INT16 would
        assertEquals("2", matching(all, "qcn.cnm.cpq_offset < 0"));
        assertEquals("2", matching(all, "qcn.cnm.cpq_offset == -5"));
        assertEquals("2 3", matching(all, "qcn.cnm.cpq_offset != 0"));
        assertEquals("3", matching(all, "qcn.cnm.cpq_delta < -100"));
        assertEquals("3", matching(all, "qcn.cnm.cpq_delta == -32768"));
        assertEquals("2", matching(all, "qcn.cnm.cpq_delta > 0"));
        assertEquals("2", matching(all, "qcn.cnm.cpq_offset in {-10..-1 7}"));
        assertEquals("3", matching(all, "qcn.cnm.cpq_delta in {-32768 1}"));
        FilterException unsigned = assertThrows(FilterException.class,
                () -> DisplayFilter.compile("qcn.cnm.qfb == -1"));
        assertEquals("qcn.cnm.qfb is a number: \"-1\" is not", unsigned.getMessage());
    }

    private static String matching(List<Dissection> all, String text) throws Exception {
        DisplayFilter filter = DisplayFilter.compile(text);
        return all.stream().filter(d -> filter.matches(d, null)).map(d -> String.valueOf(d.number()))
                .collect(Collectors.joining(" "));
    }

    private static String hex(byte[] bytes, int from, int length) {
        StringBuilder out = new StringBuilder();
        for (int i = from; i < from + length; i++) {
            out.append(out.length() > 0 ? ":" : "").append(String.format("%02x", bytes[i] & 0xff));
        }
        return out.toString();
    }
}
