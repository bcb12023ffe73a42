package io.rocelens.index;

import java.util.Arrays;

/**
 * Orders rows by a long key per row, stably, with primitive arrays only and little memory beside the result: the
 * window sorts 100M rows in a heap that already holds their index. A counting sort on the keys' top bits puts the
 * rows in order of their key's bucket (for a key of at most 24 significant bits, such as a QP, a PSN or a length,
 * that is the order); rows that share a bucket are then ordered by their whole key, a few at a time. Beside the result
 * it needs one count per bucket (at most 2^24, 64 MiB) and, for a bucket of many rows, their keys.
 */
final class RowSort {

    /** The most buckets: 2^24 counts, 64 MiB. */
    private static final int MAX_BUCKET_BITS = 24;
    /** Buckets of at most this many rows are ordered in place (insertion), larger ones with their keys copied out. */
    private static final int SMALL_BUCKET = 32;

    /** A row's sort key. */
    @FunctionalInterface
    interface RowKey {
        long of(int row);
    }

    private RowSort() {
    }

    /**
     * The rows ordered by ascending key, rows with equal keys in their given order.
     *
     * @param rows the rows, or null for the rows 0 … count-1
     * @param count how many rows ({@code rows.length} when rows are given)
     */
    static int[] order(int[] rows, int count, RowKey key) {
        int n = rows != null ? rows.length : count;
        if (n == 0) {
            return new int[0];
        }
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (int i = 0; i < n; i++) {
            long k = key.of(row(rows, i));
            min = Math.min(min, k);
            max = Math.max(max, k);
        }
        // max - min as an unsigned number is the keys' exact spread, even when it passes Long.MAX_VALUE
        int bits = 64 - Long.numberOfLeadingZeros(max - min);
        // about as many buckets as rows, so a small sort does not pay for 2^24 counts
        int bucketBits = Math.min(bits, Math.min(MAX_BUCKET_BITS, 33 - Integer.numberOfLeadingZeros(n)));
        int shift = bits - bucketBits;
        int[] starts = new int[(1 << bucketBits) + 1];
        for (int i = 0; i < n; i++) {
            starts[bucket(key.of(row(rows, i)), min, shift) + 1]++;
        }
        for (int b = 1; b < starts.length; b++) {
            starts[b] += starts[b - 1];
        }
        int[] sorted = new int[n];
        int[] next = starts.clone();
        for (int i = 0; i < n; i++) {
            int row = row(rows, i);
            sorted[next[bucket(key.of(row), min, shift)]++] = row;
        }
        if (shift > 0) {
            orderWithinBuckets(sorted, starts, key);
        }
        return sorted;
    }

    private static int row(int[] rows, int i) {
        return rows != null ? rows[i] : i;
    }

    private static int bucket(long key, long min, int shift) {
        return (int) ((key - min) >>> shift);
    }

    /** Orders each bucket's rows by their whole key, stably (each bucket holds its rows in their given order). */
    private static void orderWithinBuckets(int[] sorted, int[] starts, RowKey key) {
        long[] keys = new long[SMALL_BUCKET];
        for (int b = 0; b + 1 < starts.length; b++) {
            int from = starts[b];
            int to = starts[b + 1];
            int size = to - from;
            if (size < 2) {
                continue;
            }
            if (size > keys.length) {
                keys = new long[Math.max(size, keys.length * 2)];
            }
            for (int i = 0; i < size; i++) {
                keys[i] = key.of(sorted[from + i]);
            }
            if (size <= SMALL_BUCKET) {
                insertionSort(sorted, from, keys, size);
            } else {
                int[] bucket = Arrays.copyOfRange(sorted, from, to);
                System.arraycopy(order(bucket, Arrays.copyOf(keys, size)), 0, sorted, from, size);
            }
        }
    }

    /** Sorts sorted[from, from + size) whose keys are keys[0, size), stably. */
    private static void insertionSort(int[] sorted, int from, long[] keys, int size) {
        for (int i = 1; i < size; i++) {
            long k = keys[i];
            int row = sorted[from + i];
            int j = i - 1;
            while (j >= 0 && keys[j] > k) {
                keys[j + 1] = keys[j];
                sorted[from + j + 1] = sorted[from + j];
                j--;
            }
            keys[j + 1] = k;
            sorted[from + j + 1] = row;
        }
    }

    /**
     * The rows ordered by ascending key, rows with equal keys in their given order.
     *
     * @param keys one key per entry of {@code rows}
     */
    static int[] order(int[] rows, long[] keys) {
        int n = rows.length;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (long key : keys) {
            min = Math.min(min, key);
            max = Math.max(max, key);
        }
        int positionBits = 64 - Integer.numberOfLeadingZeros(n);
        long range = max - min;
        int[] sorted = new int[n];
        if (range >= 0 && (range >>> (63 - positionBits)) == 0) {
            // key and position packed in one long: one primitive sort, ties ordered by position
            long[] packed = new long[n];
            for (int i = 0; i < n; i++) {
                packed[i] = ((keys[i] - min) << positionBits) | i;
            }
            Arrays.sort(packed);
            long mask = (1L << positionBits) - 1;
            for (int i = 0; i < n; i++) {
                sorted[i] = rows[(int) (packed[i] & mask)];
            }
            return sorted;
        }
        int[] positions = new int[n];
        Arrays.setAll(positions, i -> i);
        mergeSort(positions, new int[n], 0, n, keys);
        for (int i = 0; i < n; i++) {
            sorted[i] = rows[positions[i]];
        }
        return sorted;
    }

    /** Sorts positions[from, to) by keys, stably, using scratch of the same length. */
    private static void mergeSort(int[] positions, int[] scratch, int from, int to, long[] keys) {
        if (to - from < 2) {
            return;
        }
        int middle = (from + to) >>> 1;
        mergeSort(positions, scratch, from, middle, keys);
        mergeSort(positions, scratch, middle, to, keys);
        if (keys[positions[middle - 1]] <= keys[positions[middle]]) {
            return;
        }
        System.arraycopy(positions, from, scratch, from, to - from);
        int left = from;
        int right = middle;
        for (int i = from; i < to; i++) {
            if (right >= to || (left < middle && keys[scratch[left]] <= keys[scratch[right]])) {
                positions[i] = scratch[left++];
            } else {
                positions[i] = scratch[right++];
            }
        }
    }
}
