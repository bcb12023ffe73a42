package io.rocelens.live;

import io.rocelens.capture.CaptureFormat;
import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.Frame;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A live capture's frames as a {@link CaptureReader}, so that the pass that loads files ({@code
 * io.rocelens.load.CaptureLoad}) analyses and indexes a capture while it runs: given to {@link LiveCapture#start} as
 * its listener, it queues each frame the capture has written, and {@link #next()} gives them back in order on the
 * loading thread. When no frame is queued, {@link #next()} returns null and {@link #waiting()} is true, so the pass
 * hands on what it has; after a null it waits up to 100 ms for the next frame, so an idle capture costs no CPU. It
 * ends (null, not waiting) after the capture has finished and the last frame was read.
 *
 * <p>The queue is not bounded: the capture thread must never wait for the analysis (libpcap would drop frames), and
 * the pass reads far faster than a capture delivers. {@link #close()} empties it and drops what still comes.
 */
public final class LiveFrames implements FrameListener, CaptureReader {

    private static final long WAIT_MILLIS = 100;
    private static final Frame END = new Frame(0, 0, 0, 0, 0, -1, ByteBuffer.allocate(0));

    private final LinkedBlockingQueue<Frame> queue = new LinkedBlockingQueue<>();
    private volatile int linkType = -1;
    private volatile boolean closed;
    private boolean ended;
    private boolean waiting = true;

    @Override
    public void frame(Frame frame) {
        if (!closed) {
            if (linkType < 0) {
                linkType = frame.linkType();
            }
            queue.add(frame);
        }
    }

    @Override
    public void finished() {
        queue.add(END);
    }

    @Override
    public Frame next() throws InterruptedIOException {
        if (ended || closed) {
            return null;
        }
        Frame frame;
        try {
            frame = waiting ? queue.poll(WAIT_MILLIS, TimeUnit.MILLISECONDS) : queue.poll();
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for captured frames");
        }
        if (frame == END) {
            ended = true;
            waiting = false;
            return null;
        }
        waiting = frame == null;
        return frame;
    }

    @Override
    public boolean waiting() {
        return waiting && !ended && !closed;
    }

    @Override
    public CaptureFormat format() {
        return CaptureFormat.PCAPNG;
    }

    /** The link type of the first frame, or -1 before one came. */
    @Override
    public int linkType() {
        return linkType;
    }

    /** Always null: why a capture stopped early is its {@link LiveCapture#problem()}. */
    @Override
    public String problem() {
        return null;
    }

    @Override
    public void close() {
        closed = true;
        queue.clear();
    }
}
