package io.rocelens.app.gui.stats.bandwidth.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.rocelens.analysis.AnalysisOptions;
import io.rocelens.analysis.AnalysisResult;
import io.rocelens.app.gui.packetlist.model.IndexedCapture;
import io.rocelens.app.gui.stats.Samples;
import io.rocelens.filter.FilterException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Bandwidth by priority: the CSV against the command line's, the shares against the truth and --ets. */
class BandwidthChartTest {

    @TempDir
    Path folder;

    @ParameterizedTest
    @ValueSource(strings = {"mixed.pcapng", "incast.pcap", "pfc-storm.pcap"})
    void theCsvIsTheCommandLinesAtTheDefaultAndAtEveryOfferedWidth(String name) throws IOException {
        Path capture = Samples.FOLDER.resolve(name);
        AnalysisResult result = Samples.load(capture).analysis();
        Path cli = folder.resolve("cli.csv");
        Samples.cli("analyze", "--priority-csv", cli.toString(), capture.toString());
        assertEquals(Files.readString(cli), csv(BandwidthChart.of(result)));
        List<Long> widths = BandwidthChart.widths(result);
        assertTrue(widths.size() >= 3, widths.toString());
        for (long width : List.of(widths.get(1), widths.get(widths.size() - 1))) {
            Samples.cli("analyze", "--bin-width", (width / 1000) + "us", "--priority-csv", cli.toString(),
                    capture.toString());
            assertEquals(Files.readString(cli), csv(BandwidthChart.of(result, width)), width + " ns");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"mixed.pcapng", "incast.pcap", "pfc-storm.pcap"})
    void sharesAreTheTruthsBytesAndTheDeviationIsFromTheEtsShares(String name) throws IOException {
        Path capture = Samples.FOLDER.resolve(name);
        AnalysisResult result = Samples.load(capture).analysis();
        JsonNode truth = Samples.truth(capture);
        double[] ets = AnalysisOptions.parseEts("50,10,10,30");
        JsonNode cliEts = Samples.cliJson("analyze", "--json", "--ets", "50,10,10,30", capture.toString()).get("ets");
        long total = 0;
        for (int p = 0; p < 8; p++) {
            total += truth.get("priority_bytes").get(Integer.toString(p)).asLong();
        }
        for (BandwidthChart.ShareLine line : BandwidthChart.of(result).shares(ets)) {
            String p = Integer.toString(line.priority());
            assertEquals(truth.get("priority_bytes").get(p).asLong(), line.bytes());
            assertEquals(truth.get("priority_packets").get(p).asLong(), line.packets());
            assertEquals(100.0 * line.bytes() / total, line.sharePercent(), 1e-9);
            assertEquals(cliEts.get(p).get("observed_pct").asDouble(), line.sharePercent(), 1e-9);
            if (line.priority() < 4) {
                assertEquals(cliEts.get(p).get("configured_pct").asDouble(), line.configured());
                assertEquals(line.sharePercent() - line.configured(), line.deviation(), 1e-9);
            } else {
                assertTrue(Double.isNaN(line.deviation()));
            }
        }
    }

    /**
     * Without typed shares the chart compares with the capture's DCBX ETS Configuration, as {@code analyze} does:
     * dcbx.pcap (src/test/resources/tshark/lldp of the dissectors, written by make-dcbx.py) advertises from
     * 0c:42:a1:00:00:01, last in frame 3, traffic classes 0..3 with 10, 20, 30 and 40 % over priorities
     * {0,7}, {1,6}, {2,5}, {3,4}; the table's ETS shares are the command line's configured_pct.
     */
    @Test
    void withoutTypedSharesTheCapturesDcbxEtsSharesAreUsedAsAnalyzeUsesThem() throws IOException {
        Path capture = Path.of("../dissectors/src/test/resources/tshark/lldp/dcbx.pcap");
        BandwidthChart chart = BandwidthChart.of(Samples.load(capture).analysis());
        org.junit.jupiter.api.Assertions.assertArrayEquals(new double[] {10, 20, 30, 40, 40, 30, 20, 10},
                chart.sharesFromCapture());
        assertEquals("the DCBX ETS Configuration of 0c:42:a1:00:00:01 (frame 3)", chart.sharesFromCaptureSource());
        JsonNode cliEts = Samples.cliJson("analyze", "--json", capture.toString()).get("ets");
        assertEquals("0c:42:a1:00:00:01", cliEts.get("source").get("dcbx_sender_mac").asText());
        List<BandwidthChart.ShareLine> lines = chart.shares(chart.sharesFromCapture());
        assertEquals(8, lines.size());
        for (BandwidthChart.ShareLine line : lines) {
            assertEquals(cliEts.get(Integer.toString(line.priority())).get("configured_pct").asDouble(),
                    line.configured(), 1e-9);
        }
        // shares given to the analysis win, as --ets does: then none come from the capture
        BandwidthChart typed = BandwidthChart.of(Samples.load(capture,
                AnalysisOptions.defaults().withEts(AnalysisOptions.parseEts("70,20,10"))).analysis());
        assertEquals(null, typed.sharesFromCapture());
        // and a capture without DCBX has none
        assertEquals(null, BandwidthChart.of(Samples.load(Samples.MIXED).analysis()).sharesFromCapture());
    }

    @Test
    void aTimeRangeBecomesTheFramesInsideIt() throws IOException, FilterException {
        Samples.Loaded loaded = Samples.load(Samples.MIXED);
        IndexedCapture table = new IndexedCapture(loaded.index(), null);
        // tshark -r mixed.pcapng -T fields -e frame.number -e frame.time_relative: 401 frames in time order, the last
        // at 0.002001048, frame 100 at 0.001422000, frame 200 at 0.001798311
        String whole = BandwidthChart.filterForTimes(table, loaded.analysis().firstTs(), loaded.analysis().lastTs());
        assertEquals("frame.time_relative >= 0.000000000 && frame.time_relative <= 0.002001048", whole);
        assertEquals(401, Samples.framesPassing(loaded.index(), whole).size());
        String some = BandwidthChart.filterForTimes(table, table.timestampNanos(99), table.timestampNanos(199));
        assertEquals("frame.time_relative >= 0.001422000 && frame.time_relative <= 0.001798311", some);
        // tshark -r mixed.pcapng -Y "frame.time_relative >= 0.001422 && frame.time_relative <= 0.001798311": 100-200
        assertEquals(LongStream.rangeClosed(100, 200).boxed().toList(), Samples.framesPassing(loaded.index(), some));
        assertEquals(null, BandwidthChart.filterForTimes(table, 0, 1));
    }

    private static String csv(BandwidthChart chart) throws IOException {
        StringBuilder out = new StringBuilder();
        chart.csv(out);
        return out.toString();
    }
}
