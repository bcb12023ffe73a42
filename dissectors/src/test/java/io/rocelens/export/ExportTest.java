package io.rocelens.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.analysis.AnalysisOptions;
import io.rocelens.analysis.AnalysisResult;
import io.rocelens.analysis.Frames;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;

/** Reads every export back (Commons CSV, Jackson) and checks it against values worked out from the fixture. */
class ExportTest {

    private static final String A = "10.0.0.1";
    private static final String B = "10.0.0.2";
    /** 2026-11-29T20:00:00Z in ns since the epoch (date -ud @1795982400). */
    private static final long T0 = 1_795_982_400_000_000_000L;

    /**
     * A > B QP 0x22 writes PSN 100, 101, 103 (gap), 102 (resent) with CE on 103; B > A QP 0x11 ACK 101 (pairs),
     * NAK 102, CNP; one PFC XOFF/XON on priority 3 and one 802.3x PAUSE; one TCP frame.
     */
    private static AnalysisResult fixture() {
        Frames f = new Frames(AnalysisOptions.defaults().withEts(AnalysisOptions.parseEts("3=60,6=40")));
        f.roce(T0 + 1_000, A, B, 0x22, 0x0A, 100).send();
        f.roce(T0 + 2_000, A, B, 0x22, 0x0A, 101).send();
        f.roce(T0 + 2_500, B, A, 0x11, 0x11, 101).aeth(0x1F).len(62).payload(0).send();
        f.roce(T0 + 3_000, A, B, 0x22, 0x0A, 103).ecn(3).send();
        f.roce(T0 + 4_000, B, A, 0x11, 0x11, 102).aeth(0x60).len(62).payload(0).send();
        f.roce(T0 + 5_000, B, A, 0x11, 0x81, 0).dscp(48).len(78).payload(0).send();
        f.roce(T0 + 6_000, A, B, 0x22, 0x0A, 102).send();
        f.pfc(T0 + 7_000, 0x0200000000A1L, -1, -1, -1, 1000);
        f.pfc(T0 + 8_000, 0x0200000000A1L, -1, -1, -1, 0);
        f.pause(T0 + 9_000, 0x0200000000A2L, 10);
        f.noise(T0 + 11_000);
        return f.result();
    }

    private static List<CSVRecord> parse(String csv) throws IOException {
        return CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).get().parse(new StringReader(csv))
                .getRecords();
    }

    @Test
    void qpCsvHasTheContractColumnsInOrder() throws IOException {
        StringBuilder out = new StringBuilder();
        CsvExport.writeQps(fixture(), out);
        String text = out.toString();
        assertTrue(text.startsWith("src_ip,dst_ip,src_qp,dst_qp,priority,dscp,packets,bytes,payload_bytes,first_ts,"
                + "last_ts,duration_s,throughput_bps,messages,rdma_write,rdma_read_req,read_resp,send,atomic,flush,acks,naks,"
                + "rnr_naks,cnps,ecn_ce,psn_gaps,missing_psns,retransmitted,duplicates,out_of_order,icrc_errors,"
                + "cm_service_id,cm_port,cm_src_port,cm_start_psn,cm_peer_start_psn\r\n"));
        List<CSVRecord> rows = parse(text);
        assertEquals(2, rows.size());
        CSVRecord req = rows.get(0);  // "10.0.0.1" sorts before "10.0.0.2"
        assertEquals("10.0.0.1", req.get("src_ip"));
        assertEquals("0x000011", req.get("src_qp"));
        assertEquals("0x000022", req.get("dst_qp"));
        assertEquals("3", req.get("priority"));
        assertEquals("26", req.get("dscp"));
        assertEquals("4", req.get("packets"));
        assertEquals(Long.toString(4 * 1078), req.get("bytes"));
        assertEquals("2026-11-29T20:00:00.000001000Z", req.get("first_ts"));
        assertEquals("2026-11-29T20:00:00.000006000Z", req.get("last_ts"));
        assertEquals("0.000005", req.get("duration_s"));
        // 4 packets over 5 µs, shorter than the 100 µs a rate needs: empty
        assertEquals("", req.get("throughput_bps"));
        assertEquals("1", req.get("psn_gaps"));
        assertEquals("1", req.get("out_of_order"));
        assertEquals("1", req.get("ecn_ce"));
        CSVRecord resp = rows.get(1);
        assertEquals("1", resp.get("acks"));
        assertEquals("1", resp.get("naks"));
        assertEquals("1", resp.get("cnps"));
        assertEquals("0x000022", resp.get("src_qp"));
    }

    @Test
    void jsonHasTheContractKeys() throws IOException {
        StringWriter out = new StringWriter();
        JsonSummary.write(fixture(), out, false);
        JsonNode json = new ObjectMapper().readTree(out.toString());
        for (String key : List.of("packets", "roce_packets", "flows", "psn_gaps", "missing_psns", "retransmitted",
                "duplicates", "out_of_order", "naks", "rnr_naks", "cnps", "ecn_ce", "icrc_bad", "malformed",
                "pause_8023x", "pfc", "priority_bytes", "priority_packets", "qps")) {
            assertTrue(json.has(key), key);
        }
        assertEquals(11, json.get("packets").asLong());
        assertEquals(7, json.get("roce_packets").asLong());
        assertEquals(2, json.get("flows").asLong());
        assertEquals(1, json.get("psn_gaps").asLong());
        assertEquals(1, json.get("retransmitted").asLong());
        assertEquals(1, json.get("naks").asLong());
        assertEquals(1, json.get("cnps").asLong());
        assertEquals(1, json.get("ecn_ce").asLong());
        assertEquals(1, json.get("pause_8023x").asLong());
        for (int p = 0; p < 8; p++) {
            assertTrue(json.get("pfc").has(Integer.toString(p)));
            assertTrue(json.get("priority_bytes").has(Integer.toString(p)));
        }
        JsonNode p3 = json.get("pfc").get("3");
        assertEquals(2, p3.get("frames").asLong());
        assertEquals(1, p3.get("xoff").asLong());
        assertEquals(1, p3.get("xon").asLong());
        assertEquals(1000, p3.get("quanta").asLong());
        // XOFF 1000 quanta (5.12 µs) at 7 µs, XON at 8 µs: paused 1 µs
        assertEquals(1.0, p3.get("paused_us").asDouble(), 1e-3);
        // priority 3 (DSCP 26): 4 writes of 1078 + 2 ACKs of 62; priority 6 (DSCP 48): the 78-byte CNP
        assertEquals(4 * 1078 + 2 * 62, json.get("priority_bytes").get("3").asLong());
        assertEquals(78, json.get("priority_bytes").get("6").asLong());
        JsonNode qp = json.get("qps").get(0);
        assertEquals("0x000011", qp.get("src_qp").asText());
        // the per-QP CSV's 36 columns (the last 5 naming the CM connection) and the JSON-only message sizes and rate
        assertEquals(36 + 5, qp.size());
        assertTrue(qp.get("cm_service_id").isNull() && qp.get("cm_start_psn").isNull(), qp.toString());
        for (String key : List.of("message_bytes", "message_size_min", "message_size_mean", "message_size_max",
                "message_rate_per_s")) {
            assertTrue(qp.has(key), key);
        }
        // NAK at 4 µs, resend of 102 at 6 µs; CE at 3 µs, CNP at 5 µs
        assertEquals(2.0, json.get("nak_retransmit").get("latency_min_us").asDouble(), 1e-9);
        assertEquals(2.0, json.get("cnp_ce").get("latency_max_us").asDouble(), 1e-9);
        assertEquals(60, json.get("ets").get("3").get("configured_pct").asDouble());
    }

    @Test
    void unknownSourceQpIsNullInJsonAndEmptyInCsv() throws IOException {
        Frames f = new Frames();
        f.roce(1, A, B, 0x22, 0x2A, 1).send();   // UC write: nothing names the source QP
        AnalysisResult r = f.result();
        StringWriter json = new StringWriter();
        JsonSummary.write(r, json, true);
        assertTrue(new ObjectMapper().readTree(json.toString()).get("qps").get(0).get("src_qp").isNull());
        StringBuilder csv = new StringBuilder();
        CsvExport.writeQps(r, csv);
        assertEquals("", parse(csv.toString()).get(0).get("src_qp"));
    }

    @Test
    void pfcCsvHasOneRowPerPausedInterval() throws IOException {
        StringBuilder out = new StringBuilder();
        CsvExport.writePfc(fixture(), out);
        List<CSVRecord> rows = parse(out.toString());
        assertEquals(2, rows.size());
        assertEquals("02:00:00:00:00:a1", rows.get(0).get("sender_mac"));
        assertEquals("3", rows.get(0).get("priority"));
        assertEquals("1", rows.get(0).get("duration_us"));
        assertEquals("xon", rows.get(0).get("ended_by"));
        assertEquals("8", rows.get(0).get("start_frame"));
        assertEquals("9", rows.get(0).get("end_frame"));
        // 802.3x: 10 quanta = 51.2 ns, never resumed
        assertEquals("all", rows.get(1).get("priority"));
        assertEquals("0.0512", rows.get(1).get("duration_us"));
        assertEquals("expired", rows.get(1).get("ended_by"));
    }

    @Test
    void priorityCsvHasOneRowPerBinAndUsedPriority() throws IOException {
        StringBuilder out = new StringBuilder();
        CsvExport.writePriorities(fixture(), out);
        List<CSVRecord> rows = parse(out.toString());
        // RoCE traffic from 1 µs to 6 µs in automatic 1 µs bins: 6 bins x 2 used priorities (3 and 6)
        assertEquals(12, rows.size());
        long bytes3 = rows.stream().filter(r -> r.get("priority").equals("3")).mapToLong(r -> Long.parseLong(r.get("bytes"))).sum();
        assertEquals(4 * 1078 + 2 * 62, bytes3);
        CSVRecord first = rows.get(0);
        assertEquals("2026-11-29T20:00:00.000001000Z", first.get("bin_start"));
        assertEquals("0.000001", first.get("bin_width_s"));
        assertEquals("1", first.get("share"));
        // 1078 bytes in 1 µs = 8.624 Gb/s
        assertEquals("8624000000", first.get("bps"));
    }

    @Test
    void eventsCsv() throws IOException {
        StringBuilder out = new StringBuilder();
        CsvExport.writeEvents(fixture(), out);
        List<CSVRecord> rows = parse(out.toString());
        // ecn_ce and psn_gap (frame 4, in the order they are found), nak (5), cnp (6), retransmission (7),
        // pause_8023x (10)
        assertEquals(List.of("ecn_ce", "psn_gap", "nak", "cnp", "retransmission", "pause_8023x"),
                rows.stream().map(r -> r.get("kind")).toList());
        assertEquals("note", rows.get(0).get("severity"));
        assertEquals("warning", rows.get(1).get("severity"));
        assertEquals("10.0.0.1 > 10.0.0.2 QP 0x000022", rows.get(0).get("flow"));
    }

    @Test
    void textSummaryShowsTheTables() {
        StringWriter text = new StringWriter();
        TextSummary.write(fixture(), "fixture", 10, new PrintWriter(text));
        String s = text.toString();
        assertTrue(s.contains("Frames: 11   RoCE: 7   other: 4   malformed: 0"), s);
        assertTrue(s.contains("Top 2 of 2 flows by bytes"), s);
        assertTrue(s.contains("NAK -> retransmission: 1 answered, 0 unanswered"), s);
        assertTrue(s.contains("PFC by priority"), s);
        assertTrue(s.contains("RoCE bandwidth by priority"), s);
    }
}
