package io.rocelens.analysis;

import java.util.Arrays;

/**
 * Open-addressing map from a key of five longs to a non-negative int, with the keys kept in
 * parallel primitive arrays: a lookup neither boxes nor allocates, which the per-packet flow lookup needs.
 */
public final class KeyIndex {

    private static final int ABSENT = -1;

    private long[] k0;
    private long[] k1;
    private long[] k2;
    private long[] k3;
    private long[] k4;
    private int[] values;
    private int mask;
    private int size;

    public KeyIndex(int expected) {
        int capacity = Integer.highestOneBit(Math.max(16, expected * 2 - 1)) << 1;
        allocate(capacity);
    }

    private void allocate(int capacity) {
        k0 = new long[capacity];
        k1 = new long[capacity];
        k2 = new long[capacity];
        k3 = new long[capacity];
        k4 = new long[capacity];
        values = new int[capacity];
        Arrays.fill(values, ABSENT);
        mask = capacity - 1;
        size = 0;
    }

    public int size() {
        return size;
    }

    /** The value stored for the key, or -1. */
    public int get(long a, long b, long c, long d, long e) {
        int slot = (int) hash(a, b, c, d, e) & mask;
        while (true) {
            int value = values[slot];
            if (value == ABSENT) {
                return ABSENT;
            }
            if (k0[slot] == a && k1[slot] == b && k2[slot] == c && k3[slot] == d && k4[slot] == e) {
                return value;
            }
            slot = (slot + 1) & mask;
        }
    }

    /** Stores a value (non-negative) for a key known to be absent. */
    public void putNew(long a, long b, long c, long d, long e, int value) {
        if ((size + 1) * 2 > values.length) {
            grow();
        }
        insert(a, b, c, d, e, value);
    }

    private void insert(long a, long b, long c, long d, long e, int value) {
        int slot = (int) hash(a, b, c, d, e) & mask;
        while (values[slot] != ABSENT) {
            slot = (slot + 1) & mask;
        }
        k0[slot] = a;
        k1[slot] = b;
        k2[slot] = c;
        k3[slot] = d;
        k4[slot] = e;
        values[slot] = value;
        size++;
    }

    private void grow() {
        long[] o0 = k0;
        long[] o1 = k1;
        long[] o2 = k2;
        long[] o3 = k3;
        long[] o4 = k4;
        int[] ov = values;
        allocate(ov.length * 2);
        for (int i = 0; i < ov.length; i++) {
            if (ov[i] != ABSENT) {
                insert(o0[i], o1[i], o2[i], o3[i], o4[i], ov[i]);
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
