package io.rocelens.generate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocelens.capture.CaptureFormat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Generates every scenario and checks the file byte by byte with {@link FrameChecks} (independent of the
 * generator), then recounts the simple truth keys from the bytes.
 */
class GeneratedCaptureTest {

    private static final long SPEED = Generator.DEFAULT_LINK_SPEED_BPS;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private JsonNode generate(Scenario scenario, int packets, int qps, int snaplen, long seed, CaptureFormat format,
                              Path file) throws IOException {
        Path truth = dir.resolve(file.getFileName() + ".json");
        Generator.generate(new Generator.Options(scenario, packets, qps, SPEED, snaplen, seed, format), file, truth);
        return JSON.readTree(truth.toFile());
    }

    @ParameterizedTest
    @CsvSource({
        "MIXED, 400, 8, 65535, PCAPNG",
        "MIXED, 400, 8, 128, PCAP",
        "INCAST, 1500, 12, 65535, PCAP",
        "PFC_STORM, 1500, 8, 65535, PCAP",
        "BULK, 3000, 50, 65535, PCAP",
        "BULK, 3000, 50, 128, PCAPNG",
        "FLOWS, 3000, 1, 65535, PCAP",
    })
    void framesAreCorrectAndTheTruthMatchesTheBytes(Scenario scenario, int packets, int qps, int snaplen,
                                                   CaptureFormat format) throws IOException {
        Path file = dir.resolve("capture." + format.name().toLowerCase());
        JsonNode truth = generate(scenario, packets, qps, snaplen, 7, format, file);
        List<RawCapture.Packet> frames = RawCapture.read(file);
        List<String> problems = FrameChecks.newProblems();
        FrameChecks.checkTiming(frames, SPEED, problems);

        List<FrameChecks.Roce> roce = new ArrayList<>();
        List<Long> badIcrc = new ArrayList<>();
        List<Long> malformed = new ArrayList<>();
        long pause = 0;
        for (RawCapture.Packet frame : frames) {
            assertTrue(frame.data().length == Math.min(snaplen, frame.originalLength()),
                    "frame " + frame.number() + " cut to the snap length, original length kept");
            FrameChecks.Roce r = FrameChecks.check(frame, problems);
            if (r != null) {
                roce.add(r);
                if (r.icrcChecked() && !r.icrcGood()) {
                    badIcrc.add((long) r.frame());
                }
            } else if (isShortRoceDatagram(frame.data())) {
                malformed.add((long) frame.number());
            } else if (RawCapture.u16(frame.data(), 12) == 0x8808 && RawCapture.u16(frame.data(), 14) == 0x0001) {
                pause++;
            }
        }
        assertEquals(List.of(), problems);
        assertTrue(frames.size() >= packets);
        if (scenario == Scenario.BULK || scenario == Scenario.FLOWS) {
            assertEquals(packets, frames.size());
        }

        assertEquals(frames.size(), truth.get("packets").asLong());
        assertEquals(roce.size(), truth.get("roce_packets").asLong());
        assertEquals(badIcrc, longs(truth.get("icrc_bad_frames")));
        assertEquals(badIcrc.size(), truth.get("icrc_bad").asLong());
        assertEquals(malformed, longs(truth.get("malformed_frames")));
        assertEquals(malformed.size(), truth.get("malformed").asLong());
        assertEquals(pause, truth.get("pause_8023x").asLong());
        assertEquals(roce.stream().filter(r -> r.opcode() == 0x81).count(), truth.get("cnps").asLong());
        assertEquals(roce.stream().filter(r -> r.ecn() == 3).count(), truth.get("ecn_ce").asLong());
        assertEquals(roce.stream().filter(r -> r.syndrome() >= 0 && (r.syndrome() >> 5 & 3) == 3).count(),
                truth.get("naks").asLong());
        assertEquals(roce.stream().filter(r -> r.syndrome() >= 0 && (r.syndrome() >> 5 & 3) == 1).count(),
                truth.get("rnr_naks").asLong());

        long[] priorityBytes = new long[8];
        long[] priorityPackets = new long[8];
        Map<String, long[]> flows = new HashMap<>();
        Map<Integer, Integer> lengths = new HashMap<>();
        frames.forEach(fr -> lengths.put(fr.number(), fr.originalLength()));
        for (FrameChecks.Roce r : roce) {
            int priority = r.pcp() >= 0 ? r.pcp() : r.dscp() >> 3;
            priorityBytes[priority] += lengths.get(r.frame());
            priorityPackets[priority]++;
            long[] flow = flows.computeIfAbsent(r.src() + " " + r.dst() + " " + String.format("0x%06x", r.destQp()),
                    k -> new long[3]);
            flow[0]++;
            flow[1] += lengths.get(r.frame());
            flow[2] += r.payload();
        }
        for (int p = 0; p < 8; p++) {
            assertEquals(priorityBytes[p], truth.get("priority_bytes").get(Integer.toString(p)).asLong());
            assertEquals(priorityPackets[p], truth.get("priority_packets").get(Integer.toString(p)).asLong());
        }
        assertEquals(flows.size(), truth.get("flows").asLong());
        if (scenario == Scenario.FLOWS) {
            // one flow per frame, each with a destination IP of its own
            assertEquals(packets, flows.size());
            assertEquals(packets, roce.stream().map(FrameChecks.Roce::dst).distinct().count());
        }
        assertEquals(flows.size(), truth.get("qps").size());
        for (JsonNode qp : truth.get("qps")) {
            long[] flow = flows.get(qp.get("src_ip").asText() + " " + qp.get("dst_ip").asText() + " "
                    + qp.get("dst_qp").asText());
            assertEquals(flow[0], qp.get("packets").asLong(), qp.toString());
            assertEquals(flow[1], qp.get("bytes").asLong(), qp.toString());
            assertEquals(flow[2], qp.get("payload_bytes").asLong(), qp.toString());
        }
    }

    private static boolean isShortRoceDatagram(byte[] f) {
        return RawCapture.u16(f, 12) == 0x0800 && RawCapture.u8(f, 23) == 17 && RawCapture.u16(f, 36) == 4791
                && RawCapture.u16(f, 38) < 8 + 12 + 4;
    }

    private static List<Long> longs(JsonNode array) {
        List<Long> values = new ArrayList<>();
        array.forEach(v -> values.add(v.asLong()));
        return values;
    }

    @Test
    void mixedCoversEveryOpcodeOfTheTable() throws IOException {
        Path file = dir.resolve("mixed.pcap");
        generate(Scenario.MIXED, 400, 8, 65535, 3, CaptureFormat.PCAP, file);
        Set<Integer> opcodes = new TreeSet<>();
        boolean ipv6 = false;
        boolean roceV1 = false;
        boolean tagged = false;
        Set<Integer> dscps = new TreeSet<>();
        List<String> problems = FrameChecks.newProblems();
        for (RawCapture.Packet frame : RawCapture.read(file)) {
            FrameChecks.Roce r = FrameChecks.check(frame, problems);
            if (r != null) {
                opcodes.add(r.opcode());
                ipv6 |= r.src().startsWith("fd00:");
                roceV1 |= r.src().startsWith("fe80:");
                tagged |= r.pcp() >= 0;
                dscps.add(r.dscp());
            }
        }
        Set<Integer> expected = new TreeSet<>(List.of(0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09,
                0x0A, 0x0B, 0x0C, 0x0D, 0x0E, 0x0F, 0x10, 0x11, 0x12, 0x13, 0x14, 0x16, 0x17,
                0x20, 0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2A, 0x2B, 0x64, 0x65, 0x81));
        assertEquals(expected, opcodes);
        assertTrue(ipv6, "RoCEv2 over IPv6");
        assertTrue(roceV1, "RoCEv1");
        assertTrue(tagged, "VLAN-tagged RoCE");
        assertTrue(dscps.size() >= 5, "DSCP on several priorities: " + dscps);
    }

    /**
     * The mixed script's loss, RNR, damaged ICRC, CE and PFC events, counted by hand from MixedScenario and the
     * contract's definitions: one lost WRITE in a burst of six (1 gap, resend of 4 = 1 out of order + 3
     * duplicates), the RNR retry (1 duplicate) and the resend of the damaged packet (1 duplicate).
     */
    @Test
    void mixedTruthCountsTheScriptedEvents() throws IOException {
        Path file = dir.resolve("mixed.pcap");
        JsonNode truth = generate(Scenario.MIXED, 400, 8, 65535, 11, CaptureFormat.PCAP, file);
        assertEquals(1, truth.get("psn_gaps").asLong());
        assertEquals(0, truth.get("missing_psns").asLong());
        assertEquals(6, truth.get("retransmitted").asLong());
        assertEquals(1, truth.get("out_of_order").asLong());
        assertEquals(5, truth.get("duplicates").asLong());
        assertEquals(1, truth.get("naks").asLong());
        assertEquals(1, truth.get("rnr_naks").asLong());
        assertEquals(2, truth.get("cnps").asLong());
        assertEquals(3, truth.get("ecn_ce").asLong());
        assertEquals(1, truth.get("icrc_bad").asLong());
        assertEquals(1, truth.get("malformed").asLong());
        assertEquals(2, truth.get("pause_8023x").asLong());
        JsonNode p3 = truth.get("pfc").get("3");
        assertEquals(3, p3.get("frames").asLong());
        assertEquals(2, p3.get("xoff").asLong());
        assertEquals(1, p3.get("xon").asLong());
        assertEquals(2 * 0xFFFF, p3.get("quanta").asLong());

        // Priority 3 is paused from the first XOFF to the XON (the second XOFF only extends it): read both
        // timestamps from the file.
        List<Long> pfc3 = new ArrayList<>();
        for (RawCapture.Packet frame : RawCapture.read(file)) {
            byte[] f = frame.data();
            if (RawCapture.u16(f, 12) == 0x8808 && RawCapture.u16(f, 14) == 0x0101
                    && (RawCapture.u16(f, 16) & 1 << 3) != 0) {
                pfc3.add(frame.timestampNanos());
            }
        }
        assertEquals(3, pfc3.size());
        assertEquals((pfc3.get(2) - pfc3.get(0)) / 1000.0, p3.get("paused_us").asDouble(), 1e-6);
        assertEquals(0.0, truth.get("pfc").get("0").get("paused_us").asDouble());
    }

    @Test
    void sameSeedSameBytesOtherSeedOtherBytes() throws IOException {
        Path a = dir.resolve("a.pcap");
        Path b = dir.resolve("b.pcap");
        Path c = dir.resolve("c.pcap");
        JsonNode ta = generate(Scenario.INCAST, 800, 8, 65535, 42, CaptureFormat.PCAP, a);
        JsonNode tb = generate(Scenario.INCAST, 800, 8, 65535, 42, CaptureFormat.PCAP, b);
        generate(Scenario.INCAST, 800, 8, 65535, 43, CaptureFormat.PCAP, c);
        assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b));
        assertEquals(ta, tb);
        assertFalse(java.util.Arrays.equals(Files.readAllBytes(a), Files.readAllBytes(c)));
    }

    @Test
    void slowerLinksSpreadTheSameFramesFurther() throws IOException {
        Path fast = dir.resolve("fast.pcap");
        Path slow = dir.resolve("slow.pcap");
        Generator.generate(new Generator.Options(Scenario.BULK, 500, 4, 100_000_000_000L, 65535, 1,
                CaptureFormat.PCAP), fast, null);
        Generator.generate(new Generator.Options(Scenario.BULK, 500, 4, 25_000_000_000L, 65535, 1,
                CaptureFormat.PCAP), slow, null);
        List<RawCapture.Packet> f = RawCapture.read(fast);
        List<RawCapture.Packet> s = RawCapture.read(slow);
        List<String> problems = FrameChecks.newProblems();
        FrameChecks.checkTiming(s, 25_000_000_000L, problems);
        assertEquals(List.of(), problems);
        // Back-to-back bulk frames: a 1098-byte WRITE First takes (1098 + 24) x 8 bits = 8976 bits on the wire,
        // 359.04 ns at 25 Gb/s and 89.76 ns at 100 Gb/s, rounded up to whole nanoseconds.
        assertEquals(1098, s.get(0).originalLength());
        assertEquals(360, s.get(1).timestampNanos() - s.get(0).timestampNanos());
        assertEquals(90, f.get(1).timestampNanos() - f.get(0).timestampNanos());
    }
}
