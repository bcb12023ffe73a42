package io.rocelens.dissect;

/**
 * The values of one frame that the analysis pass needs, flat and primitive so one instance is reused for every
 * frame of a capture (the bulk pass allocates nothing per frame for it). {@link #clear()} resets it before each
 * frame. Fields not present in the frame keep their cleared values (-1 for numbers, false for flags).
 *
 * <p>This is the contract between the fast dissector and the analyzers; the detail tree uses {@code Dissection}.
 */
public final class PacketSummary {

    /** What the frame holds, as bits of {@link #kinds}. */
    public static final int ETHERNET = 1;
    public static final int VLAN = 1 << 1;
    public static final int IPV4 = 1 << 2;
    public static final int IPV6 = 1 << 3;
    public static final int UDP = 1 << 4;
    /** RoCEv2: UDP to a configured RoCE port with a BTH. */
    public static final int ROCEV2 = 1 << 5;
    /** RoCEv1: EtherType 0x8915, GRH then BTH. */
    public static final int ROCEV1 = 1 << 6;
    /** 802.3x PAUSE (MAC Control opcode 0x0001). */
    public static final int PAUSE = 1 << 7;
    /** 802.1Qbb PFC (MAC Control opcode 0x0101). */
    public static final int PFC = 1 << 8;
    /** Some layer could not be decoded; {@link #malformedReason} says why. */
    public static final int MALFORMED = 1 << 9;
    public static final int TCP = 1 << 10;
    public static final int ARP = 1 << 11;
    /**
     * Handed to RoCE (UDP to a RoCE port, or the RoCEv1 EtherType after its GRH), even when too short for a BTH:
     * what Wireshark's {@code infiniband} protocol means. {@link #ROCEV2} and {@link #ROCEV1} need a decoded BTH.
     */
    public static final int ROCE_TRANSPORT = 1 << 12;
    /** Native InfiniBand: LRH (then GRH when LNH says so), BTH; the addresses are LIDs or GIDs. */
    public static final int INFINIBAND = 1 << 13;
    /**
     * The frame carries another frame (a switch's ERSPAN mirror, a GRE or VXLAN tunnel): from Ethernet on, the fields
     * describe the inner frame, as if captured at the mirror source; {@link #encapsulation} says how it was carried.
     */
    public static final int ENCAPSULATED = 1 << 14;
    /** IEEE 802.2 LLC after an IEEE 802.3 length field (a Length/Type of 1500 or less): {@link #etherType} is that length. */
    public static final int LLC = 1 << 15;
    /** A spanning-tree BPDU (LLC SAP 0x42). */
    public static final int STP = 1 << 16;
    /** A GRH was read: RoCEv1, or native InfiniBand with LNH "IBA global" (whether or not a BTH follows). */
    public static final int GRH = 1 << 17;

    /** Values of {@link #encapsulation}: how the inner frame was carried, named by {@link #ENCAPSULATION_NAMES}. */
    public static final int ENCAP_NONE = 0;
    public static final int ENCAP_GRE = 1;
    public static final int ENCAP_ERSPAN1 = 2;
    public static final int ENCAP_ERSPAN2 = 3;
    public static final int ENCAP_ERSPAN3 = 4;
    public static final int ENCAP_VXLAN = 5;
    /** The {@code roce.encap} values, by {@link #encapsulation}. */
    public static final java.util.List<String> ENCAPSULATION_NAMES =
            java.util.List.of("", "gre", "erspan1", "erspan2", "erspan3", "vxlan");

    /** {@link #firstTimestampNanos} and {@link #previousTimestampNanos} when nobody has set them. */
    public static final long NO_TIME = Long.MIN_VALUE;

    public static final int ICRC_NONE = 0;
    public static final int ICRC_GOOD = 1;
    public static final int ICRC_BAD = 2;
    /** The frame was cut by the snap length, so the ICRC could not be checked. */
    public static final int ICRC_UNCHECKED = 3;

    // frame
    public long number;
    public long timestampNanos;
    /**
     * The capture's first frame's timestamp and the previous frame's (this frame's own for the first), what
     * {@code frame.time_relative} and {@code frame.time_delta} are measured from; {@link #NO_TIME} until whoever
     * delivers the frames in capture order sets them (a {@link FrameClock}, or the packet index), never the dissector.
     */
    public long firstTimestampNanos = NO_TIME;
    public long previousTimestampNanos = NO_TIME;
    public int originalLength;
    public int capturedLength;
    /** Where the frame's record starts in its file (for {@code CaptureFile.frameAt}), or -1 for a live frame. */
    public long fileOffset;
    /**
     * pcapng interface id within the frame's section ({@code frame.interface_id}); for an ERF record in a pcap file the
     * ERF header's capture interface, as tshark numbers it; -1 for other pcap frames, which name no interface.
     */
    public int interfaceId;
    public int kinds;

    // encapsulation (the innermost one when tunnels nest)
    /** {@link #ENCAP_NONE}, or how the inner frame was carried. */
    public int encapsulation;
    /** Where the inner frame starts in the captured bytes; 0 without encapsulation. */
    public int innerOffset;
    /** The inner frame's length, from the outer IP or UDP length (so a frame cut by the snap length keeps it); -1 without. */
    public int innerLength;
    /** How many tunnels the frame went through: 0 plain, 1 mirrored or tunnelled once, more when tunnels nest. */
    public int encapsulationDepth;
    /**
     * The outermost headers of a frame carried once ({@link #encapsulationDepth} 1): its Ethernet, VLAN, IP and UDP
     * values as they were before the inner frame replaced them, as a summary of its own (kinds among ETHERNET, VLAN,
     * IPV4, IPV6, UDP); so a filter on a field that such a frame has twice, outside and inside, needs no detail.
     * Made on the first such frame and reused; stale when the depth is not 1.
     */
    public PacketSummary outer;

    // Ethernet: MAC addresses as the low 48 bits of a long
    public long ethSrc;
    public long ethDst;
    /** EtherType after the last VLAN tag. */
    public int etherType;
    /** PCP of the outermost VLAN tag, or -1 when untagged. */
    public int vlanPcp;
    public int vlanId;
    /** VLAN tags in the frame (stacked 802.1Q / 802.1ad); only the outermost one's PCP and ID are held here. */
    public int vlanTags;

    // IP: IPv4 addresses are stored IPv4-mapped (::ffff:a.b.c.d) so one key type serves both versions
    public long ipSrcHi;
    public long ipSrcLo;
    public long ipDstHi;
    public long ipDstLo;
    public int dscp;
    /** 0 Not-ECT, 1 ECT(1), 2 ECT(0), 3 CE. */
    public int ecn;
    /** IPv4 TTL or IPv6 hop limit; -1 without IP. */
    public int ttl;
    /** IPv4 protocol or IPv6 next header; -1 without IP. */
    public int ipProtocol;
    /** The protocol the IP payload was handed to, after any IPv6 hop-by-hop, routing and destination options; -1 without. */
    public int transportProtocol;
    /** IPv4 total length or IPv6 payload length; -1 without IP. */
    public int ipLength;
    /** IPv4 header length in bytes; -1 without IPv4. */
    public int ipHeaderLength;
    /** IPv4 identification; -1 without IPv4. */
    public int ipId;
    /** IPv4 flags: reserved, DF, MF, most significant first; -1 without IPv4. */
    public int ipFlags;
    /** IPv4 fragment offset in 8-byte units; -1 without IPv4. */
    public int ipFragmentOffset;
    /** IPv4 header checksum as sent (not verified); -1 without IPv4. */
    public int ipChecksum;
    /** IPv6 flow label; -1 without IPv6. */
    public int ipv6FlowLabel;

    // UDP
    public int udpSrcPort;
    public int udpDstPort;
    public int udpLength;
    /** UDP checksum as sent (0: none); -1 without UDP. */
    public int udpChecksum;

    // the tunnel a mirrored frame came in (kept in outer with the headers before it); -1 without
    public int greProtocol;
    public int erspanVersion;
    public int erspanSessionId;
    public int erspanVlan;
    public int vxlanVni;

    // TCP (named in the packet list; not analysed)
    public int tcpSrcPort;
    public int tcpDstPort;
    /** CWR ECE URG ACK PSH RST SYN FIN, most significant first. */
    public int tcpFlags;
    public int tcpPayloadLength;

    // ARP over Ethernet/IPv4: 1 request, 2 reply; -1 otherwise
    public int arpOperation;
    public long arpSenderMac;
    public long arpSenderIp;
    public long arpTargetIp;

    // LRH of native InfiniBand; -1 otherwise
    public int lrhVl;
    public int lrhSl;
    public int lrhLnh;
    public int lrhDlid;
    public int lrhSlid;
    /** VCRC of native InfiniBand, as {@link #icrcStatus}. */
    public int vcrcStatus;

    // BTH
    public int opcode;
    public boolean solicitedEvent;
    public boolean migReq;
    /** The BTH's transport header version (0); -1 without a BTH. */
    public int bthVersion;
    public int padCount;
    public int pkey;
    public boolean fecn;
    public boolean becn;
    public int destQp;
    public boolean ackRequest;
    public int psn;

    // extended headers; -1 when absent
    /** XRCETH shared receive queue of an XRC request; -1 otherwise. */
    public int xrcSrq;
    public long rethVa;
    public long rethRkey;
    public long rethDmaLength;
    /** AETH syndrome byte; -1 when the frame has no AETH. */
    public int aethSyndrome;
    public int aethMsn;
    public long dethQkey;
    /** DETH source QP; -1 when the frame has no DETH. */
    public int dethSrcQp;
    /** Immediate data; valid when {@link #hasImmediate}. */
    public int immediate;
    public boolean hasImmediate;

    /** RDMA payload bytes after BTH and extended headers, before pad and ICRC, from the UDP length (so
     * header-only captures still count full payloads); -1 when not RoCE. */
    public int payloadLength;
    public int icrcStatus;
    /**
     * The ICRC as stored in the frame (its four bytes read little-endian, the order it is computed in), unsigned;
     * -1 when the snap length cut it or the frame has none. It masks what a hop may rewrite (DSCP, ECN, TTL), so it
     * names one packet at every point of a path.
     */
    public long icrc;

    // MAC Control
    /** 802.3x PAUSE time in quanta; -1 when not a PAUSE frame. */
    public int pauseQuanta;
    /**
     * The frame's layer shape as {@link Dissector#shape} gives it (two numbers a marked header), when the walk that
     * made this summary recorded it ({@link FastDissector#recordingLayerShapes}): {@link #layerShapeLength} numbers
     * from the start, -1 when not recorded. Counted over every layer, a tunnel's outer ones too.
     */
    public int[] layerShape = new int[16];
    public int layerShapeLength;

    /** PFC class-enable vector (bit n = priority n); -1 when not a PFC frame. */
    public int pfcClassEnable;
    /** PFC time per priority in quanta, valid when {@link #pfcClassEnable} is not -1. */
    public final int[] pfcTime = new int[8];

    // LLC (IEEE 802.3 length frames); -1 otherwise
    public int llcDsap;
    public int llcSsap;
    /** STP BPDU type (0x00 Configuration, 0x02 RST, 0x80 TCN); -1 otherwise. */
    public int stpType;

    // protocol modules
    /** The last {@link ProtocolModule} the walk entered (its Protocol column and Info), or null. */
    ProtocolModule module;
    /** The Info column text that module made while walking (LLDP: chassis, port, TTL, system name), or null. */
    public String moduleInfo;

    // DCBX (IEEE 802.1Qaz, in LLDP); -1 when the frame has no such TLV
    /** PFC Configuration TLV: bit n set when PFC is enabled on priority n. */
    public int dcbxPfcEnable;
    /** ETS Configuration TLV: the traffic class of priority n in bits 4n to 4n+3. */
    public int dcbxEtsTcOfPriority;
    /** ETS Configuration TLV: the bandwidth share (percent) of traffic class n in bits 8n to 8n+7. */
    public long dcbxEtsBandwidth;
    /** ETS Configuration TLV: the transmission selection algorithm of traffic class n in bits 8n to 8n+7 (2 is ETS). */
    public long dcbxEtsTsa;

    // MADs on QP 0 or 1 (CmModule); -1 when the frame carries none
    /** The MAD's management class (0x07 Communication Management). */
    public int madClass;
    /**
     * The MAD's attribute ID: for CM, the message (0x0010 REQ, 0x0012 REJ, 0x0013 REP, 0x0014 RTU, 0x0015 DREQ,
     * 0x0016 DREP).
     */
    public int madAttributeId;
    /**
     * A CM message's Local Communication ID (the sender's ID of the connection; every CM message has one); -1 when the
     * frame has no CM message the module reads (REQ, REP, RTU, REJ, DREQ, DREP). The message is {@link #madAttributeId}.
     */
    public long cmLocalCommId;
    /** A CM message's Remote Communication ID (the receiver's ID; 0 in a REQ, which has none); -1 as above. */
    public long cmRemoteCommId;
    /** REQ and REP: the sender's QP of the connection; DREQ: the receiver's (Remote QPN); -1 otherwise. */
    public int cmQpn;
    /** REQ and REP: the first PSN the sender's QP sends on the connection; -1 otherwise. */
    public int cmStartingPsn;
    /** REQ: the Service ID (rdma_cm's port space and port), valid when {@link #madAttributeId} is 0x0010. */
    public long cmServiceId;
    /** REQ of an RDMA IP CM service (rdma_cm): the active side's port from its private data; -1 otherwise. */
    public int cmSourcePort;
    /** REJ: why (IBTA vol. 1 Table 102: 8 invalid Service ID, 28 consumer reject...); -1 otherwise. */
    public int cmRejectReason;
    /** REJ: the message rejected (0 REQ, 1 REP, 2 none: a timeout); -1 otherwise. */
    public int cmRejectedMessage;

    // IEEE 802.1Q Congestion Notification (QcnModule); -1 when the frame has no CN-TAG or CNM
    /** The CN-TAG's flow ID; -1 without a CN-TAG. */
    public int qcnFlowId;
    /** A CNM's quantized feedback (0 to 63); -1 when the frame is not a CNM (the other CNM values are then unset). */
    public int qcnQfb;
    /** A CNM's congestion point identifier, all 64 bits. */
    public long qcnCpid;
    /** A CNM's cnmQOffset and cnmQDelta (signed, in units of 64 octets). */
    public int qcnQOffset;
    public int qcnQDelta;
    /** A CNM's encapsulated priority: the priority of the frame the congestion point sampled. */
    public int qcnPriority;
    /** A CNM's encapsulated destination MAC: where the sampled frame was going. */
    public long qcnEncapDmac;

    public String malformedReason;
    /**
     * Why the frame was not dissected at all, such as "link type 197 (ERF)"; null when it was. The same text for
     * every frame of one reason, so counting by it is cheap.
     */
    public String notDissected;

    public void clear() {
        number = 0;
        timestampNanos = 0;
        firstTimestampNanos = NO_TIME;
        previousTimestampNanos = NO_TIME;
        originalLength = 0;
        capturedLength = 0;
        fileOffset = -1;
        interfaceId = -1;
        kinds = 0;
        encapsulation = ENCAP_NONE;
        innerOffset = 0;
        innerLength = -1;
        encapsulationDepth = 0;
        malformedReason = null;
        notDissected = null;
        layerShapeLength = -1;
        clearLayers();
    }

    /** Appends a marked header's two numbers to {@link #layerShape} (the walk that records it started it at 0). */
    void addLayerShape(int header, int shape) {
        if (layerShapeLength + 2 > layerShape.length) {
            layerShape = java.util.Arrays.copyOf(layerShape, layerShape.length * 2);
        }
        layerShape[layerShapeLength++] = header;
        layerShape[layerShapeLength++] = shape;
    }

    /**
     * Starts describing the frame carried inside this one: the layer fields are cleared for the inner frame's, which
     * replace the outer ones as they would in a capture at the mirror source.
     *
     * @param how    {@link #ENCAP_GRE} ... {@link #ENCAP_VXLAN}
     * @param offset where the inner frame starts
     * @param length the inner frame's length on the wire
     */
    public void encapsulated(int how, int offset, int length) {
        if (encapsulationDepth++ == 0) {
            keepOuterLayers();
        }
        clearLayers();
        kinds = ENCAPSULATED;
        encapsulation = how;
        innerOffset = offset;
        innerLength = length;
    }

    /** The outermost layers' values, into {@link #outer}, before the inner frame's replace them. */
    private void keepOuterLayers() {
        if (outer == null) {
            outer = new PacketSummary();
            outer.clear();
        }
        outer.kinds = kinds & (ETHERNET | VLAN | IPV4 | IPV6 | UDP);
        outer.ethSrc = ethSrc;
        outer.ethDst = ethDst;
        outer.etherType = etherType;
        outer.vlanPcp = vlanPcp;
        outer.vlanId = vlanId;
        outer.vlanTags = vlanTags;
        outer.ipSrcHi = ipSrcHi;
        outer.ipSrcLo = ipSrcLo;
        outer.ipDstHi = ipDstHi;
        outer.ipDstLo = ipDstLo;
        outer.dscp = dscp;
        outer.ecn = ecn;
        outer.ttl = ttl;
        outer.ipProtocol = ipProtocol;
        outer.transportProtocol = transportProtocol;
        outer.ipLength = ipLength;
        outer.ipHeaderLength = ipHeaderLength;
        outer.ipId = ipId;
        outer.ipFlags = ipFlags;
        outer.ipFragmentOffset = ipFragmentOffset;
        outer.ipChecksum = ipChecksum;
        outer.ipv6FlowLabel = ipv6FlowLabel;
        outer.udpSrcPort = udpSrcPort;
        outer.udpDstPort = udpDstPort;
        outer.udpLength = udpLength;
        outer.udpChecksum = udpChecksum;
        outer.greProtocol = greProtocol;
        outer.erspanVersion = erspanVersion;
        outer.erspanSessionId = erspanSessionId;
        outer.erspanVlan = erspanVlan;
        outer.vxlanVni = vxlanVni;
    }

    /** The length the analysis counts: the inner frame's for an encapsulated frame, else the frame's own. */
    public int analysedLength() {
        return is(ENCAPSULATED) ? innerLength : originalLength;
    }

    private void clearLayers() {
        ethSrc = -1;
        ethDst = -1;
        etherType = -1;
        vlanPcp = -1;
        vlanId = -1;
        vlanTags = 0;
        ipSrcHi = 0;
        ipSrcLo = 0;
        ipDstHi = 0;
        ipDstLo = 0;
        dscp = -1;
        ecn = -1;
        ttl = -1;
        ipProtocol = -1;
        transportProtocol = -1;
        ipLength = -1;
        ipHeaderLength = -1;
        ipId = -1;
        ipFlags = -1;
        ipFragmentOffset = -1;
        ipChecksum = -1;
        ipv6FlowLabel = -1;
        udpSrcPort = -1;
        udpDstPort = -1;
        udpLength = -1;
        udpChecksum = -1;
        greProtocol = -1;
        erspanVersion = -1;
        erspanSessionId = -1;
        erspanVlan = -1;
        vxlanVni = -1;
        tcpSrcPort = -1;
        tcpDstPort = -1;
        tcpFlags = 0;
        tcpPayloadLength = -1;
        arpOperation = -1;
        arpSenderMac = -1;
        arpSenderIp = -1;
        arpTargetIp = -1;
        lrhVl = -1;
        lrhSl = -1;
        lrhLnh = -1;
        lrhDlid = -1;
        lrhSlid = -1;
        vcrcStatus = ICRC_NONE;
        opcode = -1;
        solicitedEvent = false;
        migReq = false;
        bthVersion = -1;
        padCount = 0;
        pkey = -1;
        fecn = false;
        becn = false;
        destQp = -1;
        ackRequest = false;
        psn = -1;
        xrcSrq = -1;
        rethVa = -1;
        rethRkey = -1;
        rethDmaLength = -1;
        aethSyndrome = -1;
        aethMsn = -1;
        dethQkey = -1;
        dethSrcQp = -1;
        immediate = 0;
        hasImmediate = false;
        payloadLength = -1;
        icrcStatus = ICRC_NONE;
        icrc = -1;
        pauseQuanta = -1;
        pfcClassEnable = -1;
        java.util.Arrays.fill(pfcTime, 0);
        llcDsap = -1;
        llcSsap = -1;
        stpType = -1;
        module = null;
        moduleInfo = null;
        dcbxPfcEnable = -1;
        dcbxEtsTcOfPriority = -1;
        dcbxEtsBandwidth = -1;
        dcbxEtsTsa = -1;
        madClass = -1;
        madAttributeId = -1;
        cmLocalCommId = -1;
        cmRemoteCommId = -1;
        cmQpn = -1;
        cmStartingPsn = -1;
        cmServiceId = 0;
        cmSourcePort = -1;
        cmRejectReason = -1;
        cmRejectedMessage = -1;
        qcnFlowId = -1;
        qcnQfb = -1;
        qcnCpid = -1;
        qcnQOffset = 0;
        qcnQDelta = 0;
        qcnPriority = -1;
        qcnEncapDmac = -1;
    }

    public boolean is(int kind) {
        return (kinds & kind) != 0;
    }

    /**
     * True for a frame with a BTH: RoCEv2, RoCEv1 or native InfiniBand (a native packet whose LRH announces a raw or
     * non-IBA payload has none).
     */
    public boolean isRoce() {
        return (kinds & (ROCEV2 | ROCEV1 | INFINIBAND)) != 0 && opcode >= 0;
    }
}
