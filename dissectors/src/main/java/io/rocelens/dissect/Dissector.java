package io.rocelens.dissect;

import io.kaitai.struct.ByteBufferKaitaiStream;
import io.rocelens.capture.Frame;
import io.rocelens.ksy.pos.Erspan;
import io.rocelens.ksy.pos.EthernetHeader;
import io.rocelens.ksy.pos.Gre;
import io.rocelens.ksy.pos.Vxlan;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Decodes a frame for people: every layer with every field, its value, text and byte range. The fast walker finds
 * the layers; each is then re-read with the position-recording Kaitai parsers, so a field's offset is exactly where
 * the spec put it. Not thread-safe: one instance per thread.
 */
public final class Dissector {

    private final FrameWalker walker;

    public Dissector(DissectorOptions options) {
        walker = new FrameWalker(options);
    }

    /** The frame's lengths, and its interface when its file names one (pcapng, or an ERF record's), as tshark. */
    private static List<Field> frameFields(PacketSummary summary) {
        List<Field> fields = new ArrayList<>(3);
        fields.add(new Field(Fields.FRAME_LEN, (long) summary.originalLength, 0, 0));
        fields.add(new Field(Fields.FRAME_CAPLEN, (long) summary.capturedLength, 0, 0));
        if (summary.interfaceId >= 0) {
            fields.add(new Field(Fields.FRAME_INTERFACE_ID, (long) summary.interfaceId, 0, 0));
        }
        return List.copyOf(fields);
    }

    public Dissection dissect(Frame frame) {
        PacketSummary summary = new PacketSummary();
        List<LayerMark> marks = new ArrayList<>();
        walker.walk(frame, summary, marks);
        // cut by the snap length: the extended headers are read from zeros past the captured bytes, and only those
        // wholly captured are shown (as the walker does)
        ByteBuffer data = summary.capturedLength < summary.originalLength ? Padding.padded(frame.data())
                : frame.data().duplicate();
        List<Layer> layers = new ArrayList<>();
        if (!frame.comments().isEmpty()) {
            layers.add(comments(frame.comments()));
        }
        // the lengths and time the walker found (an ERF record's own, else the capture file's)
        layers.add(new Layer("frame", "Frame " + frame.number() + ": " + summary.originalLength + " bytes on wire, "
                + summary.capturedLength + " bytes captured", 0, frame.capturedLength(),
                frameFields(summary)));
        for (LayerMark mark : marks) {
            describe(mark, data, summary, layers);
        }
        if (summary.malformedReason != null) {
            layers.add(new Layer("malformed", "[Malformed Packet: " + summary.malformedReason + "]", 0, 0,
                    List.of(new Field(Fields.MALFORMED_REASON, summary.malformedReason, 0, 0))));
        }
        return new Dissection(frame.number(), summary.timestampNanos, summary.originalLength, summary.capturedLength,
                PacketColumns.source(summary), PacketColumns.destination(summary), PacketColumns.protocol(summary),
                PacketColumns.info(summary), List.copyOf(layers), summary, captured(frame));
    }

    /** The name of the layer holding a frame's packet comments, Wireshark's (it comes before the frame's). */
    public static final String COMMENTS_LAYER = "pkt_comment";

    /** Wireshark's "Packet comments" tree: one {@code frame.comment} per comment, covering no bytes. */
    private static Layer comments(List<String> comments) {
        List<Field> fields = new ArrayList<>(comments.size());
        for (String comment : comments) {
            fields.add(new Field(Fields.FRAME_COMMENT, comment, 0, 0));
        }
        return new Layer(COMMENTS_LAYER, "Packet comments", 0, 0, List.copyOf(fields));
    }

    private static byte[] captured(Frame frame) {
        ByteBuffer data = frame.data().duplicate();
        byte[] out = new byte[data.remaining()];
        data.get(out);
        return out;
    }

    private static void describe(LayerMark mark, ByteBuffer data, PacketSummary summary, List<Layer> layers) {
        if (mark.kind() == LayerMark.Kind.MODULE) {
            mark.module().describe(data, mark, summary, layers);
            return;
        }
        ByteBufferKaitaiStream io = mark.stream(data);
        switch (mark.kind()) {
            case ETHERNET -> ethernet(new EthernetHeader(io), mark, layers);
            case GRE -> layers.add(encapsulation(Encapsulations.gre(new Gre(io), mark), mark, summary));
            case ERSPAN_II -> layers.add(encapsulation(Encapsulations.erspan(new Erspan(io, false), mark), mark, summary));
            case ERSPAN_III -> layers.add(encapsulation(Encapsulations.erspan(new Erspan(io, true), mark), mark, summary));
            case VXLAN -> layers.add(encapsulation(Encapsulations.vxlan(new Vxlan(io), mark), mark, summary));
            case MODULE -> throw new IllegalStateException("described above");
        }
    }

    private static void ethernet(EthernetHeader eth, LayerMark mark, List<Layer> layers) {
        List<EthernetHeader.EtherTypeOrTag> tags = eth.tags();
        EthernetHeader.EtherTypeOrTag first = tags.get(0);
        // IEEE 802.3 clause 3.2.6: a Length/Type of 1500 or less is a length, and Wireshark titles the frame so
        boolean length = first.tpid() <= 1500;
        layers.add(new Layer("eth", (length ? "IEEE 802.3 Ethernet, Src: " : "Ethernet II, Src: ")
                + Addresses.mac(eth.srcMac()) + ", Dst: " + Addresses.mac(eth.dstMac()), mark.offset(), mark.length(),
                List.of(at(Fields.ETH_DST, Addresses.mac(eth.dstMac()), eth._attrStart, eth._attrEnd, "dstMac"),
                // Wireshark shows each address's LG and IG bits on its first 3 bytes
                new Field(Fields.ETH_LG, (eth.dstMac() >>> 41) & 1, mark.offset(), 3),
                new Field(Fields.ETH_IG, (eth.dstMac() >>> 40) & 1, mark.offset(), 3),
                at(Fields.ETH_SRC, Addresses.mac(eth.srcMac()), eth._attrStart, eth._attrEnd, "srcMac"),
                new Field(Fields.ETH_LG, (eth.srcMac() >>> 41) & 1, mark.offset() + 6, 3),
                new Field(Fields.ETH_IG, (eth.srcMac() >>> 40) & 1, mark.offset() + 6, 3),
                at(length ? Fields.ETH_LEN : Fields.ETH_TYPE, (long) first.tpid(), first._attrStart, first._attrEnd,
                        "tpid"))));
        for (int i = 0; i + 1 < tags.size(); i++) {
            EthernetHeader.EtherTypeOrTag tag = tags.get(i);
            EthernetHeader.EtherTypeOrTag next = tags.get(i + 1);
            int offset = tag._attrEnd.get("tpid");
            layers.add(new Layer("vlan", (tag.tpid() == 0x88a8 ? "802.1ad" : "802.1Q") + " Virtual LAN, PRI: "
                    + tag.pcp() + ", DEI: " + (tag.dei() ? 1 : 0) + ", ID: " + tag.vid(), offset, 4, List.of(
                    at(Fields.VLAN_PCP, tag.pcp(), tag._attrStart, tag._attrEnd, "pcp"),
                    at(Fields.VLAN_DEI, flag(tag.dei()), tag._attrStart, tag._attrEnd, "dei"),
                    at(Fields.VLAN_ID, tag.vid(), tag._attrStart, tag._attrEnd, "vid"),
                    at(next.tpid() <= 1500 ? Fields.VLAN_LEN : Fields.VLAN_ETYPE, (long) next.tpid(), next._attrStart,
                            next._attrEnd, "tpid"))));
        }
    }

    /**
     * The header after which the inner frame starts also carries {@code roce.encap}, over the header's bytes (with
     * nested tunnels, only the innermost one).
     */
    private static Layer encapsulation(Layer header, LayerMark mark, PacketSummary summary) {
        if (summary.encapsulation == PacketSummary.ENCAP_NONE || mark.offset() + mark.length() != summary.innerOffset) {
            return header;
        }
        List<Field> fields = new ArrayList<>(header.fields());
        fields.add(new Field(Fields.ROCE_ENCAP, PacketSummary.ENCAPSULATION_NAMES.get(summary.encapsulation),
                mark.offset(), mark.length()));
        return new Layer(header.name(), header.title(), header.offset(), header.length(), List.copyOf(fields));
    }

    /** A field at the position Kaitai recorded for {@code attribute}. */
    static Field at(FieldDef def, Object value, Map<String, Integer> start, Map<String, Integer> end,
                            String attribute) {
        int to = end.get(attribute);
        if (def.byteWidth() > 0) {
            return new Field(def, value, to - def.byteWidth(), def.byteWidth());
        }
        int from = start.get(attribute);
        return new Field(def, value, from, to - from);
    }

    static Long flag(boolean bit) {
        return bit ? 1L : 0L;
    }
}
