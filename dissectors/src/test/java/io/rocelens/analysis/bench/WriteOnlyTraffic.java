package io.rocelens.analysis.bench;

import io.rocelens.dissect.PacketSummary;

/**
 * The benchmarks' traffic, as the fast dissector would summarise it: RDMA WRITE Only packets of 1 KB round-robin over
 * the QPs between up to 20 × 20 hosts, every eighth round answered by a coalesced ACK of each QP's last PSN.
 */
public final class WriteOnlyTraffic {

    private final int qps;
    private final int[] psn;

    public WriteOnlyTraffic(int qps) {
        this.qps = qps;
        this.psn = new int[qps];
        for (int qp = 0; qp < qps; qp++) {
            psn[qp] = qp * 7919;
        }
    }

    /** Clears the summary and fills it with packet {@code i} (from 0, in order) but for its number and time. */
    public void fill(PacketSummary p, int i) {
        int qp = i % qps;
        long src = 0xFFFF_0A01_0000L | (qp % 20);
        long dst = 0xFFFF_0A02_0000L | (qp / 50);
        p.clear();
        p.kinds = PacketSummary.ETHERNET | PacketSummary.IPV4 | PacketSummary.UDP | PacketSummary.ROCEV2;
        p.etherType = 0x0800;
        p.dscp = 26;
        p.ecn = 2;
        p.udpDstPort = 4791;
        p.icrcStatus = PacketSummary.ICRC_GOOD;
        if ((i / qps) % 8 == 7) {
            p.ipSrcLo = dst;
            p.ipDstLo = src;
            p.destQp = 0x10000 + qp;
            p.opcode = 0x11;
            p.psn = (psn[qp] - 1) & 0xFFFFFF;
            p.aethSyndrome = 0x1F;
            p.originalLength = 62;
            p.payloadLength = 0;
        } else {
            p.ipSrcLo = src;
            p.ipDstLo = dst;
            p.destQp = 0x20000 + qp;
            p.opcode = 0x0A;
            p.psn = psn[qp];
            psn[qp] = (psn[qp] + 1) & 0xFFFFFF;
            p.rethDmaLength = 1024;
            p.originalLength = 1086;
            p.payloadLength = 1024;
        }
    }
}
