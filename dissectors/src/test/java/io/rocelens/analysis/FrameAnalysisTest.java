package io.rocelens.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.SummaryPipeline;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The per-frame lines of the details tree, on the capture make-violations.py crafts: the expected frames, links and
 * latencies are the script's (violations.json and the script's own timing), not the analyzer's.
 */
class FrameAnalysisTest {

    private static final Path FOLDER = Path.of("src/test/resources/analysis");
    private static JsonNode truth;
    private static FrameAnalysis lookup;

    @BeforeAll
    static void analyse() throws IOException {
        truth = new ObjectMapper().readTree(FOLDER.resolve("violations.json").toFile());
        AnalysisMarks marks = new AnalysisMarks();
        RoceAnalyzer analyzer = new RoceAnalyzer(AnalysisOptions.defaults(), marks);
        try (CaptureReader reader = CaptureReaders.open(FOLDER.resolve("violations.pcap"))) {
            SummaryPipeline.forThisMachine(DissectorOptions.defaults()).run(reader, Long.MAX_VALUE, analyzer::accept);
        }
        lookup = FrameAnalysis.of(analyzer.result(), marks);
    }

    private static List<String> texts(long frame) {
        return lookup.lines(frame).stream().map(FrameAnalysis.Line::text).toList();
    }

    private static List<Long> links(long frame) {
        return lookup.lines(frame).stream().filter(FrameAnalysis.Line::isLink).map(FrameAnalysis.Line::frame).toList();
    }

    @Test
    void eachRnrRetryLinksToItsNakAndBack() {
        // the script: the WRITE at PSN 12 is answered by an RNR NAK 1 ms after it, and sent again 1 ms after the NAK,
        // three times: the first three retransmissions it lists
        int retries = 0;
        for (JsonNode event : truth.get("events")) {
            if (!event.get("kind").asText().equals("retransmission") || ++retries > 3) {
                continue;
            }
            long again = event.get("frame").asLong();
            long nak = again - 1;
            assertTrue(links(again).contains(nak), again + ": " + texts(again));
            assertTrue(texts(again).contains("[This is a retransmission after the RNR NAK in frame " + nak + "]"),
                    texts(again).toString());
            assertTrue(lookup.lines(again).stream()
                    .anyMatch(l -> l.filter().equals("roce.analysis.nak_to_retx_us == 1000")), texts(again).toString());
            assertTrue(lookup.lines(again).stream().anyMatch(l -> l.severity() == Severity.NOTE
                    && l.group() == ExpertGroup.SEQUENCE && l.filter().equals("roce.analysis.retransmission")
                    && l.text().startsWith("[Expert Info (Note/Sequence): PSN 12 retransmitted")), texts(again).toString());
            assertEquals(List.of(again), links(nak), nak + ": " + texts(nak));
        }
    }

    @Test
    void expertEventsAreShownWithTheirSeverityGroupAndMessage() {
        for (JsonNode event : truth.get("events")) {
            if (event.has("message")) {
                long frame = event.get("frame").asLong();
                EventKind kind = EventKind.valueOf(event.get("kind").asText().toUpperCase(java.util.Locale.ROOT));
                String severity = kind.severity().name().charAt(0) + kind.severity().name().substring(1).toLowerCase();
                String expected = "[Expert Info (" + severity + "/" + kind.group().label() + "): "
                        + event.get("message").asText();    // the script gives the message's start
                assertTrue(texts(frame).stream().anyMatch(text -> text.startsWith(expected)),
                        frame + ": " + texts(frame) + " lacks " + expected);
            }
        }
        assertTrue(texts(12).contains("[Expert Info (Warning/Sequence): "
                + "PSN 12 sent again 3 times in a row: RNR retries (after RNR NAKs)]"), texts(12).toString());
    }

    @Test
    void timedRequestsLinkToTheirAnswers() {
        for (JsonNode timed : truth.get("latency")) {
            String kind = timed.get(1).asText();
            long request = timed.get(2).asLong();
            long answer = timed.get(3).asLong();
            assertTrue(links(request).contains(answer), kind + " " + request + ": " + texts(request));
            assertTrue(links(answer).contains(request), kind + " " + answer + ": " + texts(answer));
            if (kind.equals("ack_rtt")) {
                assertTrue(texts(request).contains("[Acknowledged by frame " + answer + "]"), texts(request).toString());
                assertTrue(texts(request).contains("[ACK round trip: "
                        + Formats.duration(timed.get(4).asLong()) + "]"), texts(request).toString());
            }
        }
        assertTrue(texts(2).contains("[ACK round trip: 10.000 µs]"), texts(2).toString());   // 0.01 ms in the script
    }

    @Test
    void messagePacketsSayTheirNumberPositionAndSize() {
        for (JsonNode packet : truth.get("messages").get("packets")) {
            long frame = packet.get("frame").asLong();
            String position = packet.get("position").asText();
            assertTrue(texts(frame).contains("[Message " + packet.get("number").asLong() + " of its flow, " + position
                    + " packet]"), frame + ": " + texts(frame));
            if (!packet.get("size").isNull()) {
                assertTrue(texts(frame).contains("[Message size: " + packet.get("size").asLong() + " bytes]"),
                        frame + ": " + texts(frame));
            }
        }
    }

    @Test
    void aGapAndItsNakLinkEachOther() throws IOException {
        // tshark -r mixed.pcapng: to QP 0x55 PSN 4101 is frame 59, then 4103 in frame 60 (the gap); the NAK with
        // syndrome 96 (PSN sequence error) for PSN 4102 is frame 63, and 4102 comes again in frame 64
        AnalysisMarks marks = new AnalysisMarks();
        RoceAnalyzer analyzer = new RoceAnalyzer(AnalysisOptions.defaults(), marks);
        try (CaptureReader reader = CaptureReaders.open(Path.of("../sample-captures/mixed.pcapng"))) {
            SummaryPipeline.forThisMachine(DissectorOptions.defaults()).run(reader, Long.MAX_VALUE, analyzer::accept);
        }
        FrameAnalysis mixed = FrameAnalysis.of(analyzer.result(), marks);
        List<String> gap = mixed.lines(60).stream().map(FrameAnalysis.Line::text).toList();
        assertTrue(gap.contains("[The NAK for this gap is frame 63]"), gap.toString());
        assertTrue(gap.stream().anyMatch(t -> t.startsWith("[Expert Info (Warning/Sequence): PSN 4103 ahead of "
                + "expected 4102")), gap.toString());
        List<String> nak = mixed.lines(63).stream().map(FrameAnalysis.Line::text).toList();
        assertTrue(nak.contains("[This NAK answers the PSN gap in frame 60]"), nak.toString());
        assertTrue(nak.contains("[The retransmission answering this NAK is frame 64]"), nak.toString());
        assertTrue(mixed.lines(64).stream().anyMatch(l -> l.frame() == 63), mixed.lines(64).toString());
    }

    @Test
    void quietFramesHaveNoExpertInfoAndUnknownFramesNothing() {
        for (JsonNode quiet : truth.get("quiet_frames")) {
            assertTrue(lookup.lines(quiet.asLong()).stream().noneMatch(l -> l.severity() != null),
                    quiet + ": " + texts(quiet.asLong()));
        }
        assertEquals(List.of(), lookup.lines(truth.get("frames").asLong() + 1));
        assertEquals(List.of(), FrameAnalysis.of(null, null).lines(1));
    }
}
