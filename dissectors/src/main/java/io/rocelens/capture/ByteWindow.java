package io.rocelens.capture;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The bytes a capture reader walks through, addressed by their offset from the start of the input: a file read
 * in chunks ({@link ChunkedWindow}) or a stream read once, front to back ({@link StreamWindow}).
 */
abstract class ByteWindow {

    private ByteBuffer buffer;
    private ByteBuffer readOnly;
    private ByteOrder order = ByteOrder.BIG_ENDIAN;

    /**
     * How many of the {@code n} bytes starting at {@code pos} exist: {@code n}, or fewer where the input ends. On a
     * stream this reads ahead (and waits for the writer) as far as needed.
     */
    abstract long available(long pos, long n) throws IOException;

    /**
     * Makes the bytes {@code [pos, pos + n)} readable and returns the index of {@code pos} in {@link #buffer()}.
     * The caller must have checked with {@link #available} that the range exists. A later call may move the window,
     * which invalidates indexes returned earlier.
     */
    abstract int ensure(long pos, int n) throws IOException;

    /** The current window (null before the first), in the byte order last set with {@link #order(ByteOrder)}. */
    final ByteBuffer buffer() {
        return buffer;
    }

    /** Makes {@code bytes} the current window, in the current byte order. */
    final void show(ByteBuffer bytes) {
        buffer = bytes.order(order);
        readOnly = bytes.asReadOnlyBuffer();
    }

    /**
     * A read-only view of {@code len} bytes at window index {@code index}, with position 0 and limit {@code len}.
     * It keeps its bytes when the window moves on.
     */
    final ByteBuffer slice(int index, int len) {
        return readOnly.slice(index, len);
    }

    final void order(ByteOrder newOrder) {
        order = newOrder;
        if (buffer != null) {
            buffer.order(newOrder);
        }
    }

    final ByteOrder order() {
        return order;
    }

    /** Tells that no byte before {@code pos} will be asked for again, so a stream may let them go. */
    void release(long pos) {
    }

    /**
     * How many bytes from {@code pos} on are held, with {@code takeReady} after taking what a stream has ready
     * without waiting for its writer (a system call); {@link Long#MAX_VALUE} when reading further never waits (a
     * file, a stream that has ended).
     */
    long held(long pos, boolean takeReady) throws IOException {
        return Long.MAX_VALUE;
    }

    /** The longest block a reader may buffer whole; a stream cannot skip a longer one without holding it. */
    long largestBlock() {
        return Long.MAX_VALUE;
    }
}
