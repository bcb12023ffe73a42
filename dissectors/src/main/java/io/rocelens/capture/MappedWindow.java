package io.rocelens.capture;

import java.io.IOException;
import java.nio.channels.FileChannel;

/**
 * A read-only file seen through one memory-mapped window at a time.
 *
 * <p>A MappedByteBuffer cannot exceed 2 GiB and mapping a whole multi-GB capture would pin it in the address space,
 * so the file is mapped in windows of a fixed size; when a record runs past the end of the current window, a new
 * window is mapped starting at that record. Slices handed out earlier keep their own window alive, so frames stay
 * valid after the reader moves on.
 */
final class MappedWindow extends ByteWindow {
    /** Large enough that remapping is rare, small enough to leave address space for several open files. */
    static final int DEFAULT_WINDOW_SIZE = 64 << 20;

    private final FileChannel channel;
    private final long fileSize;
    private final int windowSize;
    private long base;
    private int length;

    MappedWindow(FileChannel channel, int windowSize) throws IOException {
        if (windowSize < 1) {
            throw new IllegalArgumentException("window size must be positive: " + windowSize);
        }
        this.channel = channel;
        this.fileSize = channel.size();
        this.windowSize = windowSize;
    }

    @Override
    long available(long pos, long n) {
        return Math.max(0, Math.min(n, fileSize - pos));
    }

    @Override
    int ensure(long pos, int n) throws IOException {
        long rel = pos - base;
        if (buffer() == null || rel < 0 || rel + n > length) {
            remap(pos, n);
            rel = 0;
        }
        return (int) rel;
    }

    private void remap(long pos, int n) throws IOException {
        long len = Math.min(Math.max(windowSize, n), fileSize - pos);
        show(channel.map(FileChannel.MapMode.READ_ONLY, pos, len));
        base = pos;
        length = (int) len;
    }
}
