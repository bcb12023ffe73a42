package io.rocelens.live;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import io.rocelens.dissect.Dissection;
import io.rocelens.dissect.Dissector;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.Field;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What the live tests send: the sample capture mixed.pcapng (RoCEv2 over IPv4 and IPv6 with every opcode, VLAN
 * tagged and untagged, PFC and PAUSE, and ARP, TCP, UDP and RoCEv1 frames the default filter must leave out), and
 * which of its frames the default capture filter keeps, decided from tshark's decoding of the file (committed in
 * dissectors' test resources), not from RoCE Lens.
 */
public final class SentFrames {

    public static final Path CAPTURE = Path.of("../sample-captures/mixed.pcapng");
    private static final Path TSHARK = Path.of("../dissectors/src/test/resources/tshark/mixed.tsv");
    /** tshark field → RoCE Lens field, for the values each captured frame must decode to. */
    private static final Map<String, String> CHECKED = Map.of(
            "infiniband.bth.opcode", "bth.opcode",
            "infiniband.bth.destqp", "bth.dqpn",
            "infiniband.bth.psn", "bth.psn",
            "vlan.id", "vlan.id",
            "vlan.priority", "vlan.pcp",
            "ip.src", "ip.src",
            "ipv6.src", "ipv6.src",
            "macc.cbfc.enbv", "pfc.cev",
            "macc.pause_time", "pause.quanta");

    private final List<byte[]> frames = new ArrayList<>();
    private final List<Map<String, String>> tshark = new ArrayList<>();

    private SentFrames() {
    }

    /** The frames of mixed.pcapng that the default filter keeps (RoCEv2 on UDP 4791, MAC Control), in order. */
    public static SentFrames passingDefaultFilter() throws IOException {
        List<String> lines = Files.readAllLines(TSHARK);
        String[] header = lines.get(0).split("\t", -1);
        SentFrames sent = new SentFrames();
        try (CaptureReader reader = CaptureReaders.open(CAPTURE)) {
            Frame frame;
            int row = 0;
            while ((frame = reader.next()) != null) {
                String[] values = lines.get(++row).split("\t", -1);
                Map<String, String> fields = new HashMap<>();
                for (int i = 0; i < header.length; i++) {
                    fields.put(header[i], values[i]);
                }
                boolean roceV2 = "4791".equals(fields.get("udp.dstport")) || "4791".equals(fields.get("udp.srcport"));
                boolean macControl = !fields.get("macc.pause_time").isEmpty() || !fields.get("macc.cbfc.enbv").isEmpty();
                if (roceV2 || macControl) {
                    byte[] bytes = new byte[frame.capturedLength()];
                    frame.data().get(0, bytes);
                    sent.frames.add(bytes);
                    sent.tshark.add(fields);
                }
            }
        }
        return sent;
    }

    public int count() {
        return frames.size();
    }

    /** How many frames sent have the field in tshark's decoding (e.g. infiniband.bth.opcode: the RoCE frames). */
    public int withField(String tsharkField) {
        return (int) tshark.stream().filter(fields -> !fields.get(tsharkField).isEmpty()).count();
    }

    /** The RoCE flows sent as tshark decodes them: (source address, destination address, destination QP). */
    public Set<String> flows() {
        Set<String> flows = new HashSet<>();
        for (Map<String, String> fields : tshark) {
            if (!fields.get("infiniband.bth.destqp").isEmpty()) {
                flows.add(fields.get("ip.src") + fields.get("ipv6.src") + " " + fields.get("ip.dst")
                        + fields.get("ipv6.dst") + " " + normalise(fields.get("infiniband.bth.destqp")));
            }
        }
        return flows;
    }

    /** Every frame sent arrived once, in order, byte for byte, and decodes to the values tshark gives. */
    public void assertArrived(List<Frame> captured) {
        assertArrivedFrom(0, captured);
    }

    /** The frames sent from the {@code first} (0-based) to the last arrived, as {@link #assertArrived} checks. */
    public void assertArrivedFrom(int first, List<Frame> captured) {
        assertEquals(frames.size() - first, captured.size(), "frames captured");
        Dissector dissector = new Dissector(DissectorOptions.defaults());
        int vlanTagged = 0;
        int pfc = 0;
        for (int i = first; i < frames.size(); i++) {
            Frame frame = captured.get(i - first);
            byte[] bytes = new byte[frame.capturedLength()];
            frame.data().get(0, bytes);
            assertArrayEquals(frames.get(i), bytes, "frame " + (i + 1) + " bytes");
            assertEquals(frames.get(i).length, frame.originalLength(), "frame " + (i + 1) + " length");
            Dissection dissection = dissector.dissect(frame);
            for (Map.Entry<String, String> checked : CHECKED.entrySet()) {
                String expected = tshark.get(i).get(checked.getKey());
                Field field = dissection.field(checked.getValue());
                if (expected.isEmpty()) {
                    continue;
                }
                assertTrue(field != null, "frame " + (i + 1) + " has no " + checked.getValue());
                assertEquals(normalise(expected), normalise(String.valueOf(field.value())),
                        "frame " + (i + 1) + " " + checked.getValue());
            }
            vlanTagged += tshark.get(i).get("vlan.id").isEmpty() ? 0 : 1;
            pfc += tshark.get(i).get("macc.cbfc.enbv").isEmpty() ? 0 : 1;
        }
        assertTrue(first > 0 || vlanTagged > 0 && pfc > 0, "the test sends tagged and PFC frames");
    }

    /** Every frame of a capture file, each with its own copy of the bytes; the file must be whole. */
    public static List<Frame> read(Path file) throws IOException {
        List<Frame> read = new ArrayList<>();
        try (CaptureReader reader = CaptureReaders.open(file)) {
            Frame frame;
            while ((frame = reader.next()) != null) {
                byte[] copy = new byte[frame.capturedLength()];
                frame.data().get(0, copy);
                read.add(new Frame(frame.number(), frame.timestampNanos(), frame.originalLength(),
                        frame.linkType(), frame.interfaceId(), frame.fileOffset(), ByteBuffer.wrap(copy)));
            }
            assertNull(reader.problem());
        }
        return read;
    }

    /** Numbers as decimal (tshark prints some in hex), text as it is. */
    private static String normalise(String value) {
        if (value.startsWith("0x")) {
            return Long.toString(Long.parseLong(value.substring(2), 16));
        }
        return value.toLowerCase(Locale.ROOT);
    }
}
