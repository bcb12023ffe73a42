package io.rocelens.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocelens.analysis.AnalysisMarks;
import io.rocelens.analysis.AnalysisOptions;
import io.rocelens.analysis.RoceAnalyzer;
import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.PacketSummary;
import io.rocelens.dissect.SummaryPipeline;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code roce.msg.*} on the capture make-violations.py crafts with scapy: its JSON lists, for each packet of the
 * messages it built, the message's number within its flow, the packet's position and the message's size, as the
 * script counted them; the duplicate and the READ requests belong to no message.
 */
class MessageFieldsTest {

    private static final Path FOLDER = Path.of("src/test/resources/analysis");

    @Test
    void messagesAreNumberedSizedAndPlacedAsBuilt() throws IOException, FilterException {
        JsonNode built = new ObjectMapper().readTree(FOLDER.resolve("violations.json").toFile()).get("messages");
        AnalysisMarks marks = new AnalysisMarks();
        RoceAnalyzer analyzer = new RoceAnalyzer(AnalysisOptions.defaults(), marks);
        List<PacketSummary> frames = new ArrayList<>();
        try (CaptureReader reader = CaptureReaders.open(FOLDER.resolve("violations.pcap"))) {
            SummaryPipeline.forThisMachine(DissectorOptions.defaults()).run(reader, Long.MAX_VALUE, summary -> {
                analyzer.accept(summary);
                PacketSummary copy = new PacketSummary();
                copy.clear();
                copy.number = summary.number;
                copy.kinds = summary.kinds;
                frames.add(copy);
            });
        }
        analyzer.result();
        long firstBuilt = built.get("packets").get(0).get("frame").asLong();
        List<Long> numbered = new ArrayList<>();
        for (JsonNode packet : built.get("packets")) {
            long frame = packet.get("frame").asLong();
            numbered.add(frame);
            String filter = "roce.msg.number == " + packet.get("number").asLong()
                    + " && roce.msg.position == " + packet.get("position").asText()
                    + (packet.get("size").isNull() ? " && !roce.msg.size" : " && roce.msg.size == " + packet.get("size").asLong());
            assertEquals(List.of(frame), matching(filter, frames, marks).stream().filter(f -> f == frame).toList(),
                    "frame " + frame + ": " + filter);
        }
        assertEquals(numbered, matching("roce.msg.number", frames, marks).stream().filter(f -> f >= firstBuilt).toList());
        for (JsonNode frame : built.get("unnumbered")) {
            assertTrue(!matching("roce.msg.position", frames, marks).contains(frame.asLong()), frame.asText());
        }
        // value names and numbers are the same: first 1, middle 2, last 3, only 4
        assertEquals(matching("roce.msg.position == 3", frames, marks), matching("roce.msg.position == last", frames, marks));
    }

    private static List<Long> matching(String filter, List<PacketSummary> frames, AnalysisMarks marks)
            throws FilterException {
        DisplayFilter compiled = DisplayFilter.compile(filter);
        return frames.stream().filter(p -> compiled.matches(p, marks, () -> null)).map(p -> p.number).toList();
    }
}
