package io.rocelens.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.FastDissector;
import io.rocelens.dissect.PacketSummary;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * format("rocelens") against the library's whole-file reader and dissector, read independently here: every frame
 * once, in order, with the same values, whatever the split size.
 */
class CaptureSourceTest {

    static final Path SAMPLES = Path.of("..", "sample-captures");
    static SparkSession spark;

    @BeforeAll
    static void start() {
        spark = Spark.local();
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    /** file offset, timestamp, opcode (or -1), dest QP (or -1), PSN (or -1) of every frame, read whole. */
    static List<List<Long>> expected(Path file) throws IOException {
        List<List<Long>> rows = new ArrayList<>();
        FastDissector dissector = new FastDissector(DissectorOptions.defaults());
        PacketSummary s = new PacketSummary();
        try (CaptureReader reader = CaptureReaders.open(file)) {
            Frame f;
            while ((f = reader.next()) != null) {
                dissector.summarize(f, s);
                rows.add(List.of(f.number(), f.fileOffset(), f.timestampNanos(), (long) (s.isRoce() ? s.opcode : -1),
                        (long) (s.isRoce() ? s.destQp : -1), (long) (s.isRoce() ? s.psn : -1)));
            }
        }
        return rows;
    }

    static List<List<Long>> actual(Dataset<Row> frames) {
        List<List<Long>> rows = new ArrayList<>();
        for (Row r : frames.selectExpr("frame", "file_offset", "timestamp_ns", "coalesce(opcode, -1)",
                "coalesce(dest_qp, -1)", "coalesce(psn, -1)").orderBy("file_offset").collectAsList()) {
            rows.add(List.of(r.getLong(0), r.getLong(1), r.getLong(2), (long) r.getInt(3), (long) r.getInt(4),
                    (long) r.getInt(5)));
        }
        return rows;
    }

    @Test
    void everyFrameOnceWithTheLibrarysValuesInWholeAndSmallSplits() throws IOException {
        for (String name : List.of("mixed.pcapng", "incast.pcap", "mixed-headers-only.pcap")) {
            Path file = SAMPLES.resolve(name);
            List<List<Long>> expected = expected(file);
            for (long split : new long[] {CaptureFiles.DEFAULT_SPLIT_BYTES, 9_973, 65_536}) {
                Dataset<Row> frames = spark.read().format("rocelens").option("splitBytes", split)
                        .load(file.toString());
                assertEquals(expected, actual(frames), name + " in splits of " + split + " bytes");
            }
        }
    }

    @Test
    void theDocumentationListsEveryColumn() throws IOException {
        String doc = Files.readString(Path.of("..", "docs", "spark.md"));
        for (FrameColumns.Column c : FrameColumns.ALL) {
            assertTrue(doc.contains("| `" + c.name() + "` | "), c.name() + " is not in docs/spark.md");
        }
    }

    @Test
    void aGzippedFileIsOneSplit(@TempDir Path dir) throws IOException {
        Path plain = SAMPLES.resolve("mixed.pcapng");
        Path gz = dir.resolve("mixed.pcapng.gz");
        try (var out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            Files.copy(plain, out);
        }
        Dataset<Row> frames = spark.read().format("rocelens").option("splitBytes", 1000).load(gz.toString());
        assertEquals(1, frames.rdd().getNumPartitions());
        assertEquals(expected(plain).size(), frames.count());
    }

    @Test
    void filtersArePushedAndAgreeWithTheUnfilteredRows() {
        String file = SAMPLES.resolve("mixed.pcapng").toString();
        Dataset<Row> all = spark.read().format("rocelens").load(file);
        long acks = all.filter("opcode = 17").count();
        long qp = all.filter("dest_qp = 85").count();
        List<Row> times = all.selectExpr("min(timestamp_ns)", "max(timestamp_ns)").collectAsList();
        long middle = (times.get(0).getLong(0) + times.get(0).getLong(1)) / 2;
        Dataset<Row> pushed = all.filter("opcode = 17");
        String plan = pushed.queryExecution().executedPlan().toString();
        assertTrue(plan.contains("EqualTo(opcode,17)"), plan);
        // the same counts from the rows themselves, with no filter the reader could take
        List<Row> rows = all.select("opcode", "dest_qp", "timestamp_ns").collectAsList();
        assertEquals(rows.stream().filter(r -> !r.isNullAt(0) && r.getInt(0) == 17).count(), acks);
        assertEquals(rows.stream().filter(r -> !r.isNullAt(1) && r.getInt(1) == 85).count(), qp);
        assertTrue(acks > 0 && qp > 0);
        assertEquals(rows.stream().filter(r -> r.getLong(2) >= middle).count(),
                all.filter("timestamp_ns >= " + middle).count());
    }

    @Test
    void everyColumnOfEveryFrameIsBuilt() throws IOException {
        Path file = SAMPLES.resolve("mixed-erspan3.pcapng");
        List<Row> rows = spark.read().format("rocelens").load(file.toString()).collectAsList();
        assertEquals(expected(file).size(), rows.size());
        assertEquals(FrameColumns.ALL.size(), rows.get(0).length());
        // every RoCE frame of the mirror capture came in ERSPAN type III
        assertTrue(rows.stream().filter(r -> !r.isNullAt(r.fieldIndex("opcode")))
                .allMatch(r -> "erspan3".equals(r.getString(r.fieldIndex("encapsulation")))));
    }

    @Test
    void theReadmesQueryCountsTheNaksTheAnalysisCounts(@TempDir Path dir) throws IOException {
        Path captures = Files.createDirectories(dir.resolve("captures"));
        Files.createDirectories(captures.resolve("sw1"));
        Files.copy(SAMPLES.resolve("mixed.pcapng"), captures.resolve("sw1/mixed.pcapng"));
        spark.sql("CREATE OR REPLACE TEMPORARY VIEW frames USING rocelens OPTIONS (path '" + captures
                + "/*/*.pcapng', pointPattern '" + captures + "/([^/]+)/')");
        List<Row> top = spark.sql("SELECT point, dest_qp, count(*) AS packets,"
                + " count_if(opcode = 129) AS cnps, count_if(ecn = 3) AS ce_marked,"
                + " count_if(aeth_syndrome BETWEEN 96 AND 127) AS naks"
                + " FROM frames WHERE opcode IS NOT NULL"
                + " GROUP BY point, dest_qp ORDER BY naks DESC, cnps DESC LIMIT 20").collectAsList();
        assertEquals("sw1", top.get(0).getString(0));
        // the analysis of the same file (one pass of the library, as analyze runs it)
        io.rocelens.analysis.RoceAnalyzer analyzer = new io.rocelens.analysis.RoceAnalyzer();
        try (CaptureReader reader = CaptureReaders.open(SAMPLES.resolve("mixed.pcapng"))) {
            io.rocelens.dissect.SummaryPipeline.withWorkers(DissectorOptions.defaults(), 1)
                    .run(reader, Long.MAX_VALUE, analyzer::accept);
        }
        io.rocelens.analysis.AnalysisResult analysis = analyzer.result();
        assertEquals(analysis.naks(), top.stream().mapToLong(r -> r.getLong(5)).sum());
        assertEquals(analysis.cnps(), top.stream().mapToLong(r -> r.getLong(3)).sum());
        assertTrue(analysis.naks() > 0 && analysis.cnps() > 0);
    }

    @Test
    void aNonCaptureIsSkippedAndThePointComesFromThePath(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("sw1"));
        Files.createDirectories(dir.resolve("sw2"));
        Files.copy(SAMPLES.resolve("mixed.pcapng"), dir.resolve("sw1/a.pcapng"));
        Files.copy(SAMPLES.resolve("incast.pcap"), dir.resolve("sw2/b.pcap"));
        Files.writeString(dir.resolve("sw2/notes.txt"), "not a capture at all\n");
        Dataset<Row> frames = spark.read().format("rocelens").option("pointPattern", "/(sw[0-9]+)/")
                .load(dir + "/*/*");
        List<Row> perPoint = frames.groupBy("point").count().orderBy("point").collectAsList();
        assertEquals(2, perPoint.size());
        assertEquals("sw1", perPoint.get(0).getString(0));
        assertEquals(expected(SAMPLES.resolve("mixed.pcapng")).size(), perPoint.get(0).getLong(1));
        assertEquals(expected(SAMPLES.resolve("incast.pcap")).size(), perPoint.get(1).getLong(1));
    }
}
