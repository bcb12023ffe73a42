package io.rocelens.stats;

import io.rocelens.analysis.AnalysisMarks;
import io.rocelens.dissect.PacketSummary;
import io.rocelens.filter.DisplayFilter;
import io.rocelens.filter.FrameDetail;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;

/**
 * tshark's {@code -z io,stat,INTERVAL,FILTER,...}: for each display filter (a column), the frames it passes and
 * their bytes (frame lengths) in each interval of the capture, the intervals counted from its first frame. There
 * are as many intervals as it takes to hold the capture's last frame, whichever column counts it. A frame stamped
 * before the first one (pcapng interfaces need not be in time order) is left out, as tshark leaves it out.
 */
public final class IoStatistics implements FrameStatistic {

    private final long intervalNanos;
    private final List<DisplayFilter> filters;
    private final long[][] frames;
    private final long[][] bytes;
    private int intervals;
    private long duration;

    /**
     * @param intervalNanos the interval's length: whole microseconds, at least one
     * @param filters       one column each; null or an empty filter counts every frame
     */
    public IoStatistics(long intervalNanos, List<DisplayFilter> filters) {
        if (intervalNanos < 1000 || intervalNanos % 1000 != 0) {
            throw new IllegalArgumentException("the interval must be whole microseconds, at least one (as tshark's): "
                    + intervalNanos + " ns");
        }
        this.intervalNanos = intervalNanos;
        this.filters = new ArrayList<>(filters);
        frames = new long[filters.size()][16];
        bytes = new long[filters.size()][16];
    }

    public long intervalNanos() {
        return intervalNanos;
    }

    /** The columns' filter texts, "" for "every frame". */
    public List<String> filterTexts() {
        return filters.stream().map(f -> f == null ? "" : f.text()).toList();
    }

    @Override
    public void add(PacketSummary summary, AnalysisMarks marks, FrameDetail detail) {
        long time = summary.timestampNanos - summary.firstTimestampNanos;
        if (time < 0) {
            return;
        }
        // tshark counts in whole microseconds, the frame's time rounded to the nearest: a frame within half a
        // microsecond of an interval's end falls into the next one there, and so here
        long slot = ((time + 500) / 1000) / (intervalNanos / 1000);
        if (slot >= Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("too many intervals: make the interval longer");
        }
        int at = (int) slot;
        intervals = Math.max(intervals, at + 1);
        duration = Math.max(duration, time);
        for (int column = 0; column < filters.size(); column++) {
            DisplayFilter filter = filters.get(column);
            if (filter != null && !filter.isEmpty() && !filter.matches(summary, marks, detail)) {
                continue;
            }
            if (at >= frames[column].length) {
                int grown = Math.max(at + 1, frames[column].length * 2);
                frames[column] = Arrays.copyOf(frames[column], grown);
                bytes[column] = Arrays.copyOf(bytes[column], grown);
            }
            frames[column][at]++;
            bytes[column][at] += summary.originalLength;
        }
    }

    /** Frames and bytes per interval need only each frame's time and length; the columns' filters decide. */
    @Override
    public boolean readsOnly(Predicate<String> indexed) {
        return filters.stream().allMatch(filter -> filter == null || filter.isEmpty() || filter.usesOnly(indexed));
    }

    /** How many intervals the capture spans: up to and with the one of its last frame. */
    public int intervals() {
        return intervals;
    }

    /** The last frame's time from the first, in nanoseconds: where the last interval ends. */
    public long durationNanos() {
        return duration;
    }

    public int columns() {
        return filters.size();
    }

    /** The frames the column's filter passed in the interval. */
    public long frames(int column, int interval) {
        return interval < frames[column].length ? frames[column][interval] : 0;
    }

    public long bytes(int column, int interval) {
        return interval < bytes[column].length ? bytes[column][interval] : 0;
    }
}
