package io.rocelens.dissect;

import io.rocelens.capture.LinkType;
import io.rocelens.ksy.SpecDescribers;
import io.rocelens.ksy.SpecFields;
import io.rocelens.ksy.layout.ErspanLayout;
import io.rocelens.ksy.layout.GreLayout;
import io.rocelens.ksy.layout.VxlanLayout;
import io.rocelens.ksy.pos.Erspan;
import io.rocelens.ksy.pos.Gre;
import io.rocelens.ksy.pos.Vxlan;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The headers that carry a mirrored or tunnelled frame: GRE, ERSPAN type II and III, VXLAN, as Wireshark's
 * packet-gre.c, packet-erspan.c and packet-vxlan.c show them. Fields, titles, blurbs and positions come from
 * {@code gre.ksy}, {@code erspan.ksy} and {@code vxlan.ksy}; a field carved from a 16- or 32-bit word sits, as in
 * Wireshark, on the whole word. Hand-written here, each said where it is added: GRE's flags-and-version word and its
 * version 0 reserved flags, ERSPAN's one spec field that Wireshark names by the type (encap or bso), ERSPAN type III's
 * platform sub-header (its layouts continue the platform ID's word inside a nested type, which the generated positions
 * do not follow), VXLAN's flag bits (the spec reads the flags as one word), and {@code roce.encap} on the header after
 * which the inner frame starts. Its steps hang in the IP protocol, UDP port and GRE protocol tables; the inner frame
 * ends where the walker's IP payload or UDP datagram does ({@link FrameWalker#inner}); they mark the headers
 * ({@link #GRE} ... {@link #VXLAN}).
 */
final class TunnelModule implements ProtocolModule {

    static final int GRE = 0;
    static final int ERSPAN_II = 1;
    static final int ERSPAN_III = 2;
    static final int VXLAN = 3;

    private static final int IP_PROTOCOL_GRE = 47;
    private static final int VXLAN_PORT = 4789;

    private static final int ERSPAN_II_LENGTH = 8;
    private static final int ERSPAN_III_LENGTH = 12;
    private static final int VXLAN_LENGTH = 8;
    /** The ERSPAN type III platform-specific sub-header, whatever its platform (erspan.ksy, platform_sub_header). */
    private static final int PLATFORM_SUB_HEADER_LENGTH = 8;
    /** The inner frame of most tunnels: an Ethernet frame. */
    private static final FrameWalker.Step ETHERNET = (walker, offset) -> walker.linkType(LinkType.ETHERNET, offset);

    private final List<Protocol> protocols = List.of(
            // an encapsulated frame's summary holds the inner frame: the outer one may hold these
            Protocol.known(false, "gre", "Generic Routing Encapsulation", "gre",
                    p -> p.is(PacketSummary.ENCAPSULATED) ? -1 : p.ipProtocol == IP_PROTOCOL_GRE ? 1 : 0),
            Protocol.known(false, "erspan", "Encapsulated Remote Switch Port Analyzer (ERSPAN type II or III)", "erspan",
                    p -> p.is(PacketSummary.ENCAPSULATED | PacketSummary.MALFORMED) || p.ipProtocol == IP_PROTOCOL_GRE
                            ? -1 : 0),
            Protocol.known(false, "vxlan", "Virtual eXtensible Local Area Network", "vxlan",
                    p -> p.is(PacketSummary.ENCAPSULATED | PacketSummary.MALFORMED) || p.udpDstPort == VXLAN_PORT
                            ? -1 : 0));

    @Override
    public void handOff(HandOff tables) {
        tables.ipProtocol(IP_PROTOCOL_GRE, this::gre);
        tables.udpPort(VXLAN_PORT, this::vxlan);
        tables.greProtocol(0x6558, (walker, offset) -> carried(walker, PacketSummary.ENCAP_GRE, offset, ETHERNET));
        // IP in GRE: the packet without an Ethernet header (the IP step is looked up when a frame needs it)
        tables.greProtocol(0x0800, (walker, offset) -> carried(walker, PacketSummary.ENCAP_GRE, offset,
                FrameWalker.etherTypeStep(0x0800)));
        tables.greProtocol(0x86dd, (walker, offset) -> carried(walker, PacketSummary.ENCAP_GRE, offset,
                FrameWalker.etherTypeStep(0x86dd)));
        tables.greProtocol(0x88be, this::erspanII);
        tables.greProtocol(0x22eb, this::erspanIII);
    }

    /**
     * A GRE header, then what its protocol type names, up to the end of the IP payload. PPTP's version 1 and RFC 1701
     * source routing carry no mirrored frame: the GRE header is all that is shown of them.
     */
    private void gre(FrameWalker walker, int offset) {
        int ipEnd = walker.l3End();
        walker.enter("GRE", offset, 4);
        byte[] b = walker.bytes();
        int end = offset + GreLayout.sizeOf(b, offset);
        walker.readable(offset, end - offset);
        walker.mark(this, GRE, offset, end - offset);
        walker.summary().greProtocol = GreLayout.protocolType(b, offset);
        if (GreLayout.version(b, offset) != 0 || GreLayout.routingPresent(b, offset)) {
            return;
        }
        walker.grePayload(GreLayout.protocolType(b, offset), end, ipEnd, GreLayout.sequencePresent(b, offset));
    }

    /** A frame carried in GRE, from {@code offset} to the end of the GRE payload. */
    private static void carried(FrameWalker walker, int how, int offset, FrameWalker.Step first) {
        walker.inner(how, offset, walker.tunnelEnd(), first);
    }

    /** GRE protocol 0x88BE: ERSPAN type II when the GRE header has a sequence number, else type I (no ERSPAN header). */
    private void erspanII(FrameWalker walker, int offset) {
        if (!walker.greSequence()) {
            carried(walker, PacketSummary.ENCAP_ERSPAN1, offset, ETHERNET);
            return;
        }
        walker.enter("ERSPAN", offset, ERSPAN_II_LENGTH);
        walker.mark(this, ERSPAN_II, offset, ERSPAN_II_LENGTH);
        int version = erspan(walker, offset, false);
        if (version != 1) {
            walker.malformed("ERSPAN version " + version + " after GRE protocol 0x88be (type II is version 1)");
        }
        carried(walker, PacketSummary.ENCAP_ERSPAN2, offset + ERSPAN_II_LENGTH, ETHERNET);
    }

    /** GRE protocol 0x22EB: ERSPAN type III, its platform sub-header when the O bit says so, then the frame. */
    private void erspanIII(FrameWalker walker, int offset) {
        walker.enter("ERSPAN", offset, ERSPAN_III_LENGTH);
        byte[] b = walker.bytes();
        int end = offset + ERSPAN_III_LENGTH;
        if (ErspanLayout.subHeaderIsPresent(b, offset, true)) {
            end = ErspanLayout.subHeaderAt(b, offset, true) + PLATFORM_SUB_HEADER_LENGTH;
            walker.readable(offset, end - offset);
        }
        walker.mark(this, ERSPAN_III, offset, end - offset);
        int version = erspan(walker, offset, true);
        if (version != 2) {
            walker.malformed("ERSPAN version " + version + " after GRE protocol 0x22eb (type III is version 2)");
        }
        // frame type 0 is an Ethernet frame; others (2: an IP packet) are not read
        if (ErspanLayout.frameType(b, offset, true) == 0) {
            carried(walker, PacketSummary.ENCAP_ERSPAN3, end, ETHERNET);
        }
    }

    /** The ERSPAN header's version, session and source VLAN, into the summary; returns the version. */
    private static int erspan(FrameWalker walker, int offset, boolean typeIii) {
        byte[] b = walker.bytes();
        PacketSummary summary = walker.summary();
        summary.erspanVersion = ErspanLayout.version(b, offset, typeIii);
        summary.erspanSessionId = ErspanLayout.sessionId(b, offset, typeIii);
        summary.erspanVlan = ErspanLayout.vlan(b, offset, typeIii);
        return summary.erspanVersion;
    }

    /** A VXLAN header, then the inner Ethernet frame up to the end of the UDP datagram. */
    private void vxlan(FrameWalker walker, int offset) {
        walker.enter("VXLAN", offset, VXLAN_LENGTH);
        walker.mark(this, VXLAN, offset, VXLAN_LENGTH);
        walker.summary().vxlanVni = VxlanLayout.vni(walker.bytes(), offset);
        walker.inner(PacketSummary.ENCAP_VXLAN, offset + VXLAN_LENGTH, walker.udpEnd(), ETHERNET);
    }

    @Override
    public List<Protocol> protocols() {
        return protocols;
    }

    @Override
    public List<FieldDef> fields() {
        return Stream.concat(Stream.of(SpecFields.GRE_KSY, SpecFields.ERSPAN_KSY, SpecFields.VXLAN_KSY)
                        .flatMap(List::stream).map(Fields::of),
                Stream.of(Fields.GRE_FLAGS_AND_VERSION, Fields.ERSPAN_BSO, Fields.ERSPAN_PLATID, Fields.ERSPAN_PID1_RSVD1,
                        Fields.ERSPAN_PID1_VSMID, Fields.ERSPAN_PID1_PORT, Fields.ERSPAN_PID3_RSVD1,
                        Fields.ERSPAN_PID3_PORT, Fields.ERSPAN_PID3_TIMESTAMP, Fields.ERSPAN_PID4_RSVD1,
                        Fields.ERSPAN_PID4_RSVD2, Fields.ERSPAN_PID4_RSVD3, Fields.ERSPAN_PID5_SWITCHID,
                        Fields.ERSPAN_PID5_PORT, Fields.ERSPAN_PID5_TIMESTAMP, Fields.ERSPAN_PID7_RSVD1,
                        Fields.ERSPAN_PID7_SOURCE, Fields.ERSPAN_PID7_TIMESTAMP, Fields.ERSPAN_PID_RSVD,
                        Fields.VXLAN_FLAG_G, Fields.VXLAN_FLAG_I, Fields.VXLAN_FLAG_D, Fields.VXLAN_FLAG_A,
                        Fields.VXLAN_FLAGS_RESERVED)).toList();
    }

    /**
     * How the frame analysed was carried: roce.encap; the GRE protocol, ERSPAN's version, session and source VLAN and
     * VXLAN's network identifier, outside and inside as the IP fields (a tunnel inside a tunnel not followed).
     */
    @Override
    public void getters(SummaryFields.Registry out) {
        Predicate<PacketSummary> once = SummaryFields.ONCE;
        out.twice(Fields.of(SpecFields.GRE_PROTO), once, p -> p.greProtocol >= 0, p -> p.greProtocol, null);
        out.twice(Fields.of(SpecFields.ERSPAN_VERSION), once, p -> p.erspanVersion >= 0, p -> p.erspanVersion, null);
        out.twice(Fields.of(SpecFields.ERSPAN_SPANID), once, p -> p.erspanSessionId >= 0, p -> p.erspanSessionId,
                null);
        out.twice(Fields.of(SpecFields.ERSPAN_VLAN), once, p -> p.erspanVlan >= 0, p -> p.erspanVlan, null);
        out.twice(Fields.of(SpecFields.VXLAN_VNI), once, p -> p.vxlanVni >= 0, p -> p.vxlanVni, null);
        out.add(Fields.ROCE_ENCAP, SummaryFields.ALWAYS, p -> p.encapsulation != PacketSummary.ENCAP_NONE, p -> 0, null,
                p -> PacketSummary.ENCAPSULATION_NAMES.get(p.encapsulation));
    }

    @Override
    public void describe(ByteBuffer data, LayerMark mark, PacketSummary summary, List<Layer> layers) {
        List<Field> fields = new ArrayList<>(24);
        String title = switch (mark.part()) {
            case GRE -> gre(new Gre(mark.stream(data)), fields);
            case ERSPAN_II, ERSPAN_III -> erspan(new Erspan(mark.stream(data), mark.part() == ERSPAN_III), fields);
            case VXLAN -> vxlan(new Vxlan(mark.stream(data)), fields);
            default -> throw new IllegalStateException("not a tunnel header: " + mark);
        };
        String name = mark.part() == GRE ? "gre" : mark.part() == VXLAN ? "vxlan" : "erspan";
        // hand-written: the header after which the inner frame starts also carries roce.encap, over the header's
        // bytes (with nested tunnels, only the innermost one)
        if (summary.encapsulation != PacketSummary.ENCAP_NONE && mark.offset() + mark.length() == summary.innerOffset) {
            fields.add(new Field(Fields.ROCE_ENCAP, PacketSummary.ENCAPSULATION_NAMES.get(summary.encapsulation),
                    mark.offset(), mark.length()));
        }
        layers.add(mark.layer(name, title, fields));
    }

    private static String gre(Gre gre, List<Field> fields) {
        SpecDescribers.gre(gre, 0, Fields.sink(fields));
        // hand-written: Wireshark shows the flags-and-version word as one number before its bits; version 0 has no A
        // bit, which Wireshark counts with the reserved flags
        int word = fields.get(0).offset();
        long flagsAndVersion = bit(gre.checksumPresent(), 15) | bit(gre.routingPresent(), 14)
                | bit(gre.keyPresent(), 13) | bit(gre.sequencePresent(), 12) | bit(gre.strictSourceRoute(), 11)
                | gre.recursionControl() << 8 | bit(gre.ackPresent(), 7) | gre.flagsReserved() << 3 | gre.version();
        fields.add(0, new Field(Fields.GRE_FLAGS_AND_VERSION, flagsAndVersion, word, 2));
        if (gre.version() != 1) {
            FieldDef ack = Fields.of(SpecFields.GRE_FLAGS_ACK);
            FieldDef reserved = Fields.of(SpecFields.GRE_FLAGS_RESERVED);
            fields.removeIf(f -> f.def() == ack);
            fields.replaceAll(f -> f.def() != reserved ? f
                    : new Field(reserved, bit(gre.ackPresent(), 4) | gre.flagsReserved(), f.offset(), f.length()));
        }
        String carried = Fields.of(SpecFields.GRE_PROTO).valueNames().apply(gre.protocolType());
        return "Generic Routing Encapsulation ("
                + (carried != null ? carried : String.format("0x%04x", gre.protocolType())) + ")";
    }

    private static String erspan(Erspan erspan, List<Field> fields) {
        SpecDescribers.erspan(erspan, 0, Fields.sink(fields));
        if (!erspan.typeIii()) {
            return "Encapsulated Remote Switch Packet ANalysis Type II, Session " + erspan.sessionId();
        }
        // hand-written: type III's bits of the encapsulation field are the frame's integrity, which Wireshark names bso
        FieldDef encap = Fields.of(SpecFields.ERSPAN_ENCAP);
        fields.replaceAll(f -> f.def() != encap ? f : new Field(Fields.ERSPAN_BSO, f.value(), f.offset(), f.length()));
        if (erspan.subHeader() != null) {
            subHeader(erspan.subHeader(), fields);
        }
        return "Encapsulated Remote Switch Packet ANalysis Type III, Session " + erspan.sessionId();
    }

    /** Hand-written: each platform's fields continue the platform ID's 32-bit word, on which they sit. */
    private static void subHeader(Erspan.PlatformSubHeader sub, List<Field> fields) {
        int word = sub._attrStart.get("platformId");
        fields.add(word(Fields.ERSPAN_PLATID, sub.platformId(), word));
        if (sub.platform1() != null) {
            Erspan.Platform1 p = sub.platform1();
            fields.add(word(Fields.ERSPAN_PID1_RSVD1, p.reserved(), word));
            fields.add(word(Fields.ERSPAN_PID1_VSMID, p.vsmDomainId(), word));
            fields.add(own(Fields.ERSPAN_PID1_PORT, p.portIndex(), p._attrStart.get("portIndex")));
        } else if (sub.platform3() != null) {
            Erspan.Platform3 p = sub.platform3();
            fields.add(word(Fields.ERSPAN_PID3_RSVD1, p.reserved(), word));
            fields.add(word(Fields.ERSPAN_PID3_PORT, p.portIndex(), word));
            fields.add(own(Fields.ERSPAN_PID3_TIMESTAMP, p.timestampUpper(), p._attrStart.get("timestampUpper")));
        } else if (sub.platform4() != null) {
            Erspan.Platform4 p = sub.platform4();
            fields.add(word(Fields.ERSPAN_PID4_RSVD1, p.reserved1(), word));
            fields.add(word(Fields.ERSPAN_PID4_RSVD2, p.reserved2(), word));
            fields.add(own(Fields.ERSPAN_PID4_RSVD3, p.reserved3(), p._attrStart.get("reserved3")));
        } else if (sub.platform5() != null) {
            Erspan.Platform5 p = sub.platform5();
            fields.add(word(Fields.ERSPAN_PID5_SWITCHID, p.switchId(), word));
            fields.add(word(Fields.ERSPAN_PID5_PORT, p.portIndex(), word));
            fields.add(own(Fields.ERSPAN_PID5_TIMESTAMP, p.timestampSeconds(), p._attrStart.get("timestampSeconds")));
        } else if (sub.platform7() != null) {
            Erspan.Platform7 p = sub.platform7();
            fields.add(word(Fields.ERSPAN_PID7_RSVD1, p.reserved(), word));
            fields.add(word(Fields.ERSPAN_PID7_SOURCE, p.sourceIndex(), word));
            fields.add(own(Fields.ERSPAN_PID7_TIMESTAMP, p.timestampUpper(), p._attrStart.get("timestampUpper")));
        } else {
            fields.add(word(Fields.ERSPAN_PID_RSVD, sub.platformReserved().reserved(), word));
        }
    }

    private static String vxlan(Vxlan vxlan, List<Field> fields) {
        SpecDescribers.vxlan(vxlan, 0, Fields.sink(fields));
        // hand-written: the spec reads the flags as one word; Wireshark shows its bits after it, on the same 2 bytes
        int flags = vxlan.flags();
        int word = fields.get(0).offset();
        fields.addAll(1, List.of(
                new Field(Fields.VXLAN_FLAG_G, (long) (flags >>> 15 & 1), word, 2),
                new Field(Fields.VXLAN_FLAG_I, (long) (flags >>> 11 & 1), word, 2),
                new Field(Fields.VXLAN_FLAG_D, (long) (flags >>> 6 & 1), word, 2),
                new Field(Fields.VXLAN_FLAG_A, (long) (flags >>> 3 & 1), word, 2),
                new Field(Fields.VXLAN_FLAGS_RESERVED, (long) (flags & ~0x8848), word, 2)));
        return "Virtual eXtensible Local Area Network, VNI " + vxlan.vni();
    }

    /** A field carved from the word of {@link FieldDef#byteWidth} bytes at {@code wordStart}. */
    private static Field word(FieldDef def, long value, int wordStart) {
        return new Field(def, value, wordStart, def.byteWidth());
    }

    /** A 32-bit field of the sub-header on its own 4 bytes. */
    private static Field own(FieldDef def, long value, int start) {
        return new Field(def, value, start, 4);
    }

    private static long bit(boolean set, int position) {
        return set ? 1L << position : 0;
    }
}
