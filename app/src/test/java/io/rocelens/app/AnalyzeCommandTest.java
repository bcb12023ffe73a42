package io.rocelens.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocelens.capture.RealCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code rocelens analyze} on the real captures. The expected numbers in {@code src/test/resources/analysis/*.json}
 * come from tshark's decode through {@code tshark_expected.py} (next to them, with the command in each file's
 * "_command"), not from RoCE Lens.
 */
class AnalyzeCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    static Stream<String> expectedFiles() {
        return Stream.of("huawei-hiroce-rc-send-with-imm-ect0-lowsrcport", "rxe-ibv-ud-pingpong",
                "rxe-nccl-allreduce-with-tcp-tls-noise-node0", "rxe-nccl-ring-allreduce-node0", "rxe-rc-atomic-fetchadd",
                "rxe-rc-rdma-read-multi-packet-response", "rxe-rc-rdma-write-first-middle-last",
                "rxe-rdmacm-two-connections-small-sends", "rxe-rdmacm-write-read-with-arp", "rxe-rping-cm-ud-read-write");
    }

    @ParameterizedTest
    @MethodSource("expectedFiles")
    void jsonMatchesTheTsharkDerivedNumbers(String name) throws IOException {
        Path captures = RealCaptures.directory();
        JsonNode expected;
        try (InputStream in = getClass().getResourceAsStream("/analysis/" + name + ".json")) {
            expected = JSON.readTree(in);
        }
        CommandRunner run = CommandRunner.run("analyze", "--json", captures.resolve(name + ".pcap").toString());
        assertEquals(0, run.status(), run.err());
        JsonNode actual = JSON.readTree(run.out());
        assertShared(name, expected, actual);
    }

    /** Every key of the expected object (except "_…" notes) must be there with the same value; qps match by key. */
    private static void assertShared(String where, JsonNode expected, JsonNode actual) {
        for (Iterator<Map.Entry<String, JsonNode>> it = expected.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            String key = entry.getKey();
            if (key.startsWith("_")) {
                continue;
            }
            assertTrue(actual.has(key), where + ": missing " + key);
            if (key.equals("qps")) {
                assertEquals(entry.getValue().size(), actual.get("qps").size(), where + ": flows");
                for (JsonNode flow : entry.getValue()) {
                    JsonNode match = null;
                    for (JsonNode candidate : actual.get("qps")) {
                        if (candidate.get("src_ip").equals(flow.get("src_ip"))
                                && candidate.get("dst_ip").equals(flow.get("dst_ip"))
                                && candidate.get("dst_qp").equals(flow.get("dst_qp"))) {
                            match = candidate;
                        }
                    }
                    assertTrue(match != null, where + ": no flow " + flow);
                    assertShared(where + " " + flow.get("src_ip") + ">" + flow.get("dst_ip") + " " + flow.get("dst_qp"),
                            flow, match);
                }
            } else if (entry.getValue().isObject()) {
                assertShared(where + "." + key, entry.getValue(), actual.get(key));
            } else {
                assertEquals(entry.getValue().asText(), actual.get(key).asText(), where + ": " + key);
            }
        }
    }

    @Test
    void theCraftedCapturesExchangesAreTimedAsTheyWereBuilt() throws IOException {
        // make-violations.py lists the requests it timed to their answers, with the nanoseconds it put between them
        Path folder = Path.of("../dissectors/src/test/resources/analysis");
        JsonNode built = new ObjectMapper().readTree(folder.resolve("violations.json").toFile());
        List<String> expected = new java.util.ArrayList<>(List.of("flow,kind,request_frame,answer_frame,latency_ns,priority"));
        for (JsonNode exchange : built.get("latency")) {
            List<String> cells = new java.util.ArrayList<>();
            exchange.forEach(cell -> cells.add(cell.asText()));
            expected.add(String.join(",", cells));
        }
        CommandRunner result = CommandRunner.run("analyze", folder.resolve("violations.pcap").toString(),
                "--latency-csv", "-");
        assertEquals(0, result.status(), result.err());
        assertEquals(expected, result.out().lines().toList());

        JsonNode summary = new ObjectMapper().readTree(CommandRunner.run("analyze", "--json",
                folder.resolve("violations.pcap").toString()).out()).get("latency");
        // six ACK round trips: 10 µs five times, 150 ms; nearest rank: p50 is the 3rd, p99 the 6th
        assertEquals(List.of(6L, 10_000L, 10_000L, 150_000_000L, 150_000_000L),
                List.of(summary.get("ack_rtt").get("count").asLong(), summary.get("ack_rtt").get("min_ns").asLong(),
                        summary.get("ack_rtt").get("p50_ns").asLong(), summary.get("ack_rtt").get("p99_ns").asLong(),
                        summary.get("ack_rtt").get("max_ns").asLong()));
        assertEquals(40_000, summary.get("read_last").get("flows").get("10.0.0.1 > 10.0.0.2 QP 0x000022")
                .get("max_ns").asLong());
        // six messages as built: 20 µs, 10 µs, 150 ms, 10 µs, 10 µs, 10 µs; every packet has DSCP 26, so all are in
        // priority 3 (DSCP >> 3); the histogram has the 1-2-5 bins from the one up to 10 µs to the one up to 200 ms
        JsonNode messages = summary.get("message");
        assertEquals(6, messages.get("count").asLong());
        assertEquals(6, messages.get("priorities").get("3").get("count").asLong());
        List<String> bins = new java.util.ArrayList<>();
        messages.get("histogram").forEach(bin -> bins.add(bin.get("le_ns").asLong() + "=" + bin.get("count").asLong()));
        assertEquals(List.of("10000=4", "20000=1", "50000=0", "100000=0", "200000=0", "500000=0", "1000000=0",
                "2000000=0", "5000000=0", "10000000=0", "20000000=0", "50000000=0", "100000000=0", "200000000=1"),
                bins);
    }

    @Test
    void aCraftedCaptureGivesEachProtocolEventWhereItWasBuilt() throws IOException {
        // crafted with scapy, not with RoCE Lens (make-violations.py): its JSON lists the events it built, and where
        Path folder = Path.of("../dissectors/src/test/resources/analysis");
        JsonNode built = new ObjectMapper().readTree(folder.resolve("violations.json").toFile());
        CommandRunner result = CommandRunner.run("analyze", folder.resolve("violations.pcap").toString(),
                "--events-csv", "-");
        assertEquals(0, result.status(), result.err());
        List<String> rows = result.out().lines().toList();
        // every event of each kind the script lists, and no other of that kind: a CM handshake's second connection
        // is neither a retransmission nor responses without their request
        java.util.Map<String, List<String>> builtFrames = new java.util.TreeMap<>();
        for (JsonNode event : built.get("events")) {
            builtFrames.computeIfAbsent(event.get("kind").asText(), k -> new java.util.ArrayList<>())
                    .add(event.get("frame").asText());
        }
        builtFrames.forEach((kind, frames) -> assertEquals(frames, rows.stream()
                .filter(row -> row.split(",")[4].equals(kind)).map(row -> row.split(",")[0]).toList(), kind));
        for (JsonNode event : built.get("events")) {
            if (event.has("message")) {
                String at = event.get("frame").asText() + ",";
                String row = rows.stream().filter(r -> r.startsWith(at) && r.contains("," + event.get("kind").asText()
                        + ",")).findFirst().orElseThrow();
                assertTrue(row.contains(event.get("message").asText()), row);
            }
        }
    }

    @Test
    void udFlowsAreKeyedByTheirSenderAndNotJudged() throws IOException {
        // make-violations.py: QPs 0x60 and 0x61 of one host send interleaved datagrams to one QP; its JSON lists the
        // flows it built (two, one per sender QP) and the frames that must raise no event (those datagrams, and a
        // CM REQ and REP sent again, with the SEND and ACK after them)
        Path folder = Path.of("../dissectors/src/test/resources/analysis");
        JsonNode built = new ObjectMapper().readTree(folder.resolve("violations.json").toFile());
        JsonNode qps = JSON.readTree(CommandRunner.run("analyze", "--json",
                folder.resolve("violations.pcap").toString()).out()).get("qps");
        for (JsonNode flow : built.get("flows")) {
            List<JsonNode> rows = new java.util.ArrayList<>();
            for (JsonNode row : qps) {
                if (row.get("src_ip").equals(flow.get("src_ip")) && row.get("dst_ip").equals(flow.get("dst_ip"))
                        && row.get("dst_qp").equals(flow.get("dst_qp")) && row.get("src_qp").equals(flow.get("src_qp"))) {
                    rows.add(row);
                }
            }
            assertEquals(1, rows.size(), flow + " in " + qps);
            flow.fieldNames().forEachRemaining(key -> assertEquals(flow.get(key).asText(), rows.get(0).get(key).asText(),
                    flow + ": " + key));
        }
        List<String> events = CommandRunner.run("analyze", folder.resolve("violations.pcap").toString(),
                "--events-csv", "-").out().lines().toList();
        for (JsonNode frame : built.get("quiet_frames")) {
            assertTrue(events.stream().noneMatch(row -> row.startsWith(frame.asText() + ",")), frame + ": " + events);
        }
    }

    @Test
    void subnetManagementPacketsOfTwoPortsAreNoRetransmissions() {
        // a real ibdump capture: four SMPs on QP0 from two ports behind the permissive LID; UD promises no PSN
        // order, so nothing there is a retransmission (the analysis called two of them duplicates)
        CommandRunner result = CommandRunner.run("analyze",
                RealCaptures.file("ibdump-native-ib-erf-rdma-write-only.pcap").toString(), "--events-csv", "-");
        assertEquals(0, result.status(), result.err());
        assertEquals(List.of("frame,time,offset_s,severity,kind,flow,message"), result.out().lines().toList());
    }

    @Test
    void requesterQpIsLearntFromTheResponses() throws IOException {
        Path captures = RealCaptures.directory();
        // tshark -r …: requests go to QP 0x11, ACKs and READ responses to QP 0x17
        CommandRunner run = CommandRunner.run("analyze", "--json", captures.resolve("rxe-rdmacm-write-read-with-arp.pcap").toString());
        JsonNode request = null;
        for (JsonNode flow : JSON.readTree(run.out()).get("qps")) {
            if (flow.get("dst_qp").asText().equals("0x000011")) {
                request = flow;
            }
        }
        assertEquals("0x000017", request.get("src_qp").asText());
    }

    @Test
    void flowsAreNamedByTheirCmConnection(@TempDir Path dir) throws IOException {
        // tshark -r rxe-rdmacm-two-connections-small-sends.pcap -e infiniband.cm.req.serviceid -e …localqpn
        // -e …startpsn -e infiniband.cm.req.ip_cm.sport: REQ frame 1 from 10.1.16.62, QPN 0x3d, PSN 0x7cc204, sport
        // 0xccf7; REP frame 2 from .61, QPN 0x3b, PSN 0x727d6d; REQ 24: QPN 0x3e, PSN 0xaf834f, sport 0xc6be; REP 25:
        // QPN 0x3c, PSN 0x7d2388; both Service ID 0x0000000001064853 (rdma_cm, TCP port space 0x06, dport 0x4853).
        // The first data packet to each QP carries its Starting PSN (frames 4, 6, 43: 7503213, 8176132, 8201096).
        Path capture = RealCaptures.file("rxe-rdmacm-two-connections-small-sends.pcap");
        CommandRunner run = CommandRunner.run("analyze", "--json", capture.toString());
        assertEquals(0, run.status(), run.err());
        java.util.Map<String, String> named = new java.util.TreeMap<>();
        for (JsonNode flow : JSON.readTree(run.out()).get("qps")) {
            named.put(flow.get("src_ip").asText() + ">" + flow.get("dst_ip").asText() + " " + flow.get("dst_qp").asText(),
                    flow.get("src_qp").asText() + " " + flow.get("cm_service_id").asText() + " "
                            + flow.get("cm_port").asText() + " " + flow.get("cm_src_port").asText() + " "
                            + flow.get("cm_start_psn").asText() + " " + flow.get("cm_peer_start_psn").asText());
        }
        assertEquals(java.util.Map.of(
                "10.1.16.61>10.1.16.62 0x000001", "0x000001 null null null null null",
                "10.1.16.62>10.1.16.61 0x000001", "0x000001 null null null null null",
                "10.1.16.62>10.1.16.61 0x00003b", "0x00003d 0x0000000001064853 18515 52471 7503213 8176132",
                "10.1.16.61>10.1.16.62 0x00003d", "0x00003b 0x0000000001064853 18515 52471 8176132 7503213",
                "10.1.16.62>10.1.16.61 0x00003c", "0x00003e 0x0000000001064853 18515 50878 8201096 11502415",
                "10.1.16.61>10.1.16.62 0x00003e", "0x00003c 0x0000000001064853 18515 50878 11502415 8201096"),
                named);
        Path qp = dir.resolve("qp.csv");
        assertEquals(0, CommandRunner.run("analyze", capture.toString(), "--qp-csv", qp.toString()).status());
        List<String> rows = Files.readAllLines(qp);
        assertTrue(rows.get(0).endsWith(",icrc_errors,cm_service_id,cm_port,cm_src_port,cm_start_psn,cm_peer_start_psn"),
                rows.get(0));
        assertTrue(rows.stream().anyMatch(row -> row.startsWith("10.1.16.62,10.1.16.61,0x00003e,0x00003c,")
                && row.endsWith(",0x0000000001064853,18515,50878,8201096,11502415")), String.join("\n", rows));
        assertTrue(rows.stream().anyMatch(row -> row.startsWith("10.1.16.62,10.1.16.61,0x000001,0x000001,")
                && row.endsWith(",,,,,")), String.join("\n", rows));
    }

    @Test
    void csvExportsAreWritten(@TempDir Path dir) throws IOException {
        Path captures = RealCaptures.directory();
        Path qp = dir.resolve("qp.csv");
        Path priority = dir.resolve("priority.csv");
        Path pfc = dir.resolve("pfc.csv");
        Path events = dir.resolve("events.csv");
        CommandRunner run = CommandRunner.run("analyze", captures.resolve("rxe-rc-rdma-write-first-middle-last.pcap").toString(),
                "--qp-csv", qp.toString(), "--priority-csv", priority.toString(), "--pfc-csv", pfc.toString(),
                "--events-csv", events.toString(), "--bin-width", "100us");
        assertEquals(0, run.status(), run.err());
        assertTrue(run.out().contains("Top 2 of 2 flows by bytes"), run.out());
        List<String> rows = Files.readAllLines(qp);
        assertEquals(3, rows.size());
        assertTrue(rows.get(0).startsWith("src_ip,dst_ip,src_qp,dst_qp,priority,dscp,packets,"));
        assertEquals("sender_mac,priority,start,end,start_offset_s,duration_us,start_frame,end_frame,xoff_frames,ended_by",
                Files.readAllLines(pfc).get(0));
        assertEquals(1, Files.readAllLines(events).size());
        // RoCE frames from epoch 1781621761.226451 s to .227161 s (tshark -Y infiniband -e frame.time_epoch):
        // 100 µs bins .2264 .. .2271 = 8 bins, priority 0 only
        List<String> bins = Files.readAllLines(priority);
        assertEquals(1 + 8, bins.size());
        assertTrue(bins.get(1).startsWith("2026-06-16T14:56:01.226400000Z,"), bins.get(1));
        assertTrue(bins.get(1).contains(",0.0001,0,"), bins.get(1));
    }

    @Test
    void filesYearsApartMergeWithAGivenBinWidth() throws IOException {
        Path captures = RealCaptures.directory();
        // capinfos and tshark: 123 frames (105 RoCEv2) captured in 2022, 31 frames (20 RoCEv2) in 2026; at 1 µs the bins
        // between them would number about 10^14, so the merge widens them
        CommandRunner run = CommandRunner.run("analyze", "--json", "--bin-width", "1us",
                captures.resolve("huawei-hiroce-rc-send-with-imm-ect0-lowsrcport.pcap").toString(),
                captures.resolve("rxe-ibv-rc-pingpong.pcap").toString());
        assertEquals(0, run.status(), run.err());
        JsonNode merged = JSON.readTree(run.out());
        assertEquals(123 + 31, merged.get("packets").asLong());
        assertEquals(105 + 20, merged.get("roce_packets").asLong());
    }

    @Test
    void severalFilesAreMerged() throws IOException {
        Path captures = RealCaptures.directory();
        // tshark: node0 has 275 frames (184 RoCEv2), node1 229 (184 RoCEv2); flows as tshark_expected.py found
        String node0 = captures.resolve("rxe-nccl-ring-allreduce-node0.pcap").toString();
        String node1 = captures.resolve("rxe-nccl-ring-allreduce-node1.pcap").toString();
        JsonNode merged = JSON.readTree(CommandRunner.run("analyze", "--json", node0, node1).out());
        assertEquals(275 + 229, merged.get("packets").asLong());
        assertEquals(184 + 184, merged.get("roce_packets").asLong());
        JsonNode first = JSON.readTree(CommandRunner.run("analyze", "--json", node0).out());
        JsonNode second = JSON.readTree(CommandRunner.run("analyze", "--json", node1).out());
        java.util.Set<String> keys = new java.util.HashSet<>();
        for (JsonNode part : List.of(first, second)) {
            for (JsonNode flow : part.get("qps")) {
                keys.add(flow.get("src_ip").asText() + ">" + flow.get("dst_ip").asText() + flow.get("dst_qp").asText());
            }
        }
        assertEquals(keys.size(), merged.get("flows").asLong());
        assertEquals(275 + 10, JSON.readTree(CommandRunner.run("analyze", "--json", "-c", "285", node0, node1).out()).get("packets").asLong());
    }

    @Test
    void csvToStandardOutputReplacesTheSummary() {
        Path captures = RealCaptures.directory();
        CommandRunner run = CommandRunner.run("analyze", captures.resolve("rxe-ibv-ud-pingpong.pcap").toString(), "--qp-csv", "-");
        assertEquals(0, run.status());
        assertTrue(run.out().startsWith("src_ip,dst_ip,"), run.out());
        assertFalse(run.out().contains("RoCE analysis"));
    }

    @Test
    void etsAndDscpMapChangeTheOutput() throws IOException {
        Path captures = RealCaptures.directory();
        // every RoCE packet of this capture has DSCP 0 (tshark -T fields -e ip.dsfield.dscp): mapped to priority 4, all bytes move there
        CommandRunner run = CommandRunner.run("analyze", "--json", "--ets", "4=60,0=40", "--dscp-map", "0=4",
                captures.resolve("rxe-ibv-rc-pingpong.pcap").toString());
        assertEquals(0, run.status(), run.err());
        JsonNode json = JSON.readTree(run.out());
        assertEquals(0, json.get("priority_bytes").get("0").asLong());
        assertTrue(json.get("priority_bytes").get("4").asLong() > 0);
        assertEquals(60, json.get("ets").get("4").get("configured_pct").asDouble());
        assertEquals(100, json.get("ets").get("4").get("observed_pct").asDouble(), 1e-9);
    }

    @Test
    void notACaptureIsOneLineAndStatus2(@TempDir Path dir) throws IOException {
        Path text = dir.resolve("notes.txt");
        Files.writeString(text, "this is not a capture file at all\n");
        CommandRunner run = CommandRunner.run("analyze", text.toString());
        assertEquals(2, run.status());
        assertEquals(1, run.err().lines().count(), run.err());
        assertTrue(run.err().startsWith("rocelens: "), run.err());
        assertEquals("", run.out());
    }

    @Test
    void captureWithoutFramesGivesAnEmptyAnalysis(@TempDir Path dir) throws IOException {
        // a pcap global header only: magic a1b2c3d4 (little-endian), version 2.4, snaplen 65535, link type 1
        java.nio.ByteBuffer header = java.nio.ByteBuffer.allocate(24).order(java.nio.ByteOrder.LITTLE_ENDIAN)
                .putInt(0xA1B2C3D4).putShort((short) 2).putShort((short) 4).putInt(0).putInt(0).putInt(65535).putInt(1);
        Path empty = dir.resolve("empty.pcap");
        Files.write(empty, header.array());
        CommandRunner run = CommandRunner.run("analyze", "--json", empty.toString());
        assertEquals(0, run.status(), run.err());
        JsonNode json = JSON.readTree(run.out());
        assertEquals(0, json.get("packets").asLong());
        assertEquals(0, json.get("flows").asLong());
        assertEquals(8, json.get("pfc").size());
        assertEquals(0, CommandRunner.run("analyze", empty.toString()).status());
    }

    @Test
    void missingFileIsStatus2() {
        CommandRunner run = CommandRunner.run("analyze", "/nonexistent/capture.pcap");
        assertEquals(2, run.status());
        assertEquals(1, run.err().lines().count(), run.err());
    }

    @Test
    void cutFileIsAnalysedUpToTheCutWithStatus1(@TempDir Path dir) throws IOException {
        Path captures = RealCaptures.directory();
        byte[] whole = Files.readAllBytes(captures.resolve("rxe-rping-cm-ud-read-write.pcap"));
        Path cut = dir.resolve("cut.pcap");
        Files.write(cut, java.util.Arrays.copyOf(whole, whole.length / 2));
        CommandRunner run = CommandRunner.run("analyze", "--json", cut.toString());
        assertEquals(1, run.status());
        assertEquals(1, run.err().lines().count(), run.err());
        long packets = JSON.readTree(run.out()).get("packets").asLong();
        assertTrue(packets > 0 && packets < 65, "packets " + packets);
    }

    @Test
    void badOptionValuesAreRejected() {
        CommandRunner run = CommandRunner.run("analyze", "x.pcap", "--link-speed", "fast");
        assertEquals(2, run.status());
        assertTrue(run.err().contains("not a link speed"), run.err());
        CommandRunner ets = CommandRunner.run("analyze", "x.pcap", "--ets", "80,40");
        assertEquals(2, ets.status());
        assertEquals("rocelens: ETS shares add up to more than 100 %: 120.0", ets.err().strip());
        CommandRunner dscp = CommandRunner.run("analyze", "x.pcap", "--dscp-map", "26=9");
        assertEquals(2, dscp.status());
        assertEquals("rocelens: priority out of range 0-7: 9", dscp.err().strip());
        CommandRunner bins = CommandRunner.run("analyze", "x.pcap", "--bin-width", "soon");
        assertEquals(2, bins.status());
        assertTrue(bins.err().contains("not a duration"), bins.err());
        CommandRunner storm = CommandRunner.run("analyze", "x.pcap", "--storm-threshold", "150");
        assertEquals(2, storm.status());
        assertEquals("rocelens: --storm-threshold must be a percentage above 0 and at most 100, not 150.0",
                storm.err().strip());
    }
}
