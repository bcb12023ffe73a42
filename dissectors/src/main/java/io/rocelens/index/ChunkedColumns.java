package io.rocelens.index;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;

/**
 * The packet index's compact columns: values in fixed-size chunks of rows, each chunk in the narrowest form that
 * holds every one of its values exactly, widened (copied into a wider chunk) the moment a value does not fit. Never
 * lossy: a chunk holds its values either narrow or in full.
 *
 * <p>The chunks are direct buffers ({@link Slabs}), off the Java heap: a 100M-packet index is 2.4 GB that lives as
 * long as the file is open, and on the heap the young collections copied each new chunk, often more than once, while
 * the load went on (5.5 - 6.5 s of pauses in a 100M load, docs/speed.md). A chunk's width is its capacity divided by
 * the rows it holds.
 *
 * <p>One thread sets rows in order (row {@code n} only after row {@code n - 1}) while others read rows the index has
 * published. A chunk is widened only while it is the last one; its wide chunk is filled before it replaces the
 * narrow one with a release store, and readers take a chunk with an acquire load, so a reader sees either the narrow
 * chunk (which still holds every row written before the widening) or the wide one with all of its rows.
 */
final class ChunkedColumns {
    static final int CHUNK_BITS = 14;
    static final int CHUNK = 1 << CHUNK_BITS;
    static final int MASK = CHUNK - 1;
    static final long ARRAY_HEADER = 16;
    /** The heap bytes of a direct buffer object (a slice: no cleaner of its own). */
    static final long BUFFER_OBJECT = 64;

    private static final VarHandle CHUNKS = MethodHandles.arrayElementVarHandle(ByteBuffer[].class);

    private ChunkedColumns() {
    }

    /**
     * Where one index's chunks come from: slabs of direct memory, each chunk a slice of one. A slab is freed when no
     * chunk of it is reachable any more. Slabs start small, for a capture of a few frames, and double up to
     * {@link #LARGEST_SLAB}: direct buffers of 64 KB each cost a 100M-packet index 5 s of system time (the C
     * allocator growing its arena by small steps), buffers of 1 MB and more about 1 s for the same 2.4 GB, which is
     * the kernel's page faults.
     */
    static final class Slabs {
        static final int LARGEST_SLAB = 4 << 20;

        private ByteBuffer slab = ByteBuffer.allocateDirect(0);
        private int nextSlab = 64 << 10;
        private long bytes;

        /** A chunk of {@link #CHUNK} zeroed values of {@code width} bytes each, in the machine's byte order. */
        ByteBuffer newChunk(int width) {
            int size = CHUNK * width;
            if (slab.remaining() < size) {
                slab = newSlab(Math.max(size, nextSlab));
                bytes += slab.capacity();
                nextSlab = Math.min(nextSlab * 2, LARGEST_SLAB);
            }
            ByteBuffer chunk = slab.slice(slab.position(), size).order(ByteOrder.nativeOrder());
            slab.position(slab.position() + size);
            return chunk;
        }

        /** The direct memory taken so far, chunks given out or not. */
        long bytes() {
            return bytes;
        }

        /**
         * A slab, unless it would leave less than {@link #RESERVE} of the process's direct memory to the rest of it:
         * an index that took all of it left JavaFX none for its pixel uploads, and the window stopped painting. The
         * memory of an index no longer used is given back only once the collector finds its slabs, so the collector
         * is asked first, as the JDK asks before it refuses a direct buffer.
         */
        private static ByteBuffer newSlab(int size) {
            for (int attempt = 0; DIRECT.getMemoryUsed() + size > DIRECT_LIMIT - RESERVE; attempt++) {
                if (attempt == 8) {
                    throw new OutOfMemoryError("the packet index needs more direct memory than the "
                            + DIRECT_LIMIT / (1 << 20) + " MiB the process may use");
                }
                System.gc();
                LockSupport.parkNanos(1_000_000L << attempt);
            }
            return ByteBuffer.allocateDirect(size);
        }
    }

    /** Direct memory the index leaves to the rest of the process: JavaFX's pixel uploads, the readers' chunks. */
    static final long RESERVE = 64L << 20;
    private static final BufferPoolMXBean DIRECT = ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class)
            .stream().filter(pool -> pool.getName().equals("direct")).findFirst().orElseThrow();
    /** The JVM's limit: -XX:MaxDirectMemorySize, or when not given (0) the heap's maximum, as the JDK takes it. */
    private static final long DIRECT_LIMIT = directLimit();

    private static long directLimit() {
        String given = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                .getVMOption("MaxDirectMemorySize").getValue();
        long limit = Long.parseLong(given);
        return limit > 0 ? limit : Runtime.getRuntime().maxMemory();
    }

    static int width(ByteBuffer chunk) {
        return chunk.capacity() >>> CHUNK_BITS;
    }

    static ByteBuffer chunkAt(ByteBuffer[] chunks, int chunk) {
        return (ByteBuffer) CHUNKS.getAcquire(chunks, chunk);
    }

    static void publish(ByteBuffer[] chunks, int chunk, ByteBuffer values) {
        CHUNKS.setRelease(chunks, chunk, values);
    }

    /** The heap bytes of a column's directory of chunks: its array and a direct buffer object per chunk. */
    static long directoryBytes(ByteBuffer[] chunks) {
        long bytes = ARRAY_HEADER + 4L * chunks.length;
        for (ByteBuffer chunk : chunks) {
            bytes += chunk == null ? 0 : BUFFER_OBJECT;
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
        private final Slabs memory;
        private final long slack;
        private ByteBuffer[] chunks = new ByteBuffer[16];
        private long[] bases = new long[16];

        Longs(Slabs memory, long slack) {
            if (slack < 0 || slack >= 1L << 32) {
                throw new IllegalArgumentException("slack " + slack);
            }
            this.memory = memory;
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
                bases[chunk] = value - slack;
                ByteBuffer deltas = memory.newChunk(Integer.BYTES);
                deltas.putInt(0, (int) slack);
                chunks[chunk] = deltas;
                return;
            }
            ByteBuffer values = chunks[chunk];
            if (width(values) == Integer.BYTES) {
                long base = bases[chunk];
                long delta = value - base;
                if (delta >>> 32 == 0) {
                    values.putInt(at << 2, (int) delta);
                    return;
                }
                ByteBuffer full = memory.newChunk(Long.BYTES);
                for (int i = 0; i < at; i++) {
                    full.putLong(i << 3, base + Integer.toUnsignedLong(values.getInt(i << 2)));
                }
                full.putLong(at << 3, value);
                publish(chunks, chunk, full);
            } else {
                values.putLong(at << 3, value);
            }
        }

        long get(int row) {
            int chunk = row >>> CHUNK_BITS;
            ByteBuffer values = chunkAt(chunks, chunk);
            int at = row & MASK;
            if (width(values) == Integer.BYTES) {
                return bases[chunk] + Integer.toUnsignedLong(values.getInt(at << 2));
            }
            return values.getLong(at << 3);
        }

        long heapBytes() {
            return directoryBytes(chunks) + ARRAY_HEADER + 8L * bases.length;
        }
    }

    /**
     * Ints that are usually small (lengths, dictionary codes): per row a char holding the value minus {@code min},
     * or full ints for a chunk with a value outside {@code min .. min + 65535}.
     */
    static final class Ints {
        private final Slabs memory;
        private final int min;
        private ByteBuffer[] chunks = new ByteBuffer[16];

        Ints(Slabs memory, int min) {
            this.memory = memory;
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
                ByteBuffer values = memory.newChunk(fits ? Character.BYTES : Integer.BYTES);
                if (fits) {
                    values.putChar(0, (char) narrow);
                } else {
                    values.putInt(0, value);
                }
                chunks[chunk] = values;
                return;
            }
            ByteBuffer values = chunks[chunk];
            if (width(values) == Character.BYTES) {
                if (fits) {
                    values.putChar(at << 1, (char) narrow);
                    return;
                }
                ByteBuffer full = memory.newChunk(Integer.BYTES);
                for (int i = 0; i < at; i++) {
                    full.putInt(i << 2, values.getChar(i << 1) + min);
                }
                full.putInt(at << 2, value);
                publish(chunks, chunk, full);
            } else {
                values.putInt(at << 2, value);
            }
        }

        int get(int row) {
            ByteBuffer values = chunkAt(chunks, row >>> CHUNK_BITS);
            int at = row & MASK;
            if (width(values) == Character.BYTES) {
                return values.getChar(at << 1) + min;
            }
            return values.getInt(at << 2);
        }

        long heapBytes() {
            return directoryBytes(chunks);
        }
    }

    /** Ints of any value (QP numbers, PSNs), 4 bytes a row. */
    static final class FullInts {
        private final Slabs memory;
        private ByteBuffer[] chunks = new ByteBuffer[16];

        FullInts(Slabs memory) {
            this.memory = memory;
        }

        void set(int row, int value) {
            int chunk = row >>> CHUNK_BITS;
            if ((row & MASK) == 0) {
                if (chunk == chunks.length) {
                    chunks = Arrays.copyOf(chunks, chunk * 2);
                }
                chunks[chunk] = memory.newChunk(Integer.BYTES);
            }
            chunks[chunk].putInt((row & MASK) << 2, value);
        }

        int get(int row) {
            return chunks[row >>> CHUNK_BITS].getInt((row & MASK) << 2);
        }

        long heapBytes() {
            return directoryBytes(chunks);
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

        private final Slabs memory;
        private ByteBuffer[] chunks = new ByteBuffer[16];
        private int[] snaps = new int[16];
        /** The longest original length of the last chunk's rows so far: a snap below it would cut them. */
        private int longestWhole;

        CapturedLengths(Slabs memory) {
            this.memory = memory;
        }

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
            ByteBuffer values = chunks[chunk];
            if (values != null) {
                values.putInt(at << 2, captured);
                return;
            }
            int snap = snaps[chunk];
            if (captured != Math.min(original, snap)) {
                if (snap == WHOLE && captured < original && captured >= longestWhole) {
                    // every earlier row of the chunk is whole and no longer than this cut: they read back the same
                    snaps[chunk] = captured;
                } else {
                    ByteBuffer full = memory.newChunk(Integer.BYTES);
                    int first = chunk << CHUNK_BITS;
                    for (int i = 0; i < at; i++) {
                        full.putInt(i << 2, Math.min(originals.get(first + i), snap));
                    }
                    full.putInt(at << 2, captured);
                    publish(chunks, chunk, full);
                    return;
                }
            }
            longestWhole = Math.max(longestWhole, original);
        }

        int get(int row, int original) {
            int chunk = row >>> CHUNK_BITS;
            ByteBuffer values = chunkAt(chunks, chunk);
            if (values != null) {
                return values.getInt((row & MASK) << 2);
            }
            return Math.min(original, snaps[chunk]);
        }

        long heapBytes() {
            return directoryBytes(chunks) + ARRAY_HEADER + 4L * snaps.length;
        }
    }
}
