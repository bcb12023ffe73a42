package io.rocelens.app.gui.stats.conversations.model;

import io.rocelens.analysis.CmConnection;
import io.rocelens.analysis.FlowStats;
import io.rocelens.analysis.Formats;
import io.rocelens.dissect.Addresses;
import java.util.List;
import java.util.Locale;
import java.util.function.ToLongFunction;

/**
 * One QP conversation: the flow A → B (to QP B) and, when the analysis paired it, the flow B → A (to QP A) that
 * answers it. A is the requester when one side sent requests. The counters are the per-QP CSV's, added over both
 * directions; packets, bytes and throughput are also kept per direction, as in Wireshark's Conversations.
 *
 * @param forward the flow A → B
 * @param reverse the flow B → A, or null when none was paired with it
 */
public record Conversation(FlowStats forward, FlowStats reverse) {

    public String addressA() {
        return forward.srcIp();
    }

    public String addressB() {
        return forward.dstIp();
    }

    /** QP A: the reverse flow's destination QP, else the forward flow's source QP; -1 when unknown. */
    public int qpA() {
        return reverse != null ? reverse.dstQp() : forward.srcQp();
    }

    public int qpB() {
        return forward.dstQp();
    }

    /** The RDMA CM handshake that set up this conversation's connection (its latest), or null. */
    public CmConnection connection() {
        return forward.connection() != null || reverse == null ? forward.connection() : reverse.connection();
    }

    /**
     * The connection as the table's narrow CM column names it: "rdma_cm 7471" (rdma_cm's port), another service's
     * ID in hex ("0x1001"), or "" without a CM handshake in the capture.
     */
    public String connectionText() {
        CmConnection c = connection();
        if (c == null) {
            return "";
        }
        return c.isRdmaCm() ? "rdma_cm " + c.port() : "0x" + Long.toHexString(c.serviceId());
    }

    /** The flows in per-QP CSV order (A → B first). */
    public List<FlowStats> flows() {
        return reverse == null ? List.of(forward) : List.of(forward, reverse);
    }

    public int priority() {
        return forward.priority();
    }

    public long packets() {
        return sum(FlowStats::packets);
    }

    public long packetsAtoB() {
        return forward.packets();
    }

    public long packetsBtoA() {
        return reverse == null ? 0 : reverse.packets();
    }

    public long bytes() {
        return sum(FlowStats::bytes);
    }

    public long bytesAtoB() {
        return forward.bytes();
    }

    public long bytesBtoA() {
        return reverse == null ? 0 : reverse.bytes();
    }

    /** The per-QP CSV's throughput_bps of the flow A → B: NaN when it would mean nothing (shown "—"). */
    public double throughputAtoB() {
        return forward.throughputBps();
    }

    public double throughputBtoA() {
        return reverse == null ? Double.NaN : reverse.throughputBps();
    }

    public long messages() {
        return sum(FlowStats::messages);
    }

    public long psnGaps() {
        return sum(FlowStats::psnGaps);
    }

    public long missingPsns() {
        return sum(FlowStats::missingPsns);
    }

    public long retransmitted() {
        return sum(FlowStats::retransmitted);
    }

    public long naks() {
        return sum(FlowStats::naks);
    }

    public long rnrNaks() {
        return sum(FlowStats::rnrNaks);
    }

    public long cnps() {
        return sum(FlowStats::cnps);
    }

    public long ecnCe() {
        return sum(FlowStats::ecnCe);
    }

    public long icrcErrors() {
        return sum(FlowStats::icrcErrors);
    }

    public long firstTs() {
        return reverse == null ? forward.firstTs() : Math.min(forward.firstTs(), reverse.firstTs());
    }

    public long lastTs() {
        return reverse == null ? forward.lastTs() : Math.max(forward.lastTs(), reverse.lastTs());
    }

    /**
     * The display filter for this conversation's frames, both directions: the addresses and destination QP of
     * each flow, in Wireshark's field names.
     */
    public String displayFilter() {
        String one = flowFilter(forward);
        return reverse == null ? one : "(" + one + ") || (" + flowFilter(reverse) + ")";
    }

    /** RoCEv2 over IPv4, else over IPv6 or RoCEv1, whose GRH carries the flow's addresses as GIDs. */
    private static String flowFilter(FlowStats flow) {
        String qp = " && bth.dqpn == " + Formats.qp(flow.dstQp());
        if (Addresses.isIpv4Mapped(flow.srcHi(), flow.srcLo())) {
            return "ip.src == " + flow.srcIp() + " && ip.dst == " + flow.dstIp() + qp;
        }
        return "(ipv6.src == " + flow.srcIp() + " || grh.sgid == " + flow.srcIp() + ") && (ipv6.dst == "
                + flow.dstIp() + " || grh.dgid == " + flow.dstIp() + ")" + qp;
    }

    /**
     * True when the text (any case) is part of an address, a QP ("0x000011") or the CM service as the table shows
     * them.
     */
    public boolean matches(String text) {
        String wanted = text.strip().toLowerCase(Locale.ROOT);
        return wanted.isEmpty() || addressA().toLowerCase(Locale.ROOT).contains(wanted)
                || addressB().toLowerCase(Locale.ROOT).contains(wanted)
                || qpText(qpA()).contains(wanted) || qpText(qpB()).contains(wanted)
                || connectionText().toLowerCase(Locale.ROOT).contains(wanted);
    }

    /** A QP as the table shows it: "0x000011", or "?" when unknown. */
    public static String qpText(int qp) {
        return qp < 0 ? "?" : Formats.qp(qp);
    }

    private long sum(ToLongFunction<FlowStats> counter) {
        return counter.applyAsLong(forward) + (reverse == null ? 0 : counter.applyAsLong(reverse));
    }
}
