package io.rocelens.dissect;

import io.rocelens.ksy.EnumTexts;
import io.rocelens.ksy.SpecDescribers;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * InfiniBand Management Datagrams on QP 0 and 1 (the Subnet Management and General Services Interfaces: their
 * common header, as Wireshark shows it for every class), and the Communication Management messages
 * among them: what rdma_cm sends to set up, refuse and tear down a connection (REQ, REP, RTU, REJ, DREQ, DREP). They travel as the
 * payload of UD SEND Only packets, after the BTH and DETH, and Wireshark shows them inside its InfiniBand protocol
 * (packet-infiniband.c): a MAD header, then the CM message, with the Info column "CM: ConnectRequest" and the Protocol
 * column left as the RoCE layer's. Fields and describer come from {@code ib_mad.ksy}.
 */
final class CmModule implements ProtocolModule {

    static final int MAD_LENGTH = 256;
    static final int MAD_HEADER_LENGTH = 24;
    /** Management class 0x07: Communication Management (IBTA vol. 1, §13.4.4, Table 147). */
    static final int CM_CLASS = 0x07;

    /** "CM: ConnectRequest" ..., by attribute ID, made once: the Info column of every CM frame allocates nothing. */
    private static final String[] CM_INFO = new String[0x20];

    static {
        for (int attribute = 0; attribute < CM_INFO.length; attribute++) {
            String name = EnumTexts.ibMadCmAttributeEnum(attribute);
            CM_INFO[attribute] = "CM: " + (name != null ? name : "(Unknown CM Attribute)");
        }
    }

    private final List<Protocol> protocols = List.of(
            new Protocol("infiniband.mad", "MAD Header - Common Management Datagram", "InfiniBand",
                    p -> p.module == this),
            new Protocol("infiniband.cm", "InfiniBand Communication Management (a CM MAD's message)", "InfiniBand",
                    p -> p.module == this && p.madClass == CM_CLASS));

    @Override
    public List<Protocol> protocols() {
        return protocols;
    }

    @Override
    public List<FieldDef> fields() {
        return io.rocelens.ksy.SpecFields.IB_MAD_KSY.stream().map(Fields::of).toList();
    }

    /** MADs are rare: a filter on their fields reads only the frames whose summary holds them. */
    @Override
    public boolean absentOutside() {
        return true;
    }

    @Override
    public void handOff(HandOff tables) {
        tables.madPayload(this::walk);
    }

    private void walk(FrameWalker walker, int offset) {
        PacketSummary summary = walker.summary();
        if (summary.payloadLength < MAD_LENGTH) {
            return;   // not a MAD: the payload stays undecoded
        }
        walker.enter("MAD", offset, MAD_LENGTH);
        io.rocelens.ksy.IbMad mad = new io.rocelens.ksy.IbMad(walker.io());
        summary.module = this;
        summary.madClass = mad.mgmtClass();
        summary.madAttributeId = mad.attributeId();
        walker.mark(this, 0, offset, MAD_HEADER_LENGTH);
        if (mad.mgmtClass() == CM_CLASS) {
            walker.mark(this, 1, offset + MAD_HEADER_LENGTH, MAD_LENGTH - MAD_HEADER_LENGTH);
            cm(mad.data(), summary);
        }
    }

    /** What the analysis needs to tell connections apart: the comm IDs, the QPN and starting PSN, the service ID. */
    private static void cm(Object message, PacketSummary summary) {
        if (message instanceof io.rocelens.ksy.IbMad.CmReq req) {
            summary.cmLocalCommId = req.localCommId();
            summary.cmRemoteCommId = 0;
            summary.cmQpn = (int) req.localQpn();
            summary.cmStartingPsn = (int) req.startingPsn();
            summary.cmServiceId = req.serviceId();
            if (req.ipCm() != null) {
                summary.cmSourcePort = req.ipCm().sourcePort();
            }
        } else if (message instanceof io.rocelens.ksy.IbMad.CmRep rep) {
            summary.cmLocalCommId = rep.localCommId();
            summary.cmRemoteCommId = rep.remoteCommId();
            summary.cmQpn = (int) rep.localQpn();
            summary.cmStartingPsn = (int) rep.startingPsn();
        } else if (message instanceof io.rocelens.ksy.IbMad.CmRtu rtu) {
            summary.cmLocalCommId = rtu.localCommId();
            summary.cmRemoteCommId = rtu.remoteCommId();
        } else if (message instanceof io.rocelens.ksy.IbMad.CmDreq dreq) {
            summary.cmLocalCommId = dreq.localCommId();
            summary.cmRemoteCommId = dreq.remoteCommId();
            summary.cmQpn = (int) dreq.remoteQpn();
        } else if (message instanceof io.rocelens.ksy.IbMad.CmRej rej) {
            summary.cmLocalCommId = rej.localCommId();
            summary.cmRemoteCommId = rej.remoteCommId();
            summary.cmRejectReason = rej.reason();
            summary.cmRejectedMessage = (int) rej.messageRejected();
        } else if (message instanceof io.rocelens.ksy.IbMad.CmDrep drep) {
            summary.cmLocalCommId = drep.localCommId();
            summary.cmRemoteCommId = drep.remoteCommId();
        }
    }

    @Override
    public void describe(ByteBuffer data, LayerMark mark, PacketSummary summary, List<Layer> layers) {
        layers.add(layer(data, mark));
    }

    private Layer layer(ByteBuffer data, LayerMark mark) {
        int start = mark.part() == 0 ? mark.offset() : mark.offset() - MAD_HEADER_LENGTH;
        io.kaitai.struct.ByteBufferKaitaiStream io =
                new io.kaitai.struct.ByteBufferKaitaiStream(data.duplicate().limit(start + MAD_LENGTH));
        io.seek(start);
        io.rocelens.ksy.pos.IbMad mad = new io.rocelens.ksy.pos.IbMad(io);
        int end = mark.offset() + mark.length();
        List<Field> fields = new ArrayList<>();
        // the describer walks the whole MAD: the header's fields go to the MAD layer, the message's to the CM layer
        SpecDescribers.ibMad(mad, 0, (field, value, offset, length) -> {
            if (offset >= mark.offset() && offset < end) {
                fields.add(Fields.field(field, value, offset, length));
            }
        });
        String title = mark.part() == 0 ? protocols.get(0).title()
                : "CM " + cmName(mad.attributeId());
        return mark.layer(protocols.get(mark.part()).filterName(), title, fields);
    }

    private static String cmName(int attribute) {
        String name = EnumTexts.ibMadCmAttributeEnum(attribute);
        return name != null ? name : String.format("Attribute 0x%04x", attribute);
    }

    /** Wireshark's: "CM: " and the message's name; other MADs leave the Info column to the RoCE layers. */
    @Override
    public String info(PacketSummary p) {
        if (p.madClass != CM_CLASS) {
            return null;
        }
        return p.madAttributeId < CM_INFO.length ? CM_INFO[p.madAttributeId] : CM_INFO[0x1f];
    }
}
