package io.rocelens.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each pass of BenchJob is the whole job: the command line's summary, every time, and a line of times. */
class BenchJobTest {

    @Test
    void everyPassGivesTheCommandLinesSummaryAndIsTimed(@TempDir Path dir) throws IOException {
        Path capture = AnalyzeJobTest.SAMPLES.resolve("incast.pcap");
        Path out = dir.resolve("out");
        SparkSession spark = Spark.local();
        PrintStream stdout = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        int status;
        try {
            System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
            status = BenchJob.run(spark, "--passes", "2", "--output", out.toString(), "--input", capture.toString(),
                    "--no-tables");
        } finally {
            System.setOut(stdout);
            spark.stop();
        }
        assertEquals(0, status);
        List<String> lines = printed.toString(StandardCharsets.UTF_8).lines()
                .filter(line -> line.startsWith("pass ")).toList();
        assertEquals(2, lines.size(), lines.toString());
        assertTrue(lines.get(1).matches("pass 2: [0-9.]+ s wall, [0-9.]+ s CPU"), lines.get(1));
        String cli = AnalyzeJobTest.cli(capture, dir.resolve("cli")).get("summary");
        for (String pass : List.of("pass-1", "pass-2")) {
            assertEquals(cli, Files.readString(out.resolve(pass).resolve("points/0/summary.json")), pass);
        }
    }
}
