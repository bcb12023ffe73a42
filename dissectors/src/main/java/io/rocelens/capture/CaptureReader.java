package io.rocelens.capture;

import java.io.IOException;

/**
 * Reads the frames of one capture file in file order. Open one with {@link CaptureReaders#open(java.nio.file.Path)}.
 *
 * <p>Damaged input never throws: reading stops at the first bad spot, every frame before it has been returned, and
 * {@link #problem()} says where and why. The frames' data buffers stay valid after {@link #next()} moves on and after
 * {@link #close()}. A reader is not thread-safe.
 */
public interface CaptureReader extends AutoCloseable {

    /**
     * Next frame, or null at the end of the file or where reading had to stop (then {@link #problem()} says why).
     *
     * @throws IOException only when the operating system fails to read the file, or after {@link #close()}
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

    CaptureFormat format();

    /**
     * Link type of the file (pcap), or of the first interface the file describes (pcapng: interface 0 of the first
     * section); -1 for a pcapng file that describes no interface before its first packet or its end.
     */
    int linkType();

    /**
     * null after a clean end (or while reading goes on); otherwise one plain sentence saying where and why reading
     * stopped, e.g. "file is cut short inside frame 1235 (record at byte 567890 needs 1514 bytes, 230 remain)".
     */
    String problem();

    @Override
    void close() throws IOException;
}
