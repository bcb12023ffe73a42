package io.rocelens.spark;

import io.rocelens.analysis.AnalysisOptions;

import java.io.Serializable;
import java.util.Set;

/**
 * The analysis options of the job as plain values, so the tasks can be sent them and make the library's
 * {@link AnalysisOptions} themselves; parsed as {@code rocelens analyze} parses its options.
 */
record JobOptions(long linkSpeedBps, String dscpMap, long binWidthNanos, String ets, double stormShare,
                  long stormWindowNanos, int maxEvents, int cnpBeforeBins, Set<Integer> rocePorts) implements Serializable {

    AnalysisOptions analysis() {
        return new AnalysisOptions(linkSpeedBps,
                dscpMap == null ? AnalysisOptions.defaultDscpMap() : AnalysisOptions.parseDscpMap(dscpMap),
                binWidthNanos, ets == null ? null : AnalysisOptions.parseEts(ets), stormShare, stormWindowNanos,
                maxEvents, cnpBeforeBins);
    }

    /** A duration with a unit (ns, us, ms, s; a bare number is seconds), as analyze's --bin-width. */
    static long duration(String value) {
        return AnalysisOptions.parseDuration(value);
    }
}
