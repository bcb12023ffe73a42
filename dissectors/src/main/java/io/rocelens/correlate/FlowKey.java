package io.rocelens.correlate;

import io.rocelens.dissect.Addresses;

/**
 * A flow as every point of the path sees it: source and destination (IP addresses, or GIDs, as the IPv4-mapped
 * pairs of longs of the summary), the UDP source port, the LIDs of native InfiniBand (-1 otherwise) and the
 * destination QP.
 */
record FlowKey(long srcHi, long srcLo, long dstHi, long dstLo, int udpSrcPort, int srcLid, int dstLid, int destQp) {

    /** The flow as people read it: {@code 10.0.0.1:49152 -> 10.0.0.2 QP 0x000011}, or with LIDs. */
    String text() {
        return Addresses.ip(srcHi, srcLo) + (udpSrcPort >= 0 ? ":" + udpSrcPort : "") + " -> "
                + Addresses.ip(dstHi, dstLo) + String.format(" QP 0x%06x", destQp);
    }
}
