package io.rocelens.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A mirrored capture analyses to the numbers of the plain one: each scenario is generated as it is, with the truth of
 * what was written (the generator's bookkeeping, never a decoding), and again with each {@code --encap}; {@code analyze
 * --json} of the encapsulated file must equal the plain truth on every key: flows, PSN gaps, bytes (the inner frames'
 * lengths), priorities (inner PCP or DSCP), PFC, ICRCs.
 */
class EncapsulatedAnalysisTest {

    private static final List<String> SCENARIOS = List.of(
            "mixed --seed 1",
            "incast --packets 700 --qps 12 --seed 2",
            "pfc-storm --packets 800 --seed 3",
            "extended-opcodes --seed 1",
            "bulk --packets 3000 --qps 40 --seed 4");

    static Stream<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        for (String scenario : SCENARIOS) {
            for (String encap : List.of("gre", "erspan2", "erspan3", "vxlan")) {
                cases.add(Arguments.of(scenario, encap));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} --encap {1}")
    @MethodSource("cases")
    void mirroredCaptureAnalysesAsThePlainOne(String scenario, String encap, @TempDir Path dir) throws IOException {
        Path plainTruth = dir.resolve("plain.json");
        generate(scenario, dir.resolve("plain.pcap"), "--truth", plainTruth.toString());
        Path mirrored = dir.resolve("mirrored.pcapng");
        generate(scenario, mirrored, "--encap", encap);

        ObjectNode truth = (ObjectNode) new ObjectMapper().readTree(plainTruth.toFile());
        List<String> differences = AnalysisMatchesTruthTest.differences(mirrored, truth, dir);
        assertTrue(differences.isEmpty(), String.join("\n", differences));
    }

    /**
     * Cut to 192 bytes (a header-only capture of 128 bytes, plus room for the outer headers), the frames keep every
     * header but fewer ICRCs can be checked: the capture's own truth says which.
     */
    @ParameterizedTest(name = "mixed --snaplen 192 --encap {0}")
    @MethodSource("encapsulations")
    void headerOnlyMirrorAnalysesAsItsTruthSays(String encap, @TempDir Path dir) throws IOException {
        Path truthFile = dir.resolve("truth.json");
        Path mirrored = dir.resolve("mirrored.pcap");
        generate("mixed --snaplen 192 --seed 1", mirrored, "--encap", encap, "--truth", truthFile.toString());

        ObjectNode truth = (ObjectNode) new ObjectMapper().readTree(truthFile.toFile());
        assertEquals(encap, truth.get("generator").get("encap").asText());
        List<String> differences = AnalysisMatchesTruthTest.differences(mirrored, truth, dir);
        assertTrue(differences.isEmpty(), String.join("\n", differences));
    }

    @org.junit.jupiter.api.Test
    void theSummarySaysHowTheFramesCame() {
        CommandRunner run = CommandRunner.run("analyze", "../sample-captures/mixed-erspan3.pcapng");
        assertEquals(0, run.status(), run.err());
        assertTrue(run.out().contains("\nEncapsulated: 401 frames (roce.encap == erspan3), analysed as captured at the"
                + " mirror source\n"), run.out());
        CommandRunner plain = CommandRunner.run("analyze", "../sample-captures/mixed.pcapng");
        assertTrue(!plain.out().contains("Encapsulated"), plain.out());
    }

    static Stream<String> encapsulations() {
        return Stream.of("gre", "erspan2", "erspan3", "vxlan");
    }

    static void generate(String scenario, Path output, String... more) {
        List<String> args = new ArrayList<>(List.of("generate"));
        args.addAll(List.of(scenario.split(" ")));
        args.addAll(List.of("-o", output.toString()));
        args.addAll(List.of(more));
        CommandRunner run = CommandRunner.run(args.toArray(String[]::new));
        assertEquals(0, run.status(), run.err());
    }
}
