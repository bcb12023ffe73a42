package io.rocelens.capture;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes Ethernet frames to a capture file. Implementations buffer their output, so call {@link #close()} to flush.
 * A frame longer than the writer's snap length is cut to it; its original length is kept.
 */
public interface CaptureWriter extends Closeable {

    /** The largest snap length pcap readers accept (libpcap's MAXIMUM_SNAPLEN). */
    int MAX_SNAPLEN = 262_144;

    /**
     * Appends one frame.
     *
     * @param timestampNanos capture time, nanoseconds since the Unix epoch (not negative)
     * @param originalLength length of the frame on the wire
     * @param data           array holding the captured bytes
     * @param offset         index of the first captured byte in {@code data}
     * @param capturedLength number of captured bytes (at most {@code originalLength}); cut to the snap length
     */
    void write(long timestampNanos, int originalLength, byte[] data, int offset, int capturedLength)
            throws IOException;

    /**
     * Appends one frame with its packet comments: pcapng keeps them ({@code opt_comment}); pcap cannot hold them and
     * leaves them out (see {@link #holdsComments()}).
     */
    default void write(long timestampNanos, int originalLength, byte[] data, int offset, int capturedLength,
                       List<String> comments) throws IOException {
        write(timestampNanos, originalLength, data, offset, capturedLength);
    }

    /** True when this format keeps packet comments (pcapng), false when they are left out (pcap). */
    default boolean holdsComments() {
        return false;
    }

    /** Number of frames written so far. */
    long framesWritten();

    /** Opens a writer of the given format on {@code path}, replacing any file there. */
    static CaptureWriter open(Path path, CaptureFormat format, int snaplen) throws IOException {
        return switch (format) {
            case PCAP -> new PcapWriter(path, snaplen);
            case PCAPNG -> new PcapngWriter(path, snaplen);
        };
    }
}
