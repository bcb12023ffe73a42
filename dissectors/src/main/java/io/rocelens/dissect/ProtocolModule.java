package io.rocelens.dissect;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;

/**
 * One protocol family in one place, as a Wireshark dissector file is: its identity (what {@code proto_register_protocol}
 * declares: filter name, title, Protocol column), where it hangs in the walker's tables (what
 * {@code proto_reg_handoff_*} does with {@code dissector_add_uint}), its step of the fast walk, its detail describer and
 * its Info column. Its fields come from its .ksy spec (the {@code -field} keys, generated into the registry) and
 * its describer is the generated one, so a module holds no field name and no attribute key. A module is registered
 * by one line in {@link FrameWalker}'s list of modules; the display filter, the packet list and the detail find it
 * there.
 */
public interface ProtocolModule {

    /**
     * One protocol the module shows: its display-filter name, its title, its Protocol column text, and whether a
     * frame's summary holds it (the summary's {@link PacketSummary#module} is the last module the walk entered);
     * {@code known}, when not null, says more exactly what the summary tells of it: 1 held, 0 not held, -1 only the
     * detail layer named {@code layer} can tell (null: the summary always tells); {@code indexed}: the packet index
     * keeps what {@code known} reads.
     */
    record Protocol(String filterName, String title, String column, Predicate<PacketSummary> in,
                    ToIntFunction<PacketSummary> known, String layer, boolean indexed) {

        /** A protocol whose detail layer has its filter name, held by a frame exactly when {@code in} says so. */
        public Protocol(String filterName, String title, String column, Predicate<PacketSummary> in) {
            this(filterName, title, column, in, null, filterName, false);
        }

        /**
         * A protocol of the layers whose Protocol column {@code PacketColumns} makes, which the summary says a frame
         * holds (1), does not hold (0) or leaves to the detail layer {@code layer} (-1).
         */
        public static Protocol known(boolean indexed, String filterName, String title, String layer,
                                     ToIntFunction<PacketSummary> known) {
            return new Protocol(filterName, title, null, p -> known.applyAsInt(p) != 0, known, layer, indexed);
        }
    }

    /** The hand-off tables a module hangs its steps in. */
    interface HandOff {

        /** Frames of this link type (LINKTYPE_ value) go to {@code step}, from their first byte. */
        void linkType(int linkType, FrameWalker.Step step);

        /** ERF records of this type (the low 7 bits of the type byte) go to {@code step}, after the ERF header. */
        void erfType(int recordType, FrameWalker.Step step);

        /** The payload of an IPv4 or IPv6 packet of this protocol (next header) goes to {@code step}. */
        void ipProtocol(int protocol, FrameWalker.Step step);

        /** UDP datagrams to the walker's RoCE ports (a preference, 4791 by default) go to {@code step}. */
        void rocePorts(FrameWalker.Step step);

        /** UDP datagrams to this destination port (after the RoCE ports) go to {@code step}. */
        void udpPort(int port, FrameWalker.Step step);

        /** GRE payloads of this protocol type (an EtherType, RFC 2784 section 2.4) go to {@code step}. */
        void greProtocol(int protocolType, FrameWalker.Step step);

        /** Frames of this EtherType (after any VLAN tags) go to {@code step}. */
        void etherType(int etherType, FrameWalker.Step step);

        /** IEEE 802.3 frames (a Length/Type of 1500 or less, after any VLAN tags) go to {@code step}. */
        void ieee8023Length(FrameWalker.Step step);

        /**
         * The payload of a UD SEND Only packet to QP 0 or 1 (the MADs of the Subnet Management and General Services
         * Interfaces), when wholly captured, goes to {@code step} at the offset after the DETH;
         * {@link PacketSummary#payloadLength} is its length. The RoCE layers before it (BTH, DETH) and the ICRC
         * after it stay the RoCE transport's.
         */
        void madPayload(FrameWalker.Step step);
    }

    /** Every registered module, in the walker's order. */
    static List<ProtocolModule> all() {
        return FrameWalker.MODULES;
    }

    /**
     * For the display filter: 1 when the frame's summary holds the protocol, 0 when it does not, -1 when only the
     * detail can tell (an encapsulated frame's summary describes the inner frame; the outer one may hold it too).
     */
    static int inSummary(Protocol protocol, PacketSummary p) {
        if (protocol.known() != null) {
            return protocol.known().applyAsInt(p);
        }
        return protocol.in().test(p) ? 1 : p.is(PacketSummary.ENCAPSULATED) ? -1 : 0;
    }

    /**
     * What the summary tells of a header an encapsulated frame may have twice (Ethernet, VLAN, IP, UDP): 1 when it
     * holds it; else 0, or -1 (ask the detail) when the frame was carried, since its summary holds the inner headers.
     */
    static int outerToo(PacketSummary p, boolean inSummary) {
        return inSummary ? 1 : p.is(PacketSummary.ENCAPSULATED) ? -1 : 0;
    }

    /** The protocols this module declares, outermost first. */
    List<Protocol> protocols();

    /**
     * Hangs the module's steps in the walker's tables (run once, when the walker class loads); by default nothing, for
     * a module whose headers the walker's own steps read and mark (they keep bounds the next layers need).
     */
    default void handOff(HandOff tables) {
    }

    /**
     * The registry fields this module's layers hold (its spec's). Their summary getters say "absent" for every frame
     * whose summary holds none of the module's protocols, so a display filter on them reads only the module's frames
     * again; on those the detail answers.
     */
    List<FieldDef> fields();

    /**
     * Declares the getters of this module's fields that the frame's summary holds ({@link SummaryFields}), each with
     * whether the packet index keeps what it reads; by default none (the detail answers, or, with
     * {@link #absentOutside}, "absent" outside the module's frames).
     */
    default void getters(SummaryFields.Registry out) {
    }

    /**
     * Whether {@link #fields()} without a getter of their own read "absent" from the summary of a frame that holds none
     * of the module's protocols (true: a module of rare frames, LLDP, STP, a MAD, whose fields a filter then reads on
     * those frames only). False, the default, leaves them to the detail on every frame, as for the RoCE transport, IP
     * or Ethernet, whose frames are most of a capture: a filter on such a field says it needs the detail
     * ({@code DisplayFilter.needsDetail}).
     */
    default boolean absentOutside() {
        return false;
    }

    /**
     * The protocol tshark's {@code frame.protocols} names for a detail layer of this module (or protocols, joined by
     * colons: {@code sll:ethertype}), or null when the layer is part of the protocol before it: by default the layer's own name, and {@code infiniband} for a layer named
     * {@code infiniband.*} (a MAD is part of tshark's InfiniBand protocol).
     */
    default String framePart(Layer layer) {
        return layer.name().startsWith("infiniband.") ? "infiniband" : layer.name();
    }

    /**
     * What, besides its part, decides the names of the detail layers this module makes of a marked header (so the
     * frame's {@code frame.protocols}), read from the marked header's bytes ({@code length} of them from
     * {@code offset}) without describing it: 0, the default, for a module whose layers are named by the part alone.
     */
    default int layerShape(ByteBuffer data, int offset, int length) {
        return 0;
    }

    /** Adds the detail layer of a header this module marked (or the layers, when one mark covers several headers). */
    void describe(ByteBuffer data, LayerMark mark, PacketSummary summary, List<Layer> layers);

    /**
     * The Info column of a frame whose last module this is, or null (the default) to leave it to the modules
     * {@link PacketColumns} asks after it.
     */
    default String info(PacketSummary p) {
        return null;
    }

    /**
     * Appends the Info column's text of the frame, when this module has one for it (the default: {@link #info}); false
     * when it has none. {@link PacketColumns} asks the RoCE transport, MAC Control, the frame's last module and IP, in
     * that order; a module of every frame writes into {@code out}, so a row's Info allocates no string of its own.
     */
    default boolean info(PacketSummary p, StringBuilder out) {
        String text = info(p);
        if (text == null) {
            return false;
        }
        out.append(text);
        return true;
    }

    /**
     * The Protocol column of the frame, or null when this module leaves it to the next one {@link PacketColumns} asks
     * (the RoCE transport, MAC Control, the frame's last module, IP): by default its innermost protocol the frame holds.
     */
    default String column(PacketSummary p) {
        String column = null;
        for (Protocol protocol : protocols()) {
            if (protocol.in().test(p)) {
                column = protocol.column();
            }
        }
        return column;
    }
}
