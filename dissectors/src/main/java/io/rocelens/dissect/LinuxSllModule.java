package io.rocelens.dissect;

import io.kaitai.struct.ByteBufferKaitaiStream;
import io.rocelens.capture.LinkType;
import io.rocelens.ksy.FieldSink;
import io.rocelens.ksy.SpecDescribers;
import io.rocelens.ksy.SpecFields;
import io.rocelens.ksy.layout.LinuxSll2Layout;
import io.rocelens.ksy.layout.LinuxSllLayout;
import io.rocelens.ksy.pos.LinuxSll;
import io.rocelens.ksy.pos.LinuxSll2;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The Linux cooked capture headers (SLL, link type 113, and SLL2, link type 276) that {@code tcpdump -i any} writes
 * in place of Ethernet, as Wireshark's packet-sll.c shows them: their protocol field, an EtherType. Fields and
 * describers come from {@code linux_sll.ksy} and {@code linux_sll2.ksy}; nothing is hand-written but the titles. Its
 * steps hang in the link-type table and hand on through the walker's EtherType table.
 */
final class LinuxSllModule implements ProtocolModule {

    static final int V1 = 0;
    static final int V2 = 1;

    private final List<Protocol> protocols = List.of(
            // the summary keeps no mark of it: a frame whose Ethernet header was read has none (unless in a tunnel)
            Protocol.known(true, "sll", "Linux cooked capture", "sll",
                    p -> p.is(PacketSummary.ETHERNET) && !p.is(PacketSummary.ENCAPSULATED) ? 0 : -1));

    @Override
    public void handOff(HandOff tables) {
        tables.linkType(LinkType.LINUX_SLL, this::v1);
        tables.linkType(LinkType.LINUX_SLL2, this::v2);
    }

    private void v1(FrameWalker walker, int offset) {
        walker.enter("Linux cooked", offset, LinuxSllLayout.SIZE);
        walker.mark(this, V1, offset, LinuxSllLayout.SIZE);
        walker.etherType(LinuxSllLayout.protocol(walker.bytes(), offset), offset + LinuxSllLayout.SIZE);
    }

    private void v2(FrameWalker walker, int offset) {
        walker.enter("Linux cooked v2", offset, LinuxSll2Layout.SIZE);
        walker.mark(this, V2, offset, LinuxSll2Layout.SIZE);
        walker.etherType(LinuxSll2Layout.protocol(walker.bytes(), offset), offset + LinuxSll2Layout.SIZE);
    }

    @Override
    public List<Protocol> protocols() {
        return protocols;
    }

    @Override
    public List<FieldDef> fields() {
        return SpecFields.LINUX_SLL_KSY.stream().map(Fields::of).toList();
    }

    /** tshark chains the cooked header and the EtherType it hands on by: "sll:ethertype". */
    @Override
    public String framePart(Layer layer) {
        return "sll:ethertype";
    }

    @Override
    public void describe(ByteBuffer data, LayerMark mark, PacketSummary summary, List<Layer> layers) {
        ByteBufferKaitaiStream io = mark.stream(data);
        List<Field> fields = new ArrayList<>(1);
        FieldSink into = Fields.sink(fields);
        if (mark.part() == V2) {
            SpecDescribers.linuxSll2(new LinuxSll2(io), 0, into);
        } else {
            SpecDescribers.linuxSll(new LinuxSll(io), 0, into);
        }
        layers.add(mark.layer("sll", "Linux cooked capture v" + (mark.part() == V2 ? 2 : 1), fields));
    }
}
