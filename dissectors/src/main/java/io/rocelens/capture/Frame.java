package io.rocelens.capture;

import java.nio.ByteBuffer;

/**
 * One captured frame as a capture file or a live capture delivers it.
 *
 * @param number         1-based frame number in its capture
 * @param timestampNanos capture time, nanoseconds since the Unix epoch
 * @param originalLength length of the frame on the wire (may exceed the captured bytes when cut by the snap length)
 * @param linkType       LINKTYPE_* value of the frame's interface, see {@link LinkType}
 * @param interfaceId    pcapng interface index, {@link #NO_INTERFACE} for a pcap file's frame (it names none)
 * @param fileOffset     byte offset of the record in its file, or -1 when it did not come from a file
 * @param data           the captured bytes, from position 0 to limit; may be a read-only view into a mapped file
 */
public record Frame(long number, long timestampNanos, int originalLength, int linkType, int interfaceId,
                    long fileOffset, ByteBuffer data) {

    /** The interface id of a frame from a pcap file, which has no interface blocks (tshark shows no interface_id). */
    public static final int NO_INTERFACE = -1;

    public int capturedLength() {
        return data.limit();
    }
}
