package io.rocelens.capture;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * One captured frame as a capture file or a live capture delivers it.
 *
 * @param number         1-based frame number in its capture
 * @param timestampNanos capture time, nanoseconds since the Unix epoch
 * @param originalLength length of the frame on the wire (may exceed the captured bytes when cut by the snap length)
 * @param linkType       LINKTYPE_* value of the frame's interface, see {@link LinkType}
 * @param interfaceId    pcapng interface index, {@link #NO_INTERFACE} for a pcap file's frame (it names none)
 * @param fileOffset     byte offset of the record in its file, or -1 when it did not come from a file
 * @param data           the captured bytes, from position 0 to limit; may be a read-only view of the reader's
 *                       buffer, valid while held, or only until its user told the reader it is done with the
 *                       frame ({@link CaptureReader#recycleBefore})
 * @param comments       the packet comments (pcapng {@code opt_comment} of its packet block, in order; Wireshark's
 *                       {@code frame.comment}); empty for none, and always for a pcap file's frame
 */
public record Frame(long number, long timestampNanos, int originalLength, int linkType, int interfaceId,
                    long fileOffset, ByteBuffer data, List<String> comments) {

    public Frame {
        comments = comments == null || comments.isEmpty() ? List.of() : List.copyOf(comments);
    }

    /** A frame without comments. */
    public Frame(long number, long timestampNanos, int originalLength, int linkType, int interfaceId,
                 long fileOffset, ByteBuffer data) {
        this(number, timestampNanos, originalLength, linkType, interfaceId, fileOffset, data, List.of());
    }

    /** This frame with other comments (an edit in the window). */
    public Frame withComments(List<String> edited) {
        return new Frame(number, timestampNanos, originalLength, linkType, interfaceId, fileOffset, data, edited);
    }

    /** This frame under another number, its comments kept. */
    public Frame renumbered(long newNumber) {
        return new Frame(newNumber, timestampNanos, originalLength, linkType, interfaceId, fileOffset, data, comments);
    }

    /** The interface id of a frame from a pcap file, which has no interface blocks (tshark shows no interface_id). */
    public static final int NO_INTERFACE = -1;

    public int capturedLength() {
        return data.limit();
    }
}
