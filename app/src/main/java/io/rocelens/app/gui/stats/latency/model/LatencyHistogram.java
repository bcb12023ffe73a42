package io.rocelens.app.gui.stats.latency.model;

import io.rocelens.analysis.Exchange;
import io.rocelens.export.Latency;
import java.util.ArrayList;
import java.util.List;

/**
 * What the Latency view shows for one kind of exchange and one flow (or all): the log-spaced bins of
 * {@code analyze --json}'s {@code latency} histogram, each with the exchanges in it, and their count, p50, p99 and max.
 *
 * @param bins from the first to the last bin with an exchange, as the JSON's histogram
 */
public record LatencyHistogram(List<Bin> bins, Latency.Percentiles percentiles) {

    /** The flows' choice meaning every flow. */
    public static final String ALL = "All flows";

    /**
     * One bin: latencies up to {@code upperNanos} (inclusive; {@link Long#MAX_VALUE} for the bin above 10 s) and above
     * the bin before it.
     */
    public record Bin(long upperNanos, List<Exchange> exchanges) {

        /** Frame numbers of the bin's requests and answers, in frame order, each once. */
        public long[] frames() {
            return exchanges.stream().flatMapToLong(e -> java.util.stream.LongStream.of(e.requestFrame(),
                    e.answerFrame())).sorted().distinct().toArray();
        }
    }

    public static LatencyHistogram of(List<Exchange> exchanges, Exchange.Kind kind, String flow) {
        List<Exchange> chosen = exchanges.stream().filter(e -> e.kind() == kind
                && (flow == null || flow.equals(ALL) || e.flow().equals(flow))).toList();
        long[] nanos = chosen.stream().mapToLong(Exchange::nanos).toArray();
        Latency.Histogram histogram = Latency.Histogram.of(nanos);
        List<Bin> bins = new ArrayList<>();
        for (long upper : histogram.upperNanos()) {
            bins.add(new Bin(upper, chosen.stream().filter(e -> Latency.Histogram.upperBound(e.nanos()) == upper)
                    .toList()));
        }
        return new LatencyHistogram(List.copyOf(bins), Latency.Percentiles.of(nanos));
    }

    /** The request flows with an exchange of the kind, sorted by name. */
    public static List<String> flows(List<Exchange> exchanges, Exchange.Kind kind) {
        return exchanges.stream().filter(e -> e.kind() == kind).map(Exchange::flow).distinct().sorted().toList();
    }

    /** A bin's label: its upper bound, "≤ 10 µs", or "> 10 s" for the last. */
    public static String label(long upperNanos) {
        if (upperNanos == Long.MAX_VALUE) {
            return "> 10 s";
        }
        long[] units = {1_000_000_000L, 1_000_000L, 1_000L, 1L};
        String[] names = {"s", "ms", "µs", "ns"};
        for (int i = 0; i < units.length; i++) {
            if (upperNanos >= units[i] && upperNanos % units[i] == 0) {
                return "≤ " + upperNanos / units[i] + " " + names[i];
            }
        }
        return "≤ " + upperNanos + " ns";
    }
}
