package io.rocelens.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code rocelens analyze --json} equals the generator's truth file on every key of the truth file, for every sample
 * capture; a key missing from the analysis is a difference. The truth comes from the generator's bookkeeping of what
 * it wrote, never from decoding the file. Three truth keys are not in the JSON summary: {@code generator} (how the
 * file was made), and the frame lists {@code icrc_bad_frames} and {@code malformed_frames}, which are checked against
 * the frames of the analysis's expert events ({@code --events-csv}) instead.
 */
class AnalysisMatchesTruthTest {

    private static final Path SAMPLES = Path.of("../sample-captures");
    /** paused_us is a sum of quanta × 5.12 ns products; the two sides add them in different orders. */
    private static final double TOLERANCE = 1e-3;
    /** Truth key → the expert event kind whose frames it lists. */
    private static final Map<String, String> FRAME_LISTS = Map.of("icrc_bad_frames", "icrc_bad",
            "malformed_frames", "malformed");
    /**
     * Truth keys that describe how the file was made, not what is in it, or that analyze does not print (each
     * duplicate's earlier frame is a line of the details tree: DuplicateLinkTest).
     */
    private static final Set<String> NOT_ANALYSED = Set.of("generator", "duplicate_frames");

    static Stream<Path> samples() throws IOException {
        try (Stream<Path> files = Files.list(SAMPLES)) {
            return files.filter(f -> f.toString().endsWith(".pcap") || f.toString().endsWith(".pcapng"))
                    .sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("samples")
    void analysisEqualsTruth(Path capture, @TempDir Path temp) throws IOException {
        Path truthFile = SAMPLES.resolve(capture.getFileName().toString().replaceFirst("\\.pcap(ng)?$", ".json"));
        List<String> differences = differences(capture, (ObjectNode) new ObjectMapper().readTree(truthFile.toFile()), temp);
        assertTrue(differences.isEmpty(), String.join("\n", differences));
    }

    /**
     * Where {@code rocelens analyze --json} of the capture differs from the truth (which this changes), after checking
     * that more than 100 values were compared.
     */
    static List<String> differences(Path capture, ObjectNode truth, Path temp) throws IOException {
        ObjectMapper mapper = new ObjectMapper();
        Path events = temp.resolve("events.csv");
        CommandRunner run = CommandRunner.run("analyze", "--json", capture.toString(), "--events-csv", events.toString());
        assertEquals(0, run.status(), run.err());
        JsonNode analysis = mapper.readTree(run.out());
        List<String> differences = new ArrayList<>();
        int compared = 0;
        for (Map.Entry<String, String> list : FRAME_LISTS.entrySet()) {
            List<Long> expected = new ArrayList<>();
            truth.remove(list.getKey()).forEach(frame -> expected.add(frame.asLong()));
            List<Long> found = eventFrames(events, list.getValue());
            if (!expected.equals(found)) {
                differences.add(list.getKey() + ": frames " + found + " in the events, truth " + expected);
            }
            compared++;
        }
        NOT_ANALYSED.forEach(truth::remove);
        compared += compare("", analysis, truth, differences);
        assertTrue(compared > 100, "only " + compared + " values shared");
        return differences;
    }

    private static List<Long> eventFrames(Path eventsCsv, String kind) throws IOException {
        try (CSVParser rows = CSVParser.parse(eventsCsv, StandardCharsets.UTF_8,
                CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get())) {
            return rows.stream().filter(row -> row.get("kind").equals(kind)).map(row -> Long.parseLong(row.get("frame")))
                    .toList();
        }
    }

    private static int compare(String path, JsonNode ours, JsonNode truth, List<String> differences) {
        if (truth.isObject()) {
            int compared = 0;
            for (Iterator<Map.Entry<String, JsonNode>> it = truth.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> entry = it.next();
                if (ours.has(entry.getKey())) {
                    compared += compare(path + "." + entry.getKey(), ours.get(entry.getKey()), entry.getValue(), differences);
                } else {
                    differences.add(path + "." + entry.getKey() + ": missing from the analysis, truth "
                            + entry.getValue());
                }
            }
            return compared;
        }
        if (truth.isArray()) {
            if (ours.size() != truth.size()) {
                differences.add(path + ": " + ours.size() + " elements, truth has " + truth.size());
                return 1;
            }
            int compared = 0;
            for (int i = 0; i < truth.size(); i++) {
                compared += compare(path + "[" + i + "]", ours.get(i), truth.get(i), differences);
            }
            return compared;
        }
        boolean same = truth.isNumber() && ours.isNumber()
                ? Math.abs(truth.asDouble() - ours.asDouble()) <= TOLERANCE
                : truth.equals(ours);
        if (!same) {
            differences.add(path + ": " + ours + ", truth " + truth);
        }
        return 1;
    }
}
