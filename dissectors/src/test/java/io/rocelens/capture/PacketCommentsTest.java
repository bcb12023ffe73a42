package io.rocelens.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.analysis.AnalysisOptions;
import io.rocelens.dissect.Dissection;
import io.rocelens.dissect.Dissector;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.Field;
import io.rocelens.dissect.SummaryPipeline;
import io.rocelens.filter.DisplayFilter;
import io.rocelens.load.CaptureLoad;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Packet comments (pcapng {@code opt_comment}) read from enhanced packet blocks, shown as Wireshark's "Packet
 * comments" tree, filtered as {@code frame.comment} and written back by the pcapng writer. The fixture
 * {@code packet-comments.pcapng} is the first 70 frames of the bundled mixed.pcapng ({@code editcap -r mixed.pcapng
 * head.pcapng 1-70}) with comments added by {@code add-comments.py} beside it (two on frame 5, one UTF-8). The
 * expected values are TShark 4.0.17's:
 * <pre>
 * tshark -r packet-comments.pcapng -Y frame.comment -T fields -e frame.number -e frame.comment &gt; packet-comments.tsv
 * tshark -r packet-comments.pcapng -Y FILTER -T fields -e frame.number        (packet-comments-filters.tsv)
 * </pre>
 */
class PacketCommentsTest {

    private static final Path FIXTURE = Path.of("src/test/resources/capture/packet-comments.pcapng");

    /** Frame number → its comments joined by commas, as {@code tshark -T fields} prints several occurrences. */
    private static Map<Long, String> tshark() throws IOException {
        Map<Long, String> expected = new LinkedHashMap<>();
        for (String line : Files.readAllLines(FIXTURE.resolveSibling("packet-comments.tsv"), StandardCharsets.UTF_8)) {
            String[] cells = line.split("\t", 2);
            expected.put(Long.parseLong(cells[0]), cells[1]);
        }
        return expected;
    }

    private static Map<Long, String> commented(CaptureReader reader) throws IOException {
        Map<Long, String> found = new LinkedHashMap<>();
        for (Frame frame = reader.next(); frame != null; frame = reader.next()) {
            if (!frame.comments().isEmpty()) {
                found.put(frame.number(), String.join(",", frame.comments()));
            }
        }
        return found;
    }

    @Test
    void theReaderKeepsEveryCommentAsTsharkShowsThem() throws IOException {
        try (CaptureReader reader = CaptureReaders.open(FIXTURE)) {
            assertEquals(tshark(), commented(reader));
        }
        assertEquals(List.of("needs a look: PSN gap?", "second comment on five"), frameAt(5).comments());
        assertEquals(List.of("NAK — Grüße"), frameAt(63).comments());
    }

    /** The loading pass keeps them in the packet index, for the window's Expert Info, without reading again. */
    @Test
    void theLoadedIndexHoldsTheComments() throws IOException {
        try (CaptureLoad load = CaptureLoad.open(List.of(FIXTURE), new CaptureLoad.Options(AnalysisOptions.defaults(),
                true, Long.MAX_VALUE), SummaryPipeline.forThisMachine(DissectorOptions.defaults()),
                CaptureLoad.Listener.NONE)) {
            load.run();
            Map<Long, String> indexed = new LinkedHashMap<>();
            load.index().comments().forEach((frame, texts) -> indexed.put(frame, String.join(",", texts)));
            assertEquals(tshark(), indexed);
        }
    }

    @Test
    void standardInputAndReadingAgainGiveTheSameComments() throws IOException {
        try (InputStream in = Files.newInputStream(FIXTURE);
             CaptureReader reader = CaptureReaders.open(in, "-")) {
            assertEquals(tshark(), commented(reader));
        }
        Map<Long, String> again = new LinkedHashMap<>();
        try (CaptureReader reader = CaptureReaders.open(FIXTURE); CaptureFile file = CaptureFile.open(FIXTURE)) {
            for (Frame frame = reader.next(); frame != null; frame = reader.next()) {
                Frame read = file.frameAt(frame.fileOffset(), frame.number());
                assertEquals(frame.data(), read.data(), "frame " + frame.number());
                if (!read.comments().isEmpty()) {
                    again.put(read.number(), String.join(",", read.comments()));
                }
            }
        }
        assertEquals(tshark(), again);
    }

    @Test
    void theDetailsStartWithPacketCommentsAsWiresharksTree() throws IOException {
        Dissection five = new Dissector(DissectorOptions.defaults()).dissect(frameAt(5));
        assertEquals("pkt_comment", five.layers().get(0).name());
        assertEquals("Packet comments", five.layers().get(0).title());
        assertEquals(List.of("needs a look: PSN gap?", "second comment on five"),
                five.layers().get(0).fields().stream().map(Field::text).toList());
        assertEquals("frame", five.layers().get(1).name());
        Dissection four = new Dissector(DissectorOptions.defaults()).dissect(frameAt(4));
        assertEquals("frame", four.layers().get(0).name());
    }

    @Test
    void frameCommentFiltersMatchTsharksFrames() throws Exception {
        List<String> lines = Files.readAllLines(FIXTURE.resolveSibling("packet-comments-filters.tsv"),
                StandardCharsets.UTF_8);
        assertEquals(5, lines.size());
        for (String line : lines) {
            String[] cells = line.split("\t", 2);
            DisplayFilter filter = DisplayFilter.compile(cells[0]);
            List<String> matched = new ArrayList<>();
            Dissector dissector = new Dissector(DissectorOptions.defaults());
            try (CaptureReader reader = CaptureReaders.open(FIXTURE)) {
                for (Frame frame = reader.next(); frame != null; frame = reader.next()) {
                    Dissection dissection = dissector.dissect(frame);
                    if (filter.matches(dissection.summary(), null, () -> dissection)) {
                        matched.add(Long.toString(frame.number()));
                    }
                }
            }
            assertEquals(cells[1], String.join(",", matched), cells[0]);
        }
    }

    @Test
    void pcapngKeepsWrittenCommentsAndPcapSaysItCannot(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("out.pcapng");
        String longComment = "é".repeat(40_000);       // 80,000 bytes: cut to a whole character within 65,535
        try (CaptureWriter writer = CaptureWriter.open(out, CaptureFormat.PCAPNG, CaptureWriter.MAX_SNAPLEN)) {
            assertTrue(writer.holdsComments());
            writer.write(1_000, 5, new byte[] {1, 2, 3, 4, 5}, 0, 5, List.of("one", "two words"));
            writer.write(2_000, 3, new byte[] {6, 7, 8}, 0, 3, List.of());
            writer.write(3_000, 2, new byte[] {9, 10}, 0, 2, List.of(longComment));
        }
        try (CaptureReader reader = CaptureReaders.open(out)) {
            Frame first = reader.next();
            assertEquals(List.of("one", "two words"), first.comments());
            assertEquals(ByteBuffer.wrap(new byte[] {1, 2, 3, 4, 5}), first.data());
            Frame second = reader.next();
            assertEquals(List.of(), second.comments());
            assertEquals(2_000, second.timestampNanos());
            Frame third = reader.next();
            assertEquals("é".repeat(32_767), third.comments().get(0));
        }
        try (CaptureWriter pcap = CaptureWriter.open(dir.resolve("out.pcap"), CaptureFormat.PCAP, 65535)) {
            assertFalse(pcap.holdsComments());
        }
    }

    private static Frame frameAt(long number) throws IOException {
        try (CaptureReader reader = CaptureReaders.open(FIXTURE)) {
            for (Frame frame = reader.next(); frame != null; frame = reader.next()) {
                if (frame.number() == number) {
                    return frame;
                }
            }
        }
        throw new AssertionError("no frame " + number);
    }
}
