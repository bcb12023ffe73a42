package io.rocelens.app.gui.stats.pfc.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.rocelens.analysis.PausedInterval;
import io.rocelens.app.gui.stats.Samples;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The PFC view's numbers against the generator's truth (per priority) and the command line (per sender, storms). */
class PfcTimelineTest {

    /** paused_us is a sum of quanta × 5.12 ns products; the truth adds them in another order. */
    private static final double TOLERANCE_US = 1e-3;

    @ParameterizedTest
    @ValueSource(strings = {"pfc-storm.pcap", "mixed.pcapng", "incast.pcap"})
    void pausedTimePerPriorityIsTheTruths(String name) throws IOException {
        Path capture = Samples.FOLDER.resolve(name);
        PfcTimeline timeline = PfcTimeline.of(Samples.load(capture).analysis());
        JsonNode pfc = Samples.truth(capture).get("pfc");
        int compared = 0;
        for (int p = 0; p < 8; p++) {
            JsonNode truth = pfc.get(Integer.toString(p));
            String priority = Integer.toString(p);
            PfcTimeline.PriorityLine line = timeline.priorities().stream().filter(l -> l.priority().equals(priority))
                    .findFirst().orElse(null);
            if (truth.get("frames").asLong() == 0) {
                assertEquals(null, line);
                continue;
            }
            assertNotNull(line, "priority " + p);
            assertEquals(truth.get("frames").asLong(), line.frames());
            assertEquals(truth.get("xoff").asLong(), line.xoff());
            assertEquals(truth.get("xon").asLong(), line.xon());
            assertEquals(truth.get("quanta").asLong(), line.quanta());
            assertEquals(truth.get("paused_us").asDouble(), line.pausedNanos() / 1000, TOLERANCE_US);
            compared++;
        }
        assertTrue(compared > 0);
    }

    @ParameterizedTest
    @ValueSource(strings = {"pfc-storm.pcap", "mixed.pcapng"})
    void rowsHoldTheirIntervalsAndStormsAsTheCommandLineCountsThem(String name) throws IOException {
        Path capture = Samples.FOLDER.resolve(name);
        PfcTimeline timeline = PfcTimeline.of(Samples.load(capture).analysis());
        JsonNode json = Samples.cliJson("analyze", "--json", capture.toString());
        assertEquals(json.get("pfc_senders").size(), timeline.rows().size());
        long storms = 0;
        for (PfcTimeline.Row row : timeline.rows()) {
            double sum = row.intervals().stream().mapToDouble(PausedInterval::durationNanos).sum();
            assertEquals(row.pausedNanos(), sum, 1e-6, row.label());
            storms += row.storms().size();
            for (PausedInterval interval : row.intervals()) {
                long middle = interval.startNanos() + (interval.endNanos() - interval.startNanos()) / 2;
                assertEquals(interval, PfcTimeline.intervalAt(row, middle, 0));
                assertTrue(timeline.describe(interval).contains("XOFF frame " + interval.startFrame()));
            }
        }
        assertEquals(json.get("pfc_storms").asLong(), storms);
        if (name.startsWith("pfc-storm")) {
            assertTrue(storms > 0, "the storm scenario has a storm");
            assertFalse(timeline.rows().stream().filter(r -> r.priority() == 3).allMatch(r -> r.storms().isEmpty()));
        }
    }
    /**
     * The QCN rows beside PFC, on the generator's qcn scenario: one per congestion point and priority, in the order
     * and with the totals the scenario's truth gives, each holding that point's CNMs.
     */
    @org.junit.jupiter.api.Test
    void qcnRowsAreTheScenariosCongestionPoints(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        Path capture = dir.resolve("qcn.pcap");
        Path truthFile = dir.resolve("qcn.json");
        io.rocelens.generate.Generator.generate(new io.rocelens.generate.Generator.Options(
                io.rocelens.generate.Scenario.QCN, 3000, 3, io.rocelens.generate.Generator.DEFAULT_LINK_SPEED_BPS,
                65_535, 5, io.rocelens.capture.CaptureFormat.PCAP), capture, truthFile);
        JsonNode points = new com.fasterxml.jackson.databind.ObjectMapper().readTree(truthFile.toFile()).get("qcn")
                .get("points");
        PfcTimeline timeline = PfcTimeline.of(Samples.load(capture).analysis());
        // each congestion point's port also paused its priority once (PFC rows above the QCN rows)
        assertEquals(2, timeline.rows().size());
        assertEquals(points.size(), timeline.cnmRows().size());
        for (int i = 0; i < points.size(); i++) {
            JsonNode truth = points.get(i);
            PfcTimeline.CnmRow row = timeline.cnmRows().get(i);
            assertEquals("QCN priority " + truth.get("priority").asInt() + " · CP " + truth.get("cpid").asText(),
                    row.label());
            assertEquals(truth.get("cnms").asLong(), row.cnms().size());
            assertTrue(row.totals().startsWith(truth.get("cnms").asLong() + " CNMs · qFb max "
                    + truth.get("qfb_max").asInt() + ", mean "), row.totals());
            assertEquals(truth.get("first_frame").asLong(), row.cnms().get(0).frame());
            assertEquals(truth.get("last_frame").asLong(), row.cnms().get(row.cnms().size() - 1).frame());
            io.rocelens.analysis.Cnm first = row.cnms().get(0);
            assertEquals(first, PfcTimeline.cnmAt(row, first.timestampNanos() + 10, 20));
        }
    }
}
