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
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code analyze} on the generator's qcn scenario against the scenario's own truth: the CNMs its two congestion
 * points sent (per point and priority, and each one's frame, time, CPID, priority and qFb, written by the generator
 * from its queue model, never from the bytes), and the generic truth of the RoCE traffic, some of it CN-tagged
 * (counted from the generator's record of the packets: a CN-tagged request is RoCE to the analysis, as it is
 * behind a VLAN tag).
 */
class QcnAnalysisTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private Path capture;
    private JsonNode truth;
    private JsonNode analysed;

    @BeforeEach
    void generateAndAnalyse() throws IOException {
        capture = dir.resolve("qcn.pcap");
        Path truthFile = dir.resolve("qcn.json");
        Generator.generate(new Generator.Options(Scenario.QCN, 3000, 3, Generator.DEFAULT_LINK_SPEED_BPS, 65_535, 5,
                CaptureFormat.PCAP), capture, truthFile);
        truth = JSON.readTree(Files.readString(truthFile));
        CommandRunner json = CommandRunner.run("analyze", "--json", capture.toString());
        assertEquals(0, json.status(), json.err());
        analysed = JSON.readTree(json.out());
    }

    @Test
    void theCnmsPerPointAreTheScenarios() {
        JsonNode expected = truth.get("qcn");
        JsonNode actual = analysed.get("qcn");
        assertTrue(expected.get("cnms").asLong() > 20, "the schedule sends CNMs: " + expected.get("cnms"));
        assertEquals(2, expected.get("points").size(), "both congestion points sent some");
        assertEquals(expected.get("cnms").asLong(), actual.get("cnms").asLong());
        assertEquals(expected.get("points").size(), actual.get("points").size());
        for (int i = 0; i < expected.get("points").size(); i++) {
            JsonNode e = expected.get("points").get(i);
            JsonNode a = actual.get("points").get(i);
            for (Iterator<String> keys = e.fieldNames(); keys.hasNext(); ) {
                String key = keys.next();
                if (key.equals("qfb_mean")) {
                    assertEquals(e.get(key).asDouble(), a.get(key).asDouble(), 1e-12, "point " + i + " " + key);
                } else {
                    assertEquals(e.get(key), a.get(key), "point " + i + " " + key);
                }
            }
            assertEquals(e.size(), a.size(), "point " + i + ": the same keys " + a);
        }
        assertEquals(expected.get("feedback"), actual.get("feedback"), "each CNM: frame, time, CPID, priority, qFb");
        assertEquals(expected.get("feedback_not_stored"), actual.get("feedback_not_stored"));
        // one note per point and priority, counted with the events
        assertEquals(2, analysed.get("events").get("cnm").asLong());
    }

    @Test
    void cnTaggedRocePacketsAreAnalysedAsRoce() {
        for (String key : List.of("packets", "roce_packets", "flows", "psn_gaps", "retransmitted", "malformed",
                "icrc_bad")) {
            assertEquals(truth.get(key).asLong(), analysed.get(key).asLong(), key);
        }
        for (int p = 0; p < 8; p++) {
            String priority = Integer.toString(p);
            assertEquals(truth.get("priority_bytes").get(priority).asLong(),
                    analysed.get("priority_bytes").get(priority).asLong(), "bytes of priority " + p);
        }
        assertEquals(truth.get("qps").size(), analysed.get("qps").size());
        for (int i = 0; i < truth.get("qps").size(); i++) {
            JsonNode e = truth.get("qps").get(i);
            JsonNode a = analysed.get("qps").get(i);
            for (String key : List.of("src_ip", "dst_ip", "dst_qp", "priority", "packets", "bytes", "payload_bytes")) {
                assertEquals(e.get(key), a.get(key), "QP " + i + " " + key);
            }
        }
    }

    @Test
    void theQcnCsvHasOneRowPerCnmAndTheSummaryAndEventsSayWhoSentThem() throws IOException {
        Path csv = dir.resolve("qcn.csv");
        Path events = dir.resolve("events.csv");
        CommandRunner run = CommandRunner.run("analyze", "--qcn-csv", csv.toString(), "--events-csv", events.toString(),
                capture.toString());
        assertEquals(0, run.status(), run.err());
        List<CSVRecord> rows = new ArrayList<>();
        try (var parser = CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).get()
                .parse(Files.newBufferedReader(csv))) {
            parser.forEach(rows::add);
        }
        JsonNode feedback = truth.get("qcn").get("feedback");
        assertEquals(feedback.size(), rows.size());
        for (int i = 0; i < rows.size(); i++) {
            JsonNode e = feedback.get(i);
            CSVRecord r = rows.get(i);
            assertEquals(e.get("frame").asText(), r.get("frame"));
            assertEquals(e.get("ts").asText(), r.get("time"));
            assertEquals(e.get("cpid").asText(), r.get("cpid"));
            assertEquals(e.get("priority").asText(), r.get("priority"));
            assertEquals(e.get("qfb").asText(), r.get("qfb"));
            // the scenario's reaction points: A and C through CP 1 (A's requests CN-tagged 0x0a01), D through CP 2
            String rp = r.get("reaction_point");
            String flow = r.get("flow_id");
            assertTrue(rp.equals("02:00:00:00:06:01") && flow.equals("0x0a01")
                    || rp.equals("02:00:00:00:06:03") && flow.isEmpty()
                    || rp.equals("02:00:00:00:06:04") && flow.equals("0x0d01"), r.toString());
            assertTrue(Integer.parseInt(r.get("cpq_offset")) > 0, "sent only above the set point: " + r);
        }
        String text = run.out();
        JsonNode first = truth.get("qcn").get("points").get(0);
        assertTrue(text.contains("QCN congestion notification: " + truth.get("qcn").get("cnms").asLong()
                + " CNMs from 2 congestion points and priorities"), text);
        assertTrue(text.contains("CP " + first.get("cpid").asText() + " priority 3: " + first.get("cnms").asLong()
                + " CNMs, qFb min " + first.get("qfb_min").asLong()), text);
        // the expert event of each point: a note at its first CNM
        String expert = Files.readString(events);
        assertTrue(expert.contains(first.get("first_frame").asLong() + ","), expert);
        assertTrue(expert.contains(",note,cnm,,\"Congestion notification: " + first.get("cnms").asLong()
                + " CNMs from CP " + first.get("cpid").asText() + " on priority 3, qFb max "
                + first.get("qfb_max").asLong()), expert);
    }
}
