package io.rocelens.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocelens.analysis.AnalysisMarks;
import io.rocelens.analysis.AnalysisOptions;
import io.rocelens.analysis.AnalysisResult;
import io.rocelens.analysis.RoceAnalyzer;
import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.PacketSummary;
import io.rocelens.dissect.SummaryPipeline;
import io.rocelens.export.JsonSummary;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The marks come from the pass that makes the counts: on every sample capture, the frames each
 * {@code roce.analysis.*} filter selects are as many as the matching {@code analyze --json} counter says, and
 * {@code roce.flow} puts each RoCE frame on the per-QP row whose packets it counts.
 */
class AnalysisMarksTest {

    private static final Map<String, String> COUNTERS = Map.of(
            "roce.analysis.psn_gap", "psn_gaps",
            "roce.analysis.retransmission", "retransmitted",
            "roce.analysis.duplicate", "duplicates",
            "roce.analysis.out_of_order", "out_of_order",
            "roce.analysis.nak", "naks",
            "roce.analysis.rnr_nak", "rnr_naks",
            "roce.analysis.cnp", "cnps",
            "roce.analysis.ecn_ce", "ecn_ce",
            "roce.analysis.icrc_bad", "icrc_bad",
            "roce.analysis.malformed", "malformed");

    static Stream<Path> captures() throws IOException {
        try (Stream<Path> files = Files.list(Path.of("../sample-captures"))) {
            return files.filter(p -> p.toString().endsWith(".pcap") || p.toString().endsWith(".pcapng")).sorted()
                    .toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("captures")
    void marksCountWhatAnalyzeCounts(Path capture) throws IOException, FilterException {
        AnalysisMarks marks = new AnalysisMarks();
        RoceAnalyzer analyzer = new RoceAnalyzer(AnalysisOptions.defaults(), marks);
        List<PacketSummary> frames = new ArrayList<>();
        try (CaptureReader reader = CaptureReaders.open(capture)) {
            SummaryPipeline.forThisMachine(DissectorOptions.defaults()).run(reader, Long.MAX_VALUE, summary -> {
                analyzer.accept(summary);
                frames.add(copy(summary));
            });
        }
        AnalysisResult result = analyzer.result();
        StringWriter text = new StringWriter();
        JsonSummary.write(result, text, false);
        JsonNode json = new ObjectMapper().readTree(text.toString());

        for (Map.Entry<String, String> counter : COUNTERS.entrySet()) {
            assertEquals(json.get(counter.getValue()).asLong(), count(counter.getKey(), frames, marks),
                    capture.getFileName() + " " + counter.getKey());
        }
        assertEquals(json.get("nak_retransmit").get("answered").asLong(),
                count("roce.analysis.nak_to_retx_us >= 0", frames, marks));
        assertEquals(json.get("cnp_ce").get("with_ce").asLong(), count("roce.analysis.ce_to_cnp_us >= 0", frames, marks));

        long xoff = 0;
        long xon = 0;
        for (JsonNode priority : iterable(json.get("pfc"))) {
            xoff += priority.get("xoff").asLong();
            xon += priority.get("xon").asLong();
        }
        assertEquals(xoff, enabledPriorities(frames, marks, AnalysisMarks.PFC_XOFF, true));
        assertEquals(xon, enabledPriorities(frames, marks, AnalysisMarks.PFC_XON, false));

        long skipped = 0;
        DisplayFilter gaps = DisplayFilter.compile("roce.analysis.psn_gap");
        for (PacketSummary p : frames) {
            if (gaps.matches(p, marks, () -> null)) {
                skipped += marks.missing(p.number);
            }
        }
        assertEquals(json.get("missing_psns").asLong(), skipped - json.get("out_of_order").asLong(),
                "missing at the end = skipped at gaps - filled in later");

        JsonNode qps = json.get("qps");
        long[] perRow = new long[qps.size() + 1];
        for (PacketSummary p : frames) {
            int row = marks.flow(p);
            if (row > 0) {
                perRow[row]++;
                JsonNode qp = qps.get(row - 1);
                assertEquals(Integer.parseInt(qp.get("dst_qp").asText().substring(2), 16), p.destQp);
            }
        }
        for (int row = 1; row <= qps.size(); row++) {
            assertEquals(qps.get(row - 1).get("packets").asLong(), perRow[row], "packets of QP CSV row " + row);
            assertEquals(perRow[row], count("roce.flow == " + row, frames, marks));
        }
        assertTrue(json.get("packets").asLong() > 0);
    }

    private static long count(String filter, List<PacketSummary> frames, AnalysisMarks marks) throws FilterException {
        DisplayFilter compiled = DisplayFilter.compile(filter);
        return frames.stream().filter(p -> compiled.matches(p, marks, () -> null)).count();
    }

    /** Per frame with the mark, the enabled priorities paused (XOFF) or resumed (XON): what the PFC counters add. */
    private static long enabledPriorities(List<PacketSummary> frames, AnalysisMarks marks, int mark, boolean pausing) {
        long sum = 0;
        for (PacketSummary p : frames) {
            boolean marked = marks.has(p.number, mark);
            long found = 0;
            for (int priority = 0; p.is(PacketSummary.PFC) && priority < 8; priority++) {
                if ((p.pfcClassEnable & (1 << priority)) != 0 && (p.pfcTime[priority] > 0) == pausing) {
                    found++;
                }
            }
            assertEquals(found > 0, marked, "frame " + p.number);
            sum += found;
        }
        return sum;
    }

    private static Iterable<JsonNode> iterable(JsonNode object) {
        List<JsonNode> values = new ArrayList<>();
        object.elements().forEachRemaining(values::add);
        return values;
    }

    private static PacketSummary copy(PacketSummary from) {
        PacketSummary to = new PacketSummary();
        to.clear();
        to.number = from.number;
        to.kinds = from.kinds;
        to.ipSrcHi = from.ipSrcHi;
        to.ipSrcLo = from.ipSrcLo;
        to.ipDstHi = from.ipDstHi;
        to.ipDstLo = from.ipDstLo;
        to.opcode = from.opcode;
        to.destQp = from.destQp;
        to.dethSrcQp = from.dethSrcQp;     // a UD flow is keyed by its sender's QP too
        to.pfcClassEnable = from.pfcClassEnable;
        System.arraycopy(from.pfcTime, 0, to.pfcTime, 0, 8);
        return to;
    }
}
