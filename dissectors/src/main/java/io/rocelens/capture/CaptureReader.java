package io.rocelens.capture;

import java.io.IOException;

/**
 * Reads the frames of one capture file in file order. Open one with {@link CaptureReaders#open(java.nio.file.Path)}.
 *
 * <p>Damaged input never throws: reading stops at the first bad spot, every frame before it has been returned, and
 * {@link #problem()} says where and why. The frames' data buffers stay valid after {@link #next()} moves on and after
 * {@link #close()}. A reader is not thread-safe.
 */
public interface CaptureReader extends FrameSource {

    /**
     * Next frame, or null at the end of the file or where reading had to stop (then {@link #problem()} says why).
     *
     * @throws IOException only when the operating system fails to read the file, or after {@link #close()}
     */
    @Override
    Frame next() throws IOException;

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
