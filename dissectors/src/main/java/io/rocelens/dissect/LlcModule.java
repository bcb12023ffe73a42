package io.rocelens.dissect;

import io.rocelens.ksy.SpecDescribers;
import io.rocelens.ksy.SpecFields;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * IEEE 802.2 LLC after an IEEE 802.3 length field (a Length/Type of 1500 or less), and the spanning-tree BPDUs it
 * carries on SAP 0x42 with a UI control, as Wireshark's eth dissector hands such frames on (packet-eth.c, then
 * packet-llc.c and packet-stp.c). Fields and describers come from {@code llc.ksy} and {@code stp_bpdu.ksy}; only
 * {@code llc.control}, which the spec computes from one or two bytes (an instance), is added here.
 */
final class LlcModule implements ProtocolModule {

    private static final int STP_SAP = 0x42;
    private static final int LLC_UI = 0x03;
    private static final int STP_TCN = 0x80;

    private final List<Protocol> protocols = List.of(
            new Protocol("llc", "IEEE 802.2 Logical-Link Control (after an IEEE 802.3 length)", "LLC",
                    p -> p.is(PacketSummary.LLC)),
            new Protocol("stp", "Spanning Tree Protocol BPDU", "STP", p -> p.is(PacketSummary.STP)));

    @Override
    public List<Protocol> protocols() {
        return protocols;
    }

    @Override
    public List<FieldDef> fields() {
        return Stream.concat(Stream.concat(SpecFields.LLC_KSY.stream(), SpecFields.STP_BPDU_KSY.stream())
                .map(Fields::of), Stream.of(Fields.LLC_CONTROL)).toList();
    }

    /** LLC and STP frames are rare: a filter on their fields reads only the frames whose summary holds them. */
    @Override
    public boolean absentOutside() {
        return true;
    }

    @Override
    public void handOff(HandOff tables) {
        tables.ieee8023Length(this::llc);
    }

    private void llc(FrameWalker walker, int offset) {
        walker.enter("LLC", offset, 3);
        PacketSummary summary = walker.summary();
        io.rocelens.ksy.Llc llc = new io.rocelens.ksy.Llc(walker.io());
        summary.module = this;
        summary.kinds |= PacketSummary.LLC;
        summary.llcDsap = llc.dsap();
        summary.llcSsap = llc.ssap();
        int end = (int) walker.io().pos();
        walker.mark(this, 0, offset, end - offset);
        if (llc.dsap() == STP_SAP && llc.ssap() == STP_SAP && llc.controlFirst() == LLC_UI) {
            walker.enter("STP", end, 4);
            io.rocelens.ksy.StpBpdu bpdu = new io.rocelens.ksy.StpBpdu(walker.io());
            summary.kinds |= PacketSummary.STP;
            summary.stpType = bpdu.bpduType();
            walker.mark(this, 1, end, (int) walker.io().pos() - end);
        }
    }

    @Override
    public void describe(ByteBuffer data, LayerMark mark, PacketSummary summary, List<Layer> layers) {
        layers.add(layer(data, mark));
    }

    private Layer layer(ByteBuffer data, LayerMark mark) {
        io.kaitai.struct.ByteBufferKaitaiStream stream = mark.stream(marked(data, mark));
        List<Field> fields = new ArrayList<>();
        if (mark.part() == 1) {
            io.rocelens.ksy.pos.StpBpdu bpdu = new io.rocelens.ksy.pos.StpBpdu(stream);
            SpecDescribers.stpBpdu(bpdu, 0, Fields.sink(fields));
            String type = io.rocelens.ksy.EnumTexts.stpBpduBpduTypeEnum(bpdu.bpduType());
            return new Layer("stp", "Spanning Tree Protocol" + (type != null ? ", " + type : ""), mark.offset(),
                    mark.length(), List.copyOf(fields));
        }
        io.rocelens.ksy.pos.Llc llc = new io.rocelens.ksy.pos.Llc(stream);
        SpecDescribers.llc(llc, 0, Fields.sink(fields));
        // the control field follows the two SAPs: one byte (U format) or two read least-significant first
        fields.add(new Field(Fields.LLC_CONTROL, llc.control().longValue(), mark.offset() + 2, mark.length() - 2));
        return new Layer("llc", String.format("Logical-Link Control, DSAP 0x%02x, SSAP 0x%02x", llc.dsap(), llc.ssap()),
                mark.offset(), mark.length(), List.copyOf(fields));
    }

    @Override
    public String info(PacketSummary p) {
        if (p.is(PacketSummary.STP)) {
            return p.stpType == 0x00 ? "Conf." : p.stpType == STP_TCN ? "Topology Change Notification"
                    : p.stpType == 0x02 ? "RST." : String.format("BPDU type 0x%02x", p.stpType);
        }
        return String.format("DSAP 0x%02x, SSAP 0x%02x", p.llcDsap, p.llcSsap);
    }

    /**
     * The frame up to the end of the header the walk marked: the detail reads what the walk read, not the zeros a
     * frame cut by the snap length is padded with (LLDP reads TLVs up to the end of its bytes).
     */
    private static ByteBuffer marked(ByteBuffer data, LayerMark mark) {
        return data.duplicate().limit(mark.offset() + mark.length());
    }
}
