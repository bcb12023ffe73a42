package io.rocelens.index;

/**
 * Open-addressing map from a key of six longs to a non-negative int, each slot's value and key side by side in one
 * primitive array, as {@link io.rocelens.analysis.KeyIndex} does for five: the packet index looks up a frame's
 * addresses (two MACs and two 128-bit addresses) without boxing or allocating.
 */
final class WideKeyIndex {
    private static final int ABSENT = -1;
    /** A slot: its value (or {@link #ABSENT}), then the six parts of its key. */
    private static final int STRIDE = 7;

    private long[] slots;
    private int mask;
    private int size;

    WideKeyIndex(int expected) {
        allocate(Integer.highestOneBit(Math.max(16, expected * 2 - 1)) << 1);
    }

    private void allocate(int capacity) {
        slots = new long[Math.multiplyExact(capacity, STRIDE)];
        for (int at = 0; at < slots.length; at += STRIDE) {
            slots[at] = ABSENT;
        }
        mask = capacity - 1;
        size = 0;
    }

    /** The value stored for the key, or -1. */
    int get(long a, long b, long c, long d, long e, long f) {
        long[] table = slots;
        int slot = (int) hash(a, b, c, d, e, f) & mask;
        while (true) {
            int at = slot * STRIDE;
            long value = table[at];
            if (value == ABSENT) {
                return ABSENT;
            }
            if (table[at + 1] == a && table[at + 2] == b && table[at + 3] == c && table[at + 4] == d
                    && table[at + 5] == e && table[at + 6] == f) {
                return (int) value;
            }
            slot = (slot + 1) & mask;
        }
    }

    /** Stores a value (non-negative) for a key known to be absent. */
    void putNew(long a, long b, long c, long d, long e, long f, int value) {
        if ((size + 1) * 2 > mask + 1) {
            long[] old = slots;
            allocate((mask + 1) * 2);
            for (int at = 0; at < old.length; at += STRIDE) {
                if (old[at] != ABSENT) {
                    insert(old, at, old[at]);
                }
            }
        }
        long[] key = {value, a, b, c, d, e, f};
        insert(key, 0, value);
    }

    private void insert(long[] from, int at, long value) {
        int slot = (int) hash(from[at + 1], from[at + 2], from[at + 3], from[at + 4], from[at + 5], from[at + 6])
                & mask;
        while (slots[slot * STRIDE] != ABSENT) {
            slot = (slot + 1) & mask;
        }
        System.arraycopy(from, at, slots, slot * STRIDE, STRIDE);
        slots[slot * STRIDE] = value;
        size++;
    }

    long heapBytes() {
        return ChunkedColumns.ARRAY_HEADER + 8L * slots.length;
    }

    private static long hash(long a, long b, long c, long d, long e, long f) {
        long h = a * 0x9E3779B97F4A7C15L;
        h = (h ^ b) * 0xC2B2AE3D27D4EB4FL;
        h = (h ^ c) * 0x9E3779B97F4A7C15L;
        h = (h ^ d) * 0xC2B2AE3D27D4EB4FL;
        h = (h ^ e) * 0x9E3779B97F4A7C15L;
        h = (h ^ f) * 0xC2B2AE3D27D4EB4FL;
        h ^= h >>> 32;
        h ^= h >>> 16;
        return h;
    }
}
