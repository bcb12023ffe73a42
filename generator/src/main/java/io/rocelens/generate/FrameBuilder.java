package io.rocelens.generate;

import java.util.zip.CRC32;

/**
 * Builds Ethernet frames byte for byte into one reused buffer: RoCEv2 over IPv4 or IPv6 and RoCEv1 (optionally
 * 802.1Q tagged), MAC Control frames (PFC and 802.3x PAUSE), and a few ordinary frames. Nothing is allocated per frame.
 * A call returns the frame length; the bytes are in {@link #frame()} until the next call.
 */
final class FrameBuilder {

    static final int ROCE_PORT = 4791;
    static final int MIN_FRAME = 60;
    static final long MAC_CONTROL_DESTINATION = 0x0180C2000001L;
    static final int ETHERTYPE_IPV4 = 0x0800;
    static final int ETHERTYPE_IPV6 = 0x86DD;
    static final int ETHERTYPE_VLAN = 0x8100;
    static final int ETHERTYPE_ARP = 0x0806;
    static final int ETHERTYPE_MAC_CONTROL = 0x8808;
    static final int ETHERTYPE_ROCE_V1 = 0x8915;
    static final int ETHERTYPE_TRANSPARENT_BRIDGING = 0x6558;
    static final int ETHERTYPE_ERSPAN_II = 0x88BE;
    static final int ETHERTYPE_ERSPAN_III = 0x22EB;
    static final int VXLAN_PORT = 4789;
    /** IEEE 802.1Q Congestion Notification: the CN-TAG's and the CNM's EtherTypes. */
    static final int ETHERTYPE_CN_TAG = 0x22E9;
    static final int ETHERTYPE_CNM = 0x22E7;
    /** A CNM carries at most this much of the sampled frame's MSDU (IEEE 802.1Q clause 33.4). */
    static final int CNM_MSDU_MAX = 64;
    /** The mirror session's two ends: the switch that copies the frames and the collector that captures them. */
    static final long MIRROR_SOURCE_MAC = 0x02000000FF01L;
    static final long COLLECTOR_MAC = 0x02000000FF02L;
    static final byte[] MIRROR_SOURCE_IP = {(byte) 192, 0, 2, 1};
    static final byte[] COLLECTOR_IP = {(byte) 192, 0, 2, 2};
    static final int MIRROR_SESSION = 1;
    /** GRH next header for a BTH (IBTA vol. 1 §8.3). */
    static final int NEXT_HEADER_BTH = 0x1B;
    static final int MAX_PAYLOAD = 4096;

    private static final byte[] PAYLOAD_PATTERN = new byte[MAX_PAYLOAD];
    private static final byte[] LRH_STAND_IN = {-1, -1, -1, -1, -1, -1, -1, -1};

    static {
        for (int i = 0; i < PAYLOAD_PATTERN.length; i++) {
            PAYLOAD_PATTERN[i] = (byte) (i * 31 + 7);
        }
    }

    private final byte[] frame = new byte[MAX_PAYLOAD + 256 + Encapsulation.ERSPAN3.overhead()];
    private final byte[] masked = new byte[40 + 8 + 12];
    /**
     * The last RoCE frame's destination, MSDU length and first bytes of its MSDU (what follows its MAC addresses and
     * VLAN tag: CN-TAG, EtherType and payload), as a congestion point that sampled it puts them in a CNM.
     */
    private long sampledDst;
    private int sampledMsduLength;
    private final byte[] sampledMsdu = new byte[CNM_MSDU_MAX];
    private final CRC32 crc = new CRC32();
    private int ipv4Id;
    /** The outer IPv4 identification and the GRE sequence number of the mirror session, apart from the frames' own. */
    private int tunnelId;
    private int tunnelSequence;

    byte[] frame() {
        return frame;
    }

    /**
     * Builds a RoCE frame from {@code p}: RoCEv2 (IPv4 or IPv6 + UDP), or RoCEv1 (EtherType 0x8915 + GRH) when
     * {@code p.roceV1}. Returns the frame length.
     */
    int roce(RocePacket p) {
        boolean v6 = p.src.ipv6();
        int etherType = p.roceV1 ? ETHERTYPE_ROCE_V1 : v6 ? ETHERTYPE_IPV6 : ETHERTYPE_IPV4;
        int pos = ethernet(p.dst.mac(), p.src.mac(), p.vlanPcp, p.vlanId, etherType);
        if (p.cnTagFlowId >= 0) {
            // the CN-TAG goes before the frame's own EtherType, after the VLAN tag
            pos = put16(put16(pos - 2, ETHERTYPE_CN_TAG), p.cnTagFlowId);
            pos = put16(pos, etherType);
        }
        int ipStart = pos;
        int ext = Opcodes.extendedHeaders(p.opcode);
        int pad = -p.payloadLength & 3;
        int ibLength = 12 + Opcodes.extendedLength(ext) + p.payloadLength + pad + 4;
        int udpLength = 8 + ibLength;
        int tos = p.dscp << 2 | p.ecn;
        if (p.roceV1) {
            ipv6Header(pos, tos, p.flowLabel, ibLength, NEXT_HEADER_BTH, p.src.ip(), p.dst.ip());
            pos += 40;
        } else if (v6) {
            ipv6Header(pos, tos, p.flowLabel, udpLength, 17, p.src.ip(), p.dst.ip());
            pos += 40;
        } else {
            ipv4Header(pos, tos, 20 + udpLength, 17, p.src.ip(), p.dst.ip());
            pos += 20;
        }
        int udpStart = -1;
        if (!p.roceV1) {
            udpStart = pos;
            pos = put16(pos, p.udpSrcPort);
            pos = put16(pos, ROCE_PORT);
            pos = put16(pos, udpLength);
            pos = put16(pos, 0);
        }
        int bthStart = pos;
        frame[pos++] = (byte) p.opcode;
        frame[pos++] = (byte) ((p.solicited ? 0x80 : 0) | pad << 4);     // M = 0, TVer = 0
        pos = put16(pos, p.pkey);
        frame[pos++] = (byte) (p.becn ? 0x40 : 0);
        pos = put24(pos, p.destQp);
        frame[pos++] = (byte) (p.ackRequest ? 0x80 : 0);
        pos = put24(pos, p.psn & 0xFFFFFF);
        pos = extendedHeaders(pos, ext, p);
        System.arraycopy(PAYLOAD_PATTERN, 0, frame, pos, p.payloadLength);
        pos += p.payloadLength;
        for (int i = 0; i < pad; i++) {
            frame[pos++] = 0;
        }
        int icrc = icrc(ipStart, v6, udpStart, bthStart, pos);
        if (p.badIcrc) {
            icrc = ~icrc;
        }
        frame[pos++] = (byte) icrc;
        frame[pos++] = (byte) (icrc >>> 8);
        frame[pos++] = (byte) (icrc >>> 16);
        frame[pos++] = (byte) (icrc >>> 24);
        if (v6 && !p.roceV1) {
            put16(udpStart + 6, udpChecksumV6(ipStart, udpStart, udpLength));
        }
        int length = padToMinimum(pos);
        int msduStart = p.vlanPcp >= 0 ? 16 : 12;
        sampledDst = p.dst.mac();
        sampledMsduLength = length - msduStart;
        System.arraycopy(frame, msduStart, sampledMsdu, 0, Math.min(CNM_MSDU_MAX, sampledMsduLength));
        return length;
    }

    private int extendedHeaders(int pos, int ext, RocePacket p) {
        if ((ext & Opcodes.XRCETH) != 0) {
            frame[pos++] = 0;
            pos = put24(pos, p.xrcSrq);
        }
        if ((ext & Opcodes.FETH) != 0) {
            pos = put32(pos, (p.flushSelectivity & 3) << 4 | p.flushPlacement & 0xF);
        }
        if ((ext & Opcodes.DETH) != 0) {
            pos = put32(pos, p.qkey);
            frame[pos++] = 0;
            pos = put24(pos, p.srcQp);
        }
        if ((ext & Opcodes.RETH) != 0) {
            pos = put64(pos, p.virtualAddress);
            pos = put32(pos, p.rkey);
            pos = put32(pos, p.dmaLength);
        }
        if ((ext & Opcodes.ATOMIC_ETH) != 0) {
            pos = put64(pos, p.virtualAddress);
            pos = put32(pos, p.rkey);
            pos = put64(pos, p.swapAdd);
            pos = put64(pos, p.compare);
        }
        if ((ext & Opcodes.AETH) != 0) {
            frame[pos++] = (byte) p.syndrome;
            pos = put24(pos, p.msn);
        }
        if ((ext & Opcodes.ATOMIC_ACK_ETH) != 0) {
            pos = put64(pos, p.originalData);
        }
        if ((ext & Opcodes.IMM) != 0) {
            pos = put32(pos, p.immediate);
        }
        if ((ext & Opcodes.IETH) != 0) {
            pos = put32(pos, p.invalidateRkey);
        }
        if ((ext & Opcodes.CNP_RESERVED) != 0) {
            for (int i = 0; i < 16; i++) {
                frame[pos++] = 0;
            }
        }
        return pos;
    }

    /**
     * ICRC (docs/roce-notes.md): CRC-32 over 8 x 0xFF + IP header (or GRH) + UDP header + BTH + the rest up to the
     * ICRC, with the variant fields set to ones. The headers are copied to a scratch array for masking; the rest
     * is summed straight from the frame. {@code udpStart} is -1 for RoCEv1, which has no UDP header.
     */
    private int icrc(int ipStart, boolean v6, int udpStart, int bthStart, int end) {
        int headers = bthStart + 12 - ipStart;
        System.arraycopy(frame, ipStart, masked, 0, headers);
        if (v6) {
            masked[0] |= 0x0F;                       // traffic class, high nibble
            masked[1] = masked[2] = masked[3] = -1;   // traffic class low nibble, flow label
            masked[7] = -1;                          // hop limit
        } else {
            masked[1] = -1;                          // TOS
            masked[8] = -1;                          // TTL
            masked[10] = masked[11] = -1;            // header checksum
        }
        if (udpStart >= 0) {
            masked[udpStart - ipStart + 6] = masked[udpStart - ipStart + 7] = -1;    // UDP checksum
        }
        masked[bthStart - ipStart + 4] = -1;         // BTH FECN, BECN, reserved
        crc.reset();
        crc.update(LRH_STAND_IN, 0, LRH_STAND_IN.length);
        crc.update(masked, 0, headers);
        crc.update(frame, bthStart + 12, end - bthStart - 12);
        return (int) crc.getValue();
    }

    private int ethernet(long dst, long src, int vlanPcp, int vlanId, int etherType) {
        int pos = putMac(0, dst);
        pos = putMac(pos, src);
        if (vlanPcp >= 0) {
            pos = put16(pos, ETHERTYPE_VLAN);
            pos = put16(pos, vlanPcp << 13 | vlanId & 0x0FFF);
        }
        return put16(pos, etherType);
    }

    private void ipv4Header(int pos, int tos, int totalLength, int protocol, byte[] src, byte[] dst) {
        ipv4Header(pos, tos, totalLength, protocol, src, dst, ipv4Id++);
    }

    private void ipv4Header(int pos, int tos, int totalLength, int protocol, byte[] src, byte[] dst, int id) {
        frame[pos] = 0x45;
        frame[pos + 1] = (byte) tos;
        put16(pos + 2, totalLength);
        put16(pos + 4, id & 0xFFFF);
        put16(pos + 6, 0x4000);                      // DF, fragment offset 0
        frame[pos + 8] = 64;
        frame[pos + 9] = (byte) protocol;
        put16(pos + 10, 0);
        System.arraycopy(src, 0, frame, pos + 12, 4);
        System.arraycopy(dst, 0, frame, pos + 16, 4);
        put16(pos + 10, onesComplement(0, pos, 20));
    }

    private void ipv6Header(int pos, int tos, int flowLabel, int payloadLength, int nextHeader, byte[] src,
                            byte[] dst) {
        put32(pos, 6 << 28 | tos << 20 | flowLabel & 0xFFFFF);
        put16(pos + 4, payloadLength);
        frame[pos + 6] = (byte) nextHeader;
        frame[pos + 7] = 64;
        System.arraycopy(src, 0, frame, pos + 8, 16);
        System.arraycopy(dst, 0, frame, pos + 24, 16);
    }

    /** UDP checksum over the IPv6 pseudo-header (RFC 8200 §8.1); 0 is sent as 0xFFFF. */
    private int udpChecksumV6(int ipStart, int udpStart, int udpLength) {
        long sum = 0;
        for (int i = 8; i < 40; i += 2) {
            sum += word(ipStart + i);
        }
        sum += udpLength + 17;
        int checksum = onesComplement(sum, udpStart, udpLength);
        return checksum == 0 ? 0xFFFF : checksum;
    }

    private int onesComplement(long sum, int start, int length) {
        int end = start + length;
        int i = start;
        for (; i + 1 < end; i += 2) {
            sum += word(i);
        }
        if (i < end) {
            sum += (frame[i] & 0xFF) << 8;
        }
        while (sum >>> 16 != 0) {
            sum = (sum & 0xFFFF) + (sum >>> 16);
        }
        return (int) ~sum & 0xFFFF;
    }

    private int word(int i) {
        return (frame[i] & 0xFF) << 8 | frame[i + 1] & 0xFF;
    }

    /**
     * Puts the frame just built ({@code length} bytes) inside the headers a mirror session or tunnel adds, from the
     * switch to the collector, and returns the new length. The frame itself is not changed. Wire facts: docs/encapsulation.md.
     *
     * @param timestampNanos when the frame was mirrored, for ERSPAN type III's timestamp (IEEE 1588: nanoseconds in
     *                       the header, seconds in the platform sub-header)
     */
    int encapsulate(Encapsulation how, int length, long timestampNanos) {
        int overhead = how.overhead();
        System.arraycopy(frame, 0, frame, overhead, length);
        int total = overhead + length;
        // what the mirror session saw of the frame's tag: its VLAN and priority
        boolean tagged = word(overhead + 12) == ETHERTYPE_VLAN;
        int tci = tagged ? word(overhead + 14) : 0;
        int pos = ethernet(COLLECTOR_MAC, MIRROR_SOURCE_MAC, -1, 0, ETHERTYPE_IPV4);
        int ipStart = pos;
        ipv4Header(ipStart, 0, total - ipStart, how == Encapsulation.VXLAN ? 17 : 47, MIRROR_SOURCE_IP, COLLECTOR_IP,
                tunnelId++);
        pos += 20;
        int sequence = tunnelSequence++;
        switch (how) {
            case GRE -> {
                int greStart = pos;
                pos = put16(pos, 0xB000);                 // C, K and S set; version 0
                pos = put16(pos, ETHERTYPE_TRANSPARENT_BRIDGING);
                pos = put32(pos, 0);                      // checksum (filled below) and reserved1
                pos = put32(pos, MIRROR_SESSION);         // key
                put32(pos, sequence);
                put16(greStart + 4, onesComplement(0, greStart, total - greStart));
            }
            case ERSPAN2 -> {
                pos = greWithSequence(pos, ETHERTYPE_ERSPAN_II, sequence);
                pos = put16(pos, 1 << 12 | tci & 0x0FFF);                            // version 1, VLAN
                pos = put16(pos, (tci >>> 13) << 13 | (tagged ? 3 : 0) << 11 | MIRROR_SESSION);  // COS, En, T 0, session
                put32(pos, 1);                                                       // reserved, port index 1
            }
            case ERSPAN3 -> {
                pos = greWithSequence(pos, ETHERTYPE_ERSPAN_III, sequence);
                pos = put16(pos, 2 << 12 | tci & 0x0FFF);                            // version 2, VLAN
                pos = put16(pos, (tci >>> 13) << 13 | MIRROR_SESSION);               // COS, BSO 0, T 0, session
                pos = put32(pos, (int) (timestampNanos % 1_000_000_000L));          // timestamp: nanoseconds
                pos = put16(pos, 0);                                                 // security group tag
                pos = put16(pos, 1 << 15 | 1 << 4 | 2 << 1 | 1);  // P, FT 0 (Ethernet), hw ID 1, ingress, IEEE 1588, O
                pos = put32(pos, 3 << 26 | 1);                                       // platform 3, port index 1
                put32(pos, (int) (timestampNanos / 1_000_000_000L));                 // timestamp: seconds
            }
            case VXLAN -> {
                pos = put16(pos, 0xC000 | sequence & 0x3FFF);   // source port: entropy from the dynamic range
                pos = put16(pos, VXLAN_PORT);
                pos = put16(pos, total - pos + 4);
                pos = put16(pos, 0);                            // no UDP checksum over IPv4 (RFC 7348 section 5)
                pos = put32(pos, 0x08 << 24);                   // I flag
                put32(pos, MIRROR_SESSION << 8);                // VNI
            }
            case NONE -> throw new IllegalArgumentException("no encapsulation to add");
        }
        return total;
    }

    private int greWithSequence(int pos, int protocol, int sequence) {
        pos = put16(pos, 0x1000);                                // S set; version 0
        pos = put16(pos, protocol);
        return put32(pos, sequence);
    }

    /** An 802.1Qbb PFC frame: class-enable vector, then eight pause times. */
    int pfc(long srcMac, int classEnableVector, int[] quanta) {
        int pos = ethernet(MAC_CONTROL_DESTINATION, srcMac, -1, 0, ETHERTYPE_MAC_CONTROL);
        pos = put16(pos, 0x0101);
        pos = put16(pos, classEnableVector);
        for (int priority = 0; priority < 8; priority++) {
            pos = put16(pos, quanta[priority]);
        }
        return padToMinimum(pos);
    }

    /**
     * A Congestion Notification Message (IEEE 802.1Q clause 33.4) about the last RoCE frame built: to its source
     * {@code reactionPoint} from the congestion point's bridge port {@code cpMac}, with the sampled frame's VLAN tag
     * and CN-TAG copied (when it had them), its destination and MSDU length, and up to 64 bytes of its MSDU.
     */
    int cnm(long reactionPoint, long cpMac, int vlanPcp, int vlanId, int flowId, int qfb, long cpid, int qOffset,
            int qDelta, int priority) {
        int pos = ethernet(reactionPoint, cpMac, vlanPcp, vlanId, flowId >= 0 ? ETHERTYPE_CN_TAG : ETHERTYPE_CNM);
        if (flowId >= 0) {
            pos = put16(put16(pos, flowId), ETHERTYPE_CNM);
        }
        pos = put16(pos, qfb & 0x3F);                    // version 0, ReservedV 0, quantized feedback
        pos = put64(pos, cpid);
        pos = put16(pos, qOffset & 0xFFFF);
        pos = put16(pos, qDelta & 0xFFFF);
        pos = put16(pos, priority << 13);                // 13 reserved bits after the priority
        pos = putMac(pos, sampledDst);
        pos = put16(pos, sampledMsduLength);
        int copied = Math.min(CNM_MSDU_MAX, sampledMsduLength);
        System.arraycopy(sampledMsdu, 0, frame, pos, copied);
        return padToMinimum(pos + copied);
    }

    /** An 802.3x PAUSE frame for the whole link. */
    int pause(long srcMac, int quanta) {
        int pos = ethernet(MAC_CONTROL_DESTINATION, srcMac, -1, 0, ETHERTYPE_MAC_CONTROL);
        pos = put16(pos, 0x0001);
        pos = put16(pos, quanta);
        return padToMinimum(pos);
    }

    /** An ARP request (RFC 826) for {@code target}'s address, broadcast. */
    int arpRequest(Host sender, byte[] targetIp) {
        int pos = ethernet(0xFFFFFFFFFFFFL, sender.mac(), -1, 0, ETHERTYPE_ARP);
        pos = put16(pos, 1);
        pos = put16(pos, ETHERTYPE_IPV4);
        frame[pos++] = 6;
        frame[pos++] = 4;
        pos = put16(pos, 1);
        pos = putMac(pos, sender.mac());
        System.arraycopy(sender.ip(), 0, frame, pos, 4);
        pos += 4;
        pos = putMac(pos, 0);
        System.arraycopy(targetIp, 0, frame, pos, 4);
        pos += 4;
        return padToMinimum(pos);
    }

    /** A TCP SYN over IPv4 with a correct TCP checksum. */
    int tcpSyn(Host src, Host dst, int srcPort, int dstPort, int sequence) {
        int pos = ethernet(dst.mac(), src.mac(), -1, 0, ETHERTYPE_IPV4);
        int ipStart = pos;
        ipv4Header(pos, 0, 20 + 20, 6, src.ip(), dst.ip());
        pos += 20;
        int tcpStart = pos;
        pos = put16(pos, srcPort);
        pos = put16(pos, dstPort);
        pos = put32(pos, sequence);
        pos = put32(pos, 0);
        pos = put16(pos, 5 << 12 | 0x02);             // data offset 5 words, SYN
        pos = put16(pos, 64240);
        pos = put16(pos, 0);
        pos = put16(pos, 0);
        put16(tcpStart + 16, ipv4PseudoChecksum(ipStart, tcpStart, 20, 6));
        return padToMinimum(pos);
    }

    /**
     * A UDP datagram over IPv4 with {@code payloadLength} pattern bytes and a correct UDP checksum. With
     * destination port 4791 and fewer than 12 + 4 payload bytes it is a deliberately malformed RoCEv2 packet.
     */
    int udp(Host src, Host dst, int srcPort, int dstPort, int payloadLength) {
        int pos = ethernet(dst.mac(), src.mac(), -1, 0, ETHERTYPE_IPV4);
        int ipStart = pos;
        int udpLength = 8 + payloadLength;
        ipv4Header(pos, 0, 20 + udpLength, 17, src.ip(), dst.ip());
        pos += 20;
        int udpStart = pos;
        pos = put16(pos, srcPort);
        pos = put16(pos, dstPort);
        pos = put16(pos, udpLength);
        pos = put16(pos, 0);
        System.arraycopy(PAYLOAD_PATTERN, 0, frame, pos, payloadLength);
        pos += payloadLength;
        int checksum = ipv4PseudoChecksum(ipStart, udpStart, udpLength, 17);
        put16(udpStart + 6, checksum == 0 ? 0xFFFF : checksum);
        return padToMinimum(pos);
    }

    private int ipv4PseudoChecksum(int ipStart, int l4Start, int l4Length, int protocol) {
        long sum = word(ipStart + 12) + word(ipStart + 14) + word(ipStart + 16) + word(ipStart + 18);
        sum += protocol + l4Length;
        return onesComplement(sum, l4Start, l4Length);
    }

    private int padToMinimum(int length) {
        for (int i = length; i < MIN_FRAME; i++) {
            frame[i] = 0;
        }
        return Math.max(length, MIN_FRAME);
    }

    private int putMac(int pos, long mac) {
        for (int shift = 40; shift >= 0; shift -= 8) {
            frame[pos++] = (byte) (mac >>> shift);
        }
        return pos;
    }

    private int put16(int pos, int value) {
        frame[pos] = (byte) (value >>> 8);
        frame[pos + 1] = (byte) value;
        return pos + 2;
    }

    private int put24(int pos, int value) {
        frame[pos] = (byte) (value >>> 16);
        frame[pos + 1] = (byte) (value >>> 8);
        frame[pos + 2] = (byte) value;
        return pos + 3;
    }

    private int put32(int pos, int value) {
        put16(pos, value >>> 16);
        return put16(pos + 2, value);
    }

    private int put64(int pos, long value) {
        put32(pos, (int) (value >>> 32));
        return put32(pos + 4, (int) value);
    }
}
