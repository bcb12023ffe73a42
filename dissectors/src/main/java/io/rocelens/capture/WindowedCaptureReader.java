package io.rocelens.capture;

import java.io.Closeable;
import java.io.IOException;
import java.nio.channels.ClosedChannelException;

/**
 * What the pcap and pcapng readers share: the window over the input (a file read in chunks or a stream), where reading
 * stopped and why, and closing.
 */
abstract class WindowedCaptureReader implements CaptureReader {

    /** Whether a record or block can be recognised to start at a byte, as a split does (see {@link CaptureSplit}). */
    @FunctionalInterface
    interface Boundaries {
        boolean recognised(long position) throws IOException;
    }

    /** The file channel or stream the window reads. */
    protected final Closeable source;
    protected final ByteWindow window;
    /** Set once reading is over, cleanly or not. */
    protected boolean done;
    private String problem;
    private boolean closed;

    WindowedCaptureReader(Closeable source, ByteWindow window) {
        this.source = source;
        this.window = window;
    }

    /** Ends reading with a problem sentence; returns null so callers can {@code return stop(...)}. */
    protected final Frame stop(String reason) {
        problem = reason;
        done = true;
        return null;
    }

    protected final void checkOpen() throws ClosedChannelException {
        if (closed) {
            throw new ClosedChannelException();
        }
    }

    @Override
    public final boolean fromFile() {
        return window instanceof ChunkedWindow;
    }

    @Override
    public final void recycleBefore(long fileOffset) {
        if (window instanceof ChunkedWindow chunks) {
            chunks.recycleBefore(fileOffset);
        }
    }

    @Override
    public final String problem() {
        return problem;
    }

    @Override
    public final void close() throws IOException {
        closed = true;
        source.close();
    }
}
