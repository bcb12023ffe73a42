package io.rocelens.dissect;

import static io.rocelens.dissect.ProtocolModule.outerToo;

import io.kaitai.struct.ByteBufferKaitaiStream;
import io.rocelens.ksy.FieldSink;
import io.rocelens.ksy.SpecDescribers;
import io.rocelens.ksy.SpecFields;
import io.rocelens.ksy.layout.Ipv4HeaderLayout;
import io.rocelens.ksy.layout.Ipv6HeaderLayout;
import io.rocelens.ksy.layout.TcpHeaderLayout;
import io.rocelens.ksy.layout.UdpHeaderLayout;
import io.rocelens.ksy.pos.ArpPacket;
import io.rocelens.ksy.pos.Ipv4Header;
import io.rocelens.ksy.pos.Ipv6Header;
import io.rocelens.ksy.pos.TcpHeader;
import io.rocelens.ksy.pos.UdpHeader;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * IPv4, IPv6, UDP, TCP and ARP, as Wireshark's packet-ip.c, packet-ipv6.c, packet-udp.c, packet-tcp.c and
 * packet-arp.c show them. Fields and describers come from {@code ipv4_header.ksy}, {@code ipv6_header.ksy},
 * {@code udp_header.ksy}, {@code tcp_header.ksy} and {@code arp_packet.ksy}; hand-written here is only what no spec
 * field is, each said where it is added (IPv4's DS field and flags byte, the checksum statuses, IPv6's traffic class
 * and its {@code ip.version}, TCP's flags word and bits, ARP's addresses). Its steps hang in the EtherType and IP
 * protocol tables; they give the walker the network layer's bounds (for UDP, TCP, GRE and the ICRC) and hand on
 * through its tables, and mark the headers ({@link #IPV4} ... {@link #ARP}, the indexes of its first five protocols).
 */
final class IpModule implements ProtocolModule {

    /** TCP's eight named flags, most significant first: the bits of the flags byte from 7 down to 0. */
    private static final List<FieldDef> TCP_NAMED_FLAGS = List.of(Fields.TCP_FLAG_CWR, Fields.TCP_FLAG_ECE,
            Fields.TCP_FLAG_URG, Fields.TCP_FLAG_ACK, Fields.TCP_FLAG_PUSH, Fields.TCP_FLAG_RESET, Fields.TCP_FLAG_SYN,
            Fields.TCP_FLAG_FIN);

    static final int IPV4 = 0;
    static final int IPV6 = 1;
    static final int UDP = 2;
    static final int TCP = 3;
    static final int ARP = 4;

    private static final boolean IN_INDEX = true;

    private final List<Protocol> protocols = List.of(
            // an encapsulated frame's summary holds the inner headers: one missing there may be in the outer frame
            Protocol.known(IN_INDEX, "ip", "Internet Protocol version 4", "ip",
                    p -> outerToo(p, p.is(PacketSummary.IPV4))),
            Protocol.known(IN_INDEX, "ipv6", "Internet Protocol version 6", "ipv6",
                    p -> outerToo(p, p.is(PacketSummary.IPV6))),
            Protocol.known(IN_INDEX, "udp", "User Datagram Protocol", "udp", p -> outerToo(p, p.is(PacketSummary.UDP))),
            Protocol.known(IN_INDEX, "tcp", "Transmission Control Protocol", "tcp", p -> p.is(PacketSummary.TCP) ? 1 : 0),
            Protocol.known(IN_INDEX, "arp", "Address Resolution Protocol", "arp", p -> p.is(PacketSummary.ARP) ? 1 : 0),
            // not dissected: the summary knows them from the IP header's protocol
            Protocol.known(false, "icmp", "Internet Control Message Protocol (IPv4 protocol 1)", null,
                    p -> p.is(PacketSummary.IPV4) && p.transportProtocol == 1 ? 1 : outerToo(p, false)),
            Protocol.known(false, "icmpv6",
                    "Internet Control Message Protocol for IPv6 (next header 58, after any extension headers)", null,
                    p -> p.is(PacketSummary.IPV6) && p.transportProtocol == 58 ? 1 : outerToo(p, false)));

    @Override
    public void handOff(HandOff tables) {
        tables.etherType(0x0800, this::ipv4);
        tables.etherType(0x86dd, this::ipv6);
        tables.etherType(0x0806, this::arp);
        tables.ipProtocol(6, this::tcp);
        tables.ipProtocol(17, this::udp);
    }

    private void ipv4(FrameWalker walker, int offset) {
        walker.enter("IPv4", offset, 20);
        byte[] b = walker.bytes();
        PacketSummary summary = walker.summary();
        int headerLength = Ipv4HeaderLayout.lenHeader(b, offset);
        if (Ipv4HeaderLayout.optionsIsPresent(b, offset)) {
            walker.readable(offset, headerLength);
        }
        int version = Ipv4HeaderLayout.version(b, offset);
        if (version != 4 || headerLength < 20) {
            walker.malformed("IPv4 header has version " + version + " and header length " + headerLength);
        }
        summary.kinds |= PacketSummary.IPV4;
        summary.ipSrcLo = Addresses.ipv4Mapped(Ipv4HeaderLayout.srcAddr(b, offset));
        summary.ipDstLo = Addresses.ipv4Mapped(Ipv4HeaderLayout.dstAddr(b, offset));
        summary.dscp = Ipv4HeaderLayout.dscp(b, offset);
        summary.ecn = Ipv4HeaderLayout.ecn(b, offset);
        summary.ttl = Ipv4HeaderLayout.ttl(b, offset);
        summary.ipHeaderLength = headerLength;
        summary.ipId = Ipv4HeaderLayout.identification(b, offset);
        summary.ipFlags = (Ipv4HeaderLayout.reservedFlag(b, offset) ? 4 : 0)
                | (Ipv4HeaderLayout.dontFragment(b, offset) ? 2 : 0) | (Ipv4HeaderLayout.moreFragments(b, offset) ? 1 : 0);
        summary.ipFragmentOffset = Ipv4HeaderLayout.fragmentOffset(b, offset);
        summary.ipChecksum = Ipv4HeaderLayout.headerChecksum(b, offset);
        int protocol = Ipv4HeaderLayout.protocol(b, offset);
        summary.ipProtocol = protocol;
        walker.mark(this, IPV4, offset, headerLength);
        int totalLength = Ipv4HeaderLayout.totalLength(b, offset);
        summary.ipLength = totalLength;
        if (totalLength < headerLength) {
            walker.malformed("IPv4 total length " + totalLength + " is shorter than its header (" + headerLength + ")");
        }
        int end = offset + totalLength;
        walker.checkEnd("IPv4 total length ", totalLength, end);
        if ((summary.ipFlags & 1) != 0 || summary.ipFragmentOffset != 0) {
            return;
        }
        walker.ipPayload(protocol, offset + headerLength, offset, 4, end);
    }

    private void ipv6(FrameWalker walker, int offset) {
        walker.enter("IPv6", offset, Ipv6HeaderLayout.SIZE);
        byte[] b = walker.bytes();
        PacketSummary summary = walker.summary();
        int version = Ipv6HeaderLayout.version(b, offset);
        if (version != 6) {
            walker.malformed("IPv6 header has version " + version);
        }
        summary.kinds |= PacketSummary.IPV6;
        walker.addresses(Ipv6HeaderLayout.srcAddrAt(b, offset), Ipv6HeaderLayout.dstAddrAt(b, offset));
        summary.dscp = Ipv6HeaderLayout.dscp(b, offset);
        summary.ecn = Ipv6HeaderLayout.ecn(b, offset);
        summary.ttl = Ipv6HeaderLayout.hopLimit(b, offset);
        summary.ipv6FlowLabel = Ipv6HeaderLayout.flowLabel(b, offset);
        int next = Ipv6HeaderLayout.nextHeader(b, offset);
        summary.ipProtocol = next;
        walker.mark(this, IPV6, offset, Ipv6HeaderLayout.SIZE);
        int payloadLength = Ipv6HeaderLayout.payloadLength(b, offset);
        summary.ipLength = payloadLength;
        int end = offset + Ipv6HeaderLayout.SIZE + payloadLength;
        walker.checkEnd("IPv6 payload length ", payloadLength, end);
        // past hop-by-hop options (0), routing (43) and destination options (60), each 8 + 8 * its length byte long
        int at = offset + 40;
        for (int headers = 0; headers < 8 && (next == 0 || next == 43 || next == 60) && at < end; headers++) {
            walker.need(at, 2);
            int following = b[at] & 0xff;
            at += 8 + 8 * (b[at + 1] & 0xff);
            next = following;
        }
        walker.ipPayload(next, at, offset, 6, end);
    }

    private void tcp(FrameWalker walker, int offset) {
        int ipEnd = walker.l3End();
        walker.enter("TCP", offset, TcpHeaderLayout.SIZE);
        byte[] b = walker.bytes();
        PacketSummary summary = walker.summary();
        summary.kinds |= PacketSummary.TCP;
        summary.tcpSrcPort = TcpHeaderLayout.srcPort(b, offset);
        summary.tcpDstPort = TcpHeaderLayout.dstPort(b, offset);
        summary.tcpFlags = TcpHeaderLayout.flags(b, offset);
        int headerLength = TcpHeaderLayout.dataOffset(b, offset) * 4;
        walker.mark(this, TCP, offset, Math.max(20, Math.min(headerLength, walker.data().limit() - offset)));
        if (headerLength < 20 || offset + headerLength > ipEnd) {
            walker.malformed("TCP header length " + headerLength + " does not fit the IP payload of "
                    + (ipEnd - offset) + " bytes");
        }
        summary.tcpPayloadLength = ipEnd - offset - headerLength;
    }

    private void arp(FrameWalker walker, int offset) {
        walker.enter("ARP", offset, 8);
        io.rocelens.ksy.ArpPacket arp = new io.rocelens.ksy.ArpPacket(walker.io());
        PacketSummary summary = walker.summary();
        summary.kinds |= PacketSummary.ARP;
        walker.mark(this, ARP, offset, (int) walker.io().pos() - offset);
        if (arp.lenHardwareAddr() == 6 && arp.lenProtocolAddr() == 4) {
            summary.arpOperation = arp.operation();
            summary.arpSenderMac = Addresses.number(arp.sender().hwAddr());
            summary.arpSenderIp = Addresses.number(arp.sender().protoAddr());
            summary.arpTargetIp = Addresses.number(arp.target().protoAddr());
        }
    }

    private void udp(FrameWalker walker, int offset) {
        int ipEnd = walker.l3End();
        walker.enter("UDP", offset, UdpHeaderLayout.SIZE);
        byte[] b = walker.bytes();
        PacketSummary summary = walker.summary();
        int port = UdpHeaderLayout.dstPort(b, offset);
        int length = UdpHeaderLayout.lenDatagram(b, offset);
        summary.kinds |= PacketSummary.UDP;
        summary.udpSrcPort = UdpHeaderLayout.srcPort(b, offset);
        summary.udpDstPort = port;
        summary.udpLength = length;
        summary.udpChecksum = UdpHeaderLayout.checksum(b, offset);
        walker.mark(this, UDP, offset, UdpHeaderLayout.SIZE);
        if (length < 8 || offset + length > ipEnd) {
            walker.malformed("UDP length " + length + " does not fit the IP payload of " + (ipEnd - offset) + " bytes");
        }
        walker.udpPayload(port, offset + 8, offset + length);
    }

    @Override
    public List<Protocol> protocols() {
        return protocols;
    }

    @Override
    public List<FieldDef> fields() {
        return Stream.concat(Stream.of(SpecFields.IPV4_HEADER_KSY, SpecFields.IPV6_HEADER_KSY, SpecFields.UDP_HEADER_KSY,
                                SpecFields.TCP_HEADER_KSY, SpecFields.ARP_PACKET_KSY).flatMap(List::stream).map(Fields::of),
                        Stream.of(Fields.IP_DSFIELD, Fields.IP_FLAGS, Fields.IP_CHECKSUM_STATUS,
                                Fields.IPV6_TCLASS, Fields.UDP_CHECKSUM_STATUS, Fields.TCP_LEN, Fields.TCP_FLAGS, Fields.TCP_FLAG_RES,
                                Fields.TCP_FLAG_AE, Fields.TCP_FLAG_CWR, Fields.TCP_FLAG_ECE, Fields.TCP_FLAG_URG,
                                Fields.TCP_FLAG_ACK, Fields.TCP_FLAG_PUSH, Fields.TCP_FLAG_RESET, Fields.TCP_FLAG_SYN,
                                Fields.TCP_FLAG_FIN, Fields.ARP_SRC_MAC, Fields.ARP_SRC_IP, Fields.ARP_DST_MAC,
                                Fields.ARP_DST_IP))
                .toList();
    }

    /** The IP, UDP, TCP and ARP values the summary keeps (IP and UDP inner and outer, for a frame carried once). */
    @Override
    public void getters(SummaryFields.Registry out) {
        Predicate<PacketSummary> once = SummaryFields.ONCE;   // an encapsulated frame has these headers twice
        Predicate<PacketSummary> ipv4 = p -> p.is(PacketSummary.IPV4);
        out.twice(IN_INDEX, Fields.of(SpecFields.IP_DSCP), once, ipv4, p -> p.dscp, null);
        out.twice(IN_INDEX, Fields.of(SpecFields.IP_ECN), once, ipv4, p -> p.ecn, null);
        out.twice(Fields.of(SpecFields.IP_PROTO), once, ipv4, p -> p.ipProtocol, null);
        out.twice(Fields.of(SpecFields.IP_TTL), once, ipv4, p -> p.ttl, null);
        out.twice(IN_INDEX, Fields.of(SpecFields.IP_SRC), once, ipv4, p -> p.ipSrcLo, p -> p.ipSrcHi);
        out.twice(IN_INDEX, Fields.of(SpecFields.IP_DST), once, ipv4, p -> p.ipDstLo, p -> p.ipDstHi);
        // Wireshark's IPv6 dissector adds ip.version too
        out.twice(Fields.of(SpecFields.IP_VERSION), once, p -> p.is(PacketSummary.IPV4 | PacketSummary.IPV6),
                p -> p.is(PacketSummary.IPV4) ? 4 : 6, null);
        out.twice(Fields.of(SpecFields.IP_HDR_LEN), once, ipv4, p -> p.ipHeaderLength, null);
        out.twice(Fields.IP_DSFIELD, once, ipv4, p -> p.dscp << 2 | p.ecn, null);
        out.twice(Fields.of(SpecFields.IP_LEN), once, ipv4, p -> p.ipLength, null);
        out.twice(Fields.of(SpecFields.IP_ID), once, ipv4, p -> p.ipId, null);
        out.twice(Fields.IP_FLAGS, once, ipv4, p -> p.ipFlags, null);
        out.twice(Fields.of(SpecFields.IP_FLAGS_DF), once, ipv4, p -> p.ipFlags >> 1 & 1, null);
        out.twice(Fields.of(SpecFields.IP_FLAGS_MF), once, ipv4, p -> p.ipFlags & 1, null);
        out.twice(Fields.of(SpecFields.IP_FRAG_OFFSET), once, ipv4, p -> p.ipFragmentOffset, null);
        out.twice(Fields.of(SpecFields.IP_CHECKSUM), once, ipv4, p -> p.ipChecksum, null);
        out.twice(Fields.IP_CHECKSUM_STATUS, once, ipv4, p -> 2, null);   // unverified, as by tshark
        Predicate<PacketSummary> ipv6 = p -> p.is(PacketSummary.IPV6);
        out.twice(IN_INDEX, Fields.of(SpecFields.IPV6_DSCP), once, ipv6, p -> p.dscp, null);
        out.twice(IN_INDEX, Fields.of(SpecFields.IPV6_ECN), once, ipv6, p -> p.ecn, null);
        out.twice(Fields.of(SpecFields.IPV6_NXT), once, ipv6, p -> p.ipProtocol, null);
        out.twice(Fields.of(SpecFields.IPV6_HLIM), once, ipv6, p -> p.ttl, null);
        out.twice(IN_INDEX, Fields.of(SpecFields.IPV6_SRC), once, ipv6, p -> p.ipSrcLo, p -> p.ipSrcHi);
        out.twice(IN_INDEX, Fields.of(SpecFields.IPV6_DST), once, ipv6, p -> p.ipDstLo, p -> p.ipDstHi);
        out.twice(Fields.of(SpecFields.IPV6_VERSION), once, ipv6, p -> 6, null);
        out.twice(Fields.IPV6_TCLASS, once, ipv6, p -> p.dscp << 2 | p.ecn, null);
        out.twice(Fields.of(SpecFields.IPV6_FLOW), once, ipv6, p -> p.ipv6FlowLabel, null);
        out.twice(Fields.of(SpecFields.IPV6_PLEN), once, ipv6, p -> p.ipLength, null);

        Predicate<PacketSummary> udp = p -> p.is(PacketSummary.UDP);
        out.twice(IN_INDEX, Fields.of(SpecFields.UDP_SRCPORT), once, udp, p -> p.udpSrcPort, null);
        out.twice(IN_INDEX, Fields.of(SpecFields.UDP_DSTPORT), once, udp, p -> p.udpDstPort, null);
        out.twice(Fields.of(SpecFields.UDP_LENGTH), once, udp, p -> p.udpLength, null);
        out.twice(Fields.of(SpecFields.UDP_CHECKSUM), once, udp, p -> p.udpChecksum, null);
        // "not present" for a 0 checksum, else "unverified", as by tshark
        out.twice(Fields.UDP_CHECKSUM_STATUS, once, udp, p -> p.udpChecksum == 0 ? 3 : 2, null);

        Predicate<PacketSummary> tcp = p -> p.is(PacketSummary.TCP);
        out.number(Fields.of(SpecFields.TCP_SRCPORT), tcp, p -> p.tcpSrcPort);
        out.number(Fields.of(SpecFields.TCP_DSTPORT), tcp, p -> p.tcpDstPort);
        out.number(Fields.TCP_FLAGS, tcp, p -> p.tcpFlags);
        // the eight named flags (the reserved and AE bits are not kept: the detail answers)
        for (int i = 0; i < TCP_NAMED_FLAGS.size(); i++) {
            int shift = 7 - i;
            out.number(TCP_NAMED_FLAGS.get(i), tcp, p -> p.tcpFlags >>> shift & 1);
        }

        // the summary keeps ARP only for Ethernet/IPv4 ARP, the only kind whose addresses the detail names
        Predicate<PacketSummary> arpKnown = p -> !p.is(PacketSummary.ARP) || p.arpOperation >= 0;
        Predicate<PacketSummary> arp = p -> p.arpOperation >= 0;
        out.add(Fields.of(SpecFields.ARP_OPCODE), arpKnown, arp, p -> p.arpOperation, null, null);
        out.add(Fields.ARP_SRC_MAC, arpKnown, arp, p -> p.arpSenderMac, null, null);
        out.add(Fields.ARP_SRC_IP, arpKnown, arp, p -> Addresses.ipv4Mapped(p.arpSenderIp), p -> 0L, null);
        out.add(Fields.ARP_DST_IP, arpKnown, arp, p -> Addresses.ipv4Mapped(p.arpTargetIp), p -> 0L, null);
    }

    /** UDP, the transport's name by the IP protocol (TCP, ICMP, GRE ...), else IPv4 or IPv6. */
    @Override
    public String column(PacketSummary p) {
        if (p.is(PacketSummary.UDP)) {
            return "UDP";
        }
        String transport = p.ipProtocol >= 0 ? Fields.ipProtocolName(p.ipProtocol) : null;
        if (transport != null) {
            return transport;
        }
        return p.is(PacketSummary.IPV4) ? "IPv4" : p.is(PacketSummary.IPV6) ? "IPv6" : null;
    }

    /** TCP's ports, flags and length; ARP's question or answer; UDP's ports and length. */
    @Override
    public boolean info(PacketSummary p, StringBuilder info) {
        if (p.is(PacketSummary.TCP)) {
            String flags = Fields.tcpFlagNames(p.tcpFlags);
            info.append(p.tcpSrcPort).append(" → ").append(p.tcpDstPort);
            if (flags != null) {
                info.append(" [").append(flags).append(']');
            }
            if (p.tcpPayloadLength >= 0) {
                info.append(" Len=").append(p.tcpPayloadLength);
            }
        } else if (p.arpOperation == 1) {
            info.append("Who has ").append(Addresses.ipv4(p.arpTargetIp)).append("? Tell ")
                    .append(Addresses.ipv4(p.arpSenderIp));
        } else if (p.arpOperation == 2) {
            info.append(Addresses.ipv4(p.arpSenderIp)).append(" is at ").append(Addresses.mac(p.arpSenderMac));
        } else if (p.is(PacketSummary.UDP)) {
            info.append(p.udpSrcPort).append(" → ").append(p.udpDstPort).append(" Len=").append(p.udpLength - 8);
        } else {
            return false;
        }
        return true;
    }

    @Override
    public void describe(ByteBuffer data, LayerMark mark, PacketSummary summary, List<Layer> layers) {
        ByteBufferKaitaiStream io = mark.stream(data);
        List<Field> fields = new ArrayList<>(20);
        FieldSink into = Fields.sink(fields);
        String title = switch (mark.part()) {
            case IPV4 -> ipv4(new Ipv4Header(io), mark, into, fields);
            case IPV6 -> ipv6(new Ipv6Header(io), mark, into, fields);
            case UDP -> udp(new UdpHeader(io), into, fields);
            case TCP -> tcp(new TcpHeader(io), mark, segmentLength(layers, mark, data.limit()), into, fields);
            case ARP -> arp(new ArpPacket(io), into, fields);
            default -> throw new IllegalStateException("not an IP header: " + mark);
        };
        layers.add(mark.layer(protocols.get(mark.part()).filterName(), title, fields));
    }

    /** Puts {@code field} right after the field named {@code after}, as Wireshark lists it. */
    private static void after(List<Field> fields, String after, Field field) {
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i).name().equals(after)) {
                fields.add(i + 1, field);
                return;
            }
        }
        throw new IllegalStateException("no " + after);
    }

    private static String ipv4(Ipv4Header ip, LayerMark mark, FieldSink into, List<Field> fields) {
        SpecDescribers.ipv4Header(ip, 0, into);
        int checksum = ip._attrStart.get("headerChecksum");
        // hand-written: the DS field is DSCP and ECN as one byte, the flags the three flag bits as one number (DF alone
        // is 0x02), as Wireshark shows them before their parts; the checksum is not verified (2), as by tshark, and
        // that status has no bytes
        after(fields, "ip.hdr_len", new Field(Fields.IP_DSFIELD, ip.dscp() << 2 | ip.ecn().id(), mark.offset() + 1, 1));
        after(fields, "ip.id", new Field(Fields.IP_FLAGS, flag(ip.reservedFlag()) << 2 | flag(ip.dontFragment()) << 1
                | flag(ip.moreFragments()), mark.offset() + 6, 1));
        after(fields, "ip.checksum", new Field(Fields.IP_CHECKSUM_STATUS, 2L, checksum, 0));
        return "Internet Protocol Version 4, Src: " + Addresses.ipv4(ip.srcAddr()) + ", Dst: "
                + Addresses.ipv4(ip.dstAddr());
    }

    private static String ipv6(Ipv6Header ip, LayerMark mark, FieldSink into, List<Field> fields) {
        SpecDescribers.ipv6Header(ip, 0, into);
        // hand-written: Wireshark's IPv6 dissector adds ip.version too (so ip.version == 6 finds IPv6), and shows the
        // traffic class (DSCP and ECN) as one number on the header's first 4 bytes
        Field version = fields.get(0);
        fields.add(1, new Field(Fields.of(SpecFields.IP_VERSION), version.value(), version.offset(), version.length()));
        fields.add(2, new Field(Fields.IPV6_TCLASS, ip.dscp() << 2 | ip.ecn(), mark.offset(), 4));
        return "Internet Protocol Version 6, Src: " + Addresses.ipv6(Addresses.high(ip.srcAddr()),
                Addresses.low(ip.srcAddr())) + ", Dst: " + Addresses.ipv6(Addresses.high(ip.dstAddr()),
                Addresses.low(ip.dstAddr()));
    }

    private static String udp(UdpHeader udp, FieldSink into, List<Field> fields) {
        SpecDescribers.udpHeader(udp, 0, into);
        // hand-written, as tshark: "not present" (a 0 checksum) on the checksum's bytes, "unverified" on none
        fields.add(new Field(Fields.UDP_CHECKSUM_STATUS, udp.checksum() == 0 ? 3L : 2L, udp._attrStart.get("checksum"),
                udp.checksum() == 0 ? 2 : 0));
        return "User Datagram Protocol, Src Port: " + udp.srcPort() + ", Dst Port: " + udp.dstPort();
    }

    private static String tcp(TcpHeader tcp, LayerMark mark, long segmentLength, FieldSink into, List<Field> fields) {
        SpecDescribers.tcpHeader(tcp, 0, into);
        // hand-written, as tshark: the segment's length is what its IP datagram holds after the TCP header, a value
        // of no bytes of its own, after the ports
        after(fields, "tcp.dstport", new Field(Fields.TCP_LEN, segmentLength, mark.offset(), 0));
        // hand-written, as tshark: the flags are the 12 bits after the data offset, named by the bits set, on the two
        // bytes holding them; the reserved and AE bits on the data-offset byte, the other eight on the flags byte
        int at = tcp._attrStart.get("flags");
        long flags = tcp.flags();
        List<Field> bits = new ArrayList<>(List.of(
                new Field(Fields.TCP_FLAGS, flags, at - 1, 2),
                new Field(Fields.TCP_FLAG_RES, tcp.reserved() >>> 1 != 0 ? 1L : 0L, at - 1, 1),
                new Field(Fields.TCP_FLAG_AE, tcp.reserved() & 1, at - 1, 1)));
        for (int i = 0; i < TCP_NAMED_FLAGS.size(); i++) {
            bits.add(new Field(TCP_NAMED_FLAGS.get(i), flags >>> (7 - i) & 1, at, 1));
        }
        int window = fields.indexOf(fields.stream().filter(f -> f.name().equals("tcp.window_size_value")).findFirst()
                .orElseThrow());
        fields.addAll(window, bits);
        return "Transmission Control Protocol, Src Port: " + tcp.srcPort() + ", Dst Port: " + tcp.dstPort();
    }

    /**
     * The bytes after the TCP header to the end of the IP datagram carrying it (its total or payload length; to the
     * captured bytes' end when IPv4 gives a total length of 0, as TCP segmentation offload leaves it).
     */
    private static long segmentLength(List<Layer> layers, LayerMark mark, int captured) {
        int headerEnd = mark.offset() + mark.length();
        for (int i = layers.size() - 1; i >= 0; i--) {
            Layer ip = layers.get(i);
            Field length = ip.name().equals("ip") ? ip.field(Fields.IP_LEN.name())
                    : ip.name().equals("ipv6") ? ip.field(Fields.IPV6_PLEN.name()) : null;
            if (length != null && length.value() instanceof Long value) {
                long end = ip.offset() + (ip.name().equals("ipv6") ? 40 : 0) + value;
                return Math.max(0, (value == 0 ? captured : end) - headerEnd);
            }
        }
        return Math.max(0, captured - headerEnd);
    }

    private static String arp(ArpPacket arp, FieldSink into, List<Field> fields) {
        SpecDescribers.arpPacket(arp, 0, into);
        // hand-written: the sender's and the target's addresses are one spec type read twice, named here by their
        // role, and shown (as the summary keeps them) for Ethernet/IPv4 ARP only
        if (arp.lenHardwareAddr() == 6 && arp.lenProtocolAddr() == 4) {
            address(fields, Fields.ARP_SRC_MAC, Fields.ARP_SRC_IP, arp.sender());
            address(fields, Fields.ARP_DST_MAC, Fields.ARP_DST_IP, arp.target());
        }
        String operation = Fields.of(SpecFields.ARP_OPCODE).valueNames().apply(arp.operation());
        return "Address Resolution Protocol" + (operation != null ? " (" + operation + ")" : "");
    }

    private static void address(List<Field> fields, FieldDef mac, FieldDef ip, ArpPacket.Addresses addresses) {
        int hw = addresses._attrStart.get("hwAddr");
        int proto = addresses._attrStart.get("protoAddr");
        fields.add(new Field(mac, Addresses.mac(Addresses.number(addresses.hwAddr())), hw,
                addresses._attrEnd.get("hwAddr") - hw));
        fields.add(new Field(ip, Addresses.ipv4(Addresses.number(addresses.protoAddr())), proto,
                addresses._attrEnd.get("protoAddr") - proto));
    }

    private static long flag(boolean bit) {
        return bit ? 1L : 0L;
    }
}
