package io.rocelens.capture;

import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;

/** What the pcap and pcapng readers share: the mapped file, where reading stopped and why, and closing. */
abstract class MappedCaptureReader implements CaptureReader {

    protected final FileChannel channel;
    protected final MappedWindow window;
    protected final long fileSize;
    /** Set once reading is over, cleanly or not. */
    protected boolean done;
    private String problem;
    private boolean closed;

    MappedCaptureReader(FileChannel channel, MappedWindow window) {
        this.channel = channel;
        this.window = window;
        this.fileSize = window.fileSize();
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
    public final String problem() {
        return problem;
    }

    @Override
    public final void close() throws IOException {
        closed = true;
        channel.close();
    }
}
