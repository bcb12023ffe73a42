package io.rocelens.analysis;

/**
 * Open-addressing map from a key of five longs (or six: {@link #ofSixParts}) to a non-negative int, with each slot's
 * value and key side by side in one primitive array: a lookup neither boxes nor allocates, which the per-packet
 * lookups need, and a probe reads 48 or 56 contiguous bytes (one or two cache lines) instead of one line in each of
 * six or seven parallel arrays.
 */
public final class KeyIndex {

    private static final int ABSENT = -1;

    /** The parts of a key: 5 or 6. */
    private final int parts;
    /** A slot: its value (or {@link #ABSENT}), then the parts of its key. */
    private final int stride;
    private long[] slots;
    private int mask;
    private int size;

    /** A map whose keys have five parts. */
    public KeyIndex(int expected) {
        this(expected, 5);
    }

    private KeyIndex(int expected, int parts) {
        this.parts = parts;
        this.stride = parts + 1;
        allocate(Integer.highestOneBit(Math.max(16, expected * 2 - 1)) << 1);
    }

    /** A map whose keys have six parts (the packet index's addresses: two MACs and two 128-bit addresses). */
    public static KeyIndex ofSixParts(int expected) {
        return new KeyIndex(expected, 6);
    }

    private void allocate(int capacity) {
        slots = new long[Math.multiplyExact(capacity, stride)];
        for (int at = 0; at < slots.length; at += stride) {
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
        for (int at = 0; at < slots.length; at += stride) {
            slots[at] = ABSENT;
        }
        size = 0;
    }

    /** The value stored for the five-part key, or -1. */
    public int get(long a, long b, long c, long d, long e) {
        checkParts(5);
        long[] table = slots;
        int slot = (int) hash(a, b, c, d, e) & mask;
        while (true) {
            int at = slot * stride;
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

    /** The value stored for the six-part key, or -1. */
    public int get(long a, long b, long c, long d, long e, long f) {
        checkParts(6);
        long[] table = slots;
        int slot = (int) finish(mix(chain(a, b, c, d, e), f)) & mask;
        while (true) {
            int at = slot * stride;
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

    /** Stores a value (non-negative) for a five-part key known to be absent. */
    public void putNew(long a, long b, long c, long d, long e, int value) {
        checkParts(5);
        putNew(new long[] {value, a, b, c, d, e});
    }

    /** Stores a value (non-negative) for a six-part key known to be absent. */
    public void putNew(long a, long b, long c, long d, long e, long f, int value) {
        checkParts(6);
        putNew(new long[] {value, a, b, c, d, e, f});
    }

    private void putNew(long[] slot) {
        if ((size + 1) * 2 > mask + 1) {
            long[] old = slots;
            allocate((mask + 1) * 2);
            for (int at = 0; at < old.length; at += stride) {
                if (old[at] != ABSENT) {
                    insert(old, at);
                }
            }
        }
        insert(slot, 0);
    }

    /** Copies the slot at {@code from[at]} into the first free slot of its probe sequence. */
    private void insert(long[] from, int at) {
        long h = chain(from[at + 1], from[at + 2], from[at + 3], from[at + 4], from[at + 5]);
        int slot = (int) finish(parts == 6 ? mix(h, from[at + 6]) : h) & mask;
        while (slots[slot * stride] != ABSENT) {
            slot = (slot + 1) & mask;
        }
        System.arraycopy(from, at, slots, slot * stride, stride);
        size++;
    }

    private void checkParts(int given) {
        if (given != parts) {
            throw new IllegalArgumentException("a key of " + given + " parts for a map of " + parts);
        }
    }

    /** The five-part key's hash, as this map spreads it (the analysis's flow index takes it too). */
    static long hash(long a, long b, long c, long d, long e) {
        return finish(chain(a, b, c, d, e));
    }

    private static long chain(long a, long b, long c, long d, long e) {
        long h = a * 0x9E3779B97F4A7C15L;
        h = (h ^ b) * 0xC2B2AE3D27D4EB4FL;
        h = (h ^ c) * 0x9E3779B97F4A7C15L;
        h = (h ^ d) * 0xC2B2AE3D27D4EB4FL;
        return (h ^ e) * 0x9E3779B97F4A7C15L;
    }

    private static long mix(long h, long part) {
        return (h ^ part) * 0xC2B2AE3D27D4EB4FL;
    }

    private static long finish(long h) {
        h ^= h >>> 32;
        h ^= h >>> 16;
        return h;
    }
}
