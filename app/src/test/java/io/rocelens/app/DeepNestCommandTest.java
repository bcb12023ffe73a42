package io.rocelens.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Frames nested hundreds of times in GRE and VXLAN (the committed deep-nest.pcap: plain, 700 × GRE, 130 × GRE with
 * Ethernet, 300 × VXLAN, 10 × GRE, plain) no longer end every command with a stack overflow: each command reads the
 * whole file, the three deep frames are malformed with the reason, the others decode.
 */
class DeepNestCommandTest {

    private static final String CAPTURE =
            Path.of("../dissectors/src/test/resources/tshark/encap/deep-nest.pcap").toString();

    @Test
    void decodePrintsEveryFrame() {
        CommandRunner run = CommandRunner.run("decode", CAPTURE);
        assertEquals(0, run.status(), run.err());
        assertEquals(6, run.out().lines().count(), run.out());
        assertEquals(3, run.out().lines().filter(l -> l.contains("more than 500 nested protocol layers")).count(),
                run.out());
        assertTrue(run.out().lines().skip(5).findFirst().orElseThrow().contains("QP=0x000011"), run.out());
    }

    @Test
    void decodeJsonIsValidJson() throws Exception {
        CommandRunner run = CommandRunner.run("decode", CAPTURE, "--json", "--positions");
        assertEquals(0, run.status(), run.err());
        JsonNode frames = new ObjectMapper().readTree(run.out());
        assertEquals(6, frames.size());
        int malformed = 0;
        for (JsonNode frame : frames) {
            for (JsonNode layer : frame.get("layers")) {
                if (layer.get("layer").asText().equals("malformed")) {
                    malformed++;
                }
            }
        }
        assertEquals(3, malformed);
    }

    @Test
    void analyzeCountsEveryFrame() throws Exception {
        CommandRunner run = CommandRunner.run("analyze", CAPTURE, "--json");
        assertEquals(0, run.status(), run.err());
        JsonNode result = new ObjectMapper().readTree(run.out());
        assertEquals(6, result.get("packets").asLong(), run.out());
        assertEquals(3, result.get("malformed").asLong(), run.out());
    }
}
