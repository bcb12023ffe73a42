package io.rocelens.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The truth's counters on hand-made frame records; every expected value is worked out from the contract. */
class TruthTest {

    private static final long T0 = Emitter.EPOCH_NANOS;
    private final List<Emitted> frames = new ArrayList<>();

    private void roce(String src, String dst, int destQp, int sendingQp, int opcode, int psn) {
        roce(src, dst, destQp, sendingQp, opcode, psn, 0, -1, -1);
    }

    private void roce(String src, String dst, int destQp, int sendingQp, int opcode, int psn, int dmaLength,
                      int syndrome, int dethSrcQp) {
        frames.add(new Emitted(frames.size() + 1, T0 + frames.size() * 1000L, 100, Emitted.Kind.ROCE, src, dst,
                destQp, sendingQp, opcode, psn, 26, 2, 3, 40, dmaLength, syndrome, dethSrcQp, false, 0, 0, null));
    }

    private void pfc(long mac, long ts, int priority, int quanta) {
        int[] times = new int[8];
        times[priority] = quanta;
        frames.add(new Emitted(frames.size() + 1, T0 + ts, 60, Emitted.Kind.PFC, null, null, 0, 0, 0, 0, 0, 0, 0,
                0, 0, -1, -1, false, mac, 1 << priority, times));
    }

    private JsonNode truth() {
        return Truth.compute(frames, 100_000_000_000L, 65535, new ObjectMapper());
    }

    private void writes(int... psns) {
        for (int psn : psns) {
            roce("10.0.0.1", "10.0.0.2", 0x22, 0x11, Opcodes.WRITE_ONLY, psn);
        }
    }

    @Test
    void goBackNResendIsOneGapOneOutOfOrderAndDuplicates() {
        writes(10, 11, 13, 14, 12, 13, 14, 15);
        JsonNode qp = truth().get("qps").get(0);
        assertEquals(1, qp.get("psn_gaps").asLong());
        assertEquals(0, qp.get("missing_psns").asLong());
        assertEquals(3, qp.get("retransmitted").asLong());
        assertEquals(1, qp.get("out_of_order").asLong());
        assertEquals(2, qp.get("duplicates").asLong());
        assertEquals(8, qp.get("messages").asLong());
        assertEquals(8, qp.get("rdma_write").asLong());
    }

    @Test
    void psnsNeverResentStayMissing() {
        writes(1, 2, 5);
        JsonNode root = truth();
        assertEquals(1, root.get("psn_gaps").asLong());
        assertEquals(2, root.get("missing_psns").asLong());
    }

    @Test
    void psnWrapIsInOrder() {
        writes(0xFFFFFE, 0xFFFFFF, 0, 1);
        JsonNode root = truth();
        assertEquals(0, root.get("psn_gaps").asLong());
        assertEquals(0, root.get("retransmitted").asLong());
    }

    @Test
    void readRequestAcceptsAnyPmtuAndMeasuresGapsFromTheUpperEnd() {
        // 8192 bytes: next PSN in [100 + 2, 100 + 32]; 108 is what a 1024-byte PMTU gives.
        roce("10.0.0.1", "10.0.0.2", 0x22, 0x11, Opcodes.READ_REQUEST, 100, 8192, -1, -1);
        roce("10.0.0.1", "10.0.0.2", 0x22, 0x11, Opcodes.READ_REQUEST, 108, 8192, -1, -1);
        // After the second READ the range is [110, 140]; 141 is one past the upper end: one gap, PSN 140 missing.
        roce("10.0.0.1", "10.0.0.2", 0x22, 0x11, Opcodes.WRITE_ONLY, 141);
        JsonNode qp = truth().get("qps").get(0);
        assertEquals(1, qp.get("psn_gaps").asLong());
        assertEquals(1, qp.get("missing_psns").asLong());
        assertEquals(2, qp.get("rdma_read_req").asLong());
    }

    @Test
    void acknowledgesAreNotPsnTrackedButPairTheFlows() {
        writes(1, 2, 3);
        roce("10.0.0.2", "10.0.0.1", 0x11, 0x22, Opcodes.ACK, 3, 0, Connection.SYNDROME_ACK, -1);
        roce("10.0.0.2", "10.0.0.1", 0x11, 0x22, Opcodes.ACK, 9, 0, Connection.SYNDROME_NAK_PSN_SEQUENCE, -1);
        roce("10.0.0.2", "10.0.0.1", 0x11, 0x22, Opcodes.ACK, 9, 0, Connection.SYNDROME_RNR_NAK_TIMER_14, -1);
        roce("10.0.0.3", "10.0.0.4", 0x44, 0x33, Opcodes.UC | Opcodes.SEND_ONLY, 7);
        roce("10.0.0.5", "10.0.0.6", 0x66, 0x55, Opcodes.UD | Opcodes.SEND_ONLY, 7, 0, -1, 0x55);
        JsonNode root = truth();
        assertEquals(0, root.get("psn_gaps").asLong());
        assertEquals(1, root.get("naks").asLong());
        assertEquals(1, root.get("rnr_naks").asLong());
        JsonNode qps = root.get("qps");
        assertEquals(4, qps.size());
        assertEquals("0x000011", qps.get(0).get("src_qp").asText());
        assertEquals(1, qps.get(1).get("acks").asLong());
        assertEquals("0x000022", qps.get(1).get("src_qp").asText());
        assertTrue(qps.get(2).get("src_qp").isNull(), "UC: nothing to pair with");
        assertEquals("0x000055", qps.get(3).get("src_qp").asText());
    }

    @Test
    void messagesCountOnlyPacketsAndLastsWithTheirFirst() {
        roce("10.0.0.1", "10.0.0.2", 0x22, 0x11, Opcodes.SEND_LAST, 1);
        roce("10.0.0.1", "10.0.0.2", 0x22, 0x11, Opcodes.SEND_FIRST, 2);
        roce("10.0.0.1", "10.0.0.2", 0x22, 0x11, Opcodes.SEND_MIDDLE, 3);
        roce("10.0.0.1", "10.0.0.2", 0x22, 0x11, Opcodes.SEND_LAST_IMM, 4);
        roce("10.0.0.1", "10.0.0.2", 0x22, 0x11, Opcodes.SEND_ONLY_INV, 5);
        JsonNode qp = truth().get("qps").get(0);
        assertEquals(2, qp.get("messages").asLong());
        assertEquals(5, qp.get("send").asLong());
    }

    @Test
    void pausedTimeFollowsRestartsXonAndExpiry() {
        // 100 Gb/s: one quantum is 5.12 ns.
        pfc(0xA, 0, 3, 1000);         // until 5120
        pfc(0xA, 2000, 3, 1000);      // restarts: until 7120
        pfc(0xA, 3000, 3, 0);         // XON: interval 0..3000
        pfc(0xA, 10_000, 3, 100);     // 512 ns, runs out
        pfc(0xB, 1000, 3, 200);       // another sender: 1024 ns, not clipped at the capture's end
        pfc(0xB, 20_000, 3, 0);       // XON with nothing paused
        JsonNode p3 = truth().get("pfc").get("3");
        assertEquals(6, p3.get("frames").asLong());
        assertEquals(4, p3.get("xoff").asLong());
        assertEquals(2, p3.get("xon").asLong());
        assertEquals(2300, p3.get("quanta").asLong());
        assertEquals(3.0 + 0.512 + 1.024, p3.get("paused_us").asDouble(), 1e-9);
    }

    @Test
    void timestampsAndQpsHaveTheContractsTextForms() {
        assertEquals("2026-01-01T00:00:00.000000123Z", Truth.isoTimestamp(T0 + 123));
        assertEquals("0x000022", Truth.qpText(0x22));
    }
}
