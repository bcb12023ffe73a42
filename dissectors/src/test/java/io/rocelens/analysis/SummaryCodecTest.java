package io.rocelens.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.PacketSummary;
import io.rocelens.dissect.SummaryPipeline;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * {@link SummaryCodec} over every frame of the sample captures and of the test captures (CM, DCBX, QCN, native
 * InfiniBand, tunnels and mirrors, ERF, damaged and cut frames): each field the analysis reads, as the analyzer's
 * code reads them (listed here, by name), comes back equal; and the analysis of the decoded summaries is the analysis
 * of the dissector's, byte for byte in {@link ResultCodec}.
 */
class SummaryCodecTest {

    private static final Path SAMPLES = Path.of("../sample-captures");
    private static final Path RESOURCES = Path.of("src/test/resources");

    /**
     * The fields RoceAnalyzer and its trackers read of a frame (RoceAnalyzer.accept and what it calls, QcnTracker.cnm,
     * NotDissected.count, PacketSummary.isRoce and analysedLength); MAC addresses only of frames without a BTH, the
     * only ones whose MACs the analysis reads (PFC, PAUSE, CNM, DCBX).
     */
    static Map<String, Object> analysed(PacketSummary s) {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("number", s.number);
        f.put("timestampNanos", s.timestampNanos);
        f.put("originalLength", s.originalLength);
        f.put("kinds", s.kinds);
        f.put("notDissected", s.notDissected);
        f.put("malformedReason", s.malformedReason);
        f.put("encapsulation", s.encapsulation);
        f.put("innerLength", s.innerLength);
        if (!s.isRoce()) {
            f.put("ethSrc", s.ethSrc);
            f.put("ethDst", s.ethDst);
        }
        f.put("vlanPcp", s.vlanPcp);
        f.put("lrhSl", s.lrhSl);
        f.put("dscp", s.dscp);
        f.put("ecn", s.ecn);
        f.put("ipSrcHi", s.ipSrcHi);
        f.put("ipSrcLo", s.ipSrcLo);
        f.put("ipDstHi", s.ipDstHi);
        f.put("ipDstLo", s.ipDstLo);
        f.put("opcode", s.opcode);
        f.put("destQp", s.destQp);
        f.put("psn", s.psn);
        f.put("ackRequest", s.ackRequest);
        f.put("icrcStatus", s.icrcStatus);
        f.put("payloadLength", s.payloadLength);
        f.put("aethSyndrome", s.aethSyndrome);
        f.put("dethSrcQp", s.dethSrcQp);
        f.put("rethDmaLength", s.rethDmaLength);
        f.put("pfcClassEnable", s.pfcClassEnable);
        f.put("pfcTime", Arrays.toString(s.pfcTime));
        f.put("pauseQuanta", s.pauseQuanta);
        f.put("qcnQfb", s.qcnQfb);
        f.put("qcnCpid", s.qcnCpid);
        f.put("qcnQOffset", s.qcnQOffset);
        f.put("qcnQDelta", s.qcnQDelta);
        f.put("qcnPriority", s.qcnPriority);
        f.put("qcnEncapDmac", s.qcnEncapDmac);
        f.put("qcnFlowId", s.qcnFlowId);
        f.put("dcbxPfcEnable", s.dcbxPfcEnable);
        f.put("dcbxEtsTcOfPriority", s.dcbxEtsTcOfPriority);
        f.put("dcbxEtsBandwidth", s.dcbxEtsBandwidth);
        f.put("dcbxEtsTsa", s.dcbxEtsTsa);
        f.put("madAttributeId", s.madAttributeId);
        f.put("cmLocalCommId", s.cmLocalCommId);
        f.put("cmRemoteCommId", s.cmRemoteCommId);
        f.put("cmQpn", s.cmQpn);
        f.put("cmStartingPsn", s.cmStartingPsn);
        f.put("cmServiceId", s.cmServiceId);
        f.put("cmSourcePort", s.cmSourcePort);
        f.put("cmRejectReason", s.cmRejectReason);
        f.put("cmRejectedMessage", s.cmRejectedMessage);
        return f;
    }

    /**
     * The public fields of the summary but the kept ones, by name: the codec reads them back as {@link
     * PacketSummary#clear()} leaves them, whatever frame the summary held before.
     */
    static Map<String, Object> leftOut(PacketSummary s, Set<String> kept) {
        Map<String, Object> values = new LinkedHashMap<>();
        try {
            for (Field f : PacketSummary.class.getFields()) {
                if (!Modifier.isStatic(f.getModifiers()) && !kept.contains(f.getName())) {
                    Object v = f.get(s);
                    values.put(f.getName(), v instanceof int[] a ? Arrays.toString(a) : v);
                }
            }
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
        return values;
    }

    private static final PacketSummary CLEARED = new PacketSummary();

    static {
        CLEARED.clear();
    }

    /** The summary as read back: the kept fields as expected and every other field cleared. */
    /** The batch written reads back as the frames expected, each into the same summary, and then ends. */
    private static void assertAllReadBack(SummaryCodec.Writer writer, List<Map<String, Object>> expected,
                                          PacketSummary s) {
        SummaryCodec.Reader reader = new SummaryCodec.Reader();
        reader.reset(writer.toByteArray());
        for (Map<String, Object> e : expected) {
            assertTrue(reader.next(s));
            assertReadBack(e, s, "frame " + e.get("number"));
        }
        assertFalse(reader.next(s));
    }

    private static void assertReadBack(Map<String, Object> expected, PacketSummary s, String what) {
        assertEquals(expected, analysed(s), what);
        Set<String> kept = analysed(s).keySet();
        assertEquals(leftOut(CLEARED, kept), leftOut(s, kept), what + ": the fields the codec does not keep");
    }

    static List<Path> captures() throws IOException {
        List<Path> all = new ArrayList<>();
        for (Path dir : List.of(SAMPLES, RESOURCES)) {
            try (Stream<Path> files = Files.walk(dir)) {
                files.filter(p -> p.toString().matches(".*\\.pcap(ng)?$")).sorted().forEach(all::add);
            }
        }
        return all;
    }

    @Test
    void everyFrameOfEveryCaptureComesBackWithTheFieldsTheAnalysisReads() throws IOException {
        List<Path> captures = captures();
        assertTrue(captures.size() >= 25, "captures found: " + captures);
        long frames = 0;
        long bytes = 0;
        for (Path capture : captures) {
            List<Map<String, Object>> expected = new ArrayList<>();
            List<byte[]> batches = new ArrayList<>();
            SummaryCodec.Writer writer = new SummaryCodec.Writer(1024);
            RoceAnalyzer direct = new RoceAnalyzer(AnalysisOptions.defaults());
            try (CaptureReader reader = CaptureReaders.open(capture)) {
                SummaryPipeline.withWorkers(DissectorOptions.defaults(), 1).run(reader, Long.MAX_VALUE, s -> {
                    expected.add(analysed(s));
                    direct.accept(s);
                    writer.write(s);
                    // batches of 7 frames: the differences and the string table start again with each
                    if (writer.frames() == 7) {
                        batches.add(writer.toByteArray());
                        writer.reset();
                    }
                });
            }
            batches.add(writer.toByteArray());
            RoceAnalyzer decoded = new RoceAnalyzer(AnalysisOptions.defaults());
            SummaryCodec.Reader reader = new SummaryCodec.Reader();
            PacketSummary s = new PacketSummary();
            int i = 0;
            for (byte[] batch : batches) {
                bytes += batch.length;
                reader.reset(batch);
                while (reader.next(s)) {
                    assertReadBack(expected.get(i), s, capture + " frame " + (i + 1));
                    decoded.accept(s);
                    i++;
                }
            }
            assertEquals(expected.size(), i, capture + ": frames read back");
            assertArrayEquals(ResultCodec.encode(direct.result()), ResultCodec.encode(decoded.result()),
                    capture + ": the analysis of the decoded summaries");
            frames += i;
        }
        assertTrue(frames > 3_000, "frames: " + frames);
        assertTrue(bytes < frames * 40, bytes + " bytes for " + frames + " frames");
    }

    /** Values the dissector gives rarely or never in the captures: IPv6 and odd addresses, BTHs cut short, CM. */
    @Property(tries = 300)
    void randomSummariesComeBackEqual(@ForAll long seed) {
        Random r = new Random(seed);
        List<Map<String, Object>> expected = new ArrayList<>();
        SummaryCodec.Writer writer = new SummaryCodec.Writer(16);
        PacketSummary s = new PacketSummary();
        int n = 1 + r.nextInt(40);
        List<PacketSummary> earlier = new ArrayList<>();
        List<PacketSummary> written = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            random(s, r);
            if (!written.isEmpty() && r.nextInt(3) == 0) {
                // a frame as one of the last few but for its number, time and PSN: a body met before
                PacketSummary like = written.get(written.size() - 1 - r.nextInt(Math.min(3, written.size())));
                long number = s.number;
                long time = s.timestampNanos;
                copy(like, s);
                s.number = number;
                s.timestampNanos = time;
                s.psn = like.psn < 0 || like.psn > 0xFF_FFFF ? like.psn : like.psn + r.nextInt(3) & 0xFF_FFFF;
            } else if (!earlier.isEmpty() && r.nextBoolean()) {
                // a frame of an earlier one's flow: its addresses and QP, a PSN near its, across 2^24 too
                PacketSummary flow = earlier.get(r.nextInt(earlier.size()));
                s.ipSrcHi = flow.ipSrcHi;
                s.ipSrcLo = flow.ipSrcLo;
                s.ipDstHi = flow.ipDstHi;
                s.ipDstLo = flow.ipDstLo;
                s.destQp = flow.destQp;
                s.opcode = r.nextInt(256);
                s.psn = flow.psn < 0 ? r.nextInt(1 << 24) : flow.psn + r.nextInt(4001) - 2000 & 0xFF_FFFF;
            }
            PacketSummary copy = new PacketSummary();
            copy.clear();
            copy.ipSrcHi = s.ipSrcHi;
            copy.ipSrcLo = s.ipSrcLo;
            copy.ipDstHi = s.ipDstHi;
            copy.ipDstLo = s.ipDstLo;
            copy.destQp = s.destQp;
            copy.psn = s.psn;
            earlier.add(copy);
            PacketSummary whole = new PacketSummary();
            copy(s, whole);
            written.add(whole);
            expected.add(analysed(s));
            writer.write(s);
        }
        SummaryCodec.Reader reader = new SummaryCodec.Reader();
        byte[] batch = writer.toByteArray();
        // the batch inside a larger array, as a range
        byte[] larger = new byte[batch.length + 10];
        System.arraycopy(batch, 0, larger, 3, batch.length);
        reader.reset(larger, 3, batch.length);
        // into the summary the frames were made in (not one the reader filled: cleared whole), then reused
        for (Map<String, Object> e : expected) {
            assertTrue(reader.next(s));
            assertReadBack(e, s, "seed " + seed);
        }
        assertFalse(reader.next(s));
    }

    /** Every public field of one summary into another. */
    private static void copy(PacketSummary from, PacketSummary to) {
        try {
            for (Field f : PacketSummary.class.getFields()) {
                if (Modifier.isStatic(f.getModifiers())) {
                    continue;
                }
                if (f.get(from) instanceof int[] a) {
                    System.arraycopy(a, 0, (int[]) f.get(to), 0, a.length);
                } else if (!Modifier.isFinal(f.getModifiers())) {
                    f.set(to, f.get(from));
                }
            }
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * A flow's frames alike but for their number (+1), time (+800 ns) and PSN (+1), after its first two: by the
     * layout, a byte each for the number's and the PSN's differences (zigzag 2), two for the time's (zigzag 1600), one
     * for the head naming flow 0 and one for the body, the second frame's (index 0 + 1).
     */
    @Test
    void aFlowsFramesAlikeButForNumberTimeAndPsnTakeSixBytes() {
        SummaryCodec.Writer writer = new SummaryCodec.Writer(64);
        PacketSummary s = new PacketSummary();
        List<Map<String, Object>> expected = new ArrayList<>();
        int sizeAfterTwo = 0;
        for (int i = 0; i < 1000; i++) {
            s.clear();
            s.number = 1 + i;
            s.timestampNanos = 1_700_000_000_000_000_000L + 800L * i;
            s.kinds = PacketSummary.ROCEV2;
            s.originalLength = 1090;
            s.dscp = 26;
            s.ecn = 2;
            s.ipSrcLo = 0xFFFF_0A00_0001L;
            s.ipDstLo = 0xFFFF_0A00_0002L;
            s.opcode = 7;
            s.destQp = 0x11;
            s.psn = 0xFF_FF00 + i & 0xFF_FFFF;
            s.payloadLength = 1024;
            s.icrcStatus = PacketSummary.ICRC_UNCHECKED;
            expected.add(analysed(s));
            writer.write(s);
            if (i == 1) {
                sizeAfterTwo = writer.size();
            }
        }
        assertEquals(998 * 6, writer.size() - sizeAfterTwo);
        assertAllReadBack(writer, expected, s);
    }

    private static void random(PacketSummary s, Random r) {
        s.clear();
        s.number = r.nextBoolean() ? r.nextLong() : r.nextInt(1000);
        s.timestampNanos = r.nextBoolean() ? r.nextLong() : 1_700_000_000_000_000_000L + r.nextInt(1000);
        s.originalLength = r.nextInt(70_000);
        s.kinds = r.nextInt(1 << 18);
        if (r.nextInt(4) == 0) {
            s.notDissected = List.of("link type 197 (ERF)", "a", "é ü").get(r.nextInt(3));
        }
        if (r.nextInt(4) == 0) {
            s.malformedReason = "reason " + r.nextInt(3);
        }
        if (r.nextBoolean()) {
            s.encapsulation = r.nextInt(6);
            s.innerLength = r.nextInt(10_000) - 1;
        }
        s.ethSrc = r.nextBoolean() ? -1 : r.nextLong() >>> 16;
        s.ethDst = r.nextBoolean() ? -1 : r.nextLong() >>> 16;
        if (r.nextBoolean()) {
            s.vlanPcp = r.nextInt(9) - 1;
            s.lrhSl = r.nextInt(17) - 1;
            s.dscp = r.nextInt(65) - 1;
            s.ecn = r.nextInt(5) - 1;
        }
        switch (r.nextInt(3)) {
            case 0 -> s.ipSrcLo = 0xFFFF_0000_0000L | r.nextInt() & 0xFFFF_FFFFL;
            case 1 -> {
                s.ipSrcHi = r.nextLong();
                s.ipSrcLo = r.nextLong();
            }
            default -> s.ipSrcLo = r.nextInt(5);  // ::1 and such: not IPv4-mapped
        }
        if (r.nextBoolean()) {
            s.ipDstHi = r.nextLong();
            s.ipDstLo = r.nextLong();
        }
        switch (r.nextInt(3)) {
            case 0 -> {
                s.opcode = r.nextInt(256);
                s.destQp = r.nextInt(1 << 24);
                s.psn = r.nextInt(1 << 24);
            }
            case 1 -> {
                s.opcode = r.nextInt(257) - 1;
                s.destQp = r.nextInt();
                s.psn = -1;
            }
            default -> {
                // no BTH
            }
        }
        s.ackRequest = r.nextBoolean();
        s.icrcStatus = r.nextInt(4);
        s.payloadLength = r.nextInt(5000) - 1;
        s.aethSyndrome = r.nextInt(257) - 1;
        s.dethSrcQp = r.nextBoolean() ? -1 : r.nextInt(1 << 24);
        s.rethDmaLength = r.nextBoolean() ? -1 : r.nextLong() >>> 32;
        if (r.nextBoolean()) {
            s.pfcClassEnable = r.nextInt(256);
            for (int i = 0; i < 8; i++) {
                s.pfcTime[i] = r.nextInt(65_536);
            }
        }
        s.pauseQuanta = r.nextBoolean() ? -1 : r.nextInt(65_536);
        if (r.nextBoolean()) {
            s.qcnQfb = r.nextInt(64);
            s.qcnCpid = r.nextLong();
            s.qcnQOffset = r.nextInt(65_536) - 32_768;
            s.qcnQDelta = r.nextInt(65_536) - 32_768;
            s.qcnPriority = r.nextInt(8);
            s.qcnEncapDmac = r.nextLong() >>> 16;
        }
        s.qcnFlowId = r.nextBoolean() ? -1 : r.nextInt(65_536);
        if (r.nextBoolean()) {
            s.dcbxPfcEnable = r.nextInt(256);
            s.dcbxEtsTcOfPriority = r.nextInt();
            s.dcbxEtsBandwidth = r.nextLong();
            s.dcbxEtsTsa = r.nextLong();
        }
        if (r.nextBoolean()) {
            s.madAttributeId = r.nextInt(65_536);
            s.cmLocalCommId = r.nextInt() & 0xFFFF_FFFFL;
            s.cmRemoteCommId = r.nextInt() & 0xFFFF_FFFFL;
            s.cmQpn = r.nextInt(1 << 24);
            s.cmStartingPsn = r.nextInt(1 << 24);
            s.cmServiceId = r.nextLong();
            s.cmSourcePort = r.nextInt(65_536);
            s.cmRejectReason = r.nextInt(40);
            s.cmRejectedMessage = r.nextInt(3);
        }
    }

    /** Frames of more flows than a batch's table holds: those beyond it written in full, all read back. */
    @Test
    void moreFlowsThanTheTableHoldsComeBackEqual() {
        SummaryCodec.Writer writer = new SummaryCodec.Writer(64);
        PacketSummary s = new PacketSummary();
        List<Map<String, Object>> expected = new ArrayList<>();
        int flows = SummaryCodec.FLOWS + 50;
        for (int round = 0; round < 3; round++) {
            for (int flow = 0; flow < flows; flow++) {
                s.clear();
                s.number = round * flows + flow + 1;
                s.kinds = PacketSummary.ROCEV2;
                s.ipSrcLo = 0xFFFF_0A00_0001L + flow % 7;
                s.ipDstLo = 0xFFFF_0A00_0100L + flow / 7;
                s.opcode = 10;
                s.destQp = 0x100 + flow % 3;
                s.psn = (0xFF_FFF0 + round * 9 + flow) & 0xFF_FFFF;
                expected.add(analysed(s));
                writer.write(s);
            }
        }
        assertAllReadBack(writer, expected, s);
    }

    /** Frames of more different bodies than a batch's table holds: those beyond it written each time, all read back. */
    @Test
    void moreBodiesThanTheTableHoldsComeBackEqual() {
        SummaryCodec.Writer writer = new SummaryCodec.Writer(64);
        PacketSummary s = new PacketSummary();
        List<Map<String, Object>> expected = new ArrayList<>();
        int lengths = SummaryCodec.BODIES + 50;
        for (int round = 0; round < 3; round++) {
            for (int length = 0; length < lengths; length++) {
                s.clear();
                s.number = round * lengths + length + 1;
                s.kinds = PacketSummary.ROCEV2;
                s.originalLength = 60 + length;
                s.ipSrcLo = 0xFFFF_0A00_0001L;
                s.ipDstLo = 0xFFFF_0A00_0002L + round % 2;
                s.opcode = 10;
                s.destQp = 0x100;
                s.psn = round * lengths + length;
                expected.add(analysed(s));
                writer.write(s);
            }
        }
        assertAllReadBack(writer, expected, s);
    }

    @Test
    void valuesNoDissectorGivesAreRefusedAndBytesOfNoWriterToo() {
        SummaryCodec.Writer writer = new SummaryCodec.Writer(64);
        PacketSummary s = new PacketSummary();
        s.clear();
        s.ethSrc = 1L << 48;
        assertThrows(IllegalArgumentException.class, () -> writer.write(s));
        s.clear();
        s.dscp = 64;
        assertThrows(IllegalArgumentException.class, () -> writer.write(s));

        s.clear();
        s.notDissected = "a reason";
        writer.reset();
        writer.write(s);
        byte[] whole = writer.toByteArray();
        SummaryCodec.Reader reader = new SummaryCodec.Reader();
        for (int cut = 1; cut < whole.length; cut++) {
            reader.reset(Arrays.copyOf(whole, cut));
            assertThrows(IllegalArgumentException.class, () -> reader.next(new PacketSummary()), "cut at " + cut);
        }
    }
}
