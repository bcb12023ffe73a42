package io.rocelens.analysis;

import io.rocelens.dissect.Addresses;

/**
 * The statistics of one flow (source IP, destination IP, destination QP), as the per-QP CSV and the JSON "qps"
 * array show them. Addresses are 128-bit (IPv4 mapped); {@code srcQp} is -1 when unknown; times are nanoseconds
 * since the epoch; {@code connection} is the RDMA CM handshake that set up the flow's (latest) connection, or null;
 * {@code bySender} says the flow is a UD flow keyed by its sender's QP ({@code srcQp}, from the DETH) as well.
 */
public record FlowStats(
        long srcHi, long srcLo, long dstHi, long dstLo, int srcQp, int dstQp,
        int priority, int dscp,
        long packets, long bytes, long payloadBytes, long firstTs, long lastTs,
        long messages, long rdmaWrite, long rdmaReadReq, long readResp, long send, long atomic, long flush,
        long acks, long naks, long rnrNaks, long cnps, long ecnCe,
        long psnGaps, long missingPsns, long retransmitted, long duplicates, long outOfOrder, long icrcErrors,
        long messageBytes, long messageSizeMin, long messageSizeMax, CmConnection connection, boolean bySender) {

    /** The sender's QP when it is part of the flow's key (UD: {@code bySender}), else -1. */
    public int senderQp() {
        return bySender ? srcQp : -1;
    }

    /** The CM Starting PSN of this flow's packets (those sent to dst_qp), or -1 without a CM handshake. */
    public int cmStartPsn() {
        return connection == null ? -1 : toPassive() ? connection.passiveStartPsn() : connection.activeStartPsn();
    }

    /** The CM Starting PSN of the other direction's packets (those sent to src_qp), or -1. */
    public int cmPeerStartPsn() {
        return connection == null ? -1 : toPassive() ? connection.activeStartPsn() : connection.passiveStartPsn();
    }

    /** True when this flow goes from the CM handshake's active side (the REQ's sender) to the passive side's QP. */
    private boolean toPassive() {
        return srcHi == connection.activeHi() && srcLo == connection.activeLo() && dstQp == connection.passiveQp();
    }

    public String srcIp() {
        return Addresses.ip(srcHi, srcLo);
    }

    public String dstIp() {
        return Addresses.ip(dstHi, dstLo);
    }

    public String name() {
        return Formats.flow(srcHi, srcLo, dstHi, dstLo, dstQp);
    }

    /**
     * The shortest flow whose throughput is given: 100 µs. Like Wireshark's conversation table (which waits for
     * 5 ms), a rate over a shorter span says more about timestamp resolution (1 µs in pcap: up to 1 % of 100 µs) and
     * about counting n packets over n − 1 gaps than about the flow; at 100 Gb/s, 100 µs is over a thousand 1 KB frames.
     */
    public static final long MIN_THROUGHPUT_SPAN_NANOS = 100_000;

    public double durationSeconds() {
        return (lastTs - firstTs) / 1e9;
    }

    /**
     * bytes × 8 / duration, or NaN when it would mean nothing: a flow of fewer than two packets or one shorter than
     * {@link #MIN_THROUGHPUT_SPAN_NANOS} (shown as "—", null in JSON, empty in CSV).
     */
    public double throughputBps() {
        return hasThroughput() ? bytes * 8 / durationSeconds() : Double.NaN;
    }

    public boolean hasThroughput() {
        return packets >= 2 && lastTs - firstTs >= MIN_THROUGHPUT_SPAN_NANOS;
    }

    /** The same flow seen in two parts (two files or two chunks): counters add up, the earlier part names the first packet. */
    FlowStats merge(FlowStats other) {
        FlowStats early = firstTs <= other.firstTs ? this : other;
        return new FlowStats(srcHi, srcLo, dstHi, dstLo, srcQp >= 0 ? srcQp : other.srcQp, dstQp,
                early.priority, early.dscp,
                packets + other.packets, bytes + other.bytes, payloadBytes + other.payloadBytes,
                Math.min(firstTs, other.firstTs), Math.max(lastTs, other.lastTs),
                messages + other.messages, rdmaWrite + other.rdmaWrite, rdmaReadReq + other.rdmaReadReq,
                readResp + other.readResp, send + other.send, atomic + other.atomic, flush + other.flush,
                acks + other.acks, naks + other.naks, rnrNaks + other.rnrNaks, cnps + other.cnps, ecnCe + other.ecnCe,
                psnGaps + other.psnGaps, missingPsns + other.missingPsns, retransmitted + other.retransmitted,
                duplicates + other.duplicates, outOfOrder + other.outOfOrder, icrcErrors + other.icrcErrors,
                messageBytes + other.messageBytes,
                messages == 0 ? other.messageSizeMin : other.messages == 0 ? messageSizeMin
                        : Math.min(messageSizeMin, other.messageSizeMin),
                Math.max(messageSizeMax, other.messageSizeMax),
                // the later part's handshake is the newer one
                (firstTs <= other.firstTs ? other.connection : connection) != null
                        ? (firstTs <= other.firstTs ? other.connection : connection)
                        : (firstTs <= other.firstTs ? connection : other.connection), bySender);
    }

    /** Messages per second over the flow's span, or NaN when {@link #hasThroughput()} says a rate means nothing. */
    public double messageRate() {
        return hasThroughput() ? messages / durationSeconds() : Double.NaN;
    }
}
