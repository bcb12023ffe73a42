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
}
