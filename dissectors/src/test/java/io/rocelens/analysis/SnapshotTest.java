package io.rocelens.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.FastDissector;
import io.rocelens.dissect.PacketSummary;
import io.rocelens.export.CsvExport;
import io.rocelens.export.JsonSummary;
import io.rocelens.testing.Samples;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Results taken in the middle of the pass: each equals the result of a fresh analyzer fed only the frames so far,
 * taking them changes nothing in the final result, and a result taken earlier does not change as the pass goes on.
 * Compared through everything the outputs show: the JSON summary and the four CSV files.
 */
class SnapshotTest {

    @TempDir
    static Path temp;

    static Stream<Arguments> passes() throws IOException {
        Path repeated = Samples.repeated(temp.resolve("samples.pcap"), 2);
        AnalysisOptions few = AnalysisOptions.defaults().withMaxStored(5);
        return Stream.of(
                Arguments.of("mixed.pcapng", Samples.DIRECTORY.resolve("mixed.pcapng"), AnalysisOptions.defaults(), 23),
                Arguments.of("pfc-storm.pcap", Samples.DIRECTORY.resolve("pfc-storm.pcap"),
                        AnalysisOptions.defaults().withStorm(0.2, 1_000_000), 31),
                Arguments.of("incast.pcap, 5 stored", Samples.DIRECTORY.resolve("incast.pcap"), few, 37),
                Arguments.of("pfc-storm.pcap, 5 stored", Samples.DIRECTORY.resolve("pfc-storm.pcap"),
                        few.withStorm(0.2, 1_000_000), 29),
                Arguments.of("samples twice", repeated, AnalysisOptions.defaults(), 577),
                Arguments.of("samples twice, 5 stored", repeated, few, 401));
    }

    private static List<PacketSummary> summaries(Path file) throws IOException {
        List<PacketSummary> all = new ArrayList<>();
        FastDissector dissector = new FastDissector(DissectorOptions.defaults());
        try (CaptureReader reader = CaptureReaders.open(file)) {
            for (Frame f = reader.next(); f != null; f = reader.next()) {
                PacketSummary p = new PacketSummary();
                dissector.summarize(f, p);
                all.add(p);
            }
        }
        return all;
    }

    /** Everything the outputs show of a result. */
    static String outputs(AnalysisResult r) throws IOException {
        StringWriter out = new StringWriter();
        JsonSummary.write(r, out, true);
        CsvExport.writeQps(r, out);
        CsvExport.writePriorities(r, out);
        CsvExport.writePfc(r, out);
        CsvExport.writeEvents(r, out);
        return out.toString();
    }

    private static AnalysisResult fresh(List<PacketSummary> frames, int count, AnalysisOptions options) {
        RoceAnalyzer analyzer = new RoceAnalyzer(options);
        for (int i = 0; i < count; i++) {
            analyzer.accept(frames.get(i));
        }
        return analyzer.result();
    }

    @ParameterizedTest(name = "{0}, every {3} frames")
    @MethodSource("passes")
    void eachSnapshotIsTheAnalysisOfThePrefixAndTheEndIsUnchanged(String name, Path file, AnalysisOptions options,
                                                                  int every) throws IOException {
        List<PacketSummary> frames = summaries(file);
        RoceAnalyzer analyzer = new RoceAnalyzer(options);
        List<AnalysisResult> taken = new ArrayList<>();
        List<String> shownWhenTaken = new ArrayList<>();
        for (int i = 0; i < frames.size(); i++) {
            analyzer.accept(frames.get(i));
            if ((i + 1) % every == 0) {
                AnalysisResult snapshot = analyzer.result();
                String shown = outputs(snapshot);
                assertEquals(outputs(fresh(frames, i + 1, options)), shown, name + ": snapshot after " + (i + 1));
                taken.add(snapshot);
                shownWhenTaken.add(shown);
            }
        }
        AnalysisResult end = analyzer.result();
        assertEquals(outputs(fresh(frames, frames.size(), options)), outputs(end), name + ": the end");
        assertEquals(outputs(end), outputs(analyzer.result()), name + ": asked twice");
        for (int k = 0; k < taken.size(); k++) {
            assertEquals(shownWhenTaken.get(k), outputs(taken.get(k)), name + ": snapshot " + k + " changed later");
        }
        assertTrue(taken.size() >= frames.size() / every);
    }
}
