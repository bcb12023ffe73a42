package io.rocelens.dissect;

import java.nio.ByteBuffer;

/**
 * For the details of a frame cut by the snap length: its extended transport headers (IBTA vol. 1 §9.3) are read from a
 * copy padded with zeros, and only those whose bytes are all captured are shown, so a header is present exactly when
 * it was captured, as in Wireshark.
 */
final class Padding {

    /** More than all the extended headers one opcode can have. */
    static final int EXTENDED_HEADERS_MAX = 128;

    private Padding() {
    }

    /** The frame's captured bytes followed by zeros: {@link #EXTENDED_HEADERS_MAX} more bytes to read from. */
    static ByteBuffer padded(ByteBuffer captured) {
        ByteBuffer copy = ByteBuffer.allocate(captured.remaining() + EXTENDED_HEADERS_MAX);
        copy.put(captured.duplicate()).clear();
        return copy;
    }
}
