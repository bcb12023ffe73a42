package io.rocelens.dissect;

import io.rocelens.ksy.SpecDescribers;
import io.rocelens.ksy.SpecFields;
import io.rocelens.ksy.layout.QcnCnTagLayout;
import io.rocelens.ksy.layout.QcnCnmLayout;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * IEEE 802.1Q Congestion Notification (802.1Qau, QCN), the part of Data Center Bridging beside PFC and ETS: the CN-TAG
 * (EtherType 0x22E9, a flow ID, then the frame's own EtherType, by which the frame goes on as after a VLAN tag, so a
 * CN-tagged RoCE packet is still RoCE to the analysis) and the Congestion Notification Message (EtherType 0x22E7) a
 * congestion point sends the source of a frame it sampled. Wireshark has no QCN dissector: the fields are named
 * {@code qcn.*}, and the Protocol column of a CNM is "QCN". Fields, describer and the fast step's layouts come from
 * {@code qcn.ksy}; nothing here names a field.
 */
final class QcnModule implements ProtocolModule {

    static final int CN_TAG_ETHER_TYPE = 0x22e9;
    static final int CNM_ETHER_TYPE = 0x22e7;
    /** The CNM PDU before its encapsulated MSDU: version to MSDU length (qcn.ksy, cnm). */
    private static final int CNM_HEADER_LENGTH = 24;
    private static final int CN_TAG = 0;
    private static final int CNM = 1;

    private final List<Protocol> protocols = List.of(new Protocol("qcn",
            "IEEE 802.1Q Congestion Notification (QCN): CN-TAG and Congestion Notification Message", "QCN",
            // a truncated CNM is QCN too, though its values were not read (module set, qcnQfb not)
            p -> p.qcnFlowId >= 0 || p.module == this));

    @Override
    public List<Protocol> protocols() {
        return protocols;
    }

    @Override
    public List<FieldDef> fields() {
        return SpecFields.QCN_KSY.stream().map(Fields::of).toList();
    }

    /** CN-TAGs and CNMs are rare: a filter on their fields reads only the frames whose summary holds them. */
    @Override
    public boolean absentOutside() {
        return true;
    }

    @Override
    public void handOff(HandOff tables) {
        tables.etherType(CN_TAG_ETHER_TYPE, this::cnTag);
        tables.etherType(CNM_ETHER_TYPE, this::cnm);
    }

    private void cnTag(FrameWalker walker, int offset) {
        walker.enter("CN-TAG", offset, QcnCnTagLayout.SIZE);
        byte[] b = walker.bytes();
        walker.summary().qcnFlowId = QcnCnTagLayout.flowId(b, offset);
        walker.mark(this, CN_TAG, offset, QcnCnTagLayout.SIZE);
        walker.handOn(QcnCnTagLayout.etherType(b, offset), offset + QcnCnTagLayout.SIZE);
    }

    private void cnm(FrameWalker walker, int offset) {
        PacketSummary summary = walker.summary();
        summary.module = this;   // before its bytes are checked: a CNM cut short is still QCN, malformed
        walker.enter("CNM", offset, CNM_HEADER_LENGTH);
        byte[] b = walker.bytes();
        int length = QcnCnmLayout.sizeOf(b, offset);
        // the encapsulated MSDU its length announces must be there: else the CNM is cut short (malformed), and
        // none of its values is kept for the analysis
        walker.readable(offset, length);
        summary.qcnQfb = QcnCnmLayout.qfb(b, offset);
        summary.qcnCpid = QcnCnmLayout.cpid(b, offset);
        summary.qcnQOffset = QcnCnmLayout.cpqOffset(b, offset);
        summary.qcnQDelta = QcnCnmLayout.cpqDelta(b, offset);
        summary.qcnPriority = QcnCnmLayout.encapPriority(b, offset);
        summary.qcnEncapDmac = QcnCnmLayout.encapDmac(b, offset);
        walker.mark(this, CNM, offset, length);
    }

    @Override
    public void describe(ByteBuffer data, LayerMark mark, PacketSummary summary, List<Layer> layers) {
        io.kaitai.struct.ByteBufferKaitaiStream io =
                mark.stream(data.duplicate().limit(mark.offset() + mark.length()));
        io.rocelens.ksy.pos.Qcn qcn = new io.rocelens.ksy.pos.Qcn(io,
                mark.part() == CN_TAG ? CN_TAG_ETHER_TYPE : CNM_ETHER_TYPE);
        List<Field> fields = new ArrayList<>();
        SpecDescribers.qcn(qcn, 0, Fields.sink(fields));
        String title = mark.part() == CN_TAG
                ? String.format("Congestion Notification Tag, Flow ID: 0x%04x", qcn.cnTag().flowId())
                : String.format("Congestion Notification Message, qFb: %d, CPID: 0x%016x, Priority: %d",
                qcn.cnm().qfb(), qcn.cnm().cpid(), qcn.cnm().encapPriority());
        layers.add(mark.layer("qcn", title, fields));
    }

    /** "CNM qFb=12 CPID=0x… prio 3 → 02:00:00:00:00:02": the feedback, who sent it, and where the sampled frame went. */
    @Override
    public String info(PacketSummary p) {
        if (p.qcnQfb < 0) {
            return null;
        }
        return String.format("CNM qFb=%d CPID=0x%016x prio %d \u2192 %s%s", p.qcnQfb, p.qcnCpid, p.qcnPriority,
                Addresses.mac(p.qcnEncapDmac), p.qcnFlowId >= 0 ? String.format(" Flow ID=0x%04x", p.qcnFlowId) : "");
    }
}
