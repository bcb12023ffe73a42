package io.rocelens.app.gui.stats.psnladder.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.rocelens.analysis.FlowStats;
import io.rocelens.analysis.Formats;
import io.rocelens.app.gui.packetlist.model.IndexedCapture;
import io.rocelens.app.gui.stats.Samples;
import io.rocelens.app.gui.stats.conversations.model.Conversation;
import io.rocelens.app.gui.stats.conversations.model.Conversations;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The PSN ladder's points against the generator's truth per flow, and PSN unwrapping against serial arithmetic. */
class PsnLadderTest {

    @ParameterizedTest
    @ValueSource(strings = {"mixed.pcapng", "incast.pcap", "pfc-storm.pcap"})
    void everyPacketOfTheConversationIsAPointOfItsKind(String name) throws IOException {
        Path capture = Samples.FOLDER.resolve(name);
        Samples.Loaded loaded = Samples.load(capture);
        Map<String, JsonNode> truth = new HashMap<>();
        for (JsonNode qp : Samples.truth(capture).get("qps")) {
            truth.put(qp.get("src_ip").asText() + ">" + qp.get("dst_ip").asText() + " " + qp.get("dst_qp").asText(), qp);
        }
        for (Conversation c : Conversations.of(loaded.analysis())) {
            PsnLadder ladder = PsnLadder.of(new IndexedCapture(loaded.index(), null), c, loaded.analysis());
            assertEquals(c.packets(), ladder.size(), c.displayFilter());
            for (int direction = 0; direction < 2; direction++) {
                FlowStats flow = direction == PsnLadder.A_TO_B ? c.forward() : c.reverse();
                if (flow == null) {
                    continue;
                }
                JsonNode row = truth.get(flow.srcIp() + ">" + flow.dstIp() + " " + Formats.qp(flow.dstQp()));
                String what = name + " " + flow.name();
                assertEquals(row.get("rdma_write").asLong() + row.get("rdma_read_req").asLong() + row.get("send").asLong()
                        + row.get("atomic").asLong(), ladder.count(PsnLadder.REQUEST, direction), what + " requests");
                assertEquals(row.get("read_resp").asLong(), ladder.count(PsnLadder.READ_RESPONSE, direction), what);
                assertEquals(row.get("acks").asLong(), ladder.count(PsnLadder.ACK, direction), what + " ACKs");
                assertEquals(row.get("naks").asLong(), ladder.count(PsnLadder.NAK, direction), what + " NAKs");
                assertEquals(row.get("rnr_naks").asLong(), ladder.count(PsnLadder.RNR_NAK, direction), what);
                assertEquals(row.get("cnps").asLong(), ladder.count(PsnLadder.CNP, direction), what + " CNPs");
            }
            assertEquals(c.psnGaps(), ladder.marked(PsnLadder.GAP), c.displayFilter());
            assertEquals(c.retransmitted(), ladder.marked(PsnLadder.RETRANSMISSION), c.displayFilter());
        }
    }

    @Test
    void theRasterKeepsEveryPointInsideItsColumnsRange() throws IOException {
        Samples.Loaded loaded = Samples.load(Samples.MIXED);
        for (Conversation c : Conversations.of(loaded.analysis())) {
            PsnLadder ladder = PsnLadder.of(new IndexedCapture(loaded.index(), null), c, loaded.analysis());
            int width = 300;
            int height = 200;
            double t0 = ladder.minTime();
            double t1 = ladder.maxTime() + 1;
            double p0 = ladder.minPsn();
            double p1 = ladder.maxPsn() + 1;
            PsnLadder.Raster raster = ladder.raster(t0, t1, p0, p1, width, height);
            for (int i = 0; i < ladder.size(); i++) {
                int column = (int) ((ladder.time(i) - t0) * width / (t1 - t0));
                if (ladder.kind(i) == PsnLadder.CNP) {
                    assertTrue(raster.cnp[ladder.direction(i)][column]);
                    continue;
                }
                int row = (int) Math.round((p1 - ladder.psn(i)) * (height - 1) / (p1 - p0));
                int series = ladder.kind(i) * 2 + ladder.direction(i);
                assertTrue(raster.top[series][column] <= row && row <= raster.bottom[series][column],
                        "frame " + ladder.frame(i));
                double x = (ladder.time(i) - t0) * width / (t1 - t0);
                double y = (p1 - ladder.psn(i)) * (height - 1) / (p1 - p0);
                assertTrue(ladder.nearest(t0, t1, p0, p1, width, height, x, y, 0.5) >= 0, "found where it is drawn");
            }
        }
    }

    /**
     * The hover's latency texts at each end of every exchange make-violations.py crafts with scapy, whose JSON lists
     * the request and answer frames and the nanoseconds the script put between them.
     */
    @Test
    void eachTimedExchangeIsNamedAtItsRequestAndItsAnswer() throws IOException {
        Path folder = Path.of("../dissectors/src/test/resources/analysis").toAbsolutePath();
        Samples.Loaded loaded = Samples.load(folder.resolve("violations.pcap"));
        JsonNode built = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(folder.resolve("violations.json").toFile());
        // a flow name may have several conversations (connections reusing a QP): a frame is a point of one of them
        List<PsnLadder> ladders = new ArrayList<>();
        for (Conversation c : Conversations.of(loaded.analysis())) {
            ladders.add(PsnLadder.of(new IndexedCapture(loaded.index(), null), c, loaded.analysis()));
        }
        Map<Long, List<String>> texts = new HashMap<>();
        for (PsnLadder ladder : ladders) {
            for (int i = 0; i < ladder.size(); i++) {
                texts.put(ladder.frame(i), ladder.latencies(i));
            }
        }
        Set<Long> timed = new HashSet<>();
        for (JsonNode exchange : built.get("latency")) {
            long request = exchange.get(2).asLong();
            long answer = exchange.get(3).asLong();
            timed.add(request);
            timed.add(answer);
            String after = Formats.duration(exchange.get(4).asLong());
            String kind = exchange.get(1).asText();
            String waited = switch (kind) {
                case "ack_rtt" -> "ACK after ";
                case "read_first" -> "first READ response after ";
                case "read_last" -> "last READ response after ";
                default -> "message acknowledged after ";
            };
            assertTrue(texts.get(request).contains(waited + after + " (frame " + answer + ")"),
                    kind + " at request frame " + request + ": " + texts.get(request));
            String answers = switch (kind) {
                case "ack_rtt" -> "acknowledges frame ";
                case "read_first" -> "first response to the READ in frame ";
                case "read_last" -> "last response to the READ in frame ";
                default -> "completes the message of frame ";
            };
            assertTrue(texts.get(answer).contains(answers + request + " after " + after),
                    kind + " at answer frame " + answer + ": " + texts.get(answer));
        }
        assertTrue(timed.size() >= 6, "the script's exchanges: " + timed);
        texts.forEach((frame, said) -> assertEquals(timed.contains(frame), !said.isEmpty(), "frame " + frame));
    }

    /**
     * make-violations.py's requester starts a second sequence at PSN 9,000,000 after 5 s of silence (its JSON's
     * inferred new_connection, frame 21): no PSN of that capture wraps, so every point is the wire's PSN.
     */
    @Test
    void aNewConnectionsSequenceIsDrawnAtItsOwnPsns() throws IOException {
        Path folder = Path.of("../dissectors/src/test/resources/analysis").toAbsolutePath();
        Samples.Loaded loaded = Samples.load(folder.resolve("violations.pcap"));
        boolean sawSecond = false;
        for (Conversation c : Conversations.of(loaded.analysis())) {
            PsnLadder ladder = PsnLadder.of(new IndexedCapture(loaded.index(), null), c, loaded.analysis());
            for (int i = 0; i < ladder.size(); i++) {
                assertTrue(ladder.psn(i) >= 0 && ladder.psn(i) < 1 << 24, "frame " + ladder.frame(i));
                sawSecond |= ladder.frame(i) == 21 && ladder.psn(i) == 9_000_000;
            }
        }
        assertTrue(sawSecond, "frame 21 at PSN 9,000,000");
    }

    @Test
    void psnsUnwrapThroughTwoToThe24WithSerialArithmetic() {
        // IBTA vol. 1 §9.7.1: PSNs are 24 bits and compare modulo 2^24; a step under 2^23 is forward (under 2^22 here)
        PsnLadder.Unwrap unwrap = new PsnLadder.Unwrap();
        assertEquals(0xFFFFFEL, unwrap.next(0xFFFFFE));
        assertEquals(0xFFFFFFL, unwrap.next(0xFFFFFF));
        assertEquals(0x1000000L, unwrap.next(0));
        assertEquals(0x1000005L, unwrap.next(5));
        assertEquals(0xFFFFFFL, unwrap.next(0xFFFFFF), "a retransmission from before the wrap steps back");
        assertEquals(0xFFFFFFL + 0x3FFFFF, unwrap.next((0xFFFFFF + 0x3FFFFF) & 0xFFFFFF), "2^22 - 1 ahead");
        assertEquals(0x7FFFFFL, new PsnLadder.Unwrap().next(0x7FFFFF));
        // a jump of 2^22 or more is a new connection's sequence: it starts at its PSN, not 2^24 below or above
        PsnLadder.Unwrap epochs = new PsnLadder.Unwrap();
        assertEquals(17L, epochs.next(17));
        assertEquals(9_000_000L, epochs.next(9_000_000), "8,999,983 on: past 2^23, serial arithmetic says back");
        assertEquals(9_000_001L, epochs.next(9_000_001));
        assertEquals(100L, epochs.next(100), "back to a low PSN: another sequence again");
    }

    @Test
    void packetKindsFollowTheOpcodeTable() {
        // IBTA vol. 1 table 38: RC 0x0D-0x10 READ responses, 0x11 Acknowledge, 0x12 ATOMIC Acknowledge; 0x81 CNP
        assertEquals(PsnLadder.READ_RESPONSE, PsnLadder.kindOf(0x10, 0x1f));
        assertEquals(PsnLadder.ACK, PsnLadder.kindOf(0x11, 0x1f));
        assertEquals(PsnLadder.NAK, PsnLadder.kindOf(0x11, 0x60));
        assertEquals(PsnLadder.RNR_NAK, PsnLadder.kindOf(0x11, 0x2e));
        assertEquals(PsnLadder.ACK, PsnLadder.kindOf(0x12, 0x00));
        assertEquals(PsnLadder.CNP, PsnLadder.kindOf(0x81, -1));
        assertEquals(PsnLadder.REQUEST, PsnLadder.kindOf(0x0a, -1));
        assertEquals(PsnLadder.REQUEST, PsnLadder.kindOf(0x64, -1), "UD SEND Only");
        assertEquals(PsnLadder.REQUEST, PsnLadder.kindOf(0x2a, -1), "UC RDMA WRITE Only");
    }
}
