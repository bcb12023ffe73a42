package io.rocelens.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * A flow's rate series against a plain sum: whatever the order of the packets and however often the bins widen while
 * they arrive, the series holds, in its final width, the bytes of every packet in the bin {@code floor(t / width)}.
 */
class RateSeriesTest {

    @Property(tries = 300)
    void binsHoldTheBytesOfTheirPackets(@ForAll long seed, @ForAll @IntRange(min = 1, max = 300) int packets) {
        Random random = new Random(seed);
        long width = 1_000;
        RateSeries series = new RateSeries(width, true);
        long[] ts = new long[packets];
        long[] length = new long[packets];
        long now = random.nextInt(1_000_000);
        long heldReported = 0;
        for (int i = 0; i < packets; i++) {
            // mostly forward in small steps (several packets a bin), now and then far ahead or a little back
            int step = random.nextInt(10);
            now += step < 6 ? random.nextInt(400) : step < 9 ? random.nextInt(20_000) : -random.nextInt(5_000);
            ts[i] = Math.max(0, now);
            length[i] = 1 + random.nextInt(4_000);
            // the analysis widens its bins tenfold as the capture grows; up to 1000 s bins here, far from overflow
            if (random.nextInt(40) == 0 && width < 1_000_000_000_000L) {
                width *= 10;
            }
            heldReported += series.add(ts[i], length[i], width);
        }
        assertEquals(series.heldBins(), heldReported, "the changes reported to the budget add up to the bins held");
        TreeMap<Long, Long> expected = new TreeMap<>();
        for (int i = 0; i < packets; i++) {
            expected.merge(Math.floorDiv(ts[i], width), length[i], Long::sum);
        }
        FlowRate rate = series.snapshot("flow", width);
        assertEquals(width, rate.widthNanos());
        long first = expected.firstKey();
        long[] bins = new long[(int) (expected.lastKey() - first + 1)];
        expected.forEach((bin, bytes) -> bins[(int) (bin - first)] = bytes);
        assertEquals(first, rate.firstBin());
        assertArrayEquals(bins, rate.bytes());
    }

    @Property(tries = 50)
    void aSnapshotInTheMiddleLosesNothing(@ForAll long seed) {
        Random random = new Random(seed);
        RateSeries series = new RateSeries(1_000, true);
        long total = 0;
        long now = 0;
        for (int i = 0; i < 200; i++) {
            now += random.nextInt(700);
            long length = 1 + random.nextInt(1_500);
            total += length;
            series.add(now, length, 1_000);
            if (random.nextInt(20) == 0) {
                assertEquals(total, java.util.Arrays.stream(series.snapshot("flow", 1_000).bytes()).sum());
            }
        }
        assertEquals(total, java.util.Arrays.stream(series.snapshot("flow", 1_000).bytes()).sum());
    }


    @Property(tries = 20)
    void binsNoPacketFellInAreNotHeld(@ForAll @IntRange(min = 2, max = 50) int bursts) {
        // a flow that sends a burst every 10 ms, in bins of 1 µs: a dense series would hold 10,000 bins a burst
        RateSeries series = new RateSeries(1_000, true);
        for (int burst = 0; burst < bursts; burst++) {
            for (int packet = 0; packet < 100; packet++) {
                series.add(burst * 10_000_000L + packet * 100L, 1_000, 1_000);
            }
        }
        series.add(bursts * 10_000_000L, 1, 1_000);
        assertEquals(bursts * 100_000L + 1, java.util.Arrays.stream(series.snapshot("flow", 1_000).bytes()).sum());
        // at most two pages of 512 bins a burst are touched
        assertTrue(series.heldBins() <= (bursts + 1) * 2 * 512, series.heldBins() + " bins held for " + bursts + " bursts");
    }
}
