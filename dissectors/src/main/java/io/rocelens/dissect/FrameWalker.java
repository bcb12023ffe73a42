package io.rocelens.dissect;

import io.kaitai.struct.KaitaiStream;
import io.rocelens.capture.Frame;
import io.rocelens.capture.LinkType;
import io.rocelens.ksy.EnumTexts;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * Walks one frame down its layers with the fast parsers and fills a {@link PacketSummary}. Each layer is a
 * {@link Step}; the hand-offs between layers go through the tables below, keyed by link type, ERF record type,
 * EtherType, IP protocol, GRE protocol type and UDP destination port (the RoCE ports are a preference, as in Wireshark,
 * so each walker holds its own and looks them up before the UDP table). A protocol family is its specs and one
 * {@link ProtocolModule}, registered by one line in {@link #MODULES}, which hangs its steps in these tables
 * ({@code proto_reg_handoff_*}): Ethernet and VLAN, the tunnels, Linux cooked capture, IP, the InfiniBand link and the
 * RoCE transport, MAC Control, LLC and STP, LLDP and DCBX, the MADs, QCN. The walker keeps what several of them share: the
 * network layer's bounds (for UDP, TCP, GRE and the ICRC), the datagram's end, the GRE payload's, and the inner frame
 * a tunnel carries ({@link #inner}). When asked, the
 * walker also records where each header sits so the detail dissector can re-read it with field positions. A frame
 * that breaks a rule becomes a malformed summary; nothing is thrown.
 */
final class FrameWalker {

    /** Reads the layer at {@code offset}, fills the summary, marks the header and hands on through a table. */
    @FunctionalInterface
    interface Step {
        void walk(FrameWalker walker, int offset);
    }

    /**
     * The most protocol layers one frame may have, the frame itself included: Wireshark's default for
     * {@code gui.max_tree_depth}, past which it stops with "failed assertion saved_layers_len <
     * prefs.gui_max_tree_depth" and marks the frame malformed. A frame nested deeper (GRE in GRE ... hundreds of
     * times) is malformed here too, and the walk, which recurses once per layer, stays well within the stack.
     */
    static final int MAX_LAYERS = 500;

    private static final Step[] LINK_TYPES = new Step[512];
    private static final Step[] ETHER_TYPES = new Step[65536];
    private static final Step[] IP_PROTOCOLS = new Step[256];
    private static final Step[] UDP_PORTS = new Step[65536];
    /** Keyed by GRE protocol type (an EtherType, RFC 2784 section 2.4): what a GRE header carries. */
    private static final Step[] GRE_PROTOCOLS = new Step[65536];
    /** Keyed by ERF record type (the low 7 bits of the ERF header's type byte). */
    private static final Step[] ERF_TYPES = new Step[128];
    private static final String[] ERF_NOT_DISSECTED = new String[ERF_TYPES.length];
    /** Why a frame of each link type is not dissected, made once so a skipped frame allocates nothing. */
    private static final String[] NOT_DISSECTED = new String[LINK_TYPES.length];

    /** What an IEEE 802.3 frame's payload (a Length/Type of 1500 or less) goes to: LLC. */
    private static Step ieee8023Length;
    /** What the payload of a UD SEND Only to QP 0 or 1 (a MAD for the SMI or the GSI) goes to. */
    private static Step madStep;
    /** What a UDP datagram to one of the walker's RoCE ports goes to (before {@link #UDP_PORTS}). */
    private static Step rocePortStep;

    /** The RoCE transport, whose step RoCEv1 and native InfiniBand call too; its columns come first in the list. */
    static final RoceModule ROCE = new RoceModule();
    /** IPv4, IPv6, UDP, TCP and ARP: named here for the packet list's columns. */
    static final IpModule IP = new IpModule();
    /** PAUSE and PFC: named here for the packet list's columns. */
    static final MacControlModule MAC_CONTROL = new MacControlModule();

    /** The protocol modules, each hanging its steps in the tables above (proto_register_* and proto_reg_handoff_*). */
    static final List<ProtocolModule> MODULES = List.of(
            new EthernetModule(),
            new TunnelModule(),
            new LinuxSllModule(),
            IP,
            new InfinibandLinkModule(),
            ROCE,
            MAC_CONTROL,
            new LlcModule(),
            new LldpModule(),
            new CmModule(),
            new QcnModule());

    static {
        for (ProtocolModule module : MODULES) {
            module.handOff(new ProtocolModule.HandOff() {
                @Override
                public void linkType(int linkType, Step step) {
                    put(LINK_TYPES, linkType, step, "link type");
                }

                @Override
                public void erfType(int recordType, Step step) {
                    put(ERF_TYPES, recordType, step, "ERF record type");
                }

                @Override
                public void etherType(int etherType, Step step) {
                    put(ETHER_TYPES, etherType, step, "EtherType");
                }

                @Override
                public void ipProtocol(int protocol, Step step) {
                    put(IP_PROTOCOLS, protocol, step, "IP protocol");
                }

                @Override
                public void udpPort(int port, Step step) {
                    put(UDP_PORTS, port, step, "UDP port");
                }

                @Override
                public void greProtocol(int protocolType, Step step) {
                    put(GRE_PROTOCOLS, protocolType, step, "GRE protocol type");
                }

                @Override
                public void rocePorts(Step step) {
                    if (rocePortStep != null) {
                        throw new IllegalStateException(module + ": the RoCE ports are taken");
                    }
                    rocePortStep = step;
                }

                private void put(Step[] table, int key, Step step, String what) {
                    if (table[key] != null) {
                        throw new IllegalStateException(module + ": " + what + " " + key + " is taken");
                    }
                    table[key] = step;
                }

                @Override
                public void ieee8023Length(Step step) {
                    if (ieee8023Length != null) {
                        throw new IllegalStateException(module + ": IEEE 802.3 length frames are taken");
                    }
                    ieee8023Length = step;
                }

                @Override
                public void madPayload(Step step) {
                    if (madStep != null) {
                        throw new IllegalStateException(module + ": the payload of UD SEND Only to QP 0 or 1 is taken");
                    }
                    madStep = step;
                }
            });
        }
        for (int linkType = 0; linkType < NOT_DISSECTED.length; linkType++) {
            NOT_DISSECTED[linkType] = LINK_TYPES[linkType] == null ? LinkType.describe(linkType) : null;
        }
        for (int type = 0; type < ERF_TYPES.length; type++) {
            String name = EnumTexts.erfHeaderRecordTypeEnum(type);
            ERF_NOT_DISSECTED[type] = "ERF record type " + type + (name != null ? " (" + name + ")" : "");
        }
    }

    /** True when frames of this link type are dissected (others are listed, counted and left undissected). */
    static boolean dissects(int linkType) {
        return linkType >= 0 && linkType < LINK_TYPES.length && LINK_TYPES[linkType] != null;
    }

    /** This walker's RoCE ports, one bit per UDP port: they come before {@link #UDP_PORTS} (8 KB, not a table copy). */
    private final long[] rocePorts = new long[65536 / 64];
    private final Icrc icrc = new Icrc();

    /** Whether a walk without marks records its frame's layer shape ({@link PacketSummary#layerShape}). */
    private final boolean recordShapes;

    FrameWalker(DissectorOptions options, boolean recordShapes) {
        for (int port : options.rocePorts()) {
            rocePorts[port >>> 6] |= 1L << port;
        }
        this.recordShapes = recordShapes;
    }

    private static final ProtocolModule[] MODULE_ARRAY = MODULES.toArray(new ProtocolModule[0]);

    /** A marked header's first shape number: its module's place in {@link #MODULES} and the module's part. */
    private static int headerShape(ProtocolModule module, int part) {
        int index = 0;
        while (index < MODULE_ARRAY.length && MODULE_ARRAY[index] != module) {
            index++;
        }
        return index << 16 | part;
    }

    /** Thrown inside the walk to stop it; never leaves this class. */
    private static final class Stop extends RuntimeException {
        Stop() {
            super(null, null, false, false);
        }
    }

    private static final Stop STOP = new Stop();

    private PacketSummary summary;
    private List<LayerMark> marks;
    /**
     * The frame being walked, copied into a reused heap buffer: the parsers then read a plain array instead of
     * a read-only view of a mapped file, which C2 compiles in a fraction of the time, and a frame allocates
     * no buffer view and no stream.
     */
    private ByteBuffer data = ByteBuffer.allocate(2048);
    private FastKaitaiStream io = new FastKaitaiStream(data);
    private String layerName;
    /** How many protocol layers the walk has entered, the frame counted as the first. */
    private int layers;
    /** The network layer the walk is in, for the transport and the ICRC: where it starts, its kind, where it ends. */
    private int l3Offset;
    private int l3Kind;
    private int l3End;
    /** Where the UDP datagram ends. */
    private int udpEnd;
    /** Where the payload of the tunnel being entered (GRE or VXLAN) ends, and whether its GRE header had a sequence number. */
    private int tunnelEnd;
    private boolean greSequence;

    void walk(Frame frame, PacketSummary out, List<LayerMark> layerMarks) {
        out.clear();
        out.number = frame.number();
        out.timestampNanos = frame.timestampNanos();
        out.originalLength = frame.originalLength();
        out.capturedLength = frame.capturedLength();
        out.fileOffset = frame.fileOffset();
        // tshark makes up interfaces for ERF records in a pcap file: the first host and source's four ports (the
        // flags' capture interface), numbered from 0
        out.interfaceId = frame.interfaceId() != Frame.NO_INTERFACE ? frame.interfaceId()
                : frame.linkType() == LinkType.ERF && frame.capturedLength() > 9 ? frame.data().get(9) & 3
                : Frame.NO_INTERFACE;
        summary = out;
        marks = layerMarks;
        if (recordShapes && layerMarks == null) {
            out.layerShapeLength = 0;
        }
        load(frame.data());
        layerName = "frame";
        layers = 1;
        try {
            int linkType = frame.linkType();
            Step step = linkType >= 0 && linkType < LINK_TYPES.length ? LINK_TYPES[linkType] : null;
            if (step != null) {
                step.walk(this, 0);
            } else {
                summary.notDissected = linkType >= 0 && linkType < NOT_DISSECTED.length ? NOT_DISSECTED[linkType]
                        : LinkType.describe(linkType);
            }
        } catch (Stop stop) {
            // the walk ended early; the summary says why when that is a problem
        } catch (BufferUnderflowException | IllegalArgumentException | KaitaiStream.KaitaiStructError parseFailure) {
            // A Kaitai read or seek ran past the captured bytes: cut by the snap length is normal, otherwise
            // malformed. Anything else is a bug in RoCE Lens and is left to surface.
            if (!cutBySnapLength()) {
                summary.kinds |= PacketSummary.MALFORMED;
                summary.malformedReason = layerName + " header is cut short";
            }
        } finally {
            summary = null;
            marks = null;
        }
    }

    private void load(ByteBuffer frameData) {
        int length = frameData.limit();
        if (length > data.capacity()) {
            data = ByteBuffer.allocate(Math.max(length, 2 * data.capacity()));
            io = new FastKaitaiStream(data);
        }
        frameData.get(0, data.array(), 0, length);   // absolute: the caller's buffer stays put
        data.clear().limit(length);
        io.seek(0);
    }

    /** Hands an IEEE 802.3 frame's payload (its Length/Type a length) on, to LLC. */
    void ieee8023Payload(int offset) {
        if (ieee8023Length != null) {
            ieee8023Length.walk(this, offset);
        }
    }

    /** Counts a protocol layer with no header of its own (Wireshark's "ethertype" after "eth"). */
    void countLayer() {
        layers++;
    }

    /**
     * Hands a GRE payload on to what its protocol type names, up to {@code end} (the IP payload's), remembering
     * whether the GRE header had a sequence number (ERSPAN type I or II after 0x88BE); false when nothing takes it.
     */
    boolean grePayload(int protocolType, int offset, int end, boolean sequence) {
        Step step = GRE_PROTOCOLS[protocolType];
        if (step == null) {
            return false;
        }
        tunnelEnd = end;
        greSequence = sequence;
        step.walk(this, offset);
        return true;
    }

    /** Whether the GRE header the walk came through had a sequence number. */
    boolean greSequence() {
        return greSequence;
    }

    /** Where the payload of the GRE header the walk came through ends. */
    int tunnelEnd() {
        return tunnelEnd;
    }

    /**
     * Walks the frame a tunnel carries from {@code offset} to {@code end} with {@code first}: the summary then
     * describes it as if it had been captured where it was mirrored (its addresses, priority, length, ICRC).
     */
    void inner(int how, int offset, int end, Step first) {
        if (offset > end) {
            malformed(layerName + " header runs " + (offset - end) + " bytes past the end of its packet");
        }
        summary.encapsulated(how, offset, end - offset);
        first.walk(this, offset);
    }

    /** The step of an EtherType, for a tunnel that carries the packet without an Ethernet header (GRE with IP). */
    static Step etherTypeStep(int etherType) {
        return ETHER_TYPES[etherType];
    }

    /** Hands on to the link layer of a link type: ERF Ethernet records carry an Ethernet frame. */
    void linkType(int linkType, int offset) {
        LINK_TYPES[linkType].walk(this, offset);
    }

    /** Hands on to what an ERF record of this type holds, or says the record is not dissected. */
    void erfRecord(int type, int offset) {
        Step step = ERF_TYPES[type];
        if (step != null) {
            step.walk(this, offset);
        } else {
            summary.notDissected = ERF_NOT_DISSECTED[type];
        }
    }

    /** Hands on to the layer the EtherType names; LLDP and the rest are not RoCE and stay undissected. */
    void etherType(int etherType, int offset) {
        summary.etherType = etherType;
        Step step = ETHER_TYPES[etherType];
        if (step != null) {
            step.walk(this, offset);
        }
    }

    /**
     * Hands on by the EtherType a module's header ends with (the CN-TAG's, like a VLAN tag's): the frame's
     * {@link PacketSummary#etherType} stays the one after the VLAN tags, what {@code eth.type} and {@code vlan.etype}
     * read.
     */
    void handOn(int etherType, int offset) {
        Step step = ETHER_TYPES[etherType];
        if (step != null) {
            step.walk(this, offset);
        }
    }

    /**
     * Hands on to the transport the IP protocol names, within the IP payload that ends at {@code end}; {@code start}
     * and {@code kind} (4, 6; 1 for a RoCEv1 GRH) are the network header's, which the ICRC covers.
     */
    void ipPayload(int protocol, int offset, int start, int kind, int end) {
        l3Offset = start;
        l3Kind = kind;
        l3End = end;
        summary.transportProtocol = protocol;
        Step step = IP_PROTOCOLS[protocol];
        if (step != null) {
            step.walk(this, offset);
        }
    }

    /**
     * Hands on to what a UDP datagram's destination port names, the walker's RoCE ports first (a preference, as in
     * Wireshark), within the datagram that ends at {@code end}.
     */
    void udpPayload(int port, int offset, int end) {
        Step step = (rocePorts[port >>> 6] & 1L << port) != 0 ? rocePortStep : UDP_PORTS[port];
        if (step != null) {
            udpEnd = end;
            step.walk(this, offset);
        }
    }

    /** Hands a MAD (the wholly captured payload of a UD SEND Only to QP 0 or 1) to the module that reads MADs. */
    void madPayload(int offset) {
        if (madStep != null) {
            madStep.walk(this, offset);
        }
    }

    /** The frame's source and destination from two 16-byte addresses (IPv6 addresses or GIDs) in the frame. */
    void addresses(int source, int destination) {
        byte[] b = data.array();
        summary.ipSrcHi = Addresses.high(b, source);
        summary.ipSrcLo = Addresses.low(b, source);
        summary.ipDstHi = Addresses.high(b, destination);
        summary.ipDstLo = Addresses.low(b, destination);
    }

    /** The summary being filled, for a module's step. */
    PacketSummary summary() {
        return summary;
    }

    /** The frame's captured bytes as a buffer (its limit: how many were captured), for a module's step. */
    ByteBuffer data() {
        return data;
    }

    /** Names the layer being read, for the messages of a frame cut short inside it. */
    void layer(String name) {
        layerName = name;
    }

    /** Where the network header the walk is in starts (the ICRC's invariant fields start there). */
    int l3Offset() {
        return l3Offset;
    }

    /** The network header's kind: 4, 6, or 1 for RoCEv1's GRH. */
    int l3Kind() {
        return l3Kind;
    }

    /** Where the IP payload the walk is in ends. */
    int l3End() {
        return l3End;
    }

    /** Where the UDP datagram the walk is in ends. */
    int udpEnd() {
        return udpEnd;
    }

    /** This walker's ICRC calculator. */
    Icrc icrc() {
        return icrc;
    }

    /** The frame's bytes, for a module's step that reads them with the generated layouts. */
    byte[] bytes() {
        return data.array();
    }

    /** The stream over the frame, for a module's step. */
    FastKaitaiStream io() {
        return io;
    }

    /** Marks a header a module will describe: its protocol number {@code part} of the module's protocols. */
    void mark(ProtocolModule module, int part, int offset, int length) {
        if (marks != null) {
            marks.add(new LayerMark(offset, length, module, part));
        } else if (summary.layerShapeLength >= 0) {
            summary.addLayerShape(headerShape(module, part), module.layerShape(data, offset, length));
        }
    }

    /** Starts reading a layer: names it for error messages, checks its fixed part was captured, and moves there. */
    void enter(String name, int offset, int length) {
        layerName = name;
        if (++layers > MAX_LAYERS) {
            malformed("more than " + MAX_LAYERS + " nested protocol layers (" + name + " at offset " + offset
                    + "): Wireshark's limit (gui.max_tree_depth)");
        }
        need(offset, length);
        io.seek(offset);
    }

    /**
     * For a header's part past its fixed start (options, optional fields, tags, the extended headers): reading it
     * where it was not captured fails as a Kaitai parser's read does, so the frame is "cut short" unless the snap
     * length cut it.
     */
    void readable(int offset, int length) {
        if (offset + length > data.limit()) {
            throw new BufferUnderflowException();
        }
    }

    /** Stops the walk when fewer than {@code length} bytes are captured at {@code offset}. */
    void need(int offset, int length) {
        if (offset + length > data.limit()) {
            if (!cutBySnapLength()) {
                malformed(layerName + " header needs " + length + " bytes at offset " + offset + ", the frame has "
                        + Math.max(0, data.limit() - offset));
            }
            throw STOP;
        }
    }

    /** A length field pointing past the captured bytes is fine when the snap length cut the frame, not otherwise. */
    void checkEnd(String lengthField, int length, int end) {
        if (end > data.limit() && !cutBySnapLength()) {
            malformed(lengthField + length + (lengthField.endsWith("(") ? " bytes)" : "")
                    + " runs past the end of the frame (" + data.limit() + " bytes)");
        }
    }

    boolean cutBySnapLength() {
        return summary.capturedLength < summary.originalLength;
    }

    void malformed(String reason) {
        summary.kinds |= PacketSummary.MALFORMED;
        summary.malformedReason = reason;
        throw STOP;
    }
}
