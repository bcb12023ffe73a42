package io.rocelens.export;

import java.util.function.LongPredicate;

/** Minimum, mean and maximum of the valid entries of a list of latencies. */
public record Latency(long count, long minNanos, double meanNanos, long maxNanos) {

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
    public record Percentiles(long count, long min, long p50, long p99, long max) {

        public static Percentiles of(long[] nanos) {
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

    /**
     * Log-spaced bins, 1-2-5 per decade from 100 ns to 10 s (upper bounds, inclusive), and one above: the bins from the
     * first to the last one with a latency in it, as a chart draws them.
     *
     * @param upperNanos each bin's upper bound; {@link Long#MAX_VALUE} for the bin above 10 s
     */
    public record Histogram(long[] upperNanos, long[] counts) {

        private static final long[] BOUNDS = bounds();

        private static long[] bounds() {
            java.util.List<Long> bounds = new java.util.ArrayList<>();
            for (long decade = 100; decade <= 1_000_000_000L; decade *= 10) {
                bounds.add(decade);
                bounds.add(2 * decade);
                bounds.add(5 * decade);
            }
            bounds.add(10_000_000_000L);
            bounds.add(Long.MAX_VALUE);
            return bounds.stream().mapToLong(Long::longValue).toArray();
        }

        /** The upper bound of the bin a latency falls in ({@link Long#MAX_VALUE} above 10 s). */
        public static long upperBound(long nanos) {
            int bin = java.util.Arrays.binarySearch(BOUNDS, nanos);
            return BOUNDS[bin >= 0 ? bin : -bin - 1];
        }

        public static Histogram of(long[] nanos) {
            long[] counts = new long[BOUNDS.length];
            for (long n : nanos) {
                int bin = java.util.Arrays.binarySearch(BOUNDS, n);
                counts[bin >= 0 ? bin : -bin - 1]++;
            }
            int first = 0;
            while (first < counts.length && counts[first] == 0) {
                first++;
            }
            int last = counts.length - 1;
            while (last >= first && counts[last] == 0) {
                last--;
            }
            return new Histogram(java.util.Arrays.copyOfRange(BOUNDS, first, last + 1),
                    java.util.Arrays.copyOfRange(counts, first, last + 1));
        }
    }
}
