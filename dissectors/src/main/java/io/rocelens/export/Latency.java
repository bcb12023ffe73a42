package io.rocelens.export;

import java.util.function.LongPredicate;

/** Minimum, mean and maximum of the valid entries of a list of latencies. */
record Latency(long count, long minNanos, double meanNanos, long maxNanos) {

    static Latency of(long[] nanos, LongPredicate valid) {
        long count = 0;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        double sum = 0;
        for (long n : nanos) {
            if (valid.test(n)) {
                count++;
                min = Math.min(min, n);
                max = Math.max(max, n);
                sum += n;
            }
        }
        return count == 0 ? new Latency(0, 0, 0, 0) : new Latency(count, min, sum / count, max);
    }

    /**
     * Count, min, the nearest-rank p50 and p99 (the smallest value that many percent do not exceed) and max of a list
     * of latencies in nanoseconds; all 0 for an empty list.
     */
    record Percentiles(long count, long min, long p50, long p99, long max) {

        static Percentiles of(long[] nanos) {
            if (nanos.length == 0) {
                return new Percentiles(0, 0, 0, 0, 0);
            }
            long[] sorted = nanos.clone();
            java.util.Arrays.sort(sorted);
            return new Percentiles(sorted.length, sorted[0], rank(sorted, 50), rank(sorted, 99),
                    sorted[sorted.length - 1]);
        }

        private static long rank(long[] sorted, int percent) {
            int rank = (int) Math.ceil(percent / 100.0 * sorted.length);
            return sorted[Math.max(0, rank - 1)];
        }
    }
}
