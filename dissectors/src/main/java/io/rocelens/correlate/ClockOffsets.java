package io.rocelens.correlate;

import io.rocelens.dissect.DissectorOptions;
import io.rocelens.filter.DisplayFilter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Estimates each capture point's clock offset from the first point's, as NTP does from the minimum one-way delays in
 * both directions: a packet going forward over a hop shows {@code delay + offset}, one coming back {@code offset -
 * delay}, so the offset is the middle between the smallest forward and the largest backward difference (assuming
 * the fastest packet takes as long each way). Packets are matched by content alone over the first
 * {@link #SAMPLE} RoCE packets of each capture (keys seen once there), so clocks hours apart still match.
 */
final class ClockOffsets {

    /** RoCE packets read from each capture to estimate the offsets. */
    static final int SAMPLE = 200_000;

    private ClockOffsets() {
    }

    /** What was estimated: the offsets (point 0 is 0) and a note per hop where the estimate is weaker. */
    record Estimate(long[] offsets, List<String> notes) {
    }

    static Estimate estimate(List<Path> files, DissectorOptions options, DisplayFilter filter)
            throws IOException, CorrelationException {
        List<Map<PacketKey, Long>> samples = new ArrayList<>();
        for (int point = 0; point < files.size(); point++) {
            samples.add(sample(point, files.get(point), options, filter));
        }
        long[] offsets = new long[files.size()];
        List<String> notes = new ArrayList<>();
        for (int hop = 0; hop + 1 < files.size(); hop++) {
            offsets[hop + 1] = offsets[hop] + hopOffset(files, hop, samples.get(hop), samples.get(hop + 1), notes);
        }
        return new Estimate(offsets, notes);
    }

    /** The first SAMPLE RoCE packets' times by key; keys seen more than once (retransmissions) are left out. */
    private static Map<PacketKey, Long> sample(int point, Path file, DissectorOptions options, DisplayFilter filter)
            throws IOException {
        Map<PacketKey, Long> times = new HashMap<>();
        Set<PacketKey> repeated = new HashSet<>();
        try (PointStream stream = new PointStream(point, file, options, filter)) {
            Sighting sighting;
            while (stream.handedOut() < SAMPLE && (sighting = stream.next()) != null) {
                if (times.putIfAbsent(sighting.packet(), sighting.time()) != null) {
                    repeated.add(sighting.packet());
                }
            }
        }
        repeated.forEach(times::remove);
        return times;
    }

    /** Ordered source and destination address of a flow: the two directions of a conversation are two of these. */
    private record Direction(long srcHi, long srcLo, long dstHi, long dstLo) {
        Direction reverse() {
            return new Direction(dstHi, dstLo, srcHi, srcLo);
        }
    }

    private static long hopOffset(List<Path> files, int hop, Map<PacketKey, Long> near, Map<PacketKey, Long> far,
                                  List<String> notes) throws CorrelationException {
        Map<Direction, long[]> spans = new HashMap<>();     // [min, max] of far time - near time
        for (Map.Entry<PacketKey, Long> entry : near.entrySet()) {
            Long farTime = far.get(entry.getKey());
            if (farTime == null) {
                continue;
            }
            long difference = farTime - entry.getValue();
            FlowKey flow = entry.getKey().flow();
            long[] span = spans.computeIfAbsent(new Direction(flow.srcHi(), flow.srcLo(), flow.dstHi(), flow.dstLo()),
                    key -> new long[] {Long.MAX_VALUE, Long.MIN_VALUE});
            span[0] = Math.min(span[0], difference);
            span[1] = Math.max(span[1], difference);
        }
        if (spans.isEmpty()) {
            throw new CorrelationException(files.get(hop).getFileName() + " and " + files.get(hop + 1).getFileName()
                    + " share no RoCE packet among their first " + SAMPLE + ": they are not captures of the same"
                    + " traffic");
        }
        long forwardMin = Long.MAX_VALUE;
        long backwardMax = Long.MIN_VALUE;
        long smallest = Long.MAX_VALUE;
        for (Map.Entry<Direction, long[]> entry : spans.entrySet()) {
            long[] span = entry.getValue();
            smallest = Math.min(smallest, span[0]);
            long[] other = spans.get(entry.getKey().reverse());
            if (other == null) {
                continue;
            }
            // the direction whose packets show the larger differences goes forward, from near to far; equal ones
            // (a capture correlated with itself) are both
            if (span[0] >= other[0]) {
                forwardMin = Math.min(forwardMin, span[0]);
            }
            if (span[0] <= other[0]) {
                backwardMax = Math.max(backwardMax, span[1]);
            }
        }
        if (forwardMin == Long.MAX_VALUE || backwardMax == Long.MIN_VALUE) {
            notes.add("points " + hop + " and " + (hop + 1) + ": no conversation was seen both ways, so the clock"
                    + " offset takes the packets as going forward and the fastest as taking no time");
            return smallest;
        }
        return forwardMin + (backwardMax - forwardMin) / 2;
    }
}
