package io.rocelens.app.gui.model;

import io.rocelens.capture.CaptureFile;
import io.rocelens.capture.Frame;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Frames of a live capture read again from the pcapng it is writing, for the details pane and the filters that need
 * a whole frame. The file is opened at the first read (when the capture starts it may hold nothing yet), and a frame
 * the capture has not flushed yet (it flushes every 100 ms) is waited for once.
 */
final class LiveFile implements IndexedCapture.FrameSource, AutoCloseable {

    /** A little over the capture's flush interval. */
    private static final long FLUSH_WAIT_MILLIS = 150;

    private final Path path;
    private final boolean ring;
    private CaptureFile file;
    private boolean closed;

    /**
     * @param path the file the capture writes, or null for none
     * @param ring the capture writes a ring of files: its frames carry no offset to read them again by
     */
    LiveFile(Path path, boolean ring) {
        this.path = path;
        this.ring = ring;
    }

    @Override
    public Frame frameAt(long fileOffset, long number) throws IOException {
        if (ring || path == null || fileOffset < 0) {
            throw new IOException("frame " + number + " of a ring buffer capture is in one of its files: open that"
                    + " file to see its bytes");
        }
        try {
            return open().frameAt(fileOffset, number);
        } catch (IOException notFlushedYet) {
            try {
                Thread.sleep(FLUSH_WAIT_MILLIS);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                throw notFlushedYet;
            }
            return open().frameAt(fileOffset, number);
        }
    }

    private synchronized CaptureFile open() throws IOException {
        if (closed) {
            throw new IOException(path.getFileName() + " is closed");
        }
        if (file == null) {
            file = CaptureFile.open(path);
        }
        return file;
    }

    @Override
    public synchronized void close() {
        closed = true;
        if (file != null) {
            try {
                file.close();
            } catch (IOException ignored) {
                // a file opened for reading loses nothing when closing fails
            }
        }
    }
}
