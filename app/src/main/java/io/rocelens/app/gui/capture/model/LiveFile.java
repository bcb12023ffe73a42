package io.rocelens.app.gui.capture.model;

import io.rocelens.app.gui.packetlist.model.IndexedCapture;
import io.rocelens.capture.CaptureFile;
import io.rocelens.capture.Frame;
import io.rocelens.live.FrameListener;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Frames of a live capture read again, for the packet list's Info column and colours, the details pane and the
 * filters that need a whole frame: the newest from memory, the others from the pcapng the capture writes. The
 * capture flushes its file every 100 ms, so the newest rows, which the list shows first, would often not be in the
 * file yet; as the capture's listener (before the loading pass) this keeps each frame for half a second, at most
 * 32 MiB of them. The file is opened at the first read of an older frame.
 */
public final class LiveFile implements IndexedCapture.FrameSource, AutoCloseable {

    private static final long KEEP_NANOS = 500_000_000L;
    private static final long KEEP_BYTES = 32L << 20;

    private final FrameListener next;
    private volatile Path path;
    private volatile boolean ring;
    /** Frame number → the frame and when it came. */
    private final ConcurrentSkipListMap<Long, Recent> recent = new ConcurrentSkipListMap<>();
    private final AtomicLong recentBytes = new AtomicLong();
    private CaptureFile file;
    private boolean closed;

    private record Recent(Frame frame, long arrivedNanos) {
    }

    /** @param next the listener the capture's frames go on to (the loading pass's) */
    LiveFile(FrameListener next) {
        this.next = next;
    }

    /**
     * Where the capture writes, known once it has started.
     *
     * @param file the file, or null for none
     * @param ring the capture writes a ring of files: its frames carry no offset to read them again by
     */
    LiveFile writesTo(Path file, boolean ringBuffer) {
        path = file;
        ring = ringBuffer;
        return this;
    }

    /** The listener to give the capture: keeps each frame a while, then hands it on. */
    FrameListener listener() {
        return new FrameListener() {
            @Override
            public void frame(Frame frame) {
                keep(frame);
                next.frame(frame);
            }

            @Override
            public void finished() {
                next.finished();
            }
        };
    }

    private void keep(Frame frame) {
        long now = System.nanoTime();
        recent.put(frame.number(), new Recent(frame, now));
        long bytes = recentBytes.addAndGet(frame.capturedLength());
        Map.Entry<Long, Recent> oldest;
        while ((oldest = recent.firstEntry()) != null
                && (now - oldest.getValue().arrivedNanos() > KEEP_NANOS || bytes > KEEP_BYTES)) {
            if (recent.remove(oldest.getKey()) != null) {
                bytes = recentBytes.addAndGet(-oldest.getValue().frame().capturedLength());
            }
        }
    }

    @Override
    public Frame frameAt(long fileOffset, long number) throws IOException {
        Recent kept = recent.get(number);
        if (kept != null) {
            Frame frame = kept.frame();
            return new Frame(number, frame.timestampNanos(), frame.originalLength(), frame.linkType(),
                    frame.interfaceId(), frame.fileOffset(), frame.data().duplicate(), frame.comments());
        }
        if (ring || path == null || fileOffset < 0) {
            throw new IOException("frame " + number + " of a ring buffer capture is in one of its files: open that"
                    + " file to see its bytes");
        }
        return open().frameAt(fileOffset, number);
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
        recent.clear();
        if (file != null) {
            try {
                file.close();
            } catch (IOException ignored) {
                // a file opened for reading loses nothing when closing fails
            }
        }
    }
}
