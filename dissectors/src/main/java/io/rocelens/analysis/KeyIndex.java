package io.rocelens.analysis;

/**
 * Open-addressing map from a key of five longs to a non-negative int, with each slot's value and key side by side
 * in one primitive array: a lookup neither boxes nor allocates, which the per-packet lookups need, and a probe reads
 * 48 contiguous bytes (one or two cache lines) instead of one line in each of six parallel arrays.
 */
public final class KeyIndex {

    private static final int ABSENT = -1;
    /** A slot: its value (or {@link #ABSENT}), then the five parts of its key. */
    private static final int STRIDE = 6;

    private long[] slots;
    private int mask;
    private int size;

    public KeyIndex(int expected) {
        int capacity = Integer.highestOneBit(Math.max(16, expected * 2 - 1)) << 1;
        allocate(capacity);
    }

    private void allocate(int capacity) {
        slots = new long[Math.multiplyExact(capacity, STRIDE)];
        for (int at = 0; at < slots.length; at += STRIDE) {
            slots[at] = ABSENT;
        }
        mask = capacity - 1;
        size = 0;
    }

    public int size() {
        return size;
    }

    /** Forgets every key; the table keeps its capacity. */
    public void clear() {
        for (int at = 0; at < slots.length; at += STRIDE) {
            slots[at] = ABSENT;
        }
        size = 0;
    }

    /** The value stored for the key, or -1. */
    public int get(long a, long b, long c, long d, long e) {
        long[] table = slots;
        int slot = (int) hash(a, b, c, d, e) & mask;
        while (true) {
            int at = slot * STRIDE;
            long value = table[at];
            if (value == ABSENT) {
                return ABSENT;
            }
            if (table[at + 1] == a && table[at + 2] == b && table[at + 3] == c && table[at + 4] == d
                    && table[at + 5] == e) {
                return (int) value;
            }
            slot = (slot + 1) & mask;
        }
    }

    /** Stores a value (non-negative) for a key known to be absent. */
    public void putNew(long a, long b, long c, long d, long e, int value) {
        if ((size + 1) * 2 > mask + 1) {
            grow();
        }
        insert(a, b, c, d, e, value);
    }

    private void insert(long a, long b, long c, long d, long e, long value) {
        int slot = (int) hash(a, b, c, d, e) & mask;
        while (slots[slot * STRIDE] != ABSENT) {
            slot = (slot + 1) & mask;
        }
        int at = slot * STRIDE;
        slots[at] = value;
        slots[at + 1] = a;
        slots[at + 2] = b;
        slots[at + 3] = c;
        slots[at + 4] = d;
        slots[at + 5] = e;
        size++;
    }

    private void grow() {
        long[] old = slots;
        allocate((mask + 1) * 2);
        for (int at = 0; at < old.length; at += STRIDE) {
            if (old[at] != ABSENT) {
                insert(old[at + 1], old[at + 2], old[at + 3], old[at + 4], old[at + 5], old[at]);
            }
        }
    }

    static long hash(long a, long b, long c, long d, long e) {
        long h = a * 0x9E3779B97F4A7C15L;
        h = (h ^ b) * 0xC2B2AE3D27D4EB4FL;
        h = (h ^ c) * 0x9E3779B97F4A7C15L;
        h = (h ^ d) * 0xC2B2AE3D27D4EB4FL;
        h = (h ^ e) * 0x9E3779B97F4A7C15L;
        h ^= h >>> 32;
        h ^= h >>> 16;
        return h;
    }
}
