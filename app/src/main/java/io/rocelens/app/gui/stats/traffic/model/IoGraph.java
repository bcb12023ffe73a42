package io.rocelens.app.gui.stats.traffic.model;

import io.rocelens.app.gui.stats.model.AnalysedCapture;
import io.rocelens.filter.DisplayFilter;
import io.rocelens.filter.FilterException;
import io.rocelens.stats.IoStatistics;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Statistics › I/O Graph: frames or bytes per interval of each graph's display filter (tshark's {@code -z io,stat}),
 * the intervals the user can choose, and the default graphs: every frame, and the retransmissions the analysis found.
 */
public final class IoGraph {

    /** The intervals offered, in nanoseconds: 10 µs to 10 s, by factors of ten. */
    public static final List<Long> INTERVALS = List.of(10_000L, 100_000L, 1_000_000L, 10_000_000L, 100_000_000L,
            1_000_000_000L, 10_000_000_000L);
    /** The graphs a new window shows, as Wireshark's "All packets" and "TCP errors": here RoCE's. */
    public static final List<String> DEFAULT_FILTERS = List.of("", "roce.analysis.retransmission");
    /** At most this many intervals are drawn: a line of more points than pixels shows nothing more. */
    static final int MOST_INTERVALS = 2000;

    private IoGraph() {
    }

    /**
     * One graph as the preferences keep it, as Wireshark's io_graphs entry keeps its enabled box, display filter and
     * colour: {@code "1,#1f77b4,roce.analysis.retransmission"} (the filter last, so its commas need no quoting).
     *
     * @param colour a web colour, "#rrggbb"
     */
    public record Saved(boolean enabled, String colour, String filter) {

        public String line() {
            return (enabled ? "1," : "0,") + colour + "," + filter;
        }

        /** The graph of a saved line, or null for a damaged one (it is left out). */
        public static Saved parse(String line) {
            String[] parts = line.split(",", 3);
            if (parts.length != 3 || !parts[0].matches("[01]") || !parts[1].matches("#[0-9a-fA-F]{6}")) {
                return null;
            }
            return new Saved(parts[0].equals("1"), parts[1], parts[2]);
        }
    }

    /** The shortest offered interval that cuts a capture of that length into at most 100, as a first view. */
    public static long autoInterval(long durationNanos) {
        for (long interval : INTERVALS) {
            if (durationNanos / interval <= 100) {
                return interval;
            }
        }
        return INTERVALS.get(INTERVALS.size() - 1);
    }

    /** The smallest offered interval no shorter than {@code wanted} that keeps the graph within its points. */
    public static long usableInterval(long wanted, long durationNanos) {
        for (long interval : INTERVALS) {
            if (interval >= wanted && durationNanos / interval < MOST_INTERVALS) {
                return interval;
            }
        }
        return INTERVALS.get(INTERVALS.size() - 1);
    }

    /** "10 µs", "1 ms", "10 s". */
    public static String intervalText(long nanos) {
        if (nanos >= 1_000_000_000L) {
            return nanos / 1_000_000_000L + " s";
        }
        return nanos >= 1_000_000L ? nanos / 1_000_000L + " ms" : nanos / 1000L + " µs";
    }

    /**
     * Counts the capture's frames per interval for each filter (blank: every frame).
     *
     * @throws FilterException naming the first filter that does not compile
     */
    public static IoStatistics of(AnalysedCapture capture, long intervalNanos, List<String> filters,
                                  BooleanSupplier cancelled) throws IOException, FilterException {
        List<DisplayFilter> compiled = new ArrayList<>();
        for (String filter : filters) {
            compiled.add(TrafficPass.filter(filter));
        }
        IoStatistics stats = new IoStatistics(intervalNanos, compiled);
        TrafficPass.feed(capture, compiled, List.of(stats), cancelled);
        return stats;
    }
}
