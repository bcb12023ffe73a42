package io.rocelens.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.PacketSummary;
import io.rocelens.dissect.SummaryPipeline;
import io.rocelens.export.CsvExport;
import io.rocelens.export.JsonSummary;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * A capture analysed in parts (by pair of hosts, the other frames in a part of their own), the parts' results sent
 * through {@link ResultCodec} and merged, gives every output of one {@link RoceAnalyzer} pass: the JSON summary, the
 * per-QP, priority and PFC CSVs character for character, the events as the same set of lines (events with equal
 * timestamps may come in another order).
 */
class PartialAnalysisTest {

    private static final Path SAMPLES = Path.of("../sample-captures");
    private static final List<String> CAPTURES = List.of("mixed.pcapng", "incast.pcap", "pfc-storm.pcap",
            "extended-opcodes.pcap", "mixed-erspan3.pcapng", "mixed-headers-only.pcap");

    /** One pass, as {@code rocelens analyze} makes it. */
    private static AnalysisResult whole(Path file, AnalysisOptions options) throws IOException {
        RoceAnalyzer analyzer = new RoceAnalyzer(options);
        try (CaptureReader reader = CaptureReaders.open(file)) {
            SummaryPipeline.withWorkers(DissectorOptions.defaults(), 1).run(reader, Long.MAX_VALUE, analyzer::accept);
        }
        return analyzer.result();
    }

    /** The part of a frame: 0 for frames of no flow, else 1 + the unordered host pair's hash modulo parts - 1. */
    private static int part(PacketSummary p, int parts) {
        if (!p.isRoce()) {
            return 0;
        }
        long a = p.ipSrcHi * 31 + p.ipSrcLo;
        long b = p.ipDstHi * 31 + p.ipDstLo;
        return 1 + (int) Math.floorMod(Math.min(a, b) * 1_000_003 + Math.max(a, b), (long) parts - 1);
    }

    private static AnalysisResult inParts(Path file, AnalysisOptions options, int parts) throws IOException {
        long[] bounds = {Long.MIN_VALUE, Long.MIN_VALUE};
        SummaryPipeline pipeline = SummaryPipeline.withWorkers(DissectorOptions.defaults(), 1);
        try (CaptureReader reader = CaptureReaders.open(file)) {
            pipeline.run(reader, Long.MAX_VALUE, p -> {
                if (bounds[0] == Long.MIN_VALUE) {
                    bounds[0] = p.timestampNanos;
                }
                bounds[1] = Math.max(bounds[1], p.timestampNanos);
            });
        }
        PartialAnalysis[] analyses = new PartialAnalysis[parts];
        for (int i = 0; i < parts; i++) {
            // every other part learns the capture's end only when its result is taken
            analyses[i] = i % 2 == 0 ? new PartialAnalysis(options, bounds[0], bounds[1])
                    : new PartialAnalysis(options, bounds[0]);
        }
        try (CaptureReader reader = CaptureReaders.open(file)) {
            pipeline.run(reader, Long.MAX_VALUE, p -> analyses[part(p, parts)].accept(p));
        }
        List<AnalysisResult> results = new ArrayList<>();
        // merged from the last part to the first: any order gives the same outputs
        for (int i = parts - 1; i >= 0; i--) {
            AnalysisResult result = i % 2 == 0 ? analyses[i].result() : analyses[i].result(bounds[1]);
            results.add(ResultCodec.decode(ResultCodec.encode(result)));
        }
        return PartialAnalysis.merge(results);
    }

    private interface Output {
        void write(AnalysisResult r, StringWriter out) throws IOException;
    }

    private static String text(AnalysisResult r, Output output) throws IOException {
        StringWriter out = new StringWriter();
        output.write(r, out);
        return out.toString();
    }

    private static List<String> sortedLines(String text) {
        List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n")));
        lines.sort(null);
        return lines;
    }

    @Test
    void partsMergedGiveTheOnePassOutputs() throws IOException {
        for (String name : CAPTURES) {
            Path file = SAMPLES.resolve(name);
            AnalysisOptions options = AnalysisOptions.defaults();
            AnalysisResult one = whole(file, options);
            for (int parts : new int[] {2, 3, 7}) {
                AnalysisResult merged = inParts(file, options, parts);
                String what = name + " in " + parts + " parts";
                assertEquals(text(one, (r, o) -> JsonSummary.write(r, o, true)),
                        text(merged, (r, o) -> JsonSummary.write(r, o, true)), what);
                assertEquals(text(one, CsvExport::writeQps), text(merged, CsvExport::writeQps), what);
                assertEquals(text(one, CsvExport::writePriorities), text(merged, CsvExport::writePriorities), what);
                assertEquals(text(one, CsvExport::writePfc), text(merged, CsvExport::writePfc), what);
                assertEquals(sortedLines(text(one, CsvExport::writeEvents)),
                        sortedLines(text(merged, CsvExport::writeEvents)), what);
                assertEquals(sortedLines(text(one, CsvExport::writeLatency)),
                        sortedLines(text(merged, CsvExport::writeLatency)), what);
            }
        }
    }

    @Test
    void beyondTheBoundTheEarliestAreKeptAsInOnePass() throws IOException {
        for (String name : CAPTURES) {
            Path file = SAMPLES.resolve(name);
            // few enough that most captures store fewer events and exchanges than they have
            AnalysisOptions options = AnalysisOptions.defaults().withMaxStored(7);
            AnalysisResult one = whole(file, options);
            AnalysisResult merged = inParts(file, options, 3);
            assertEquals(text(one, (r, o) -> JsonSummary.write(r, o, true)),
                    text(merged, (r, o) -> JsonSummary.write(r, o, true)), name);
            assertEquals(sortedLines(text(one, CsvExport::writeEvents)),
                    sortedLines(text(merged, CsvExport::writeEvents)), name);
            assertEquals(sortedLines(text(one, CsvExport::writeLatency)),
                    sortedLines(text(merged, CsvExport::writeLatency)), name);
            assertEquals(text(one, CsvExport::writePfc), text(merged, CsvExport::writePfc), name);
        }
    }

    @Test
    void theCodecKeepsEveryOutput() throws IOException {
        for (String name : CAPTURES) {
            AnalysisOptions options = AnalysisOptions.defaults().withEts(new double[] {0.5, 0, 0, 0.3, 0, 0.2, 0, 0});
            AnalysisResult r = whole(SAMPLES.resolve(name), options);
            AnalysisResult back = ResultCodec.decode(ResultCodec.encode(r));
            for (Output output : List.<Output>of((x, o) -> JsonSummary.write(x, o, false), CsvExport::writeQps,
                    CsvExport::writePriorities, CsvExport::writePfc, CsvExport::writeEvents, CsvExport::writeLatency)) {
                assertEquals(text(r, output), text(back, output), name);
            }
            assertEquals(r.options(), back.options());
            assertEquals(r.nakLinks(), back.nakLinks());
            assertEquals(r.cnpLinks(), back.cnpLinks());
            assertEquals(r.rates(), back.rates());
            assertEquals(r.ratesGivenUp(), back.ratesGivenUp());
            assertEquals(r.storms(), back.storms());
        }
    }

    @Test
    void thePartsBoundariesAreCountedNowhere() throws IOException {
        PartialAnalysis empty = new PartialAnalysis(AnalysisOptions.defaults(), 1_000, 2_000);
        AnalysisResult r = empty.result();
        assertEquals(0, r.packets());
        assertTrue(r.notDissected().isEmpty());
        assertThrows(IllegalStateException.class, () -> empty.accept(new PacketSummary()));
        PartialAnalysis noEnd = new PartialAnalysis(AnalysisOptions.defaults(), 1_000);
        assertThrows(IllegalStateException.class, noEnd::result);
        assertEquals(0, noEnd.result(2_000).packets());
    }
}
