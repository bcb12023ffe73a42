package io.rocelens.correlate;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * What happened to the packets that left one capture point towards the next, for the whole path or for one flow.
 * {@code from} and {@code to} are point indexes; a hop is counted apart in each direction.
 */
public final class HopStats {

    /** Lost packets' frame numbers kept per hop; more are only counted. */
    static final int LOST_FRAMES_KEPT = 1000;
    /** Delays up to 100 s; a hop's histogram to three significant digits, a flow's to two (it has one per hop). */
    private static final long MAX_DELAY_NANOS = 100_000_000_000L;

    private final int from;
    private final int to;
    private final Histogram delays;
    private final List<Long> lostFrames = new ArrayList<>();
    private long packets;
    private long arrived;
    private long lost;
    private long ceMarked;
    private long dscpChanged;
    private long pcpChanged;
    private long reordered;
    private long ttlDecremented;
    private int maxTtlDecrement;
    private long negativeDelays;
    private long minDelay = Long.MAX_VALUE;
    private long maxDelay = Long.MIN_VALUE;
    private long latestDeparture = Long.MIN_VALUE;

    HopStats(int from, int to, int significantDigits) {
        this.from = from;
        this.to = to;
        this.delays = new Histogram(1, MAX_DELAY_NANOS, significantDigits);
    }

    /**
     * Whether a packet of this flow that left at {@code departureTime} arrives behind one that left after it (the
     * arrivals come in time order); remembers the latest departure. Asked of a flow's stats only.
     */
    boolean overtaken(long departureTime) {
        if (departureTime < latestDeparture) {
            return true;
        }
        latestDeparture = departureTime;
        return false;
    }

    /**
     * A packet left {@code from} towards {@code to} and reached it after {@code delay} (clock offsets applied),
     * behind a packet of its flow that left after it when {@code overtaken}.
     */
    void arrived(Sighting departure, Sighting arrival, boolean overtaken, long delay) {
        packets++;
        arrived++;
        if (departure.ecn() != 3 && departure.ecn() >= 0 && arrival.ecn() == 3) {
            ceMarked++;
        }
        if (departure.dscp() != arrival.dscp()) {
            dscpChanged++;
        }
        if (departure.pcp() != arrival.pcp()) {
            pcpChanged++;
        }
        if (overtaken) {
            reordered++;
        }
        if (departure.ttl() >= 0 && arrival.ttl() >= 0 && arrival.ttl() < departure.ttl()) {
            ttlDecremented++;
            maxTtlDecrement = Math.max(maxTtlDecrement, departure.ttl() - arrival.ttl());
        }
        minDelay = Math.min(minDelay, delay);
        maxDelay = Math.max(maxDelay, delay);
        if (delay < 0) {
            negativeDelays++;
        }
        delays.recordValue(Math.min(Math.max(delay, 1), MAX_DELAY_NANOS));
    }

    /** A packet left {@code from} towards {@code to} and was not seen there within the window. */
    void lost(Sighting departure) {
        packets++;
        lost++;
        if (lostFrames.size() < LOST_FRAMES_KEPT) {
            lostFrames.add(departure.frame());
        }
    }

    public int from() {
        return from;
    }

    public int to() {
        return to;
    }

    /** Packets seen at {@code from} heading to {@code to}. */
    public long packets() {
        return packets;
    }

    public long arrived() {
        return arrived;
    }

    public long lost() {
        return lost;
    }

    /** Frame numbers at {@code from} of the first {@value #LOST_FRAMES_KEPT} lost packets. */
    public List<Long> lostFrames() {
        return Collections.unmodifiableList(lostFrames);
    }

    /** Arrived with ECN CE, having left ECN-capable and not CE. */
    public long ceMarked() {
        return ceMarked;
    }

    public long dscpChanged() {
        return dscpChanged;
    }

    public long pcpChanged() {
        return pcpChanged;
    }

    /** Arrived behind a packet of the same flow that left after them. */
    public long reordered() {
        return reordered;
    }

    /** Arrived with a smaller TTL or hop limit: the hop routed them. */
    public long ttlDecremented() {
        return ttlDecremented;
    }

    /** The largest TTL decrement seen on the hop (the routers between the two points). */
    public int maxTtlDecrement() {
        return maxTtlDecrement;
    }

    /** Arrivals whose delay came out below zero: the clock offsets are off by at least that much. */
    public long negativeDelays() {
        return negativeDelays;
    }

    /** Smallest one-way delay in nanoseconds; 0 when nothing arrived. */
    public long minDelay() {
        return arrived == 0 ? 0 : minDelay;
    }

    public long maxDelay() {
        return arrived == 0 ? 0 : maxDelay;
    }

    /** The delay that {@code percentile} percent of the arrivals did not exceed, to 3 significant digits. */
    public long delayPercentile(double percentile) {
        if (arrived == 0) {
            return 0;
        }
        long value = delays.getValueAtPercentile(percentile);
        return Math.max(minDelay, Math.min(maxDelay, value));
    }

    /** The delays' histogram: {@code [upper bound in ns, count]} per power-of-two bucket that holds any. */
    public List<long[]> delayHistogram() {
        List<long[]> buckets = new ArrayList<>();
        delays.logarithmicBucketValues(1000, 2).forEach(value -> {
            if (value.getCountAddedInThisIterationStep() > 0) {
                buckets.add(new long[] {value.getValueIteratedTo(), value.getCountAddedInThisIterationStep()});
            }
        });
        return buckets;
    }
}
