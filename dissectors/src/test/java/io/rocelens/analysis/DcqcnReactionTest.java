package io.rocelens.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The reaction's definitions on hand-made series (bins of 1 µs; 1000 bytes per bin = 8 Gb/s). */
class DcqcnReactionTest {

    private static final long W = 1_000;

    private static FlowRate rate(boolean complete, long firstBin, long[] bytes, long... cnpTs) {
        long[] frames = new long[cnpTs.length];
        for (int i = 0; i < frames.length; i++) {
            frames[i] = 100 + i;
        }
        return new FlowRate("f", W, firstBin, bytes, complete, cnpTs, frames, 0);
    }

    @Test
    void aSenderThatDoesNotSlowDownRecoversInTheNextBin() {
        // bins 0..5 at 1000 bytes; CNP 300 ns into bin 3
        List<DcqcnReaction> r = DcqcnReaction.of(rate(true, 0, new long[] {1000, 1000, 1000, 1000, 1000, 1000}, 3_300),
                5, 3);
        assertEquals(8e9, r.get(0).beforeBps(), 1e-6);
        assertEquals(8e9, r.get(0).minAfterBps(), 1e-6);
        assertEquals(4, r.get(0).recoveredBin());
        assertEquals(700, r.get(0).recoveryNanos());
        assertEquals("capture end", r.get(0).until());
    }

    @Test
    void binsBeforeTheFlowStartedCountAsNothingButAreUnknownWhenTheSeriesRestarted() {
        long[] bytes = {900, 100, 0, 900};
        // series from bin 10: the window before a CNP in bin 11 is bins 8, 9, 10
        assertEquals(900 * 8e9 / W / 3, DcqcnReaction.of(rate(true, 10, bytes, 11_000), 13, 3).get(0).beforeBps(), 1e-6);
        DcqcnReaction unknown = DcqcnReaction.of(rate(false, 10, bytes, 11_000), 13, 3).get(0);
        assertEquals(-1, unknown.beforeBps());
        assertFalse(unknown.recovered());
        assertEquals(0, unknown.minAfterBps(), 1e-9);
    }

    @Test
    void twoCnpsInOneBinLeaveTheFirstNothingToFollow() {
        long[] bytes = {1000, 1000, 1000, 1000, 200, 1000};
        List<DcqcnReaction> r = DcqcnReaction.of(rate(true, 0, bytes, 3_100, 3_900), 5, 3);
        assertEquals(-1, r.get(0).minAfterBps());
        assertEquals(-1, r.get(0).recoveryNanos());
        assertEquals("next CNP", r.get(0).until());
        assertEquals(200 * 8e9 / W, r.get(1).minAfterBps(), 1e-6);
        assertEquals(5, r.get(1).recoveredBin());
        assertEquals(5_000 - 3_900, r.get(1).recoveryNanos());
    }

    @Test
    void coarserBinsAddUp() {
        FlowRate fine = rate(true, 7, new long[] {1, 2, 3, 4, 5}, 8_000);
        FlowRate coarse = fine.inBinsOf(5 * W);
        assertEquals(1, coarse.firstBin());
        assertEquals(1 + 2 + 3, coarse.bytesInBin(1));
        assertEquals(4 + 5, coarse.bytesInBin(2));
        assertEquals(fine, fine.merge(rate(true, 0, new long[0])));
    }
}
