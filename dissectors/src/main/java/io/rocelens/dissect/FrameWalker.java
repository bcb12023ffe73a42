package io.rocelens.dissect;

import io.kaitai.struct.KaitaiStream;
import io.rocelens.capture.Frame;
import io.rocelens.capture.LinkType;
import io.rocelens.ksy.ArpPacket;
import io.rocelens.ksy.EnumTexts;
import io.rocelens.ksy.ErfHeader;
import io.rocelens.ksy.layout.AethLayout;
import io.rocelens.ksy.layout.BthLayout;
import io.rocelens.ksy.layout.DethLayout;
import io.rocelens.ksy.layout.ErspanLayout;
import io.rocelens.ksy.layout.ErspanPlatformSubHeaderLayout;
import io.rocelens.ksy.layout.EthernetHeaderEtherTypeOrTagLayout;
import io.rocelens.ksy.layout.EthernetHeaderLayout;
import io.rocelens.ksy.layout.GreLayout;
import io.rocelens.ksy.layout.GrhLayout;
import io.rocelens.ksy.layout.IbExtendedHeadersLayout;
import io.rocelens.ksy.layout.ImmdtLayout;
import io.rocelens.ksy.layout.Ipv4HeaderLayout;
import io.rocelens.ksy.layout.Ipv6HeaderLayout;
import io.rocelens.ksy.layout.LinuxSll2Layout;
import io.rocelens.ksy.layout.LinuxSllLayout;
import io.rocelens.ksy.layout.LrhLayout;
import io.rocelens.ksy.layout.RethLayout;
import io.rocelens.ksy.layout.TcpHeaderLayout;
import io.rocelens.ksy.layout.UdpHeaderLayout;
import io.rocelens.ksy.layout.VxlanLayout;
import io.rocelens.ksy.layout.XrcethLayout;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * Walks one frame down its layers with the fast Kaitai parsers and fills a {@link PacketSummary}. Each layer is a
 * {@link Step}; the hand-offs between layers go through the tables below, keyed by link type, EtherType, IP
 * protocol, GRE protocol type and UDP destination port (the RoCE ports are a preference, as in Wireshark, so each walker
 * holds its own and looks them up before the UDP table). A protocol family written as a {@link ProtocolModule} (LLC and
 * STP, LLDP and DCBX, the MADs, MAC Control) is its specs and one module, registered by one line in {@link #MODULES}.
 * Ethernet and VLAN ({@link EthernetModule}), the tunnels ({@link TunnelModule}: GRE, ERSPAN, VXLAN), the RoCE
 * transport ({@link RoceModule}), the InfiniBand link ({@link InfinibandLinkModule}: ERF, LRH, GRH), IP
 * ({@link IpModule}: IPv4, IPv6, UDP, TCP, ARP) and Linux cooked capture ({@link LinuxSllModule}) are modules too,
 * whose steps stay here (they keep the network layer's bounds for the tunnels and the ICRC and hand on through these
 * tables) and mark the headers for them. When asked, the walker also records where each header sits so the
 * detail dissector can re-read it with field positions. A frame that breaks a rule becomes a malformed summary;
 * nothing is thrown.
 */
final class FrameWalker {

    /** Reads the layer at {@code offset}, fills the summary, marks the header and hands on through a table. */
    @FunctionalInterface
    interface Step {
        void walk(FrameWalker walker, int offset);
    }

    private static final int GRH_NEXT_HEADER_BTH = 0x1b;
    private static final int BTH_LENGTH = 12;
    private static final int ICRC_LENGTH = 4;
    private static final int ERF_ETHERNET = 2;
    private static final int ERF_INFINIBAND = 21;
    private static final int LNH_IBA_LOCAL = 2;
    private static final int LNH_IBA_GLOBAL = 3;
    private static final int LRH_LENGTH = 8;
    private static final int GRH_LENGTH = 40;
    private static final int VCRC_LENGTH = 2;
    private static final int IP_PROTOCOL_GRE = 47;
    private static final int VXLAN_PORT = 4789;
    private static final int ERSPAN_II_LENGTH = 8;
    private static final int ERSPAN_III_LENGTH = 12;
    private static final int VXLAN_LENGTH = 8;
    /** The ERSPAN type III platform-specific sub-header, whatever its platform (erspan.ksy, platform_sub_header). */
    private static final int PLATFORM_SUB_HEADER_LENGTH = 8;
    /** IEEE 802.3 clause 3.2.6: a Length/Type value up to 1500 is a length, the frame's payload LLC. */
    private static final int IEEE_802_3_MAX_LENGTH = 1500;
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
    private static Step madPayload;
    private static final int UD_SEND_ONLY = 0x64;
    /** QP 1, the General Services Interface; QP 0, the Subnet Management Interface, below it. */
    private static final int GSI_QP = 1;

    /** Ethernet and its VLAN tags: read by the step here (it hands on by EtherType or to LLC), marked for the module. */
    private static final EthernetModule ETHERNET = new EthernetModule();
    /** GRE, ERSPAN and VXLAN: read by the steps here (the IP and UDP bounds of the inner frame), marked for the module. */
    private static final TunnelModule TUNNELS = new TunnelModule();
    /** The RoCE transport (BTH, extended headers, payload, ICRC and VCRC): the walk reads it here and marks it for the module. */
    static final RoceModule ROCE = new RoceModule();
    /** ERF, LRH and GRH: read by the steps here (they set the frame's times and addresses), marked for the module. */
    private static final InfinibandLinkModule IB_LINK = new InfinibandLinkModule();
    /** IPv4, IPv6, UDP, TCP and ARP: read by the steps here (the network layer's bounds), marked for the module. */
    static final IpModule IP = new IpModule();
    /** PAUSE and PFC: a whole module (its step hangs in the EtherType table); named here for the packet list's columns. */
    static final MacControlModule MAC_CONTROL = new MacControlModule();
    /** Linux cooked capture v1 and v2: read by the steps here, marked for the module. */
    private static final LinuxSllModule SLL = new LinuxSllModule();

    /** The protocol modules, each hanging its steps in the tables above (proto_register_* and proto_reg_handoff_*). */
    static final List<ProtocolModule> MODULES = List.of(
            ETHERNET,
            TUNNELS,
            SLL,
            IP,
            IB_LINK,
            ROCE,
            MAC_CONTROL,
            new LlcModule(),
            new LldpModule(),
            new CmModule());

    static {
        LINK_TYPES[LinkType.ETHERNET] = FrameWalker::ethernet;
        LINK_TYPES[LinkType.LINUX_SLL] = FrameWalker::linuxSll;
        LINK_TYPES[LinkType.LINUX_SLL2] = FrameWalker::linuxSll2;
        LINK_TYPES[LinkType.ERF] = FrameWalker::erf;
        LINK_TYPES[LinkType.INFINIBAND] = FrameWalker::infiniband;
        ERF_TYPES[ERF_ETHERNET] = FrameWalker::erfEthernet;
        ERF_TYPES[ERF_INFINIBAND] = FrameWalker::infiniband;
        ETHER_TYPES[0x0800] = FrameWalker::ipv4;
        ETHER_TYPES[0x0806] = FrameWalker::arp;
        ETHER_TYPES[0x86dd] = FrameWalker::ipv6;
        ETHER_TYPES[0x8915] = FrameWalker::roceV1;
        IP_PROTOCOLS[6] = FrameWalker::tcp;
        IP_PROTOCOLS[17] = FrameWalker::udp;
        IP_PROTOCOLS[IP_PROTOCOL_GRE] = FrameWalker::gre;
        UDP_PORTS[VXLAN_PORT] = FrameWalker::vxlan;
        GRE_PROTOCOLS[0x6558] = (walker, offset) -> walker.inner(PacketSummary.ENCAP_GRE, offset, FrameWalker::ethernet);
        GRE_PROTOCOLS[0x0800] = (walker, offset) -> walker.inner(PacketSummary.ENCAP_GRE, offset, FrameWalker::ipv4);
        GRE_PROTOCOLS[0x86dd] = (walker, offset) -> walker.inner(PacketSummary.ENCAP_GRE, offset, FrameWalker::ipv6);
        GRE_PROTOCOLS[0x88be] = FrameWalker::erspanII;
        GRE_PROTOCOLS[0x22eb] = FrameWalker::erspanIII;
        for (ProtocolModule module : MODULES) {
            module.handOff(new ProtocolModule.HandOff() {
                @Override
                public void etherType(int etherType, Step step) {
                    if (ETHER_TYPES[etherType] != null) {
                        throw new IllegalStateException(module + ": EtherType " + etherType + " is taken");
                    }
                    ETHER_TYPES[etherType] = step;
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
                    if (madPayload != null) {
                        throw new IllegalStateException(module + ": the payload of UD SEND Only to QP 0 or 1 is taken");
                    }
                    madPayload = step;
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

    private static final Step ROCE_V2 = FrameWalker::roceV2;

    /** This walker's RoCE ports, one bit per UDP port: they come before {@link #UDP_PORTS} (8 KB, not a table copy). */
    private final long[] rocePorts = new long[65536 / 64];
    private final Icrc icrc = new Icrc();

    FrameWalker(DissectorOptions options) {
        for (int port : options.rocePorts()) {
            rocePorts[port >>> 6] |= 1L << port;
        }
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

    private void ethernet(int offset) {
        layers++;   // Wireshark counts two layers here: eth and ethertype (frame.protocols "eth:ethertype:ip:...")
        enter("Ethernet", offset, 14);
        byte[] b = data.array();
        // the tags, then the element that is not a tag and holds the EtherType (ethernet_header.ksy: repeat until);
        // all read before anything is kept, as the parser of the whole header did
        int first = EthernetHeaderLayout.tagsAt(b, offset);
        int tag = first;
        int tags = 0;
        while (true) {
            readable(tag, 2);
            if (!EthernetHeaderEtherTypeOrTagLayout.isTag(b, tag)) {
                break;
            }
            readable(tag, EthernetHeaderEtherTypeOrTagLayout.sizeOf(b, tag));
            tag += EthernetHeaderEtherTypeOrTagLayout.sizeOf(b, tag);
            tags++;
        }
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
        mark(ETHERNET, 0, offset, end - offset);
        int type = EthernetHeaderEtherTypeOrTagLayout.tpid(b, tag);
        if (type <= IEEE_802_3_MAX_LENGTH) {
            summary.etherType = type;
            if (ieee8023Length != null) {
                ieee8023Length.walk(this, end);
            }
            return;
        }
        etherType(type, end);
    }

    /** An ERF record: its header (and extension headers), then the packet its record type names. */
    private void erf(int offset) {
        enter("ERF", offset, 16);
        ErfHeader erf = new ErfHeader(io);
        int end = (int) io.pos();
        mark(IB_LINK, InfinibandLinkModule.ERF, offset, end - offset);
        // as tshark (wiretap/erf.c): the frame's time is the record's, to the nanosecond, its length on the wire the
        // record's wlen, and what was captured the bytes after the ERF header
        summary.timestampNanos = erfNanos(erf.timestamp());
        summary.originalLength = erf.wireLength();
        summary.capturedLength = data.limit() - end;
        int type = (int) erf.recordType();
        Step step = ERF_TYPES[type];
        if (step != null) {
            step.walk(this, end);
        } else {
            summary.notDissected = ERF_NOT_DISSECTED[type];
        }
    }

    /**
     * An ERF timestamp (32.32 fixed-point seconds since 1970) in nanoseconds, rounded as wiretap's erf.c rounds it
     * (so frame.time agrees with tshark's to the nanosecond).
     */
    static long erfNanos(long timestamp) {
        long seconds = timestamp >>> 32;
        long fraction = (timestamp & 0xffffffffL) * 1_000_000_000L;
        fraction += (fraction & 0x80000000L) << 1;
        long nanos = fraction >>> 32;
        if (nanos >= 1_000_000_000L) {
            nanos -= 1_000_000_000L;
            seconds++;
        }
        return seconds * 1_000_000_000L + nanos;
    }

    /** ERF Ethernet records put two bytes of offset and padding before the MAC header. */
    private void erfEthernet(int offset) {
        ethernet(offset + 2);
    }

    /**
     * A native InfiniBand packet: LRH, then (LNH "IBA global") a GRH, then the BTH and the rest as for RoCE up to
     * the ICRC, which ends PktLen words after the LRH starts, then the VCRC. Flows are keyed by the GIDs when there
     * is a GRH, else by the LIDs.
     */
    private void infiniband(int offset) {
        enter("LRH", offset, LRH_LENGTH);
        byte[] b = data.array();
        summary.kinds |= PacketSummary.INFINIBAND;
        summary.lrhVl = LrhLayout.virtualLane(b, offset);
        summary.lrhSl = LrhLayout.serviceLevel(b, offset);
        int lnh = LrhLayout.linkNextHeader(b, offset);
        summary.lrhLnh = lnh;
        summary.lrhDlid = LrhLayout.destinationLid(b, offset);
        summary.lrhSlid = LrhLayout.sourceLid(b, offset);
        mark(IB_LINK, InfinibandLinkModule.LRH, offset, LRH_LENGTH);
        int words = LrhLayout.packetLength(b, offset);
        int packetLength = words * 4;
        int end = offset + packetLength;
        if (packetLength < LRH_LENGTH) {
            malformed("LRH packet length " + words + " words (" + packetLength + " bytes) is shorter"
                    + " than the LRH itself (" + LRH_LENGTH + " bytes)");
        }
        if (lnh == LNH_IBA_GLOBAL || lnh == LNH_IBA_LOCAL) {
            // a packet length that cannot hold the headers it announces (Wireshark: "Invalid Packet Length from LRH!")
            int least = LRH_LENGTH + (lnh == LNH_IBA_GLOBAL ? GRH_LENGTH : 0) + BTH_LENGTH + ICRC_LENGTH;
            if (packetLength < least) {
                malformed("LRH packet length " + words + " words (" + packetLength + " bytes) is shorter"
                        + " than its LRH, " + (lnh == LNH_IBA_GLOBAL ? "GRH, " : "") + "BTH and ICRC (" + least
                        + " bytes)");
            }
        }
        checkEnd("LRH packet length " + words + " words (", packetLength, end + VCRC_LENGTH);
        if (lnh == LNH_IBA_GLOBAL) {
            int grhOffset = offset + LRH_LENGTH;
            grh(grhOffset);
            int nextHeader = GrhLayout.nextHeader(b, grhOffset);
            if (nextHeader != GRH_NEXT_HEADER_BTH) {
                malformed(String.format("GRH next header 0x%02x is not a BTH (0x1b)", nextHeader));
            }
            bth(PacketSummary.INFINIBAND, grhOffset + GRH_LENGTH, end, offset, Icrc.IB_GLOBAL);
        } else if (lnh == LNH_IBA_LOCAL) {
            summary.ipSrcHi = Addresses.LID_HIGH;
            summary.ipSrcLo = summary.lrhSlid;
            summary.ipDstHi = Addresses.LID_HIGH;
            summary.ipDstLo = summary.lrhDlid;
            bth(PacketSummary.INFINIBAND, offset + LRH_LENGTH, end, offset, Icrc.IB_LOCAL);
        } else {
            return;   // a raw packet, not IBA transport: the LRH is all there is to show
        }
        if (end + VCRC_LENGTH > data.limit()) {
            summary.vcrcStatus = PacketSummary.ICRC_UNCHECKED;
            mark(ROCE, RoceModule.VCRC, Math.min(end, data.limit()), 0);
            return;
        }
        mark(ROCE, RoceModule.VCRC, end, VCRC_LENGTH);
        int stored = Short.toUnsignedInt(Short.reverseBytes(data.getShort(end)));
        summary.vcrcStatus = stored == Vcrc.compute(data, offset, end) ? PacketSummary.ICRC_GOOD : PacketSummary.ICRC_BAD;
    }

    private void linuxSll(int offset) {
        enter("Linux cooked", offset, LinuxSllLayout.SIZE);
        mark(SLL, LinuxSllModule.V1, offset, LinuxSllLayout.SIZE);
        etherType(LinuxSllLayout.protocol(data.array(), offset), offset + LinuxSllLayout.SIZE);
    }

    private void linuxSll2(int offset) {
        enter("Linux cooked v2", offset, LinuxSll2Layout.SIZE);
        mark(SLL, LinuxSllModule.V2, offset, LinuxSll2Layout.SIZE);
        etherType(LinuxSll2Layout.protocol(data.array(), offset), offset + LinuxSll2Layout.SIZE);
    }

    /** Hands on to the layer the EtherType names; LLDP and the rest are not RoCE and stay undissected. */
    private void etherType(int etherType, int offset) {
        summary.etherType = etherType;
        Step step = ETHER_TYPES[etherType];
        if (step != null) {
            step.walk(this, offset);
        }
    }

    /** Hands on to the transport the IP protocol names, within the IP payload that ends at {@code end}. */
    private void ipPayload(int protocol, int offset, int start, int kind, int end) {
        l3Offset = start;
        l3Kind = kind;
        l3End = end;
        summary.transportProtocol = protocol;
        Step step = IP_PROTOCOLS[protocol];
        if (step != null) {
            step.walk(this, offset);
        }
    }

    private void ipv4(int offset) {
        enter("IPv4", offset, 20);
        byte[] b = data.array();
        int headerLength = Ipv4HeaderLayout.lenHeader(b, offset);
        if (Ipv4HeaderLayout.optionsIsPresent(b, offset)) {
            readable(offset, headerLength);
        }
        int version = Ipv4HeaderLayout.version(b, offset);
        if (version != 4 || headerLength < 20) {
            malformed("IPv4 header has version " + version + " and header length " + headerLength);
        }
        summary.kinds |= PacketSummary.IPV4;
        summary.ipSrcLo = Addresses.ipv4Mapped(Ipv4HeaderLayout.srcAddr(b, offset));
        summary.ipDstLo = Addresses.ipv4Mapped(Ipv4HeaderLayout.dstAddr(b, offset));
        summary.dscp = Ipv4HeaderLayout.dscp(b, offset);
        summary.ecn = Ipv4HeaderLayout.ecn(b, offset);
        summary.ttl = Ipv4HeaderLayout.ttl(b, offset);
        int protocol = Ipv4HeaderLayout.protocol(b, offset);
        summary.ipProtocol = protocol;
        mark(IP, IpModule.IPV4, offset, headerLength);
        int totalLength = Ipv4HeaderLayout.totalLength(b, offset);
        if (totalLength < headerLength) {
            malformed("IPv4 total length " + totalLength + " is shorter than its header (" + headerLength + ")");
        }
        int end = offset + totalLength;
        checkEnd("IPv4 total length ", totalLength, end);
        if (Ipv4HeaderLayout.moreFragments(b, offset) || Ipv4HeaderLayout.fragmentOffset(b, offset) != 0) {
            return;
        }
        ipPayload(protocol, offset + headerLength, offset, 4, end);
    }

    private void ipv6(int offset) {
        enter("IPv6", offset, Ipv6HeaderLayout.SIZE);
        byte[] b = data.array();
        int version = Ipv6HeaderLayout.version(b, offset);
        if (version != 6) {
            malformed("IPv6 header has version " + version);
        }
        summary.kinds |= PacketSummary.IPV6;
        addresses(Ipv6HeaderLayout.srcAddrAt(b, offset), Ipv6HeaderLayout.dstAddrAt(b, offset));
        summary.dscp = Ipv6HeaderLayout.dscp(b, offset);
        summary.ecn = Ipv6HeaderLayout.ecn(b, offset);
        summary.ttl = Ipv6HeaderLayout.hopLimit(b, offset);
        int next = Ipv6HeaderLayout.nextHeader(b, offset);
        summary.ipProtocol = next;
        mark(IP, IpModule.IPV6, offset, Ipv6HeaderLayout.SIZE);
        int payloadLength = Ipv6HeaderLayout.payloadLength(b, offset);
        int end = offset + Ipv6HeaderLayout.SIZE + payloadLength;
        checkEnd("IPv6 payload length ", payloadLength, end);
        // past hop-by-hop options (0), routing (43) and destination options (60), each 8 + 8 * its length byte long
        int at = offset + 40;
        for (int headers = 0; headers < 8 && (next == 0 || next == 43 || next == 60) && at < end; headers++) {
            need(at, 2);
            int following = data.get(at) & 0xff;
            at += 8 + 8 * (data.get(at + 1) & 0xff);
            next = following;
        }
        ipPayload(next, at, offset, 6, end);
    }

    private void tcp(int offset) {
        int ipEnd = l3End;
        enter("TCP", offset, TcpHeaderLayout.SIZE);
        byte[] b = data.array();
        summary.kinds |= PacketSummary.TCP;
        summary.tcpSrcPort = TcpHeaderLayout.srcPort(b, offset);
        summary.tcpDstPort = TcpHeaderLayout.dstPort(b, offset);
        summary.tcpFlags = TcpHeaderLayout.flags(b, offset);
        int headerLength = TcpHeaderLayout.dataOffset(b, offset) * 4;
        mark(IP, IpModule.TCP, offset, Math.max(20, Math.min(headerLength, data.limit() - offset)));
        if (headerLength < 20 || offset + headerLength > ipEnd) {
            malformed("TCP header length " + headerLength + " does not fit the IP payload of " + (ipEnd - offset)
                    + " bytes");
        }
        summary.tcpPayloadLength = ipEnd - offset - headerLength;
    }

    private void arp(int offset) {
        enter("ARP", offset, 8);
        ArpPacket arp = new ArpPacket(io);
        summary.kinds |= PacketSummary.ARP;
        mark(IP, IpModule.ARP, offset, (int) io.pos() - offset);
        if (arp.lenHardwareAddr() == 6 && arp.lenProtocolAddr() == 4) {
            summary.arpOperation = arp.operation();
            summary.arpSenderMac = Addresses.number(arp.sender().hwAddr());
            summary.arpSenderIp = Addresses.number(arp.sender().protoAddr());
            summary.arpTargetIp = Addresses.number(arp.target().protoAddr());
        }
    }

    private void udp(int offset) {
        int ipEnd = l3End;
        enter("UDP", offset, UdpHeaderLayout.SIZE);
        byte[] b = data.array();
        int port = UdpHeaderLayout.dstPort(b, offset);
        int length = UdpHeaderLayout.lenDatagram(b, offset);
        summary.kinds |= PacketSummary.UDP;
        summary.udpSrcPort = UdpHeaderLayout.srcPort(b, offset);
        summary.udpDstPort = port;
        summary.udpLength = length;
        mark(IP, IpModule.UDP, offset, UdpHeaderLayout.SIZE);
        if (length < 8 || offset + length > ipEnd) {
            malformed("UDP length " + length + " does not fit the IP payload of " + (ipEnd - offset) + " bytes");
        }
        Step step = (rocePorts[port >>> 6] & 1L << port) != 0 ? ROCE_V2 : UDP_PORTS[port];
        if (step != null) {
            udpEnd = offset + length;
            step.walk(this, offset + 8);
        }
    }

    private void roceV2(int offset) {
        bth(PacketSummary.ROCEV2, offset, udpEnd, l3Offset, l3Kind);
    }

    private void roceV1(int offset) {
        grh(offset);
        byte[] b = data.array();
        int trafficClass = GrhLayout.trafficClass(b, offset);
        summary.dscp = trafficClass >>> 2;
        summary.ecn = trafficClass & 3;
        int payloadLength = GrhLayout.payloadLength(b, offset);
        int end = offset + GRH_LENGTH + payloadLength;
        checkEnd("GRH payload length ", payloadLength, end);
        int nextHeader = GrhLayout.nextHeader(b, offset);
        if (nextHeader != GRH_NEXT_HEADER_BTH) {
            malformed(String.format("GRH next header 0x%02x is not a BTH (0x1b)", nextHeader));
        }
        bth(PacketSummary.ROCEV1, offset + 40, end, offset, 1);
    }

    /** The frame's source and destination from two 16-byte addresses (IPv6 addresses or GIDs) in the frame. */
    private void addresses(int source, int destination) {
        byte[] b = data.array();
        summary.ipSrcHi = Addresses.high(b, source);
        summary.ipSrcLo = Addresses.low(b, source);
        summary.ipDstHi = Addresses.high(b, destination);
        summary.ipDstLo = Addresses.low(b, destination);
    }

    /** Reads a GRH, whose GIDs become the frame's addresses. */
    private void grh(int offset) {
        enter("GRH", offset, GRH_LENGTH);
        summary.kinds |= PacketSummary.GRH;
        addresses(GrhLayout.sgidAt(data.array(), offset), GrhLayout.dgidAt(data.array(), offset));
        mark(IB_LINK, InfinibandLinkModule.GRH, offset, GRH_LENGTH);
    }

    /** @param roceKind ROCEV2, ROCEV1 or INFINIBAND, set once a BTH is read */
    private void bth(int roceKind, int offset, int end, int l3Offset, int l3Kind) {
        layerName = "BTH";
        summary.kinds |= PacketSummary.ROCE_TRANSPORT;
        if (end - offset < BTH_LENGTH + ICRC_LENGTH) {
            malformed("RoCE payload of " + (end - offset) + " bytes is too short for a BTH and an ICRC (16 bytes)");
        }
        need(offset, BTH_LENGTH);
        byte[] b = data.array();
        int opcode = BthLayout.opcode(b, offset);
        summary.kinds |= roceKind;
        summary.opcode = opcode;
        summary.solicitedEvent = BthLayout.se(b, offset);
        summary.padCount = BthLayout.padCount(b, offset);
        summary.pkey = BthLayout.pkey(b, offset);
        summary.fecn = BthLayout.fecn(b, offset);
        summary.becn = BthLayout.becn(b, offset);
        summary.destQp = BthLayout.destQp(b, offset);
        summary.ackRequest = BthLayout.ackReq(b, offset);
        summary.psn = BthLayout.psn(b, offset);
        mark(ROCE, RoceModule.BTH, offset, BTH_LENGTH);
        if (IbOpcodes.isReserved(opcode)) {
            malformed(String.format("BTH opcode 0x%02x is reserved", opcode));
        }
        int tver = BthLayout.tver(b, offset);
        if (tver != 0) {
            malformed("BTH header version " + tver + " is not 0");
        }

        layerName = "extended transport";
        int extendedOffset = offset + BTH_LENGTH;
        int captured = data.limit();
        int extendedLength = IbExtendedHeadersLayout.lenHeaders(opcode);
        if (!cutBySnapLength()) {
            readable(extendedOffset, extendedLength);   // cut by the snap length, only what was captured is read
        }
        if (extendedOffset + extendedLength + ICRC_LENGTH > end) {
            malformed("RoCE payload is too short for the extended headers of " + IbOpcodes.name(opcode));
        }
        if (extendedLength > 0 && extendedOffset < captured) {
            mark(ROCE, RoceModule.EXTENDED_HEADERS, extendedOffset, Math.min(extendedLength, captured - extendedOffset));
        }
        extendedHeaders(opcode, extendedOffset, captured);

        int payloadOffset = extendedOffset + extendedLength;
        int icrcOffset = end - ICRC_LENGTH;
        int payloadLength = icrcOffset - summary.padCount - payloadOffset;
        if (payloadLength < 0) {
            malformed("pad count " + summary.padCount + " is longer than the payload");
        }
        summary.payloadLength = payloadLength;
        if (payloadLength + summary.padCount > 0) {
            int from = Math.min(payloadOffset, captured);
            mark(ROCE, RoceModule.PAYLOAD, from, Math.max(0, Math.min(icrcOffset, captured) - from));
        }
        if (madPayload != null && opcode == UD_SEND_ONLY && summary.destQp <= GSI_QP && payloadLength > 0
                && payloadOffset + payloadLength <= captured) {
            madPayload.walk(this, payloadOffset);   // a MAD, wholly captured; summary.payloadLength is its length
        }
        if (end > data.limit()) {
            summary.icrcStatus = PacketSummary.ICRC_UNCHECKED;
            mark(ROCE, RoceModule.ICRC, Math.min(icrcOffset, data.limit()), 0);   // nothing of it was captured
            return;
        }
        mark(ROCE, RoceModule.ICRC, icrcOffset, ICRC_LENGTH);
        int stored = Integer.reverseBytes(data.getInt(icrcOffset));
        int computed = icrc.compute(data, l3Offset, l3Kind, offset, icrcOffset);
        summary.icrcStatus = stored == computed ? PacketSummary.ICRC_GOOD : PacketSummary.ICRC_BAD;
        summary.icrc = stored & 0xFFFF_FFFFL;
    }

    /**
     * The values of the extended headers that are wholly captured (all of them unless the snap length cut the
     * frame: a header is then present exactly when its bytes are there, as in Wireshark), at the places the opcode
     * gives them in {@code ib_extended_headers.ksy}.
     */
    private void extendedHeaders(int opcode, int at, int captured) {
        byte[] b = data.array();
        if (IbExtendedHeadersLayout.hasXrceth(opcode)) {
            int xrceth = IbExtendedHeadersLayout.xrcethAt(b, at, opcode);
            if (xrceth + XrcethLayout.SIZE <= captured) {
                summary.xrcSrq = XrcethLayout.xrcSrq(b, xrceth);
            }
        }
        if (IbExtendedHeadersLayout.hasDeth(opcode)) {
            int deth = IbExtendedHeadersLayout.dethAt(b, at, opcode);
            if (deth + DethLayout.SIZE <= captured) {
                summary.dethQkey = DethLayout.qkey(b, deth);
                summary.dethSrcQp = DethLayout.srcQp(b, deth);
            }
        }
        if (IbExtendedHeadersLayout.hasReth(opcode)) {
            int reth = IbExtendedHeadersLayout.rethAt(b, at, opcode);
            if (reth + RethLayout.SIZE <= captured) {
                summary.rethVa = RethLayout.va(b, reth);
                summary.rethRkey = RethLayout.rkey(b, reth);
                summary.rethDmaLength = RethLayout.dmaLength(b, reth);
            }
        }
        if (IbExtendedHeadersLayout.hasAeth(opcode)) {
            int aeth = IbExtendedHeadersLayout.aethAt(b, at, opcode);
            if (aeth + AethLayout.SIZE <= captured) {
                summary.aethSyndrome = AethLayout.syndrome(b, aeth);
                summary.aethMsn = AethLayout.msn(b, aeth);
            }
        }
        if (IbExtendedHeadersLayout.hasImmDt(opcode)) {
            int immDt = IbExtendedHeadersLayout.immDtAt(b, at, opcode);
            if (immDt + ImmdtLayout.SIZE <= captured) {
                summary.hasImmediate = true;
                summary.immediate = (int) ImmdtLayout.data(b, immDt);
            }
        }
    }

    /**
     * A GRE header, then what its protocol type names, up to the end of the IP payload. PPTP's version 1 and RFC 1701
     * source routing carry no mirrored frame: the GRE header is all that is shown of them.
     */
    private void gre(int offset) {
        int ipEnd = l3End;
        enter("GRE", offset, 4);
        byte[] b = data.array();
        int end = offset + GreLayout.sizeOf(b, offset);
        readable(offset, end - offset);
        mark(TUNNELS, TunnelModule.GRE, offset, end - offset);
        Step step = GRE_PROTOCOLS[GreLayout.protocolType(b, offset)];
        if (step == null || GreLayout.version(b, offset) != 0 || GreLayout.routingPresent(b, offset)) {
            return;
        }
        tunnelEnd = ipEnd;
        greSequence = GreLayout.sequencePresent(b, offset);
        step.walk(this, end);
    }

    /** GRE protocol 0x88BE: ERSPAN type II when the GRE header has a sequence number, else type I (no ERSPAN header). */
    private void erspanII(int offset) {
        if (!greSequence) {
            inner(PacketSummary.ENCAP_ERSPAN1, offset, FrameWalker::ethernet);
            return;
        }
        enter("ERSPAN", offset, ERSPAN_II_LENGTH);
        mark(TUNNELS, TunnelModule.ERSPAN_II, offset, ERSPAN_II_LENGTH);
        int version = ErspanLayout.version(data.array(), offset, false);
        if (version != 1) {
            malformed("ERSPAN version " + version + " after GRE protocol 0x88be (type II is version 1)");
        }
        inner(PacketSummary.ENCAP_ERSPAN2, offset + ERSPAN_II_LENGTH, FrameWalker::ethernet);
    }

    /** GRE protocol 0x22EB: ERSPAN type III, its platform sub-header when the O bit says so, then the frame. */
    private void erspanIII(int offset) {
        enter("ERSPAN", offset, ERSPAN_III_LENGTH);
        byte[] b = data.array();
        int end = offset + ERSPAN_III_LENGTH;
        if (ErspanLayout.subHeaderIsPresent(b, offset, true)) {
            end = ErspanLayout.subHeaderAt(b, offset, true) + PLATFORM_SUB_HEADER_LENGTH;
            readable(offset, end - offset);
        }
        mark(TUNNELS, TunnelModule.ERSPAN_III, offset, end - offset);
        int version = ErspanLayout.version(b, offset, true);
        if (version != 2) {
            malformed("ERSPAN version " + version + " after GRE protocol 0x22eb (type III is version 2)");
        }
        if (ErspanLayout.frameType(b, offset, true) == 0) {   // frame type 0 is an Ethernet frame; others (2: an IP packet) are not read
            inner(PacketSummary.ENCAP_ERSPAN3, end, FrameWalker::ethernet);
        }
    }

    /** A VXLAN header, then the inner Ethernet frame up to the end of the UDP datagram. */
    private void vxlan(int offset) {
        enter("VXLAN", offset, VXLAN_LENGTH);
        mark(TUNNELS, TunnelModule.VXLAN, offset, VXLAN_LENGTH);
        tunnelEnd = udpEnd;
        inner(PacketSummary.ENCAP_VXLAN, offset + VXLAN_LENGTH, FrameWalker::ethernet);
    }

    /**
     * Walks the frame a tunnel carries from {@code offset} to {@link #tunnelEnd}: the summary then describes it as if
     * it had been captured where it was mirrored (its addresses, priority, length, ICRC).
     */
    private void inner(int how, int offset, Step first) {
        if (offset > tunnelEnd) {
            malformed(layerName + " header runs " + (offset - tunnelEnd) + " bytes past the end of its packet");
        }
        summary.encapsulated(how, offset, tunnelEnd - offset);
        first.walk(this, offset);
    }

    /** The summary being filled, for a module's step. */
    PacketSummary summary() {
        return summary;
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
    private void need(int offset, int length) {
        if (offset + length > data.limit()) {
            if (!cutBySnapLength()) {
                malformed(layerName + " header needs " + length + " bytes at offset " + offset + ", the frame has "
                        + Math.max(0, data.limit() - offset));
            }
            throw STOP;
        }
    }

    /** A length field pointing past the captured bytes is fine when the snap length cut the frame, not otherwise. */
    private void checkEnd(String lengthField, int length, int end) {
        if (end > data.limit() && !cutBySnapLength()) {
            malformed(lengthField + length + (lengthField.endsWith("(") ? " bytes)" : "")
                    + " runs past the end of the frame (" + data.limit() + " bytes)");
        }
    }

    private boolean cutBySnapLength() {
        return summary.capturedLength < summary.originalLength;
    }

    private void malformed(String reason) {
        summary.kinds |= PacketSummary.MALFORMED;
        summary.malformedReason = reason;
        throw STOP;
    }
}
