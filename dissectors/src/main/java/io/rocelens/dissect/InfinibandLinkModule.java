package io.rocelens.dissect;

import io.kaitai.struct.ByteBufferKaitaiStream;
import io.rocelens.capture.LinkType;
import io.rocelens.ksy.FieldSink;
import io.rocelens.ksy.SpecDescribers;
import io.rocelens.ksy.SpecFields;
import io.rocelens.ksy.layout.GrhLayout;
import io.rocelens.ksy.layout.LrhLayout;
import io.rocelens.ksy.pos.ErfHeader;
import io.rocelens.ksy.pos.Grh;
import io.rocelens.ksy.pos.Lrh;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * What carries the InfiniBand transport where Ethernet and IP do not: the ERF record header of an ibdump capture, the
 * Local Route Header of a native InfiniBand packet and the Global Route Header (after the LRH when its LNH says "IBA
 * global", and in RoCEv1 after EtherType 0x8915). Fields and describers come from {@code erf_header.ksy},
 * {@code lrh.ksy} and {@code grh.ksy}; nothing is hand-written but the layers' titles. Its steps (ERF records, native
 * InfiniBand, RoCEv1's EtherType 0x8915) set the frame's times and addresses and hand on to the RoCE transport
 * ({@link RoceModule#transport}) and, after it, the VCRC over the LRH's bytes; they mark the headers ({@link #ERF},
 * {@link #LRH}, {@link #GRH}, the indexes of its protocols).
 */
final class InfinibandLinkModule implements ProtocolModule {

    static final int ERF = 0;
    static final int LRH = 1;
    static final int GRH = 2;

    private static final int ERF_ETHERNET = 2;
    private static final int ERF_INFINIBAND = 21;
    private static final int LNH_IBA_LOCAL = 2;
    private static final int LNH_IBA_GLOBAL = 3;
    private static final int LRH_LENGTH = 8;
    private static final int GRH_LENGTH = 40;
    private static final int VCRC_LENGTH = 2;
    private static final int BTH_LENGTH = 12;
    private static final int ICRC_LENGTH = 4;
    private static final int GRH_NEXT_HEADER_BTH = 0x1b;

    private final List<Protocol> protocols = List.of(
            // the ERF header is in the record, not in the summary: the detail tells
            Protocol.known(false, "erf", "Extensible Record Format record header", "erf", p -> -1),
            Protocol.known(false, "lrh", "Local Route Header (native InfiniBand)", "lrh",
                    p -> p.is(PacketSummary.INFINIBAND) ? 1 : 0),
            Protocol.known(true, "grh", "Global Route Header (RoCEv1, or native InfiniBand whose LNH says so)", "grh",
                    p -> p.is(PacketSummary.ROCEV1) || p.lrhLnh == 3 ? 1 : p.etherType == 0x8915 ? -1 : 0));

    @Override
    public void handOff(HandOff tables) {
        tables.linkType(LinkType.ERF, this::erf);
        tables.linkType(LinkType.INFINIBAND, this::infiniband);
        tables.erfType(ERF_INFINIBAND, this::infiniband);
        // ERF Ethernet records put two bytes of offset and padding before the MAC header
        tables.erfType(ERF_ETHERNET, (walker, offset) -> walker.linkType(LinkType.ETHERNET, offset + 2));
        tables.etherType(0x8915, this::roceV1);
    }

    /** An ERF record: its header (and extension headers), then the packet its record type names. */
    private void erf(FrameWalker walker, int offset) {
        walker.enter("ERF", offset, 16);
        io.rocelens.ksy.ErfHeader erf = new io.rocelens.ksy.ErfHeader(walker.io());
        int end = (int) walker.io().pos();
        walker.mark(this, ERF, offset, end - offset);
        // as tshark (wiretap/erf.c): the frame's time is the record's, to the nanosecond, its length on the wire the
        // record's wlen, and what was captured the bytes after the ERF header
        PacketSummary summary = walker.summary();
        summary.timestampNanos = erfNanos(erf.timestamp());
        summary.originalLength = erf.wireLength();
        summary.capturedLength = walker.data().limit() - end;
        walker.erfRecord((int) erf.recordType(), end);
    }

    /**
     * An ERF timestamp (32.32 fixed-point seconds since 1970) in nanoseconds, rounded as wiretap's erf.c rounds it
     * (so frame.time agrees with tshark's to the nanosecond).
     */
    static long erfNanos(long timestamp) {
        long seconds = timestamp >>> 32;
        long fraction = (timestamp & 0xffffffffL) * 1_000_000_000L;
        fraction += (fraction & 0x80000000L) << 1;
        long nanos = fraction >>> 32;
        if (nanos >= 1_000_000_000L) {
            nanos -= 1_000_000_000L;
            seconds++;
        }
        return seconds * 1_000_000_000L + nanos;
    }

    /**
     * A native InfiniBand packet: LRH, then (LNH "IBA global") a GRH, then the BTH and the rest as for RoCE up to
     * the ICRC, which ends PktLen words after the LRH starts, then the VCRC. Flows are keyed by the GIDs when there
     * is a GRH, else by the LIDs.
     */
    private void infiniband(FrameWalker walker, int offset) {
        walker.enter("LRH", offset, LRH_LENGTH);
        byte[] b = walker.bytes();
        PacketSummary summary = walker.summary();
        summary.kinds |= PacketSummary.INFINIBAND;
        summary.lrhVl = LrhLayout.virtualLane(b, offset);
        summary.lrhSl = LrhLayout.serviceLevel(b, offset);
        int lnh = LrhLayout.linkNextHeader(b, offset);
        summary.lrhLnh = lnh;
        summary.lrhDlid = LrhLayout.destinationLid(b, offset);
        summary.lrhSlid = LrhLayout.sourceLid(b, offset);
        walker.mark(this, LRH, offset, LRH_LENGTH);
        int words = LrhLayout.packetLength(b, offset);
        int packetLength = words * 4;
        int end = offset + packetLength;
        if (packetLength < LRH_LENGTH) {
            walker.malformed("LRH packet length " + words + " words (" + packetLength + " bytes) is shorter"
                    + " than the LRH itself (" + LRH_LENGTH + " bytes)");
        }
        if (lnh == LNH_IBA_GLOBAL || lnh == LNH_IBA_LOCAL) {
            // a packet length that cannot hold the headers it announces (Wireshark: "Invalid Packet Length from LRH!")
            int least = LRH_LENGTH + (lnh == LNH_IBA_GLOBAL ? GRH_LENGTH : 0) + BTH_LENGTH + ICRC_LENGTH;
            if (packetLength < least) {
                walker.malformed("LRH packet length " + words + " words (" + packetLength + " bytes) is shorter"
                        + " than its LRH, " + (lnh == LNH_IBA_GLOBAL ? "GRH, " : "") + "BTH and ICRC (" + least
                        + " bytes)");
            }
        }
        walker.checkEnd("LRH packet length " + words + " words (", packetLength, end + VCRC_LENGTH);
        if (lnh == LNH_IBA_GLOBAL) {
            int grhOffset = offset + LRH_LENGTH;
            grh(walker, grhOffset);
            int nextHeader = GrhLayout.nextHeader(b, grhOffset);
            if (nextHeader != GRH_NEXT_HEADER_BTH) {
                walker.malformed(String.format("GRH next header 0x%02x is not a BTH (0x1b)", nextHeader));
            }
            FrameWalker.ROCE.transport(walker, PacketSummary.INFINIBAND, grhOffset + GRH_LENGTH, end, offset,
                    Icrc.IB_GLOBAL);
        } else if (lnh == LNH_IBA_LOCAL) {
            summary.ipSrcHi = Addresses.LID_HIGH;
            summary.ipSrcLo = summary.lrhSlid;
            summary.ipDstHi = Addresses.LID_HIGH;
            summary.ipDstLo = summary.lrhDlid;
            FrameWalker.ROCE.transport(walker, PacketSummary.INFINIBAND, offset + LRH_LENGTH, end, offset,
                    Icrc.IB_LOCAL);
        } else {
            return;   // a raw packet, not IBA transport: the LRH is all there is to show
        }
        ByteBuffer data = walker.data();
        if (end + VCRC_LENGTH > data.limit()) {
            summary.vcrcStatus = PacketSummary.ICRC_UNCHECKED;
            walker.mark(FrameWalker.ROCE, RoceModule.VCRC, Math.min(end, data.limit()), 0);
            return;
        }
        walker.mark(FrameWalker.ROCE, RoceModule.VCRC, end, VCRC_LENGTH);
        int stored = Short.toUnsignedInt(Short.reverseBytes(data.getShort(end)));
        summary.vcrcStatus = stored == Vcrc.compute(data, offset, end) ? PacketSummary.ICRC_GOOD
                : PacketSummary.ICRC_BAD;
    }

    /** RoCEv1: a GRH right after the Ethernet header, then the transport up to the end of the GRH's payload. */
    private void roceV1(FrameWalker walker, int offset) {
        grh(walker, offset);
        byte[] b = walker.bytes();
        PacketSummary summary = walker.summary();
        int trafficClass = GrhLayout.trafficClass(b, offset);
        summary.dscp = trafficClass >>> 2;
        summary.ecn = trafficClass & 3;
        int payloadLength = GrhLayout.payloadLength(b, offset);
        int end = offset + GRH_LENGTH + payloadLength;
        walker.checkEnd("GRH payload length ", payloadLength, end);
        int nextHeader = GrhLayout.nextHeader(b, offset);
        if (nextHeader != GRH_NEXT_HEADER_BTH) {
            walker.malformed(String.format("GRH next header 0x%02x is not a BTH (0x1b)", nextHeader));
        }
        FrameWalker.ROCE.transport(walker, PacketSummary.ROCEV1, offset + GRH_LENGTH, end, offset, 1);
    }

    /** Reads a GRH, whose GIDs become the frame's addresses. */
    private void grh(FrameWalker walker, int offset) {
        walker.enter("GRH", offset, GRH_LENGTH);
        walker.summary().kinds |= PacketSummary.GRH;
        walker.addresses(GrhLayout.sgidAt(walker.bytes(), offset), GrhLayout.dgidAt(walker.bytes(), offset));
        walker.mark(this, GRH, offset, GRH_LENGTH);
    }

    @Override
    public List<Protocol> protocols() {
        return protocols;
    }

    @Override
    public List<FieldDef> fields() {
        return Stream.of(SpecFields.ERF_HEADER_KSY, SpecFields.LRH_KSY, SpecFields.GRH_KSY).flatMap(List::stream)
                .map(Fields::of).toList();
    }

    /** tshark names the ERF header "erf" and counts the LRH and GRH in its "infiniband". */
    @Override
    public String framePart(Layer layer) {
        return layer.name().equals("erf") ? "erf" : "infiniband";
    }

    /** The LRH's lanes, levels and LIDs; the GRH's GIDs, the frame's addresses (RoCEv1 and native InfiniBand). */
    @Override
    public void getters(SummaryFields.Registry out) {
        Predicate<PacketSummary> lrh = p -> p.is(PacketSummary.INFINIBAND);
        out.number(Fields.of(SpecFields.LRH_VL), lrh, p -> p.lrhVl);
        out.number(Fields.of(SpecFields.LRH_SL), lrh, p -> p.lrhSl);
        out.number(Fields.of(SpecFields.LRH_LNH), lrh, p -> p.lrhLnh);
        out.number(Fields.of(SpecFields.LRH_DLID), lrh, p -> p.lrhDlid);
        out.number(Fields.of(SpecFields.LRH_SLID), lrh, p -> p.lrhSlid);
        Predicate<PacketSummary> grh = p -> p.is(PacketSummary.GRH);
        out.add(true, Fields.of(SpecFields.GRH_SGID), SummaryFields.ALWAYS, grh, p -> p.ipSrcLo, p -> p.ipSrcHi, null);
        out.add(true, Fields.of(SpecFields.GRH_DGID), SummaryFields.ALWAYS, grh, p -> p.ipDstLo, p -> p.ipDstHi, null);
    }

    @Override
    public void describe(ByteBuffer data, LayerMark mark, PacketSummary summary, List<Layer> layers) {
        ByteBufferKaitaiStream io = mark.stream(data);
        List<Field> fields = new ArrayList<>(8);
        FieldSink into = Fields.sink(fields);
        String title;
        switch (mark.part()) {
            case ERF -> {
                ErfHeader erf = new ErfHeader(io);
                SpecDescribers.erfHeader(erf, 0, into);
                title = "Extensible Record Format, " + Fields.of(SpecFields.ERF_TYPE).describe(erf.recordType());
            }
            case LRH -> {
                Lrh lrh = new Lrh(io);
                SpecDescribers.lrh(lrh, 0, into);
                title = "Local Route Header, " + Addresses.lid(lrh.sourceLid()) + " → "
                        + Addresses.lid(lrh.destinationLid());
            }
            case GRH -> {
                Grh grh = new Grh(io);
                SpecDescribers.grh(grh, 0, into);
                title = "Global Route Header, Src: " + gid(grh.sgid()) + ", Dst: " + gid(grh.dgid());
            }
            default -> throw new IllegalStateException("not an InfiniBand link header: " + mark);
        }
        layers.add(mark.layer(protocols.get(mark.part()).filterName(), title, fields));
    }

    private static String gid(byte[] address) {
        return Addresses.ipv6(Addresses.high(address), Addresses.low(address));
    }
}
