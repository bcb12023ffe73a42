package io.rocelens.stats;

import io.rocelens.analysis.AnalysisMarks;
import io.rocelens.analysis.KeyIndex;
import io.rocelens.dissect.Addresses;
import io.rocelens.dissect.PacketSummary;
import io.rocelens.filter.DisplayFilter;
import io.rocelens.filter.FrameDetail;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Stream;

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
    private final List<Counts> conversations = new ArrayList<>();
    /** Each conversation's place in {@link #conversations}, by its pair of sides in {@link #compare} order. */
    private final KeyIndex byPair = new KeyIndex(64);

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

    /**
     * The addresses, ports, length and time of a frame, and the filter's fields where they are indexed: a packet
     * index restores them all (for a frame carried in a tunnel, whose outer headers it does not keep, the feeder
     * gives the frame's own summary).
     */
    @Override
    public boolean readsOnly(Predicate<String> indexed) {
        return Stream.of("eth.src", "eth.dst", "ip.src", "ip.dst", "ipv6.src", "ipv6.dst", "udp.srcport",
                "udp.dstport").allMatch(indexed) && (filter == null || filter.isEmpty() || filter.usesOnly(indexed));
    }

    /** Counts the addresses of one layer's values, if the layer is of this kind. */
    private void count(PacketSummary p, int length, long time) {
        long sourceHi = 0;
        long sourceLo;
        long destinationHi = 0;
        long destinationLo;
        int sourcePort = -1;
        int destinationPort = -1;
        switch (kind) {
            case ETHERNET -> {
                if (!p.is(PacketSummary.ETHERNET)) {
                    return;
                }
                sourceLo = p.ethSrc;
                destinationLo = p.ethDst;
            }
            case IPV4, IPV6 -> {
                if (!p.is(kind == Kind.IPV4 ? PacketSummary.IPV4 : PacketSummary.IPV6)) {
                    return;
                }
                sourceHi = p.ipSrcHi;
                sourceLo = p.ipSrcLo;
                destinationHi = p.ipDstHi;
                destinationLo = p.ipDstLo;
            }
            case UDP -> {
                if (!p.is(PacketSummary.UDP)) {
                    return;
                }
                sourceHi = p.ipSrcHi;
                sourceLo = p.ipSrcLo;
                destinationHi = p.ipDstHi;
                destinationLo = p.ipDstLo;
                sourcePort = p.udpSrcPort;
                destinationPort = p.udpDstPort;
            }
            default -> throw new IllegalStateException(kind.name());
        }
        // the pair in a fixed order, so both directions find one conversation; looked up without an object per frame
        boolean sourceFirst =
                compare(sourceHi, sourceLo, sourcePort, destinationHi, destinationLo, destinationPort) <= 0;
        long firstHi = sourceFirst ? sourceHi : destinationHi;
        long firstLo = sourceFirst ? sourceLo : destinationLo;
        long secondHi = sourceFirst ? destinationHi : sourceHi;
        long secondLo = sourceFirst ? destinationLo : sourceLo;
        long ports = sourceFirst ? (long) sourcePort << 32 | Integer.toUnsignedLong(destinationPort)
                : (long) destinationPort << 32 | Integer.toUnsignedLong(sourcePort);
        int at = byPair.get(firstHi, firstLo, secondHi, secondLo, ports);
        Counts counts;
        if (at < 0) {
            counts = new Counts(new Side(sourceHi, sourceLo, sourcePort),
                    new Side(destinationHi, destinationLo, destinationPort), time);
            byPair.putNew(firstHi, firstLo, secondHi, secondLo, ports, conversations.size());
            conversations.add(counts);
        } else {
            counts = conversations.get(at);
        }
        if (counts.a.hi == sourceHi && counts.a.lo == sourceLo && counts.a.port == sourcePort) {
            counts.framesAToB++;
            counts.bytesAToB += length;
        } else {
            counts.framesBToA++;
            counts.bytesBToA += length;
        }
        counts.first = Math.min(counts.first, time);
        counts.last = Math.max(counts.last, time);
    }

    /** Orders two sides by address, then port. */
    private static int compare(long hi, long lo, int port, long otherHi, long otherLo, int otherPort) {
        int c = Long.compare(hi, otherHi);
        c = c != 0 ? c : Long.compare(lo, otherLo);
        return c != 0 ? c : Integer.compare(port, otherPort);
    }

    /** The conversations, most frames first (as tshark lists them), equal ones in order of their first frame. */
    public List<Conversation> conversations() {
        List<Conversation> out = new ArrayList<>(conversations.size());
        for (Counts c : conversations) {
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
        for (Counts c : conversations) {
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
