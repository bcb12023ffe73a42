package io.rocelens.capture;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;

/**
 * A stream (standard input, a pipe) read once from front to back, holding only the bytes from the record being
 * read onwards. When the buffer must move, the kept bytes go to a new array: frames handed out earlier are views of
 * the old one and stay valid.
 */
final class StreamWindow extends ByteWindow {

    /** A block read from a stream is held whole, so a damaged length field must not make it ask for gigabytes. */
    static final long LARGEST_BLOCK = 128L << 20;
    private static final int CHUNK = 1 << 20;

    private final InputStream in;
    private byte[] data;
    /** Stream offset of {@code data[0]}. */
    private long base;
    /** Bytes of {@code data} filled from the stream. */
    private int filled;
    private long released;
    private boolean ended;

    StreamWindow(InputStream in) {
        this.in = in;
        use(new byte[CHUNK]);
    }

    private void use(byte[] array) {
        data = array;
        show(ByteBuffer.wrap(array));
    }

    @Override
    long available(long pos, long n) throws IOException {
        fill(pos + Math.min(n, LARGEST_BLOCK));
        return Math.max(0, Math.min(n, base + filled - pos));
    }

    @Override
    int ensure(long pos, int n) throws IOException {
        if (pos < base) {
            throw new IllegalStateException("byte " + pos + " of the stream was released");
        }
        fill(pos + n);
        if (pos + n > base + filled) {
            throw new EOFException("the stream ends at byte " + (base + filled) + ", before byte " + (pos + n));
        }
        return (int) (pos - base);
    }

    /** Reads until the stream's bytes up to {@code end} (exclusive) are held, or the stream ends. */
    private void fill(long end) throws IOException {
        while (!ended && base + filled < end) {
            if (filled == data.length) {
                makeRoom(end);
            }
            read(data.length - filled);
        }
    }

    /** Reads at most {@code n} bytes into the free end of {@code data}, waiting for at least one. */
    private void read(int n) throws IOException {
        int read = in.read(data, filled, n);
        if (read < 0) {
            ended = true;
        } else {
            filled += read;
        }
    }

    /**
     * Moves the unreleased bytes to a new array with room up to {@code end}: at least one more chunk, and twice the
     * kept bytes, so a long block is not copied over and over as it grows.
     */
    private void makeRoom(long end) {
        long keepFrom = Math.max(base, released);
        int kept = (int) (base + filled - keepFrom);
        int size = (int) Math.min(Integer.MAX_VALUE - 8, Math.max(Math.max(kept + CHUNK, 2L * kept), end - keepFrom));
        byte[] next = new byte[size];
        System.arraycopy(data, (int) (keepFrom - base), next, 0, kept);
        use(next);
        base = keepFrom;
        filled = kept;
    }

    @Override
    long held(long pos, boolean takeReady) throws IOException {
        // what the writer has already delivered is read now, without waiting: only a record still on its way counts
        int ready;
        while (takeReady && !ended && (ready = in.available()) > 0) {
            if (filled == data.length) {
                makeRoom(base + filled + ready);
            }
            read(Math.min(ready, data.length - filled));
        }
        return ended ? Long.MAX_VALUE : Math.max(0, base + filled - pos);
    }

    @Override
    void release(long pos) {
        released = Math.max(released, pos);
    }

    @Override
    long largestBlock() {
        return LARGEST_BLOCK;
    }
}
