package io.rocelens.index;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * The packet index's compact columns: values in fixed-size chunks of rows, each chunk in the narrowest form that
 * holds every one of its values exactly, widened (copied into a wider array) the moment a value does not fit. Never
 * lossy: a chunk holds its values either narrow or in full.
 *
 * <p>One thread sets rows in order (row {@code n} only after row {@code n - 1}) while others read rows the index has
 * published. A chunk is widened only while it is the last one; its wide array is filled before it replaces the
 * narrow one with a release store, and readers take a chunk with an acquire load, so a reader sees either the narrow
 * array (which still holds every row written before the widening) or the wide one with all of its rows.
 */
final class ChunkedColumns {
    static final int CHUNK_BITS = 14;
    static final int CHUNK = 1 << CHUNK_BITS;
    static final int MASK = CHUNK - 1;
    static final long ARRAY_HEADER = 16;

    private static final VarHandle CHUNKS = MethodHandles.arrayElementVarHandle(Object[].class);

    private ChunkedColumns() {
    }

    static Object chunkAt(Object[] chunks, int chunk) {
        return CHUNKS.getAcquire(chunks, chunk);
    }

    static void publish(Object[] chunks, int chunk, Object array) {
        CHUNKS.setRelease(chunks, chunk, array);
    }

    static long bytes(Object array) {
        if (array instanceof long[] a) {
            return ARRAY_HEADER + 8L * a.length;
        }
        if (array instanceof int[] a) {
            return ARRAY_HEADER + 4L * a.length;
        }
        if (array instanceof char[] a) {
            return ARRAY_HEADER + 2L * a.length;
        }
        return 0;
    }

    static long directoryBytes(Object[] chunks, int used) {
        long bytes = ARRAY_HEADER + 4L * chunks.length;
        for (int c = 0; c < used; c++) {
            bytes += bytes(chunks[c]);
        }
        return bytes;
    }

    /**
     * Longs (file offsets, timestamps): per chunk a base, and per row the value's distance above it as an unsigned
     * int, so a chunk whose values lie within 2^32 of its base costs 4 bytes a row; otherwise the chunk holds full
     * longs. The base is the chunk's first value minus {@code slack}, so values a little below the first one (a
     * timestamp out of order) fit too. Arithmetic is modulo 2^64 both ways, so any long comes back exactly.
     */
    static final class Longs {
        private final long slack;
        private Object[] chunks = new Object[16];
        private long[] bases = new long[16];

        Longs(long slack) {
            if (slack < 0 || slack >= 1L << 32) {
                throw new IllegalArgumentException("slack " + slack);
            }
            this.slack = slack;
        }

        void set(int row, long value) {
            int chunk = row >>> CHUNK_BITS;
            int at = row & MASK;
            if (at == 0) {
                if (chunk == chunks.length) {
                    chunks = Arrays.copyOf(chunks, chunk * 2);
                    bases = Arrays.copyOf(bases, chunk * 2);
                }
                long base = value - slack;
                bases[chunk] = base;
                int[] deltas = new int[CHUNK];
                deltas[0] = (int) slack;
                chunks[chunk] = deltas;
                return;
            }
            Object array = chunks[chunk];
            if (array instanceof int[] deltas) {
                long base = bases[chunk];
                long delta = value - base;
                if (delta >>> 32 == 0) {
                    deltas[at] = (int) delta;
                    return;
                }
                long[] full = new long[CHUNK];
                for (int i = 0; i < at; i++) {
                    full[i] = base + Integer.toUnsignedLong(deltas[i]);
                }
                full[at] = value;
                publish(chunks, chunk, full);
            } else {
                ((long[]) array)[at] = value;
            }
        }

        long get(int row) {
            int chunk = row >>> CHUNK_BITS;
            Object array = chunkAt(chunks, chunk);
            if (array instanceof int[] deltas) {
                return bases[chunk] + Integer.toUnsignedLong(deltas[row & MASK]);
            }
            return ((long[]) array)[row & MASK];
        }

        long heapBytes(int chunksUsed) {
            return directoryBytes(chunks, chunksUsed) + ARRAY_HEADER + 8L * bases.length;
        }
    }

    /**
     * Ints that are usually small (lengths, dictionary codes): per row a char holding the value minus {@code min},
     * or full ints for a chunk with a value outside {@code min .. min + 65535}.
     */
    static final class Ints {
        private final int min;
        private Object[] chunks = new Object[16];

        Ints(int min) {
            this.min = min;
        }

        void set(int row, int value) {
            int chunk = row >>> CHUNK_BITS;
            int at = row & MASK;
            long narrow = (long) value - min;
            boolean fits = narrow >= 0 && narrow <= Character.MAX_VALUE;
            if (at == 0) {
                if (chunk == chunks.length) {
                    chunks = Arrays.copyOf(chunks, chunk * 2);
                }
                if (fits) {
                    char[] values = new char[CHUNK];
                    values[0] = (char) narrow;
                    chunks[chunk] = values;
                } else {
                    int[] values = new int[CHUNK];
                    values[0] = value;
                    chunks[chunk] = values;
                }
                return;
            }
            Object array = chunks[chunk];
            if (array instanceof char[] values) {
                if (fits) {
                    values[at] = (char) narrow;
                    return;
                }
                int[] full = new int[CHUNK];
                for (int i = 0; i < at; i++) {
                    full[i] = values[i] + min;
                }
                full[at] = value;
                publish(chunks, chunk, full);
            } else {
                ((int[]) array)[at] = value;
            }
        }

        int get(int row) {
            Object array = chunkAt(chunks, row >>> CHUNK_BITS);
            if (array instanceof char[] values) {
                return values[row & MASK] + min;
            }
            return ((int[]) array)[row & MASK];
        }

        long heapBytes(int chunksUsed) {
            return directoryBytes(chunks, chunksUsed);
        }
    }

    /**
     * Captured lengths, given the original lengths: a chunk whose every frame is whole or cut at one snap length
     * ({@code captured == min(original, snap)}) stores nothing per row; any other chunk stores its captured lengths
     * in full. The snap of a chunk starts unset (every frame so far whole) and is set by the first cut frame, when
     * no earlier frame of the chunk was longer than the cut (so they all still read back whole).
     */
    static final class CapturedLengths {
        private static final int WHOLE = Integer.MAX_VALUE;

        private Object[] chunks = new Object[16];
        private int[] snaps = new int[16];
        /** The longest original length of the last chunk's rows so far: a snap below it would cut them. */
        private int longestWhole;

        void set(int row, int original, int captured, Ints originals) {
            int chunk = row >>> CHUNK_BITS;
            int at = row & MASK;
            if (at == 0) {
                if (chunk == chunks.length) {
                    chunks = Arrays.copyOf(chunks, chunk * 2);
                    snaps = Arrays.copyOf(snaps, chunk * 2);
                }
                snaps[chunk] = WHOLE;
                longestWhole = Integer.MIN_VALUE;
            }
            Object array = chunks[chunk];
            if (array != null) {
                ((int[]) array)[at] = captured;
                return;
            }
            int snap = snaps[chunk];
            if (captured != Math.min(original, snap)) {
                if (snap == WHOLE && captured < original && captured >= longestWhole) {
                    // every earlier row of the chunk is whole and no longer than this cut: they read back the same
                    snaps[chunk] = captured;
                } else {
                    int[] full = new int[CHUNK];
                    int first = chunk << CHUNK_BITS;
                    for (int i = 0; i < at; i++) {
                        full[i] = Math.min(originals.get(first + i), snap);
                    }
                    full[at] = captured;
                    publish(chunks, chunk, full);
                    return;
                }
            }
            longestWhole = Math.max(longestWhole, original);
        }

        int get(int row, int original) {
            int chunk = row >>> CHUNK_BITS;
            Object array = chunkAt(chunks, chunk);
            if (array != null) {
                return ((int[]) array)[row & MASK];
            }
            return Math.min(original, snaps[chunk]);
        }

        long heapBytes(int chunksUsed) {
            return directoryBytes(chunks, chunksUsed) + ARRAY_HEADER + 4L * snaps.length;
        }
    }
}
