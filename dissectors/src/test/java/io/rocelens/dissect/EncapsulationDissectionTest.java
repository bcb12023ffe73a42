package io.rocelens.dissect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import io.rocelens.filter.DisplayFilter;
import io.rocelens.filter.FilterException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Frames mirrored with ERSPAN type III (sample-captures/mixed-erspan3.pcapng, written by the generator): the inner
 * frame is what the summary describes, the outer headers stay in the detail and the filter, and a broken or cut
 * encapsulation ends in a malformed frame with its reason, never an exception.
 */
class EncapsulationDissectionTest {

    private static final Path SAMPLE = Path.of("../sample-captures/mixed-erspan3.pcapng");
    /** Outer Ethernet 14, IPv4 20, GRE with sequence number 8, ERSPAN III 12 and its platform sub-header 8. */
    private static final int INNER = 62;

    private static byte[] frame(long number) throws IOException {
        try (CaptureReader reader = CaptureReaders.open(SAMPLE)) {
            Frame frame;
            while ((frame = reader.next()) != null) {
                if (frame.number() == number) {
                    byte[] bytes = new byte[frame.capturedLength()];
                    frame.data().get(0, bytes);
                    return bytes;
                }
            }
        }
        throw new IllegalArgumentException("no frame " + number);
    }

    private static Frame frame(byte[] bytes, int capturedLength, int originalLength) {
        return new Frame(1, 0, originalLength, 1, 0, -1, ByteBuffer.wrap(bytes, 0, capturedLength).slice());
    }

    private static Dissection dissect(byte[] bytes) {
        return new Dissector(DissectorOptions.defaults()).dissect(frame(bytes, bytes.length, bytes.length));
    }

    @Test
    void theInnerFrameIsAnalysedTheOuterHeadersAreShown() throws IOException {
        byte[] bytes = frame(2);    // RC SEND Only 10.0.0.1 → 10.0.0.2
        Dissection d = dissect(bytes);

        assertEquals(List.of("frame", "eth", "ip", "gre", "erspan", "eth", "ip", "udp", "bth", "payload", "icrc"),
                d.layers().stream().map(Layer::name).toList());
        PacketSummary p = d.summary();
        assertTrue(p.is(PacketSummary.ENCAPSULATED | PacketSummary.ROCEV2));
        assertEquals(PacketSummary.ENCAP_ERSPAN3, p.encapsulation);
        assertEquals(INNER, p.innerOffset);
        assertEquals(bytes.length - INNER, p.analysedLength());
        assertEquals(PacketSummary.ICRC_GOOD, p.icrcStatus);
        assertEquals("10.0.0.1", d.source());
        assertEquals("RRoCE", d.protocol());
        assertEquals("192.0.2.1", d.field("ip.src").value(), "the first ip.src is the outer one, as in Wireshark");
        assertEquals(0x22ebL, d.field("gre.proto").value());
        assertEquals("erspan3", d.field("roce.encap").value());
        assertEquals(d.layer("erspan").offset(), d.field("roce.encap").offset());
        assertEquals(INNER, d.layers().get(5).offset(), "the inner Ethernet header starts after the ERSPAN header");
    }

    @Test
    void filtersSeeBothTheOuterAndTheInnerHeaders() throws IOException, FilterException {
        Dissection d = dissect(frame(2));
        for (String passes : List.of("roce.encap == \"erspan3\"", "roce.encap", "erspan", "gre", "ip.src == 192.0.2.1",
                "ip.src == 10.0.0.1", "ip.addr == 10.0.0.2 && ip.dst == 192.0.2.2", "erspan.version == 2",
                "gre.proto == 0x22eb", "eth.src == 02:00:00:00:ff:01", "bth.opcode == 4")) {
            assertTrue(DisplayFilter.compile(passes).matches(d.summary(), null, () -> d), passes);
        }
        for (String fails : List.of("roce.encap == \"vxlan\"", "vxlan", "!erspan", "ip.src == 10.0.0.9", "tcp")) {
            assertFalse(DisplayFilter.compile(fails).matches(d.summary(), null, () -> d), fails);
        }
    }

    @Test
    void everyCutEndsInAMalformedFrameOrAnUncheckedOneNeverAnException() throws IOException {
        byte[] bytes = frame(2);
        Dissector dissector = new Dissector(DissectorOptions.defaults());
        for (int length = 14; length < bytes.length; length++) {
            // cut on the wire: what is missing was never sent
            Dissection cut = dissector.dissect(frame(bytes, length, length));
            assertNotNull(cut.summary().malformedReason, "cut at " + length);
            // cut by the snap length: the original length says the rest was there
            Dissection snapped = dissector.dissect(frame(bytes, length, bytes.length));
            assertNull(snapped.summary().malformedReason, "snapped at " + length);
        }
        // the outer IPv4 length says where the cut is: the header cut names itself
        assertEquals("GRE header needs 4 bytes at offset 34, the frame has 2", dissect(sent(bytes, 36)).summary().malformedReason);
        assertEquals("ERSPAN header is cut short", dissect(sent(bytes, 56)).summary().malformedReason);
        assertEquals("Ethernet header needs 14 bytes at offset 62, the frame has 4",
                dissect(sent(bytes, 66)).summary().malformedReason);
    }

    /** The first {@code length} bytes of the frame, its outer IPv4 total length saying so. */
    private static byte[] sent(byte[] bytes, int length) {
        byte[] cut = java.util.Arrays.copyOf(bytes, length);
        cut[16] = (byte) ((length - 14) >>> 8);
        cut[17] = (byte) (length - 14);
        return cut;
    }

    @Test
    void aWrongVersionOrAnOuterPacketTooShortIsMalformed() throws IOException {
        byte[] wrongVersion = frame(2);
        wrongVersion[42] = (byte) (3 << 4 | wrongVersion[42] & 0x0f);
        assertEquals("ERSPAN version 3 after GRE protocol 0x22eb (type III is version 2)",
                dissect(wrongVersion).summary().malformedReason);

        byte[] shortOuter = frame(2);
        shortOuter[16] = 0;
        shortOuter[17] = 20 + 8 + 4;    // the outer IPv4 total length ends inside the ERSPAN header
        assertEquals("ERSPAN header runs 16 bytes past the end of its packet",
                dissect(shortOuter).summary().malformedReason);
    }

    @Test
    void theInnerVlanTagGivesThePriority() throws IOException {
        // mixed's VLAN 100 PCP 2 QP, mirrored: the ERSPAN header repeats the VLAN and COS, the inner tag is kept
        Dissector dissector = new Dissector(DissectorOptions.defaults());
        try (CaptureReader reader = CaptureReaders.open(SAMPLE)) {
            Frame frame;
            int tagged = 0;
            while ((frame = reader.next()) != null) {
                Dissection d = dissector.dissect(frame);
                if (d.summary().is(PacketSummary.VLAN)) {
                    tagged++;
                    assertEquals((long) d.summary().vlanId, d.field("erspan.vlan").value());
                    assertEquals((long) d.summary().vlanPcp, d.field("erspan.cos").value());
                }
            }
            assertTrue(tagged > 0);
        }
    }
}
