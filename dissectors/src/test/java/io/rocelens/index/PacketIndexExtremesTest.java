package io.rocelens.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.analysis.AnalysisOptions;
import io.rocelens.dissect.PacketColumns;
import io.rocelens.dissect.PacketSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The index over a synthetic sequence of summaries with the values its compact columns must not lose: offsets past
 * 4 GB and jumps of gigabytes, timestamps seconds and hours apart (and backwards) between neighbouring frames, the
 * extremes of long and int, lengths past 65,535, frames cut at changing snap lengths, opcode and syndrome 0xFF and
 * absent, every kinds bit, more than 65,536 distinct addresses and more than 65,536 distinct combinations of opcode and
 * syndrome. Every getter must give back exactly what was appended: the expected values are the input's.
 */
class PacketIndexExtremesTest {

    private static final int ROWS = 5 * 65_536 + 123;
    private static final long[] ODD_LONGS = {Long.MIN_VALUE, Long.MAX_VALUE, -1, 0, 1L << 32, (1L << 32) - 1};
    private static final int[] ODD_INTS = {Integer.MIN_VALUE, Integer.MAX_VALUE, -1, 0, 65_535, 65_536, 262_144};

    static final List<PacketSummary> input = new ArrayList<>();
    static PacketIndex index;

    @BeforeAll
    static void appendTheSequence() {
        Random random = new Random(19);
        long offset = (4L << 30) - 1000;
        long time = 1_700_000_000_000_000_000L;
        int[] snaps = {Integer.MAX_VALUE, 128, 9000, 64, 1500};
        for (int row = 0; row < ROWS; row++) {
            PacketSummary p = new PacketSummary();
            p.clear();
            p.number = row + 1L;
            int phase = row / 40_000;
            // lengths: usually whole or cut at the phase's snap length; sometimes an odd one
            p.originalLength = phase == 3 ? 9000 + random.nextInt(70_000) : 60 + random.nextInt(1441);
            p.capturedLength = Math.min(p.originalLength, snaps[phase % snaps.length]);
            if (random.nextInt(30_000) == 0) {
                p.originalLength = ODD_INTS[random.nextInt(ODD_INTS.length)];
            }
            if (random.nextInt(30_000) == 0) {
                p.capturedLength = random.nextBoolean() ? p.originalLength + 1 : ODD_INTS[random.nextInt(ODD_INTS.length)];
            }
            // offsets: records in order, crossing 4 GB; sometimes gigabytes ahead, or an odd value
            offset += 16 + Math.max(0, p.capturedLength) % 300_000;
            if (random.nextInt(50_000) == 0) {
                offset += 5L << 30;
            }
            p.fileOffset = random.nextInt(60_000) == 0 ? ODD_LONGS[random.nextInt(ODD_LONGS.length)] : offset;
            // time: microseconds apart, a phase of frames seconds apart, steps back, odd values
            time += phase == 2 ? random.nextInt(2_000_000_000) : random.nextInt(50_000);
            long stamp = time;
            int odd = random.nextInt(20_000);
            if (odd == 0) {
                stamp = time - 100_000_000; // 100 ms back
            } else if (odd == 1) {
                stamp = time - 10_000_000_000L; // 10 s back
            } else if (odd == 2) {
                stamp = time + 3_600_000_000_000L; // an hour ahead
            } else if (odd == 3) {
                stamp = ODD_LONGS[random.nextInt(ODD_LONGS.length)];
            }
            p.timestampNanos = stamp;
            p.kinds = random.nextInt(1 << 17);
            if (random.nextInt(10_000) == 0) {
                p.kinds = random.nextBoolean() ? -1 : 0;
            }
            p.etherType = random.nextInt(5) == 0 ? -1 : random.nextInt(5) == 0 ? 0xFFFF : 0x0800;
            p.interfaceId = random.nextInt(10) == 0 ? random.nextInt(70_000) : -1;
            if (phase == 4) {
                // every opcode and syndrome pair, absent ones too: more than 65,536 distinct shapes
                int pair = row - 4 * 40_000;
                p.opcode = pair % 257 - 1;
                p.aethSyndrome = pair / 257 % 257 - 1;
            } else {
                p.opcode = random.nextInt(4) == 0 ? -1 : random.nextInt(3) == 0 ? 0xFF : random.nextInt(256);
                p.aethSyndrome = random.nextInt(4) == 0 ? -1 : random.nextInt(3) == 0 ? 0xFF : random.nextInt(256);
            }
            p.destQp = random.nextInt(5) == 0 ? -1 : random.nextInt(3) == 0 ? 0xFFFFFF : random.nextInt(1 << 24);
            p.psn = random.nextInt(5) == 0 ? -1 : random.nextInt(1 << 24);
            p.vlanPcp = random.nextInt(9) - 1;
            p.lrhSl = random.nextInt(3) == 0 ? random.nextInt(17) - 1 : -1;
            p.dscp = random.nextInt(65) - 1;
            p.ecn = random.nextInt(5) - 1;
            p.icrcStatus = random.nextInt(4);
            // addresses: a few hosts, and in phases 5 and 6 a new source for every frame (more than 65,536 of them)
            if (phase == 5 || phase == 6 || random.nextInt(100) == 0) {
                p.ipSrcHi = 0;
                p.ipSrcLo = 0xFFFF_0000_0000L | random.nextInt();
            } else {
                p.ipSrcLo = 0xFFFF_0A00_0001L + random.nextInt(4);
            }
            p.ipDstLo = 0xFFFF_0A00_0001L + random.nextInt(4);
            if (random.nextInt(50) == 0) {
                p.ipDstHi = random.nextLong();
            }
            p.ethSrc = random.nextInt(7) == 0 ? -1 : random.nextLong() >>> 16;
            p.ethDst = random.nextInt(7) == 0 ? -1 : random.nextLong() >>> 16;
            // ports: none, any of 0 - 65,535, and now and then values no dissection gives (one port, out of range)
            boolean ports = random.nextInt(5) > 0;
            p.udpSrcPort = ports ? random.nextInt(65_536) : -1;
            p.udpDstPort = ports ? random.nextInt(65_536) : -1;
            if (random.nextInt(1_000) == 0) {
                p.udpSrcPort = ODD_INTS[random.nextInt(ODD_INTS.length)];
            }
            if (row % 9_973 == 777) {
                // and each odd value for sure, in rows of different chunks
                int k = row / 9_973;
                p.timestampNanos = ODD_LONGS[k % ODD_LONGS.length];
                p.fileOffset = ODD_LONGS[(k + 1) % ODD_LONGS.length];
                p.originalLength = ODD_INTS[k % ODD_INTS.length];
                p.capturedLength = ODD_INTS[(k + 3) % ODD_INTS.length];
                p.udpSrcPort = 65_535;
                p.udpDstPort = k % 2 == 0 ? 65_535 : -1;
            }
            input.add(p);
        }
        index = new PacketIndex(AnalysisOptions.defaults());
        for (PacketSummary p : input) {
            index.append(p);
        }
    }

    @Test
    void everyGetterGivesBackWhatWasAppended() {
        AnalysisOptions options = AnalysisOptions.defaults();
        assertEquals(ROWS, index.size());
        for (int row = 0; row < ROWS; row++) {
            PacketSummary p = input.get(row);
            String which = "row " + row;
            assertEquals(p.number, index.number(row), which);
            assertEquals(p.fileOffset, index.fileOffset(row), which);
            assertEquals(p.timestampNanos, index.timestampNanos(row), which);
            assertEquals(p.originalLength, index.originalLength(row), which);
            assertEquals(p.capturedLength, index.capturedLength(row), which);
            assertEquals(p.kinds, index.kinds(row), which);
            assertEquals(p.interfaceId, index.interfaceId(row), which);
            assertEquals(p.destQp, index.destQp(row), which);
            assertEquals(p.psn, index.psn(row), which);
            assertEquals(p.opcode, index.opcode(row), which);
            assertEquals(options.priorityOf(p.lrhSl, p.vlanPcp, p.dscp), index.priority(row), which);
            assertEquals(PacketColumns.source(p), index.source(row), which);
            assertEquals(PacketColumns.destination(p), index.destination(row), which);
            assertEquals(PacketColumns.protocol(p), index.protocol(row), which);
        }
    }

    @Test
    void fillGivesBackWhatWasAppended() {
        PacketSummary into = new PacketSummary();
        for (int row = 0; row < ROWS; row++) {
            PacketSummary p = input.get(row);
            index.fill(row, into);
            String which = "row " + row;
            assertEquals(p.number, into.number, which);
            assertEquals(p.fileOffset, into.fileOffset, which);
            assertEquals(p.timestampNanos, into.timestampNanos, which);
            assertEquals(input.get(0).timestampNanos, into.firstTimestampNanos, which);
            assertEquals(input.get(Math.max(0, row - 1)).timestampNanos, into.previousTimestampNanos, which);
            assertEquals(p.originalLength, into.originalLength, which);
            assertEquals(p.capturedLength, into.capturedLength, which);
            assertEquals(p.kinds, into.kinds, which);
            assertEquals(p.interfaceId, into.interfaceId, which);
            assertEquals(p.etherType, into.etherType, which);
            assertEquals(p.opcode, into.opcode, which);
            assertEquals(p.aethSyndrome, into.aethSyndrome, which);
            assertEquals(p.destQp, into.destQp, which);
            assertEquals(p.psn, into.psn, which);
            assertEquals(p.vlanPcp, into.vlanPcp, which);
            assertEquals(p.lrhSl, into.lrhSl, which);
            assertEquals(p.dscp, into.dscp, which);
            assertEquals(p.ecn, into.ecn, which);
            assertEquals(p.icrcStatus, into.icrcStatus, which);
            assertArrayEquals(new long[] {p.ipSrcHi, p.ipSrcLo, p.ipDstHi, p.ipDstLo, p.ethSrc, p.ethDst},
                    new long[] {into.ipSrcHi, into.ipSrcLo, into.ipDstHi, into.ipDstLo, into.ethSrc, into.ethDst}, which);
            assertEquals(p.udpSrcPort, into.udpSrcPort, which);
            assertEquals(p.udpDstPort, into.udpDstPort, which);
        }
    }

    /** The sequence does reach what it is meant to: the columns' narrow forms and their fallbacks both. */
    @Test
    void theSequenceHoldsTheExtremes() {
        assertTrue(input.stream().anyMatch(p -> p.fileOffset > 4L << 30 && p.fileOffset < Long.MAX_VALUE));
        assertTrue(input.stream().anyMatch(p -> p.timestampNanos == Long.MIN_VALUE));
        assertTrue(input.stream().anyMatch(p -> p.originalLength == Integer.MAX_VALUE));
        assertTrue(input.stream().anyMatch(p -> p.capturedLength > p.originalLength));
        assertTrue(input.stream().anyMatch(p -> p.opcode == 0xFF && p.aethSyndrome == 0xFF));
        assertTrue(input.stream().anyMatch(p -> p.opcode == -1 && p.aethSyndrome == -1));
        assertTrue(input.stream().anyMatch(p -> p.interfaceId > Short.MAX_VALUE));
        assertTrue(input.stream().anyMatch(p -> p.etherType == 0xFFFF));
        assertTrue(input.stream().anyMatch(p -> p.kinds == -1));
        assertTrue(input.stream().filter(p -> PacketColumns.hasNetworkAddresses(p))
                .mapToLong(p -> p.ipSrcLo).distinct().count() > 65_536);
    }
}
