package io.rocelens.dissect;

import io.rocelens.capture.Frame;
import io.rocelens.capture.FrameSource;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A file's frames read on a thread of their own, a chunk at a time, ahead of the pass that uses them. Reading a
 * capture from the page cache is mostly the first touch of each of its pages (a page fault each, half the calling
 * thread's time in a decode of 1 GB: docs/speed.md); on its own thread it overlaps the analysis or the output.
 *
 * <p>The file's reader is used only by that thread until {@link #close()} has stopped it and waited for it; after
 * that the caller may ask the reader again (a file's {@code problem()}). What the thread meets (an I/O
 * failure, out of memory) reaches {@link #next()} in the frames' order, after the frames read before it, also when it
 * could not be queued (out of memory again, an interrupt): nothing the thread meets escapes it, so no default handler
 * sees it and no caller waits for a chunk that never comes.
 */
final class ReadAhead implements FrameSource {
    private static final int CHUNK = 2048;
    private static final Object END = new Object();

    private final FrameSource file;
    /** Frame[] chunks, then a Throwable or END. */
    private final BlockingQueue<Object> chunks = new ArrayBlockingQueue<>(4);
    private final Thread thread;
    private volatile boolean stopped;
    /** What ended the reading, kept where the caller finds it even when it could not be queued. */
    private volatile Throwable readFailure;
    /** Set by the reading thread last: whatever it queued is in the queue. */
    private volatile boolean finished;
    private Frame[] chunk = new Frame[0];
    private int next;
    private boolean ended;

    /** Starts reading at most {@code limit} frames of {@code file}, which must be {@link FrameSource#fromFile()}. */
    ReadAhead(FrameSource file, long limit) {
        this.file = file;
        this.thread = new Thread(() -> read(limit), "rocelens-read");
        thread.setDaemon(true);
        thread.start();
    }

    private void read(long limit) {
        try {
            long read = 0;
            while (read < limit && !stopped) {
                Frame[] frames = new Frame[(int) Math.min(CHUNK, limit - read)];
                int n = 0;
                Frame frame;
                while (n < frames.length && (frame = file.next()) != null) {
                    frames[n++] = frame;
                }
                read += n;
                if (n > 0 && !hand(n == frames.length ? frames : Arrays.copyOf(frames, n))) {
                    return;
                }
                if (n < frames.length) {
                    break;
                }
            }
            hand(END);
        } catch (Throwable failed) {
            readFailure = failed;
            try {
                hand(failed);
            } catch (Throwable again) {
                // queuing needs memory too; the caller finds the failure in its field
            }
        } finally {
            finished = true;
        }
    }

    /** Queues what was read; false when the pass stopped meanwhile. */
    private boolean hand(Object item) throws InterruptedIOException {
        try {
            while (!stopped) {
                if (chunks.offer(item, 50, TimeUnit.MILLISECONDS)) {
                    return true;
                }
            }
        } catch (InterruptedException interrupted) {
            // nothing here interrupts this thread: reading on would hide that frames were left out
            throw new InterruptedIOException("interrupted while reading ahead");
        }
        return false;
    }

    @Override
    public Frame next() throws IOException {
        while (next == chunk.length) {
            if (ended) {
                return null;
            }
            Object item;
            try {
                item = chunks.poll(50, TimeUnit.MILLISECONDS);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while reading");
            }
            if (item == null && finished) {
                // the thread ended without queuing how (it could not): what it queued before is all there is
                item = chunks.poll();
                if (item == null) {
                    item = readFailure == null ? END : readFailure;
                }
            }
            if (item == null) {
                continue;
            }
            if (item instanceof Frame[] frames) {
                chunk = frames;
                next = 0;
                continue;
            }
            ended = true;
            if (item instanceof IOException failure) {
                throw failure;
            } else if (item instanceof RuntimeException failure) {
                throw failure;
            } else if (item instanceof Error failure) {
                throw failure;
            }
        }
        Frame frame = chunk[next];
        chunk[next++] = null;
        return frame;
    }

    @Override
    public void recycleBefore(long fileOffset) {
        file.recycleBefore(fileOffset);
    }

    @Override
    public boolean fromFile() {
        return true;
    }

    /** Stops the reading thread and waits for it; the file's reader stays open, its owner closes it. */
    @Override
    public void close() {
        stopped = true;
        chunks.clear();
        boolean interrupted = false;
        while (thread.isAlive()) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
