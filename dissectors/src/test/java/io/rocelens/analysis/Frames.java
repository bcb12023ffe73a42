package io.rocelens.analysis;

import io.rocelens.dissect.PacketSummary;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;

/**
 * Hand-filled {@link PacketSummary} fixtures, written the way the fast dissector fills them (IPv4 stored
 * IPv4-mapped). Each call builds one frame and feeds it to the analyzer; frame numbers count from 1.
 */
public final class Frames {

    final RoceAnalyzer analyzer;
    private final AnalysisMarks marks = new AnalysisMarks();
    private final PacketSummary p = new PacketSummary();
    private long number;

    public Frames(AnalysisOptions options) {
        analyzer = new RoceAnalyzer(options, marks);
    }

    /** The frames the analyzer marked so, in order. */
    public java.util.List<Long> marked(int mark) {
        java.util.List<Long> frames = new java.util.ArrayList<>();
        for (long frame = 1; frame <= number; frame++) {
            if (marks.has(frame, mark)) {
                frames.add(frame);
            }
        }
        return frames;
    }

    public Frames() {
        this(AnalysisOptions.defaults());
    }

    /** A frame being built; {@link #send()} hands it to the analyzer. */
    public final class Builder {
        public Builder len(int length) {
            p.originalLength = length;
            p.capturedLength = length;
            return this;
        }

        public Builder payload(int bytes) {
            p.payloadLength = bytes;
            return this;
        }

        public Builder aeth(int syndrome) {
            p.aethSyndrome = syndrome;
            p.aethMsn = 0;
            return this;
        }

        public Builder ecn(int ecn) {
            p.ecn = ecn;
            return this;
        }

        public Builder dscp(int dscp) {
            p.dscp = dscp;
            return this;
        }

        public Builder vlan(int pcp) {
            p.kinds |= PacketSummary.VLAN;
            p.vlanPcp = pcp;
            p.vlanId = 100;
            return this;
        }

        public Builder readLength(long length) {
            p.rethDmaLength = length;
            p.rethVa = 0x1000;
            p.rethRkey = 0x42;
            return this;
        }

        /** Sets the BTH's AckReq bit: the requester asks for an ACK of this packet. */
        public Builder ackRequest() {
            p.ackRequest = true;
            return this;
        }

        public Builder deth(int srcQp) {
            p.dethSrcQp = srcQp;
            p.dethQkey = 0x11111111L;
            return this;
        }

        /** Makes it RoCEv1: EtherType 0x8915, GRH (the addresses are GIDs), no IP or UDP header. */
        public Builder roceV1() {
            p.kinds &= ~(PacketSummary.IPV4 | PacketSummary.IPV6 | PacketSummary.UDP | PacketSummary.ROCEV2);
            p.kinds |= PacketSummary.ROCEV1;
            p.etherType = 0x8915;
            p.udpSrcPort = -1;
            p.udpDstPort = -1;
            p.udpLength = -1;
            return this;
        }

        public Builder icrcBad() {
            p.icrcStatus = PacketSummary.ICRC_BAD;
            return this;
        }

        public Builder malformed(String reason) {
            p.kinds |= PacketSummary.MALFORMED;
            p.malformedReason = reason;
            return this;
        }

        /** Feeds the frame and returns its number. */
        public long send() {
            analyzer.accept(p);
            return p.number;
        }
    }

    private Builder frame(long ts) {
        p.clear();
        p.number = ++number;
        p.timestampNanos = ts;
        p.originalLength = 60;
        p.capturedLength = 60;
        p.kinds = PacketSummary.ETHERNET;
        p.ethSrc = 0x0200000000AAL;
        p.ethDst = 0x0200000000BBL;
        return new Builder();
    }

    /** A RoCEv2 frame: 1078 bytes, 1024 payload bytes, DSCP 26, ECT(0), ICRC good, unless changed. */
    public Builder roce(long ts, String src, String dst, int destQp, int opcode, int psn) {
        Builder b = frame(ts);
        long[] s = address(src);
        long[] d = address(dst);
        p.kinds |= PacketSummary.UDP | PacketSummary.ROCEV2 | (s[2] == 4 ? PacketSummary.IPV4 : PacketSummary.IPV6);
        p.etherType = s[2] == 4 ? 0x0800 : 0x86DD;
        p.ipSrcHi = s[0];
        p.ipSrcLo = s[1];
        p.ipDstHi = d[0];
        p.ipDstLo = d[1];
        p.dscp = 26;
        p.ecn = 2;
        p.udpSrcPort = 49152;
        p.udpDstPort = 4791;
        p.opcode = opcode;
        p.destQp = destQp;
        p.psn = psn;
        p.pkey = 0xFFFF;
        p.icrcStatus = PacketSummary.ICRC_GOOD;
        p.payloadLength = 0;
        b.len(1078).payload(opcode == 0x11 || opcode == 0x81 || opcode == 0x0C ? 0 : 1024);
        return b;
    }

    /** A PFC frame from a sender MAC; times[i] is the quanta of priority i, -1 for a cleared class-enable bit. */
    public long pfc(long ts, long senderMac, int... times) {
        Builder b = frame(ts);
        p.kinds |= PacketSummary.PFC;
        p.etherType = 0x8808;
        p.ethSrc = senderMac;
        p.ethDst = 0x0180C2000001L;
        int enable = 0;
        for (int i = 0; i < times.length; i++) {
            if (times[i] >= 0) {
                enable |= 1 << i;
                p.pfcTime[i] = times[i];
            }
        }
        p.pfcClassEnable = enable;
        return b.send();
    }

    public long pause(long ts, long senderMac, int quanta) {
        Builder b = frame(ts);
        p.kinds |= PacketSummary.PAUSE;
        p.etherType = 0x8808;
        p.ethSrc = senderMac;
        p.ethDst = 0x0180C2000001L;
        p.pauseQuanta = quanta;
        return b.send();
    }

    /** A non-RoCE frame (say TCP). */
    public long noise(long ts) {
        Builder b = frame(ts);
        p.kinds |= PacketSummary.IPV4;
        p.etherType = 0x0800;
        return b.len(74).send();
    }

    public Builder other(long ts) {
        return frame(ts);
    }

    public AnalysisResult result() {
        return analyzer.result();
    }

    /** {hi, lo, version} of an address, IPv4 stored as ::ffff:a.b.c.d. */
    static long[] address(String text) {
        try {
            byte[] raw = InetAddress.getByName(text).getAddress();
            if (raw.length == 4) {
                long lo = 0xFFFF_0000_0000L | (ByteBuffer.wrap(raw).getInt() & 0xFFFFFFFFL);
                return new long[] {0, lo, 4};
            }
            ByteBuffer buffer = ByteBuffer.wrap(raw);
            return new long[] {buffer.getLong(), buffer.getLong(), 6};
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(text, e);
        }
    }
}
