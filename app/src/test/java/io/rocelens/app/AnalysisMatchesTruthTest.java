package io.rocelens.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code rocelens analyze --json} equals the generator's truth file on every key they share, for every sample
 * capture. The truth comes from the generator's bookkeeping of what it wrote, never from decoding the file.
 */
class AnalysisMatchesTruthTest {

    private static final Path SAMPLES = Path.of("../sample-captures");
    /** paused_us is a sum of quanta × 5.12 ns products; the two sides add them in different orders. */
    private static final double TOLERANCE = 1e-3;

    static Stream<Path> samples() throws IOException {
        try (Stream<Path> files = Files.list(SAMPLES)) {
            return files.filter(f -> f.toString().endsWith(".pcap") || f.toString().endsWith(".pcapng"))
                    .sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("samples")
    void analysisEqualsTruth(Path capture) throws IOException {
        Path truthFile = SAMPLES.resolve(capture.getFileName().toString().replaceFirst("\\.pcap(ng)?$", ".json"));
        ObjectMapper mapper = new ObjectMapper();
        JsonNode truth = mapper.readTree(truthFile.toFile());
        CommandRunner run = CommandRunner.run("analyze", "--json", capture.toString());
        assertEquals(0, run.status(), run.err());
        JsonNode analysis = mapper.readTree(run.out());
        List<String> differences = new ArrayList<>();
        int compared = compare("", analysis, truth, differences);
        assertTrue(compared > 100, "only " + compared + " values shared");
        assertTrue(differences.isEmpty(), String.join("\n", differences));
    }

    private static int compare(String path, JsonNode ours, JsonNode truth, List<String> differences) {
        if (truth.isObject()) {
            int compared = 0;
            for (Iterator<Map.Entry<String, JsonNode>> it = truth.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> entry = it.next();
                if (ours.has(entry.getKey())) {
                    compared += compare(path + "." + entry.getKey(), ours.get(entry.getKey()), entry.getValue(), differences);
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
