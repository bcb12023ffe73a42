package io.rocelens.app.gui.stats;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocelens.analysis.AnalysisMarks;
import io.rocelens.analysis.AnalysisOptions;
import io.rocelens.analysis.AnalysisResult;
import io.rocelens.app.Main;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.PacketSummary;
import io.rocelens.dissect.SummaryPipeline;
import io.rocelens.filter.DisplayFilter;
import io.rocelens.filter.FilterException;
import io.rocelens.index.PacketIndex;
import io.rocelens.load.CaptureLoad;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The sample captures, analysed as the window's loading pass does it, with the generator's truth beside them and
 * the command line's outputs to compare with.
 */
public final class Samples {

    public static final Path FOLDER = Path.of("../sample-captures");
    public static final Path MIXED = FOLDER.resolve("mixed.pcapng");
    public static final Path INCAST = FOLDER.resolve("incast.pcap");
    public static final Path PFC_STORM = FOLDER.resolve("pfc-storm.pcap");

    /** A capture analysed with the default preferences, and its packet index. */
    public static record Loaded(AnalysisResult analysis, PacketIndex index, AnalysisMarks marks) {
    }

    private Samples() {
    }

    public static Loaded load(Path capture) throws IOException {
        return load(capture, AnalysisOptions.defaults());
    }

    public static Loaded load(Path capture, AnalysisOptions options) throws IOException {
        try (CaptureLoad load = CaptureLoad.open(List.of(capture), new CaptureLoad.Options(options, true, Long.MAX_VALUE),
                SummaryPipeline.withWorkers(DissectorOptions.defaults(), 1), CaptureLoad.Listener.NONE)) {
            AnalysisResult result = load.run().analysis();
            return new Loaded(result, load.index(), load.marks());
        }
    }

    /** The numbers of the indexed frames a display filter passes, read from the index alone. */
    public static List<Long> framesPassing(PacketIndex index, String filter) throws FilterException {
        DisplayFilter compiled = DisplayFilter.compile(filter);
        assertTrue(compiled.usesOnly(PacketIndex::indexes), filter);
        List<Long> frames = new ArrayList<>();
        PacketSummary summary = new PacketSummary();
        for (int row = 0; row < index.size(); row++) {
            index.fill(row, summary);
            if (compiled.matches(summary, null, () -> null)) {
                frames.add(summary.number);
            }
        }
        return frames;
    }

    /** The generator's truth file of a sample capture. */
    public static JsonNode truth(Path capture) throws IOException {
        return new ObjectMapper().readTree(FOLDER.resolve(capture.getFileName().toString()
                .replaceFirst("\\.pcap(ng)?$", ".json")).toFile());
    }

    /** Runs the command line in this JVM; its standard output (it must succeed). */
    public static synchronized String cli(String... args) {
        PrintStream saved = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            int status = Main.run(args);
            if (status != 0) {
                throw new AssertionError("rocelens " + String.join(" ", args) + " exited with " + status);
            }
        } finally {
            System.setOut(saved);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    public static JsonNode cliJson(String... args) throws IOException {
        return new ObjectMapper().readTree(cli(args));
    }
}
