package io.rocelens.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocelens.capture.CaptureFormat;
import io.rocelens.generate.Generator;
import io.rocelens.generate.Scenario;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code analyze --json}'s {@code congestion} on the generator's dcqcn scenario, against the schedule's own truth
 * (the generator's {@code dcqcn}: bytes it put in each 10 µs bin, CNP frames and times it wrote) and against the
 * schedule's plain numbers: 40, 20 and 10 packets per bin, back to 37 in the 8th bin after the first CNP's.
 */
class DcqcnReactionTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private JsonNode truth;
    private JsonNode analysed;
    private String text;

    private void generateAndAnalyse() throws IOException {
        Path capture = dir.resolve("dcqcn.pcap");
        Path truthFile = dir.resolve("dcqcn.json");
        Generator.generate(new Generator.Options(Scenario.DCQCN, 1, 2, Generator.DEFAULT_LINK_SPEED_BPS, 65_535, 1,
                CaptureFormat.PCAP), capture, truthFile);
        truth = JSON.readTree(Files.readString(truthFile)).get("dcqcn");
        CommandRunner json = CommandRunner.run("analyze", "--json", "--bin-width", "10us", capture.toString());
        assertEquals(0, json.status(), json.err());
        analysed = JSON.readTree(json.out()).get("congestion");
        CommandRunner plain = CommandRunner.run("analyze", "--bin-width", "10us", capture.toString());
        assertEquals(0, plain.status(), plain.err());
        text = plain.out();
    }

    @Test
    void theReactionIsTheSchedules() throws IOException {
        generateAndAnalyse();
        assertEquals(truth.get("bin_width_ns").asLong(), analysed.get("bin_width_ns").asLong());
        assertEquals(truth.get("before_bins").asInt(), analysed.get("before_bins").asInt());
        JsonNode qps = analysed.get("qps");
        assertEquals(1, qps.size(), "only the throttled sender: " + qps);
        JsonNode qp = qps.get(0);
        assertEquals(truth.get("flow").asText(), qp.get("flow").asText());
        assertTrue(qp.get("complete").asBoolean());
        JsonNode expected = truth.get("reactions");
        JsonNode actual = qp.get("reactions");
        assertEquals(expected.size(), actual.size());
        for (int i = 0; i < expected.size(); i++) {
            JsonNode e = expected.get(i);
            JsonNode a = actual.get(i);
            String where = "CNP " + i;
            assertEquals(e.get("cnp_frame").asLong(), a.get("cnp_frame").asLong(), where);
            assertEquals(e.get("before_bps").asDouble(), a.get("before_bps").asDouble(), 1e-6, where);
            assertEquals(e.get("min_after_bps").asDouble(), a.get("min_after_bps").asDouble(), 1e-6, where);
            assertEquals(e.get("recovery_us").isNull(), a.get("recovery_us").isNull(), where);
            if (!e.get("recovery_us").isNull()) {
                assertEquals(e.get("recovery_us").asDouble(), a.get("recovery_us").asDouble(), 1e-9, where);
            }
            assertEquals(e.get("until").asText(), a.get("until").asText(), where);
        }
        assertEquals(2, analysed.get("reactions").asInt());
        assertEquals(1, analysed.get("recovered").asInt());
    }

    /** --rate-csv: A's bytes per 10 µs bin, 40, 20, 30, 37, 40, 10 and 20 packets by the schedule, CNPs in bins 10, 25. */
    @Test
    void theRateCsvHoldsTheSchedule() throws IOException {
        Path capture = dir.resolve("dcqcn.pcap");
        Generator.generate(new Generator.Options(Scenario.DCQCN, 1, 2, Generator.DEFAULT_LINK_SPEED_BPS, 65_535, 1,
                CaptureFormat.PCAP), capture, null);
        Path csv = dir.resolve("rates.csv");
        CommandRunner run = CommandRunner.run("analyze", "--bin-width", "10us", "--rate-csv", csv.toString(),
                capture.toString());
        assertEquals(0, run.status(), run.err());
        java.util.List<String> lines = Files.readAllLines(csv);
        assertEquals("flow,bin_start,bin_start_ns,bytes,bps,cnps", lines.get(0));
        int[] packets = new int[32];
        for (int bin = 0; bin < 32; bin++) {
            packets[bin] = bin <= 10 ? 40 : bin <= 15 ? 20 : bin <= 17 ? 30 : bin == 18 ? 37 : bin <= 25 ? 40
                    : bin <= 28 ? 10 : 20;
        }
        assertEquals(1 + 32, lines.size());
        for (int bin = 0; bin < 32; bin++) {
            String[] cells = lines.get(1 + bin).split(",");
            assertEquals("10.0.0.1 > 10.0.0.2 QP 0x000b01", cells[0]);
            assertEquals(packets[bin] * 1098L, Long.parseLong(cells[3]), "bin " + bin);
            assertEquals(bin == 10 || bin == 25 ? "1" : "0", cells[5], "bin " + bin);
        }
    }

    /** The same numbers from the schedule as written in words: each frame is one 1024-byte RDMA WRITE Only. */
    @Test
    void theNumbersInWords() throws IOException {
        generateAndAnalyse();
        JsonNode reactions = analysed.get("qps").get(0).get("reactions");
        // 14 Ethernet + 20 IPv4 + 8 UDP + 12 BTH + 16 RETH + 1024 payload + 4 ICRC
        long frame = 14 + 20 + 8 + 12 + 16 + 1024 + 4;
        double perPacketPerBin = frame * 8 * 1e9 / 10_000;
        JsonNode first = reactions.get(0);
        assertEquals(40 * perPacketPerBin, first.get("before_bps").asDouble(), 1e-6);
        assertEquals(20 * perPacketPerBin, first.get("min_after_bps").asDouble(), 1e-6);
        // CNP 4.5 µs into bin 10, back to 37 packets in bin 18
        assertEquals(80 - 4.5, first.get("recovery_us").asDouble(), 1e-9);
        assertEquals("next CNP", first.get("until").asText());
        JsonNode second = reactions.get(1);
        assertEquals(40 * perPacketPerBin, second.get("before_bps").asDouble(), 1e-6);
        assertEquals(10 * perPacketPerBin, second.get("min_after_bps").asDouble(), 1e-6);
        assertTrue(second.get("recovery_us").isNull());
        assertEquals("capture end", second.get("until").asText());
        assertTrue(text.contains("DCQCN reaction (10.000 \u00b5s bins): 2 CNPs to 1 QPs; lowest rate after a CNP median "
                + "25 % of the rate before; 1 recovered to 90 % (median 75.500 \u00b5s), 1 not"), text);
    }

    /**
     * {@code --cnp-before-bins 8}: the rate before the second CNP (bin 25) is the mean of bins 17-24 by the schedule,
     * 30, 37 and six times 40 packets; before the first (bin 10) bins 2-9, 40 each, as with 3.
     */
    @Test
    void theRateBeforeIsTakenOverTheBinsAsked() throws IOException {
        Path capture = dir.resolve("dcqcn.pcap");
        Generator.generate(new Generator.Options(Scenario.DCQCN, 1, 2, Generator.DEFAULT_LINK_SPEED_BPS, 65_535, 1,
                CaptureFormat.PCAP), capture, null);
        CommandRunner run = CommandRunner.run("analyze", "--json", "--bin-width", "10us", "--cnp-before-bins", "8",
                capture.toString());
        assertEquals(0, run.status(), run.err());
        JsonNode congestion = JSON.readTree(run.out()).get("congestion");
        assertEquals(8, congestion.get("before_bins").asInt());
        long frame = 14 + 20 + 8 + 12 + 16 + 1024 + 4;
        double perPacketPerBin = frame * 8 * 1e9 / 10_000;
        JsonNode reactions = congestion.get("qps").get(0).get("reactions");
        assertEquals(40 * perPacketPerBin, reactions.get(0).get("before_bps").asDouble(), 1e-6);
        assertEquals((30 + 37 + 6 * 40) / 8.0 * perPacketPerBin, reactions.get(1).get("before_bps").asDouble(), 1e-6);

        CommandRunner none = CommandRunner.run("analyze", "--cnp-before-bins", "0", capture.toString());
        assertEquals(CliSupport.EXIT_UNREADABLE, none.status());
        assertEquals("rocelens: the rate before a CNP is taken over 1-1000 bins: 0", none.err().strip());
    }
}
