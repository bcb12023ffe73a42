package io.rocelens.dissect;

import static io.rocelens.dissect.ProtocolModule.outerToo;

import io.rocelens.capture.LinkType;
import io.rocelens.ksy.SpecDescribers;
import io.rocelens.ksy.SpecFields;
import io.rocelens.ksy.layout.EthernetHeaderEtherTypeOrTagLayout;
import io.rocelens.ksy.layout.EthernetHeaderLayout;
import io.rocelens.ksy.pos.EthernetHeader;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The Ethernet MAC header and its 802.1Q / 802.1ad VLAN tags, as Wireshark's packet-eth.c and packet-vlan.c show them:
 * one {@code eth} layer, then one {@code vlan} layer per tag. Fields, titles, blurbs and positions come from
 * {@code ethernet_header.ksy}; hand-written here, each said where it is added: the LG and IG bits of each address, and
 * the names of the spec's one Type field by where it sits (the spec reads a list of TPID-or-type elements; Wireshark
 * names the first {@code eth.type}, each one after a tag that tag's {@code vlan.etype}, and either one, when it is 1500
 * or less, a length: {@code eth.len}, {@code vlan.len}). Its step is Ethernet's link type (tunnels enter it again for
 * the frames they carry); it hands on through the walker's EtherType table or to IEEE 802.3 frames' LLC, and marks
 * the whole header.
 */
final class EthernetModule implements ProtocolModule {

    private static final boolean IN_INDEX = true;
    /** IEEE 802.3 clause 3.2.6: a Length/Type value up to 1500 is a length. */
    private static final int IEEE_802_3_MAX_LENGTH = 1500;
    private static final int S_VLAN = 0x88a8;

    private final List<Protocol> protocols = List.of(
            // an encapsulated frame's summary holds the inner frame: a header missing there may be in the outer one
            Protocol.known(IN_INDEX, "eth", "Ethernet II", "eth", p -> outerToo(p, p.is(PacketSummary.ETHERNET))),
            Protocol.known(IN_INDEX, "vlan", "802.1Q / 802.1ad VLAN tag", "vlan",
                    p -> outerToo(p, p.is(PacketSummary.VLAN))));

    @Override
    public void handOff(HandOff tables) {
        tables.linkType(LinkType.ETHERNET, this::ethernet);
    }

    private void ethernet(FrameWalker walker, int offset) {
        walker.countLayer();   // Wireshark counts two layers here: eth and ethertype (frame.protocols "eth:ethertype:ip:...")
        walker.enter("Ethernet", offset, 14);
        byte[] b = walker.bytes();
        // the tags, then the element that is not a tag and holds the EtherType (ethernet_header.ksy: repeat until);
        // all read before anything is kept, as the parser of the whole header did
        int first = EthernetHeaderLayout.tagsAt(b, offset);
        int tag = first;
        int tags = 0;
        while (true) {
            walker.readable(tag, 2);
            if (!EthernetHeaderEtherTypeOrTagLayout.isTag(b, tag)) {
                break;
            }
            walker.readable(tag, EthernetHeaderEtherTypeOrTagLayout.sizeOf(b, tag));
            tag += EthernetHeaderEtherTypeOrTagLayout.sizeOf(b, tag);
            tags++;
        }
        PacketSummary summary = walker.summary();
        summary.kinds |= PacketSummary.ETHERNET;
        summary.ethDst = EthernetHeaderLayout.dstMac(b, offset);
        summary.ethSrc = EthernetHeaderLayout.srcMac(b, offset);
        if (tags > 0) {
            summary.kinds |= PacketSummary.VLAN;
            summary.vlanPcp = EthernetHeaderEtherTypeOrTagLayout.pcp(b, first);
            summary.vlanId = EthernetHeaderEtherTypeOrTagLayout.vid(b, first);
        }
        summary.vlanTags = tags;
        int end = tag + 2;
        walker.mark(this, 0, offset, end - offset);
        int type = EthernetHeaderEtherTypeOrTagLayout.tpid(b, tag);
        if (type <= IEEE_802_3_MAX_LENGTH) {
            summary.etherType = type;
            walker.ieee8023Payload(end);
            return;
        }
        walker.etherType(type, end);
    }

    @Override
    public List<Protocol> protocols() {
        return protocols;
    }

    @Override
    public List<FieldDef> fields() {
        return Stream.concat(SpecFields.ETHERNET_HEADER_KSY.stream().map(Fields::of),
                Stream.of(Fields.ETH_LG, Fields.ETH_IG, Fields.ETH_LEN, Fields.VLAN_ETYPE, Fields.VLAN_LEN)).toList();
    }

    /** The addresses, type and outermost VLAN tag the summary keeps (inner and outer, for a frame carried once). */
    @Override
    public void getters(SummaryFields.Registry out) {
        Predicate<PacketSummary> once = SummaryFields.ONCE;   // an encapsulated frame has these headers twice
        out.twice(IN_INDEX, Fields.ETH_DST, once, p -> p.is(PacketSummary.ETHERNET), p -> p.ethDst, null);
        out.twice(IN_INDEX, Fields.ETH_SRC, once, p -> p.is(PacketSummary.ETHERNET), p -> p.ethSrc, null);
        // eth.type is the first type field: the tag's TPID when tagged, which the summary does not keep
        // an IEEE 802.3 frame (LLC) has a length, eth.len, where Ethernet II has its type
        // (a length whether or not its LLC payload was captured)
        Predicate<PacketSummary> length = p -> p.etherType >= 0 && p.etherType <= IEEE_802_3_MAX_LENGTH;
        out.twice(IN_INDEX, Fields.ETH_TYPE, once.and(p -> !p.is(PacketSummary.VLAN)),
                p -> p.is(PacketSummary.ETHERNET) && !length.test(p), p -> p.etherType, null);
        out.twice(Fields.ETH_LEN, once.and(p -> !p.is(PacketSummary.VLAN)), p -> p.is(PacketSummary.ETHERNET) && length.test(p),
                p -> p.etherType, null);
        Predicate<PacketSummary> oneTag = once.and(p -> p.vlanTags <= 1);
        Predicate<PacketSummary> tagged = p -> p.is(PacketSummary.VLAN);
        out.twice(Fields.VLAN_PCP, oneTag, tagged, p -> p.vlanPcp, null);
        out.twice(Fields.VLAN_ID, oneTag, tagged, p -> p.vlanId, null);
        out.twice(Fields.VLAN_ETYPE, oneTag, tagged.and(length.negate()), p -> p.etherType, null);
        out.twice(Fields.VLAN_LEN, oneTag, tagged.and(length), p -> p.etherType, null);
    }

    /** tshark chains a header that ends with a type field and the EtherType it hands on by: "eth:ethertype". */
    @Override
    public String framePart(Layer layer) {
        boolean type = layer.field(layer.name().equals("eth") ? Fields.ETH_TYPE.name() : Fields.VLAN_ETYPE.name()) != null;
        return type ? layer.name() + ":ethertype" : layer.name();
    }

    /**
     * The header's tags (a vlan layer each) and whether it ends in a length, not an EtherType (no "ethertype" after
     * the last layer): the mark ends with that field.
     */
    @Override
    public int layerShape(ByteBuffer data, int offset, int length) {
        int last = Short.toUnsignedInt(data.getShort(offset + length - 2));
        return length << 1 | (last <= IEEE_802_3_MAX_LENGTH ? 1 : 0);
    }

    @Override
    public void describe(ByteBuffer data, LayerMark mark, PacketSummary summary, List<Layer> layers) {
        EthernetHeader eth = new EthernetHeader(mark.stream(data));
        List<Field> read = new ArrayList<>(8);
        SpecDescribers.ethernetHeader(eth, 0, Fields.sink(read));
        Field dst = read.get(0);
        Field src = read.get(1);
        // the rest: per element of the spec's tags, its Type field, then, for a tag, its priority, DEI and VLAN ID
        List<List<Field>> elements = new ArrayList<>();
        for (Field field : read.subList(2, read.size())) {
            if (field.def() == Fields.ETH_TYPE) {
                elements.add(new ArrayList<>(4));
            }
            elements.get(elements.size() - 1).add(field);
        }
        // hand-written: Wireshark shows each address's LG and IG bits on its first 3 bytes
        layers.add(new Layer("eth", (type(elements.get(0)) <= IEEE_802_3_MAX_LENGTH ? "IEEE 802.3 Ethernet, Src: "
                : "Ethernet II, Src: ") + src.value() + ", Dst: " + dst.value(), mark.offset(), mark.length(), List.of(
                dst, bit(Fields.ETH_LG, eth.dstMac(), 41, dst), bit(Fields.ETH_IG, eth.dstMac(), 40, dst),
                src, bit(Fields.ETH_LG, eth.srcMac(), 41, src), bit(Fields.ETH_IG, eth.srcMac(), 40, src),
                typeField(elements.get(0), Fields.ETH_LEN))));
        for (int i = 0; i + 1 < elements.size(); i++) {
            List<Field> tag = elements.get(i);
            Field tpid = tag.get(0);
            int offset = tpid.offset() + tpid.length();
            layers.add(new Layer("vlan", (type(tag) == S_VLAN ? "802.1ad" : "802.1Q") + " Virtual LAN, PRI: "
                    + tag.get(1).value() + ", DEI: " + tag.get(2).value() + ", ID: " + tag.get(3).value(), offset, 4,
                    List.of(tag.get(1), tag.get(2), tag.get(3), typeField(elements.get(i + 1), Fields.VLAN_LEN))));
        }
    }

    private static long type(List<Field> element) {
        return (Long) element.get(0).value();
    }

    /**
     * Hand-written: the element's Type field under the name Wireshark gives it where it sits: the spec's
     * {@code eth.type} for the first, {@code vlan.etype} after a tag, or {@code length} when it is 1500 or less.
     */
    private static Field typeField(List<Field> element, FieldDef length) {
        Field type = element.get(0);
        FieldDef def = type(element) <= IEEE_802_3_MAX_LENGTH ? length
                : length == Fields.ETH_LEN ? type.def() : Fields.VLAN_ETYPE;
        return def == type.def() ? type : new Field(def, type.value(), type.offset(), type.length());
    }

    private static Field bit(FieldDef def, long address, int bit, Field on) {
        return new Field(def, (address >>> bit) & 1, on.offset(), 3);
    }
}
