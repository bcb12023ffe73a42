package io.rocelens.dissect;

import io.kaitai.struct.ByteBufferKaitaiStream;
import io.rocelens.ksy.FieldSink;
import io.rocelens.ksy.SpecDescribers;
import io.rocelens.ksy.SpecFields;
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
 * {@code lrh.ksy} and {@code grh.ksy}; nothing is hand-written but the layers' titles. The fast steps stay the walker's
 * ({@code erf}, {@code infiniband}, {@code grh}: they set the frame's times and addresses and hand on to the BTH and the
 * VCRC, which need the LRH's bytes), which mark the headers for this module ({@link #ERF}, {@link #LRH}, {@link #GRH},
 * the indexes of its protocols).
 */
final class InfinibandLinkModule implements ProtocolModule {

    static final int ERF = 0;
    static final int LRH = 1;
    static final int GRH = 2;

    private final List<Protocol> protocols = List.of(
            // the ERF header is in the record, not in the summary: the detail tells
            Protocol.known(false, "erf", "Extensible Record Format record header", "erf", p -> -1),
            Protocol.known(false, "lrh", "Local Route Header (native InfiniBand)", "lrh",
                    p -> p.is(PacketSummary.INFINIBAND) ? 1 : 0),
            Protocol.known(true, "grh", "Global Route Header (RoCEv1, or native InfiniBand whose LNH says so)", "grh",
                    p -> p.is(PacketSummary.ROCEV1) || p.lrhLnh == 3 ? 1 : p.etherType == 0x8915 ? -1 : 0));

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

    /** The GRH's GIDs, the frame's addresses (RoCEv1 and native InfiniBand). */
    @Override
    public void getters(SummaryFields.Registry out) {
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
