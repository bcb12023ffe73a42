package io.rocelens.capture;

import java.io.IOException;

/**
 * Frames one after another, as a pass over them reads them: a capture file's ({@link CaptureReader}), a live
 * capture's, or a packet list's rows read again. Not thread-safe.
 */
public interface FrameSource extends AutoCloseable {

    /**
     * Next frame, or null after the last one or where reading had to stop.
     *
     * @throws IOException when the frames cannot be read, or after {@link #close()}
     */
    Frame next() throws IOException;

    /**
     * True when the last {@link #next()} returned null only because no frame has come yet, not because the input
     * ended: a live capture's frames ({@code io.rocelens.live.LiveFrames}). Reading again later may give more.
     */
    default boolean waiting() {
        return false;
    }

    /**
     * True when the next frame has not fully arrived on a stream (standard input, a pipe), so {@link #next()} would
     * wait for its writer: a pass hands on what it has first, as tshark prints each frame as it comes. False for a
     * file, and after the stream's end.
     */
    default boolean wouldBlock() throws IOException {
        return false;
    }

    /**
     * Tells a file's reader that no frame it returned from a record starting before {@code fileOffset} will be used
     * again (its bytes neither read nor held), so it may read new frames into them. Callable from any thread. The
     * first call, even with offset 0, tells that the frames will be given back: the reader then reads into buffers
     * it can use again.
     */
    default void recycleBefore(long fileOffset) {
    }

    /**
     * True when the frames come from a file: {@link #next()} never waits for a writer, so reading may run ahead of
     * the frames' use, on another thread (a bulk pass does). False for a stream and a live capture.
     */
    default boolean fromFile() {
        return false;
    }

    @Override
    void close() throws IOException;
}
