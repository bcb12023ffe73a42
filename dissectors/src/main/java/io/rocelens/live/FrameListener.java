package io.rocelens.live;

import io.rocelens.capture.Frame;

/**
 * Receives each frame of a live capture right after it was written to the output, on the capture thread that read
 * it, one frame at a time and in frame-number order. It must return quickly (hand the frame to another thread): while
 * it runs, no frame is read, and libpcap drops what does not fit in its buffer. The frame's bytes are its own copy
 * and may be kept.
 */
@FunctionalInterface
public interface FrameListener {

    /** Ignores every frame, for a capture that only writes its file. */
    FrameListener NONE = frame -> { };

    void frame(Frame frame);

    /** The capture has ended and its file is complete: no frame follows. Called once, on the capture's thread. */
    default void finished() {
    }
}
