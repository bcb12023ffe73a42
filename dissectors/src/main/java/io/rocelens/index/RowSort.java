package io.rocelens.index;

import java.util.Arrays;

/** Orders rows by a long key per row, stably, with primitive arrays only. */
final class RowSort {

    private RowSort() {
    }

    /**
     * The rows ordered by ascending key, rows with equal keys in their given order.
     *
     * @param keys one key per entry of {@code rows}
     */
    static int[] order(int[] rows, long[] keys) {
        int n = rows.length;
        if (n == 0) {
            return new int[0];
        }
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
