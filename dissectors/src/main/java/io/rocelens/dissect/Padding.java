package io.rocelens.dissect;

import java.nio.ByteBuffer;

/**
 * The sizes of the InfiniBand extended transport headers (IBTA vol. 1 §9.3, as {@code ib_extended_headers.ksy} reads
 * them), for a frame cut by the snap length: its headers are read from a copy padded with zeros, and only those whose
 * bytes are all captured are shown, so a header is present exactly when it was captured, as in Wireshark.
 */
final class Padding {

    static final int XRCETH = 4;
    static final int FETH = 4;
    static final int RDETH = 4;
    static final int DETH = 8;
    static final int RETH = 16;
    static final int ATOMIC_ETH = 28;
    static final int AETH = 4;
    static final int ATOMIC_ACK_ETH = 8;
    static final int IMMDT = 4;
    static final int IETH = 4;
    static final int CNP = 16;
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
