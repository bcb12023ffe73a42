package io.rocelens.correlate;

import java.nio.file.Path;
import java.util.List;

/**
 * What correlating the captures of one path found.
 *
 * @param points the capture points, in path order
 * @param hops   per hop and direction: from point 0 to 1, 1 to 0, 1 to 2, 2 to 1, …
 * @param flows  per flow, the hops it crossed
 * @param notes  where an estimate is weaker than usual, in words
 */
public record Correlation(List<Point> points, List<HopStats> hops, List<FlowHops> flows, Correlator.Clock clock,
                          List<String> notes, long windowNanos) {

    /**
     * One capture point.
     *
     * @param clockOffsetNanos its clock minus the first point's
     * @param seenOnly         RoCE packets of flows never seen at a second point: no direction, no fate
     * @param pfcXoff          PFC frames that paused each priority, by priority
     * @param problem          where and why reading stopped early, or null
     */
    public record Point(Path file, long frames, long roceFrames, long clockOffsetNanos, long seenOnly, long[] pfcXoff,
                        long pauseFrames, String problem) {
    }

    /** One flow's hops, in the order of {@link Correlation#hops()}. */
    public record FlowHops(String flow, List<HopStats> hops) {
    }

    /** True when no two points shared a packet. */
    public boolean nothingShared() {
        return hops.stream().allMatch(hop -> hop.arrived() == 0);
    }
}
