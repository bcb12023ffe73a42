package io.rocelens.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** Expected values follow the PSN rules of the analysis contract, worked out by hand in the comments. */
class PsnTrackerTest {

    private static final int M = 0xFFFFFF;

    private static int[] feed(PsnTracker t, int... psns) {
        int[] outcomes = new int[psns.length];
        for (int i = 0; i < psns.length; i++) {
            outcomes[i] = t.accept(psns[i], -1);
        }
        return outcomes;
    }

    @Test
    void inOrderSequenceHasNoFindings() {
        PsnTracker t = new PsnTracker();
        feed(t, 7, 8, 9, 10);
        assertEquals(0, t.gaps + t.retransmitted + t.duplicates + t.outOfOrder + t.missingPsns());
    }

    @Test
    void gapThenGoBackN() {
        // 100 101 | 104: expected 102, 104 ahead -> gap, 102 and 103 missing, expected 105
        // 102: behind 105 and missing -> retransmitted, out of order; 103 likewise; 104: behind, not missing -> duplicate
        PsnTracker t = new PsnTracker();
        int[] outcomes = feed(t, 100, 101, 104, 102, 103, 104, 105);
        assertEquals(List.of(0, 0, 1, 2, 2, 3, 0), asList(outcomes));
        assertEquals(1, t.gaps);
        assertEquals(2, t.lastGapSize);
        assertEquals(3, t.retransmitted);
        assertEquals(2, t.outOfOrder);
        assertEquals(1, t.duplicates);
        assertEquals(0, t.missingPsns());
    }

    @Test
    void missingPsnsStayCountedAtTheEnd() {
        // 1, then 5 (2,3,4 missing), then 3 arrives: 2 and 4 remain
        PsnTracker t = new PsnTracker();
        feed(t, 1, 5, 3);
        assertEquals(2, t.missingPsns());
        assertEquals(1, t.outOfOrder);
    }

    @Test
    void wrapPastMaxIsInOrder() {
        // 0xFFFFFE, 0xFFFFFF, 0, 1: each is expected + 1 modulo 2^24
        PsnTracker t = new PsnTracker();
        feed(t, 0xFFFFFE, 0xFFFFFF, 0, 1);
        assertEquals(0, t.gaps + t.retransmitted);
    }

    @Test
    void gapAcrossTheWrap() {
        // expected 0xFFFFFF, next 1: ahead by 2 -> gap of 0xFFFFFF and 0; then 0 comes late -> out of order
        PsnTracker t = new PsnTracker();
        feed(t, 0xFFFFFE, 1, 0);
        assertEquals(1, t.gaps);
        assertEquals(1, t.outOfOrder);
        assertEquals(1, t.missingPsns());
    }

    @Test
    void halfTheSpaceBehindIsARetransmission() {
        // expected 10; 10 - 2^23 mod 2^24 is (psn - expected) = 2^23, which is not "ahead" (must be < 2^23): behind
        PsnTracker t = new PsnTracker();
        feed(t, 9, (10 + (1 << 23)) & M);
        assertEquals(0, t.gaps);
        assertEquals(1, t.duplicates);
    }

    @Test
    void readRequestAcceptsAnyPmtuAndMeasuresGapsFromTheUpperEnd() {
        // READ psn 10, 8192 bytes: next in [10 + ceil(8192/4096), 10 + ceil(8192/256)] = [12, 42]
        PsnTracker t = new PsnTracker();
        t.accept(10, 8192);
        assertEquals(PsnTracker.IN_ORDER, t.accept(42, -1));
        // READ psn 43, 1024 bytes: [44, 47]; 50 is beyond 47 -> gap of 47, 48, 49
        t.accept(43, 1024);
        assertEquals(PsnTracker.GAP, t.accept(50, -1));
        assertEquals(3, t.missingPsns());
        // READ psn 51 of 0 bytes still takes one PSN: [52, 52]
        t.accept(51, 0);
        assertEquals(PsnTracker.IN_ORDER, t.accept(52, -1));
    }

    @Test
    void retransmittedReadRequestBeforeTheRangeIsBehind() {
        // READ psn 10, 8192 bytes -> [12, 42]; the READ resent at 10 is behind 12 -> duplicate
        PsnTracker t = new PsnTracker();
        t.accept(10, 8192);
        assertEquals(PsnTracker.DUPLICATE, t.accept(10, 8192));
    }

    @Test
    void rangesAreBoundedButMissingStaysCounted() {
        // every other PSN lost: 2*MAX_RANGES + 10 gaps of one PSN each, all still missing at the end
        PsnTracker t = new PsnTracker();
        int gaps = 2 * PsnTracker.MAX_RANGES + 10;
        for (int i = 0; i <= gaps; i++) {
            t.accept(2 * i, -1);
        }
        assertEquals(gaps, t.gaps);
        assertEquals(gaps, t.missingPsns());
        // the newest hole can still be filled and counts as out of order
        t.accept(2 * gaps - 1, -1);
        assertEquals(1, t.outOfOrder);
        assertEquals(gaps - 1, t.missingPsns());
    }

    @Property
    void dropAndResendLeavesNothingMissing(@ForAll @IntRange(min = 0, max = M) int start,
                                           @ForAll @IntRange(min = 2, max = 300) int length,
                                           @ForAll long seed) {
        // A sequence sent in order except that some PSNs are held back and sent after everything else:
        // every held PSN is a retransmission and out of order, nothing stays missing, and each run of held PSNs
        // that ends before the last sent PSN made exactly one gap.
        Random random = new Random(seed);
        List<Integer> sent = new ArrayList<>();
        List<Integer> held = new ArrayList<>();
        int gapRuns = 0;
        boolean inRun = false;
        for (int i = 0; i < length; i++) {
            int psn = (start + i) & M;
            if (i > 0 && i < length - 1 && random.nextInt(4) == 0) {
                held.add(psn);
                if (!inRun) {
                    gapRuns++;
                }
                inRun = true;
            } else {
                sent.add(psn);
                inRun = false;
            }
        }
        Collections.shuffle(held, random);
        PsnTracker t = new PsnTracker();
        for (int psn : sent) {
            t.accept(psn, -1);
        }
        assertEquals(gapRuns, t.gaps);
        assertEquals(held.size(), t.missingPsns());
        for (int psn : held) {
            t.accept(psn, -1);
        }
        assertEquals(held.size(), t.outOfOrder);
        assertEquals(held.size(), t.retransmitted);
        assertEquals(0, t.duplicates);
        assertEquals(0, t.missingPsns());
    }

    private static List<Integer> asList(int[] values) {
        List<Integer> list = new ArrayList<>();
        for (int v : values) {
            list.add(v);
        }
        return list;
    }
}
