package io.rocelens.correlate;

import io.rocelens.dissect.PacketSummary;

/**
 * One RoCE packet as seen at one capture point.
 *
 * @param point  index of the capture point, in path order
 * @param frame  frame number in that point's capture
 * @param time   capture time at that point, nanoseconds since 1970, as the capture's clock says
 * @param flow   what the fabric does not change about the packet's connection
 * @param packet what the fabric does not change about the packet itself (flow, opcode, PSN, ICRC)
 * @param ecn    IP ECN field (3 is CE), -1 without IP
 * @param dscp   IP DSCP, -1 without IP
 * @param pcp    VLAN priority of the outermost tag, -1 untagged
 * @param ttl    IPv4 TTL or IPv6 hop limit, -1 without IP
 */
record Sighting(int point, long frame, long time, FlowKey flow, PacketKey packet, int ecn, int dscp, int pcp, int ttl,
                int opcode, int psn) {

    /** The sighting of a RoCE frame, or null for a frame without a BTH. */
    static Sighting of(int point, PacketSummary summary) {
        if (!summary.isRoce()) {
            return null;
        }
        FlowKey flow = new FlowKey(summary.ipSrcHi, summary.ipSrcLo, summary.ipDstHi, summary.ipDstLo,
                summary.udpSrcPort, summary.lrhSlid, summary.lrhDlid, summary.destQp);
        // without the ICRC (a header-only capture), the BTH and extended headers stand in for it
        long content = summary.icrc >= 0 ? summary.icrc
                : 31L * (31L * (31L * (31L * summary.aethSyndrome + summary.aethMsn) + summary.rethVa)
                        + summary.rethDmaLength) + (summary.hasImmediate ? summary.immediate : 0)
                        + 1_000_003L * summary.payloadLength + (1L << 40);
        PacketKey packet = new PacketKey(flow, summary.opcode, summary.psn, content);
        return new Sighting(point, summary.number, summary.timestampNanos, flow, packet, summary.ecn, summary.dscp,
                summary.vlanPcp, summary.ttl, summary.opcode, summary.psn);
    }
}
