package io.rocelens.stats;

import io.rocelens.analysis.AnalysisMarks;
import io.rocelens.dissect.Addresses;
import io.rocelens.dissect.PacketSummary;
import io.rocelens.filter.DisplayFilter;
import io.rocelens.filter.FrameDetail;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Conversations and endpoints of one address kind, as tshark's {@code -z conv,TYPE} and {@code -z endpoints,TYPE}
 * count them: every frame adds its length to the pair of addresses (and ports, for UDP) of each layer of that kind
 * it holds, so a frame mirrored in ERSPAN or tunnelled in VXLAN counts for its outer addresses and its inner ones,
 * as tshark's taps, one per dissected layer, do. A conversation's side A is the source of its first frame.
 * Frames nested deeper than one tunnel count for their innermost layer only (the summary keeps just one outer
 * layer).
 */
public final class Conversations implements FrameStatistic {

    /** The address kinds, with tshark's name for them in {@code -z conv,NAME} and its table title. */
    public enum Kind {
        ETHERNET("eth", "Ethernet"), IPV4("ip", "IPv4"), IPV6("ipv6", "IPv6"), UDP("udp", "UDP");

        private final String tsharkName;
        private final String title;

        Kind(String tsharkName, String title) {
            this.tsharkName = tsharkName;
            this.title = title;
        }

        public String tsharkName() {
            return tsharkName;
        }

        public String title() {
            return title;
        }

        /** The kind tshark names so ({@code eth}, {@code ip}, {@code ipv6}, {@code udp}), or null. */
        public static Kind byTsharkName(String name) {
            for (Kind kind : values()) {
                if (kind.tsharkName.equals(name)) {
                    return kind;
                }
            }
            return null;
        }
    }

    /**
     * One conversation: side A is the source of its first frame; ports are -1 but for UDP. Times are from the
     * capture's first frame, in nanoseconds.
     */
    public record Conversation(String addressA, int portA, String addressB, int portB, long framesAToB, long bytesAToB,
                               long framesBToA, long bytesBToA, long startNanos, long durationNanos) {
        public long frames() {
            return framesAToB + framesBToA;
        }

        public long bytes() {
            return bytesAToB + bytesBToA;
        }
    }

    /** One endpoint: an address (with its port, for UDP, else -1) and what it sent and received. */
    public record Endpoint(String address, int port, long txFrames, long txBytes, long rxFrames, long rxBytes) {
        public long frames() {
            return txFrames + rxFrames;
        }

        public long bytes() {
            return txBytes + rxBytes;
        }
    }

    /** One side of a conversation: an address as two longs (a MAC in {@code lo}) and a port, or -1. */
    private record Side(long hi, long lo, int port) {
        int compareTo(Side other) {
            int c = Long.compare(hi, other.hi);
            c = c != 0 ? c : Long.compare(lo, other.lo);
            return c != 0 ? c : Integer.compare(port, other.port);
        }
    }

    /** The unordered pair, in a fixed order, so both directions find one conversation. */
    private record Pair(Side low, Side high) {
    }

    private static final class Counts {
        final Side a;
        final Side b;
        long framesAToB;
        long bytesAToB;
        long framesBToA;
        long bytesBToA;
        long first;
        long last;

        Counts(Side a, Side b, long time) {
            this.a = a;
            this.b = b;
            first = time;
            last = time;
        }
    }

    private final Kind kind;
    private final DisplayFilter filter;
    /** In order of each conversation's first frame, so equal counts keep that order when sorted. */
    private final Map<Pair, Counts> conversations = new LinkedHashMap<>();

    /** @param filter only the frames it passes are counted; null or empty for all */
    public Conversations(Kind kind, DisplayFilter filter) {
        this.kind = kind;
        this.filter = filter;
    }

    public Kind kind() {
        return kind;
    }

    /** The display filter's text, or "" for none. */
    public String filterText() {
        return filter == null ? "" : filter.text();
    }

    @Override
    public void add(PacketSummary summary, AnalysisMarks marks, FrameDetail detail) {
        if (filter != null && !filter.isEmpty() && !filter.matches(summary, marks, detail)) {
            return;
        }
        long time = summary.timestampNanos - summary.firstTimestampNanos;
        if (summary.is(PacketSummary.ENCAPSULATED) && summary.encapsulationDepth == 1 && summary.outer != null) {
            count(summary.outer, summary.originalLength, time);
        }
        count(summary, summary.originalLength, time);
    }

    /** Counts the addresses of one layer's values, if the layer is of this kind. */
    private void count(PacketSummary p, int length, long time) {
        Side source;
        Side destination;
        switch (kind) {
            case ETHERNET -> {
                if (!p.is(PacketSummary.ETHERNET)) {
                    return;
                }
                source = new Side(0, p.ethSrc, -1);
                destination = new Side(0, p.ethDst, -1);
            }
            case IPV4, IPV6 -> {
                if (!p.is(kind == Kind.IPV4 ? PacketSummary.IPV4 : PacketSummary.IPV6)) {
                    return;
                }
                source = new Side(p.ipSrcHi, p.ipSrcLo, -1);
                destination = new Side(p.ipDstHi, p.ipDstLo, -1);
            }
            case UDP -> {
                if (!p.is(PacketSummary.UDP)) {
                    return;
                }
                source = new Side(p.ipSrcHi, p.ipSrcLo, p.udpSrcPort);
                destination = new Side(p.ipDstHi, p.ipDstLo, p.udpDstPort);
            }
            default -> throw new IllegalStateException(kind.name());
        }
        Pair pair = source.compareTo(destination) <= 0 ? new Pair(source, destination) : new Pair(destination, source);
        Counts counts = conversations.computeIfAbsent(pair, k -> new Counts(source, destination, time));
        if (counts.a.equals(source)) {
            counts.framesAToB++;
            counts.bytesAToB += length;
        } else {
            counts.framesBToA++;
            counts.bytesBToA += length;
        }
        counts.first = Math.min(counts.first, time);
        counts.last = Math.max(counts.last, time);
    }

    /** The conversations, most frames first (as tshark lists them), equal ones in order of their first frame. */
    public List<Conversation> conversations() {
        List<Conversation> out = new ArrayList<>(conversations.size());
        for (Counts c : conversations.values()) {
            out.add(new Conversation(text(c.a), c.a.port, text(c.b), c.b.port, c.framesAToB, c.bytesAToB,
                    c.framesBToA, c.bytesBToA, c.first, c.last - c.first));
        }
        out.sort(Comparator.comparingLong(Conversation::frames).reversed());
        return out;
    }

    /**
     * The endpoints, most frames first, equal ones in order of their first frame: each conversation's side A sent
     * what it carried from A to B and received the rest.
     */
    public List<Endpoint> endpoints() {
        Map<Side, long[]> sides = new LinkedHashMap<>();
        for (Counts c : conversations.values()) {
            long[] a = sides.computeIfAbsent(c.a, k -> new long[4]);
            a[0] += c.framesAToB;
            a[1] += c.bytesAToB;
            a[2] += c.framesBToA;
            a[3] += c.bytesBToA;
            long[] b = sides.computeIfAbsent(c.b, k -> new long[4]);
            b[0] += c.framesBToA;
            b[1] += c.bytesBToA;
            b[2] += c.framesAToB;
            b[3] += c.bytesAToB;
        }
        List<Endpoint> out = new ArrayList<>(sides.size());
        sides.forEach((side, n) -> out.add(new Endpoint(text(side), side.port, n[0], n[1], n[2], n[3])));
        out.sort(Comparator.comparingLong(Endpoint::frames).reversed());
        return out;
    }

    private String text(Side side) {
        return kind == Kind.ETHERNET ? Addresses.mac(side.lo) : Addresses.ip(side.hi, side.lo);
    }
}
