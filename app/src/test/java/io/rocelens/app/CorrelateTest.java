package io.rocelens.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocelens.capture.RealCaptures;
import io.rocelens.generate.PathGenerator;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code rocelens correlate} against the truth of {@code rocelens generate --points}: the generator decides, with a
 * random generator of its own, which hop loses, delays, marks, rewrites or holds back each packet and how far each
 * point's clock is off, and counts what it did; the correlation must find exactly that from the captures alone.
 */
class CorrelateTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** HdrHistogram keeps three significant digits: a percentile may be off by that much. */
    private static final double PERCENTILE_TOLERANCE = 1e-3;

    @TempDir
    Path dir;

    /** Generates a path and its truth; returns the truth. */
    private JsonNode generate(String scenario, int points, String clocks, String... effects) throws IOException {
        List<String> args = new ArrayList<>(List.of("generate", scenario, "-o", dir.resolve("path.pcapng").toString(),
                "--points", String.valueOf(points), "--truth", dir.resolve("truth.json").toString()));
        if (clocks != null) {
            args.addAll(List.of("--point-clock", clocks));
        }
        args.addAll(List.of(effects));
        CommandRunner generated = CommandRunner.run(args.toArray(String[]::new));
        assertEquals(0, generated.status(), generated.err());
        return JSON.readTree(dir.resolve("truth.json").toFile());
    }

    private List<String> pointFiles(int points) {
        return IntStream.range(0, points).mapToObj(p -> PathGenerator.pointFile(dir.resolve("path.pcapng"), p)
                .toString()).toList();
    }

    private JsonNode correlate(int points, String... options) throws IOException {
        List<String> args = new ArrayList<>(List.of("correlate", "--json"));
        args.addAll(pointFiles(points));
        args.addAll(List.of(options));
        CommandRunner result = CommandRunner.run(args.toArray(String[]::new));
        assertEquals(0, result.status(), result.err());
        return JSON.readTree(result.out());
    }

    /** Every counter of every hop equal, the delays' extremes equal and their percentiles within HdrHistogram's. */
    private static void assertHopsMatch(JsonNode truth, JsonNode found, long delayTolerance) {
        assertEquals(truth.get("hops").size(), found.get("hops").size());
        long compared = 0;
        for (int i = 0; i < truth.get("hops").size(); i++) {
            JsonNode expected = truth.get("hops").get(i);
            JsonNode actual = found.get("hops").get(i);
            String hop = expected.get("from") + " -> " + expected.get("to");
            for (String counter : List.of("from", "to", "packets", "arrived", "lost", "ce_marked", "dscp_changed",
                    "reordered", "ttl_decremented")) {
                assertEquals(expected.get(counter).asLong(), actual.get(counter).asLong(), hop + " " + counter);
                compared += expected.get(counter).asLong();
            }
            for (String extreme : List.of("min", "max")) {
                assertEquals(expected.get("delay_ns").get(extreme).asDouble(),
                        actual.get("delay_ns").get(extreme).asDouble(), delayTolerance, hop + " delay " + extreme);
            }
            for (String percentile : List.of("p50", "p99")) {
                double value = expected.get("delay_ns").get(percentile).asDouble();
                assertEquals(value, actual.get("delay_ns").get(percentile).asDouble(),
                        value * PERCENTILE_TOLERANCE + delayTolerance, hop + " delay " + percentile);
            }
        }
        assertTrue(compared > 100, "the path carried traffic: " + compared);
    }

    @ParameterizedTest(name = "{0}, {1} points")
    @CsvSource({"mixed,2", "mixed,3", "incast,3", "mixed,5"})
    void withTheClockOffsetsGivenEveryHopIsAsTheGeneratorMadeIt(String scenario, int points) throws IOException {
        List<String> offsets = List.of("0=+0ns", "1=+12.3us", "2=-45us", "3=+1ms", "4=-7us");
        JsonNode truth = generate(scenario, points, String.join(",", offsets.subList(0, points)), "--drop", "0.03",
                "--ce-mark", "0.1", "--dscp-rewrite", "0.02", "--reorder", "0.05");
        List<String> given = new ArrayList<>();
        for (int p = 1; p < points; p++) {
            long offset = truth.get("points").get(p).get("clock_offset_ns").asLong();
            given.add(p + "=" + (offset < 0 ? "-" : "+") + Math.abs(offset) + "ns");
        }
        JsonNode found = correlate(points, "--clock-offset", String.join(",", given));
        assertHopsMatch(truth, found, 0);
        for (int p = 0; p < points; p++) {
            assertEquals(truth.get("points").get(p).get("frames").asLong(), found.get("points").get(p).get("frames")
                    .asLong(), "point " + p + " frames");
        }
    }

    /**
     * The progress the window shows while it correlates: the share of the captures' bytes read, growing, within 0 to 1,
     * told now and then (every 65,536 packets merged) and close to the end by the last time.
     */
    @Test
    void progressGrowsToTheEndOfTheCaptures() throws Exception {
        generate("bulk", 2, null, "--packets", "300000", "--snaplen", "128");
        List<Path> files = pointFiles(2).stream().map(Path::of).toList();
        List<Double> told = new ArrayList<>();
        io.rocelens.correlate.Correlator.run(files, new io.rocelens.correlate.Correlator.Options(10_000_000L,
                io.rocelens.correlate.Correlator.Clock.SYNCHRONISED, null,
                io.rocelens.dissect.DissectorOptions.defaults(), null),
                io.rocelens.correlate.Correlator.JourneyListener.NONE, told::add);
        // about 600,000 sightings at two points: 9 reports
        assertTrue(told.size() >= 8, "told " + told);
        for (int i = 0; i < told.size(); i++) {
            assertTrue(told.get(i) >= 0 && told.get(i) <= 1, "told " + told);
            assertTrue(i == 0 || told.get(i) >= told.get(i - 1), "growing: " + told);
        }
        assertTrue(told.get(told.size() - 1) > 0.8, "close to the end: " + told);
    }

    @Test
    void aMirrorPointInTheMiddleAndRoutedHopsCorrelateAsPlainOnes() throws IOException {
        // the middle point is a switch's ERSPAN type III mirror: the inner frame is the packet
        JsonNode truth = generate("mixed", 3, "1=+3us", "--mirror-point", "1=erspan3", "--routed", "--drop", "0.03",
                "--ce-mark", "0.1");
        JsonNode found = correlate(3, "--clock-offset", "1=+3us");
        assertHopsMatch(truth, found, 0);
        assertTrue(found.get("hops").get(0).get("ttl_decremented").asLong() > 0, "routed hops decrement the TTL");
        assertEquals(1, found.get("hops").get(0).get("max_ttl_decrement").asLong());
    }

    @Test
    void clocksAnHourApartAreEstimatedFromTheMinimumDelaysBothWays() throws IOException {
        JsonNode truth = generate("mixed", 3, "0=+3600s,1=-250us,2=+3ms");
        JsonNode found = correlate(3);
        assertEquals("estimated", found.get("clock").asText());
        for (int p = 1; p < 3; p++) {
            // the NTP estimate is off by half the difference of the fastest packet each way over the hop
            JsonNode forward = truth.get("hops").get(2 * (p - 1)).get("delay_ns");
            JsonNode backward = truth.get("hops").get(2 * (p - 1) + 1).get("delay_ns");
            double error = Math.abs(forward.get("min").asLong() - backward.get("min").asLong()) / 2.0 + 1;
            long expectedOffset = truth.get("points").get(p).get("clock_offset_ns").asLong();
            long previousError = p == 1 ? 0 : Math.abs(found.get("points").get(1).get("clock_offset_ns").asLong()
                    - truth.get("points").get(1).get("clock_offset_ns").asLong());
            assertEquals(expectedOffset, found.get("points").get(p).get("clock_offset_ns").asLong(),
                    error + previousError, "point " + p + " clock offset");
        }
        // an offset off by a nanosecond or two moves delays by as much, never a packet's fate
        assertHopsMatch(truth, found, 4);
    }

    @Test
    void twoNodesOfARealNcclRunSeeEachOthersPacketsAllArrive() throws IOException {
        // Soft-RoCE NCCL ring all-reduce captured on each node (shared real captures). tshark counts in both files
        // 60 RoCE packets 172.30.0.25 (node 0) -> 172.30.0.11 (node 1) and 32 back; each node also talks to node 2,
        // 32 + 60 packets that the other capture cannot see
        CommandRunner result = CommandRunner.run("correlate", "--json",
                RealCaptures.file("rxe-nccl-ring-allreduce-node0.pcap").toString(),
                RealCaptures.file("rxe-nccl-ring-allreduce-node1.pcap").toString());
        assertEquals(0, result.status(), result.err());
        JsonNode found = JSON.readTree(result.out());
        JsonNode forward = found.get("hops").get(0);
        JsonNode backward = found.get("hops").get(1);
        assertEquals(List.of(60L, 60L, 0L), List.of(forward.get("packets").asLong(), forward.get("arrived").asLong(),
                forward.get("lost").asLong()));
        assertEquals(List.of(32L, 32L, 0L), List.of(backward.get("packets").asLong(),
                backward.get("arrived").asLong(), backward.get("lost").asLong()));
        assertEquals(92, found.get("points").get(0).get("seen_only_here").asLong());
        assertEquals(92, found.get("points").get(1).get("seen_only_here").asLong());
        // the estimate makes the fastest packet equally fast both ways
        assertEquals(forward.get("delay_ns").get("min").asLong(), backward.get("delay_ns").get("min").asLong(), 1.0);
    }

    @Test
    void aCaptureCorrelatedWithItselfIsDeliveredWholeWithoutDelay() throws IOException {
        Path sample = Path.of("../sample-captures/mixed.pcapng");
        CommandRunner result = CommandRunner.run("correlate", "--json", sample.toString(), sample.toString());
        assertEquals(0, result.status(), result.err());
        JsonNode found = JSON.readTree(result.out());
        JsonNode forward = found.get("hops").get(0);
        assertEquals(found.get("points").get(0).get("roce_frames").asLong(), forward.get("packets").asLong());
        assertEquals(forward.get("packets").asLong(), forward.get("arrived").asLong());
        assertEquals(0, forward.get("lost").asLong());
        assertEquals(0, forward.get("delay_ns").get("max").asLong());
        assertEquals(0, found.get("points").get(1).get("clock_offset_ns").asLong());
        assertEquals(0, found.get("hops").get(1).get("packets").asLong(), "nothing goes back");
    }

    @Test
    void theJourneysCsvHasARowPerInstanceWithItsFate() throws IOException {
        JsonNode truth = generate("mixed", 3, null, "--drop", "0.05");
        List<String> args = new ArrayList<>(List.of("correlate", "--clock", "sync", "--journeys-csv", "-"));
        args.addAll(pointFiles(3));
        CommandRunner result = CommandRunner.run(args.toArray(String[]::new));
        assertEquals(0, result.status(), result.err());
        List<CSVRecord> rows = CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).get()
                .parse(new StringReader(result.out())).getRecords();
        long lostFirstHop = truth.get("hops").get(0).get("lost").asLong() + truth.get("hops").get(1).get("lost").asLong();
        long lostSecondHop = truth.get("hops").get(2).get("lost").asLong() + truth.get("hops").get(3).get("lost").asLong();
        assertEquals(lostFirstHop, rows.stream().filter(row -> row.get("fate").equals("lost between 0 and 1")
                || row.get("fate").equals("lost between 1 and 0")).count());
        assertEquals(lostSecondHop, rows.stream().filter(row -> row.get("fate").equals("lost between 1 and 2")
                || row.get("fate").equals("lost between 2 and 1")).count());
        long delivered = truth.get("hops").get(2).get("arrived").asLong() + truth.get("hops").get(1).get("arrived")
                .asLong();
        assertEquals(delivered, rows.stream().filter(row -> row.get("fate").equals("delivered")).count());
        CSVRecord whole = rows.stream().filter(row -> row.get("fate").equals("delivered")).findFirst().orElseThrow();
        assertTrue(!whole.get("frame_0").isEmpty() && !whole.get("frame_1").isEmpty() && !whole.get("frame_2").isEmpty(),
                whole.toString());
    }

    @Test
    void aDisplayFilterKeepsItsFlowsAsTheyWereInTheWholePath() throws IOException {
        generate("mixed", 3, null, "--drop", "0.05", "--ce-mark", "0.1");
        JsonNode whole = correlate(3, "--clock", "sync");
        JsonNode filtered = correlate(3, "--clock", "sync", "-Y", "ip.src == 10.0.0.2 && ip.dst == 10.0.0.3");
        List<JsonNode> expected = new ArrayList<>();
        whole.get("flows").forEach(flow -> {
            if (flow.get("flow").asText().matches("10\\.0\\.0\\.2:\\d+ -> 10\\.0\\.0\\.3 .*")) {
                expected.add(flow);
            }
        });
        assertTrue(!expected.isEmpty());
        assertEquals(expected, List.copyOf(filtered.get("flows").findParents("flow")), "the same flows, hop for hop");

        CommandRunner marks = CommandRunner.run("correlate", "-Y", "roce.analysis.retransmission",
                "../sample-captures/mixed.pcapng", "../sample-captures/mixed.pcapng");
        assertEquals(2, marks.status());
        assertEquals("rocelens: -Y: correlate runs no analysis, so roce.analysis.*, roce.flow and udp.stream match "
                + "nothing there",
                marks.err().strip());
    }

    @Test
    void badInputIsOneLine() throws IOException {
        CommandRunner one = CommandRunner.run("correlate", "../sample-captures/mixed.pcapng");
        assertEquals(2, one.status());

        CommandRunner different = CommandRunner.run("correlate", "../sample-captures/mixed.pcapng",
                "../sample-captures/incast.pcap");
        assertEquals(2, different.status(), different.out());
        assertEquals("rocelens: mixed.pcapng and incast.pcap share no RoCE packet among their first 200000: they are"
                + " not captures of the same traffic", different.err().strip());

        CommandRunner missing = CommandRunner.run("correlate", "../sample-captures/mixed.pcapng",
                dir.resolve("nothing.pcap").toString());
        assertEquals(2, missing.status());
        assertEquals("rocelens: " + dir.resolve("nothing.pcap") + ": no such file", missing.err().strip());

        CommandRunner tooMany = CommandRunner.run("generate", "bulk", "--points", "3", "--packets", "2147483647",
                "-o", dir.resolve("huge.pcap").toString());
        assertEquals(2, tooMany.status());
        assertTrue(tooMany.err().startsWith("rocelens generate: --points builds the path in memory: 2147483647 frames"),
                tooMany.err());
        assertTrue(Files.notExists(PathGenerator.pointFile(dir.resolve("huge.pcap"), 0)), "nothing written");

        CommandRunner bothClocks = CommandRunner.run("correlate", "--clock", "sync", "--clock-offset", "1=+1us",
                "../sample-captures/mixed.pcapng", "../sample-captures/mixed.pcapng");
        assertEquals(2, bothClocks.status());
        assertEquals(1, bothClocks.err().lines().count(), bothClocks.err());

        // a capture cut short: what was read is correlated, one line says where it stopped, exit status 1
        generate("mixed", 2, null, "--drop", "0");
        Path whole = PathGenerator.pointFile(dir.resolve("path.pcapng"), 1);
        byte[] bytes = Files.readAllBytes(whole);
        Path cut = dir.resolve("cut.pcapng");
        Files.write(cut, java.util.Arrays.copyOf(bytes, bytes.length * 2 / 3));
        CommandRunner damaged = CommandRunner.run("correlate", "--json", "--clock", "sync",
                PathGenerator.pointFile(dir.resolve("path.pcapng"), 0).toString(), cut.toString());
        assertEquals(1, damaged.status(), damaged.err());
        assertEquals(1, damaged.err().lines().count(), damaged.err());
        assertTrue(damaged.err().startsWith("rocelens: " + cut + ": "), damaged.err());
        JsonNode found = JSON.readTree(damaged.out());
        assertTrue(found.get("hops").get(0).get("arrived").asLong() > 0);
    }
}
