package io.rocelens.capture;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.ArrayDeque;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A file read front to back in chunks with positional reads. Mapping the file instead costs a page fault at the
 * first touch of every page: on this project's 2-core machine, reading the 1M frames of a 1 GB capture took 0.94 - 1.2
 * s of CPU mapped, 0.35 s into new chunks and 0.25 s into chunks read into again (docs/speed.md). A chunk is read
 * into again only once its user promised to be done with every frame in it ({@link #recycleBefore}); until then, and
 * for a user that never promises, frames keep their bytes for as long as they are held.
 */
final class ChunkedWindow extends ByteWindow {
    /** Large enough that a read costs little per frame, small enough that the chunks in a pass stay few. */
    static final int CHUNK = 1 << 20;
    /** Chunks waiting to be recycled beyond this many are left to the garbage collector. */
    private static final int MOST_TRACKED = 64;

    private final FileChannel channel;
    private final long fileSize;
    private final int chunkSize;
    /** File offset of the current chunk's first byte, and how many it holds. */
    private long base;
    private int length;
    /** The chunks handed out since recycling began, oldest first, with the file offset each ends at. */
    private final ArrayDeque<Chunk> handedOut = new ArrayDeque<>();
    /** Set from the thread that uses the frames: no frame in a chunk that ends at or before it is used again. */
    private final AtomicLong recycledBefore = new AtomicLong(-1);

    private record Chunk(ByteBuffer bytes, long end) {
    }

    ChunkedWindow(FileChannel channel, int chunkSize) throws IOException {
        if (chunkSize < 1) {
            throw new IllegalArgumentException("chunk size must be positive: " + chunkSize);
        }
        this.channel = channel;
        this.fileSize = channel.size();
        this.chunkSize = chunkSize;
    }

    @Override
    long available(long pos, long n) {
        return Math.max(0, Math.min(n, fileSize - pos));
    }

    @Override
    int ensure(long pos, int n) throws IOException {
        long rel = pos - base;
        // once frames are given back, the chunk read before in plain memory is read again into a direct one: frames
        // in buffers of two classes make every ByteBuffer call of the dissection bimorphic, and the JIT's first
        // profile, taken on the plain ones, had its compiled code thrown away at the first direct one (JFR:
        // class_check deoptimizations in PcapReader and ByteWindow)
        if (buffer() == null || rel < 0 || rel + n > length || (recycledBefore.get() >= 0 && !buffer().isDirect())) {
            load(pos, n);
            rel = 0;
        }
        return (int) rel;
    }

    private void load(long pos, int n) throws IOException {
        int size = (int) Math.min(Math.max(chunkSize, n), fileSize - pos);
        ByteBuffer chunk = recycled(size);
        chunk.clear().limit(size);
        while (chunk.hasRemaining()) {
            if (channel.read(chunk, pos + chunk.position()) < 0) {
                // the file shrank while it was read: fail rather than invent the missing bytes
                throw new EOFException("the file ends at byte " + (pos + chunk.position()) + ", before byte "
                        + (pos + size) + " it had when opened");
            }
        }
        chunk.flip();
        show(chunk);
        base = pos;
        length = size;
        if (recycledBefore.get() >= 0) {
            handedOut.add(new Chunk(chunk, pos + size));
            if (handedOut.size() > MOST_TRACKED) {
                handedOut.poll();
            }
        }
    }

    /** The oldest chunk whose frames are all done with, when it can hold {@code size} bytes; else a new one. */
    private ByteBuffer recycled(int size) {
        Chunk oldest = handedOut.peek();
        if (oldest != null && oldest.end() <= recycledBefore.get()) {
            handedOut.poll();
            if (oldest.bytes().capacity() >= size) {
                return oldest.bytes();
            }
        }
        // direct, so a read is one copy from the page cache; only worth it when used again, else plain memory
        return recycledBefore.get() >= 0 ? ByteBuffer.allocateDirect(Math.max(size, chunkSize))
                : ByteBuffer.allocate(size);
    }

    /** No frame whose record starts before {@code fileOffset} will be used again; callable from any thread. */
    void recycleBefore(long fileOffset) {
        recycledBefore.accumulateAndGet(fileOffset, Math::max);
    }
}
