package io.rocelens.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.app.AnalyzeCommand;
import io.rocelens.capture.CaptureFormat;
import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.CaptureWriter;
import io.rocelens.capture.Frame;
import io.rocelens.generate.Generator;
import io.rocelens.generate.PathGenerator;
import io.rocelens.generate.Scenario;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The job against the command line: every capture analysed by {@code rocelens analyze} itself (its picocli command,
 * in this JVM) and by the job in local[2] mode, in small splits, and every table compared value by value: the JSON
 * summary, the per-QP, priority, PFC and rate CSVs character for character, the events and latency rows as the same set
 * (the order of rows with equal timestamps is the parts' order).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AnalyzeJobTest {

    static final Path SAMPLES = Path.of("..", "sample-captures");
    SparkSession spark;

    /** The session the tests run the job in. */
    SparkSession session() {
        return Spark.local();
    }

    @BeforeAll
    void start() {
        spark = session();
    }

    @AfterAll
    void stop() {
        spark.stop();
    }

    /** What {@code rocelens analyze FILE --json --qp-csv … --events-csv …} writes, by the job's table names. */
    static Map<String, String> cli(Path file, Path dir, String... options) throws IOException {
        Files.createDirectories(dir);
        PrintStream stdout = System.out;
        ByteArrayOutputStream json = new ByteArrayOutputStream();
        int status;
        try {
            System.setOut(new PrintStream(json, true, StandardCharsets.UTF_8));
            List<String> args = new ArrayList<>(List.of(file.toString(), "--json",
                    "--qp-csv", dir.resolve("qps.csv").toString(),
                    "--events-csv", dir.resolve("events.csv").toString(),
                    "--priority-csv", dir.resolve("priority_bins.csv").toString(),
                    "--pfc-csv", dir.resolve("pfc_intervals.csv").toString(),
                    "--latency-csv", dir.resolve("latency.csv").toString(),
                    "--rate-csv", dir.resolve("flow_rates.csv").toString()));
            args.addAll(List.of(options));
            status = new CommandLine(new AnalyzeCommand()).execute(args.toArray(new String[0]));
        } finally {
            System.setOut(stdout);
        }
        assertTrue(status <= 1, "analyze exited with " + status);
        Map<String, String> out = new HashMap<>();
        for (String table : AnalyzeJob.TABLES.keySet()) {
            out.put(table, Files.readString(dir.resolve(table + ".csv")));
        }
        out.put("summary", json.toString(StandardCharsets.UTF_8));
        return out;
    }

    /** The job's directory for each point. */
    static Map<String, Path> pointDirectories(Path output) throws IOException {
        JsonNode summary = new ObjectMapper().readTree(output.resolve("summary.json").toFile());
        Map<String, Path> dirs = new HashMap<>();
        for (JsonNode point : summary.get("points")) {
            dirs.put(point.get("point").asText(), output.resolve(point.get("directory").asText()));
        }
        return dirs;
    }

    static List<String> sortedLines(String text) {
        List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n")));
        lines.sort(null);
        return lines;
    }

    /** Every table of the point equal to the command line's on its file. */
    static void assertSameAsCli(Path file, Path jobDir, Path scratch, String... options) throws IOException {
        Map<String, String> cli = cli(file, scratch, options);
        String name = file.getFileName().toString();
        assertEquals(cli.get("summary"), Files.readString(jobDir.resolve("summary.json")), name + " summary.json");
        for (String table : List.of("qps", "priority_bins", "pfc_intervals", "flow_rates")) {
            assertEquals(cli.get(table), Files.readString(jobDir.resolve(table + ".csv")), name + " " + table);
        }
        for (String table : List.of("events", "latency")) {
            assertEquals(sortedLines(cli.get(table)), sortedLines(Files.readString(jobDir.resolve(table + ".csv"))),
                    name + " " + table);
        }
    }

    @Test
    void theSampleCapturesGiveTheCommandLinesNumbers(@TempDir Path dir) throws IOException {
        Path in = Files.createDirectories(dir.resolve("in"));
        try (var samples = Files.list(SAMPLES)) {
            for (Path sample : samples.filter(p -> p.toString().matches(".*\\.pcap(ng)?$")).toList()) {
                Files.copy(sample, in.resolve(sample.getFileName()));
            }
        }
        Path out = dir.resolve("out");
        // splits of 40 kB: most files are read by several tasks; 3 partitions: several parts per file; at most 40
        // events, links and exchanges stored: most files have more, and the same 40 must be kept
        assertEquals(0, AnalyzeJob.run(spark, "--input", in.toString(), "--output", out.toString(),
                "--split-bytes", "40000", "--partitions", "3", "--no-tables", "--max-events", "40"));
        Map<String, Path> points = pointDirectories(out);
        try (var files = Files.list(in)) {
            List<Path> captures = files.sorted().toList();
            assertEquals(captures.size(), points.size());
            for (Path capture : captures) {
                assertSameAsCli(capture, points.get(capture.toAbsolutePath().toString()),
                        dir.resolve("cli").resolve(capture.getFileName().toString()), "--max-events", "40");
            }
        }
    }

    /**
     * QCN: the congestion points' CNMs (frames of no conversation) and the CN-tagged RoCE packets, read by several
     * tasks and partitions, give the command line's summary, {@code qcn} object included.
     */
    @Test
    void aQcnCaptureGivesTheCommandLinesQcnSummary(@TempDir Path dir) throws IOException {
        Path in = Files.createDirectories(dir.resolve("in"));
        Path capture = in.resolve("qcn.pcap");
        Generator.generate(new Generator.Options(Scenario.QCN, 3000, 3, 100_000_000_000L, 65_535, 5,
                CaptureFormat.PCAP), capture, null);
        Path out = dir.resolve("out");
        assertEquals(0, AnalyzeJob.run(spark, "--input", in.toString(), "--output", out.toString(),
                "--split-bytes", "40000", "--partitions", "3", "--no-tables"));
        Path point = pointDirectories(out).get(capture.toAbsolutePath().toString());
        assertSameAsCli(capture, point, dir.resolve("cli"));
        JsonNode qcn = new ObjectMapper().readTree(point.resolve("summary.json").toFile()).get("qcn");
        assertTrue(qcn != null && qcn.get("cnms").asLong() > 0, "the job's summary has the CNMs: " + qcn);
    }

    @Test
    void aGeneratedMultiPointSetGivesTheCommandLinesNumbersAndTables(@TempDir Path dir) throws IOException {
        Path in = Files.createDirectories(dir.resolve("in"));
        // one path seen at three points, with losses, CE marks and reordering between them
        List<Path> files = PathGenerator.generate(
                new Generator.Options(Scenario.MIXED, 400, 8, 100_000_000_000L, 65_535, 7, CaptureFormat.PCAPNG),
                new PathGenerator.PathOptions(3, 2_000, 500, 0.02, 0.05, 0, 0.02, null, false, null),
                in.resolve("path.pcapng"), null);
        // and a bulk transfer of many flows, header-only, large enough for 70 splits
        Path bulk = in.resolve("bulk.pcap");
        Generator.generate(new Generator.Options(Scenario.BULK, 20_000, 16, 100_000_000_000L, 128, 3,
                CaptureFormat.PCAP), bulk, null);
        Path out = dir.resolve("out");
        assertEquals(0, AnalyzeJob.run(spark, "--input", in + "/*.pcap*", "--output", out.toString(),
                "--split-bytes", "40000", "--partitions", "4"));
        Map<String, Path> points = pointDirectories(out);
        List<Path> all = new ArrayList<>(files);
        all.add(bulk);
        assertEquals(4, points.size());
        long qpRows = 0;
        for (Path file : all) {
            assertSameAsCli(file, points.get(file.toAbsolutePath().toString()),
                    dir.resolve("cli").resolve(file.getFileName().toString()));
            qpRows += Files.readAllLines(points.get(file.toAbsolutePath().toString()).resolve("qps.csv")).size() - 1;
        }
        // the tables hold every point's rows, with the point named
        assertEquals(qpRows, spark.read().parquet(out.resolve("parquet/qps").toString()).count());
        assertEquals(qpRows, spark.read().option("header", "true").csv(out.resolve("csv/qps").toString()).count());
        assertEquals(4, spark.read().parquet(out.resolve("parquet/qps").toString()).select("point").distinct().count());
        // the README's query over the table: the flow with the most retransmissions, as its point's CSV says
        long most = 0;
        for (Path file : all) {
            List<String> rows = Files.readAllLines(points.get(file.toAbsolutePath().toString()).resolve("qps.csv"));
            int column = Arrays.asList(rows.get(0).split(",")).indexOf("retransmitted");
            for (String row : rows.subList(1, rows.size())) {
                most = Math.max(most, Long.parseLong(row.split(",")[column]));
            }
        }
        List<org.apache.spark.sql.Row> top = spark.sql("SELECT point, src_ip, dst_ip, dst_qp, retransmitted FROM parquet.`"
                + out.resolve("parquet/qps") + "` ORDER BY retransmitted DESC LIMIT 10").collectAsList();
        assertEquals(most, ((Number) top.get(0).get(4)).longValue());
        assertTrue(most > 0);
    }

    @Test
    void aRingBufferIsOnePointWithTheCommandLinesNumbersOfTheWholeCapture(@TempDir Path dir) throws IOException {
        // one capture, and the same frames cut into the files of a ring buffer (dumpcap -b): names in capture order
        Path whole = dir.resolve("whole.pcapng");
        Generator.generate(new Generator.Options(Scenario.MIXED, 3_000, 8, 100_000_000_000L, 65_535, 5,
                CaptureFormat.PCAPNG), whole, null);
        Path ring = Files.createDirectories(dir.resolve("in").resolve("sw1"));
        int files = 0;
        long frames = 0;
        try (CaptureReader reader = CaptureReaders.open(whole)) {
            CaptureWriter writer = null;
            Frame f;
            while ((f = reader.next()) != null) {
                // files of uneven lengths, as a ring buffer cut by size or time gives them
                if (writer == null || writer.framesWritten() == 350 + 200 * (files % 3)) {
                    if (writer != null) {
                        writer.close();
                    }
                    writer = CaptureWriter.open(ring.resolve(String.format("cap_%05d.pcapng", ++files)),
                            CaptureFormat.PCAPNG, 65_535);
                }
                byte[] bytes = new byte[f.capturedLength()];
                f.data().get(0, bytes);
                writer.write(f.timestampNanos(), f.originalLength(), bytes, 0, bytes.length);
                frames++;
            }
            writer.close();
        }
        assertTrue(files >= 5, files + " files");
        Path out = dir.resolve("out");
        assertEquals(0, AnalyzeJob.run(spark, "--input", ring + "/*.pcapng", "--output", out.toString(),
                "--point-pattern", "/(sw[0-9]+)/", "--split-bytes", "30000", "--partitions", "3", "--no-tables"));
        Map<String, Path> points = pointDirectories(out);
        assertEquals(List.of("sw1"), List.copyOf(points.keySet()));
        JsonNode point = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).get("points").get(0);
        assertEquals(files, point.get("files").size());
        assertEquals(frames, point.get("frames").asLong());
        // the point's tables are those of rocelens analyze over the whole capture: numbered through the files
        assertSameAsCli(whole, points.get("sw1"), dir.resolve("cli"));
    }

    @Test
    void aDamagedFileIsReportedByNameAndOffsetAndANonCaptureSkipped(@TempDir Path dir) throws IOException {
        Path in = Files.createDirectories(dir.resolve("in"));
        byte[] whole = Files.readAllBytes(SAMPLES.resolve("incast.pcap"));
        Path cut = in.resolve("cut.pcap");
        Files.write(cut, Arrays.copyOf(whole, whole.length * 3 / 5));
        Files.writeString(in.resolve("readme.txt"), "these are the captures of rack 7\n");
        Path out = dir.resolve("out");
        // the frames as rows of the data source, one per frame, this time
        assertEquals(0, AnalyzeJob.run(spark, "--input", in.toString(), "--output", out.toString(),
                "--split-bytes", "50000", "--no-tables", "--row-per-frame"));
        JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        JsonNode damage = summary.get("points").get(0).get("damage");
        assertEquals(1, damage.size());
        assertEquals(cut.toAbsolutePath().toString(), damage.get(0).get("file").asText());
        // the sentence of the whole-file reader, frame number included
        String wholeProblem;
        try (var reader = io.rocelens.capture.CaptureReaders.open(cut)) {
            while (reader.next() != null) {
                // to the damage
            }
            wholeProblem = reader.problem();
        }
        assertEquals(wholeProblem, damage.get(0).get("problem").asText());
        assertTrue(summary.get("skipped").get(0).asText().contains("readme.txt"), summary.toString());
        // what was read before the damage counts, as the command line counts it
        assertSameAsCli(cut, pointDirectories(out).get(cut.toAbsolutePath().toString()), dir.resolve("cli"));
        assertEquals(1, AnalyzeJob.run(spark, "--input", in.toString(), "--output", dir.resolve("again").toString(),
                "--split-bytes", "50000", "--no-tables", "--fail-on-damage"));
    }
}
