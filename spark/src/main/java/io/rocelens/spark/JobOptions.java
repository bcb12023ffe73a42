package io.rocelens.spark;

import io.rocelens.analysis.AnalysisOptions;

import java.io.Serializable;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The analysis options of the job as plain values, so the tasks can be sent them and make the library's
 * {@link AnalysisOptions} themselves; parsed as {@code rocelens analyze} parses its options.
 */
record JobOptions(long linkSpeedBps, String dscpMap, long binWidthNanos, String ets, double stormShare,
                  long stormWindowNanos, int maxEvents, Set<Integer> rocePorts) implements Serializable {

    AnalysisOptions analysis() {
        return new AnalysisOptions(linkSpeedBps,
                dscpMap == null ? AnalysisOptions.defaultDscpMap() : AnalysisOptions.parseDscpMap(dscpMap),
                binWidthNanos, ets == null ? null : AnalysisOptions.parseEts(ets), stormShare, stormWindowNanos,
                maxEvents);
    }

    private static final Pattern DURATION = Pattern.compile("([0-9]*\\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\\s*(ns|us|µs|ms|s)?");

    /** A duration with a unit (ns, us, ms, s; a bare number is seconds), as analyze's --bin-width. */
    static long duration(String value) {
        Matcher m = DURATION.matcher(value.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("not a duration: \"" + value + "\" (try 100us, 1ms or 1s)");
        }
        double number = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        double nanos = number * switch (unit) {
            case "ns" -> 1;
            case "us", "µs" -> 1e3;
            case "ms" -> 1e6;
            default -> 1e9;
        };
        if (nanos < 1 || nanos > 1e15) {
            throw new IllegalArgumentException("duration out of range: \"" + value + "\"");
        }
        return Math.round(nanos);
    }
}
