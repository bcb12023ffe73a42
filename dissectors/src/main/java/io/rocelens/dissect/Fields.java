package io.rocelens.dissect;

import io.rocelens.ksy.EnumTexts;
import io.rocelens.ksy.SpecField;
import io.rocelens.ksy.SpecFields;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongFunction;

/**
 * The field registry: every field RoCE Lens shows, declared once. Names follow the contract in the README
 * (they are what the JSON output, the display filter, the detail tree and the CSV use). The fields of the protocols
 * whose .ksy specs name them (a {@code -field} key: Ethernet and VLAN, GRE, ERSPAN, VXLAN, the RoCE transport, the
 * InfiniBand link layers, IP, UDP, TCP, ARP, MAC Control, Linux cooked capture, LLC and STP, LLDP and DCBX, the MADs) are not written here: the build generates them ({@link SpecFields}) and they are registered from there, see
 * {@link #of(SpecField)}; what is left of those protocols here is what their modules compute from more than one spec
 * field.
 */
public final class Fields {

    private static final Map<String, FieldDef> BY_NAME = new LinkedHashMap<>();
    private static final Map<SpecField, FieldDef> FROM_SPECS = new IdentityHashMap<>();

    public static final FieldDef FRAME_LEN = uint("frame.len", "Frame length on the wire");
    public static final FieldDef FRAME_CAPLEN = uint("frame.caplen", "Captured length");
    public static final FieldDef FRAME_INTERFACE_ID = uint("frame.interface_id", "Interface id (pcapng frames and ERF records)");
    /** A packet comment (pcapng {@code opt_comment}), one field per comment, under "Packet comments" as Wireshark's. */
    public static final FieldDef FRAME_COMMENT = def("frame.comment", "Comment", FieldType.STRING);

    /*
     * The Ethernet and VLAN fields ethernet_header.ksy reads are generated ({@link SpecFields}); the filter package
     * names a few of them through these references. The others here are {@link EthernetModule}'s: the address bits,
     * and the spec's Type field named by where it sits.
     */
    public static final FieldDef ETH_DST = of(SpecFields.ETH_DST);
    public static final FieldDef ETH_SRC = of(SpecFields.ETH_SRC);
    public static final FieldDef ETH_TYPE = of(SpecFields.ETH_TYPE);
    /** The address's group bit (multicast) and locally-administered bit, under each address as Wireshark shows them. */
    public static final FieldDef ETH_IG = bits("eth.ig", "IG bit (group address)", FieldType.FLAG, 3, null);
    public static final FieldDef ETH_LG = bits("eth.lg", "LG bit (locally administered)", FieldType.FLAG, 3, null);
    /** An IEEE 802.3 frame's Length/Type field when it is a length (1500 or less): the LLC data's length. */
    public static final FieldDef ETH_LEN = uint("eth.len", "Length");

    public static final FieldDef VLAN_ETYPE = hex("vlan.etype", "Type", 4, Fields::etherTypeName);
    public static final FieldDef VLAN_LEN = uint("vlan.len", "Length (IEEE 802.3 length after the tag)");
    public static final FieldDef VLAN_PCP = of(SpecFields.VLAN_PCP);
    public static final FieldDef VLAN_DEI = of(SpecFields.VLAN_DEI);
    public static final FieldDef VLAN_ID = of(SpecFields.VLAN_ID);

    /**
     * LLC's control field, as Wireshark shows it: one byte for a U-format frame, else two read least-significant first
     * (llc.ksy computes it, an instance; the LLC and STP fields the spec reads are generated, see {@link SpecFields}).
     */
    public static final FieldDef LLC_CONTROL = hex("llc.control", "Control field", 4, null);


    /*
     * The IPv4, IPv6, UDP, TCP and ARP fields their specs read are generated ({@link SpecFields}); the filter package,
     * which does not see the generated classes, names a few of them through these references.
     */
    public static final FieldDef IP_LEN = of(SpecFields.IP_LEN);
    public static final FieldDef IP_SRC = of(SpecFields.IP_SRC);
    public static final FieldDef IP_DST = of(SpecFields.IP_DST);
    public static final FieldDef IPV6_PLEN = of(SpecFields.IPV6_PLEN);
    public static final FieldDef IPV6_SRC = of(SpecFields.IPV6_SRC);
    public static final FieldDef IPV6_DST = of(SpecFields.IPV6_DST);
    public static final FieldDef UDP_SRCPORT = of(SpecFields.UDP_SRCPORT);
    public static final FieldDef UDP_DSTPORT = of(SpecFields.UDP_DSTPORT);
    public static final FieldDef UDP_LENGTH = of(SpecFields.UDP_LENGTH);
    public static final FieldDef TCP_SRCPORT = of(SpecFields.TCP_SRCPORT);
    public static final FieldDef TCP_DSTPORT = of(SpecFields.TCP_DSTPORT);
    /*
     * These are computed
     * by the IP module ({@link IpModule}) from more than one spec field, or named by their role.
     */
    /** The whole Differentiated Services byte (DSCP and ECN). */
    public static final FieldDef IP_DSFIELD = hex("ip.dsfield", "Differentiated Services field", 2, null);
    /** The three flag bits (reserved, DF, MF) as one number, as Wireshark shows ip.flags (DF alone is 0x02). */
    public static final FieldDef IP_FLAGS = bits("ip.flags", "Flags", FieldType.HEX, 1, null);
    /** 2, unverified: Wireshark does not check the IPv4 header checksum unless asked, nor does RoCE Lens. */
    public static final FieldDef IP_CHECKSUM_STATUS = uint("ip.checksum.status", "Header checksum status (2: unverified)");
    /** The traffic class byte (DSCP and ECN), placed as Wireshark places it: on the header's first 4 bytes. */
    public static final FieldDef IPV6_TCLASS = def("ipv6.tclass", "Traffic class", FieldType.HEX, 8, 0, null);
    /** 3 when the checksum is 0 (none sent), else 2 (unverified), as Wireshark gives udp.checksum.status by default. */
    public static final FieldDef UDP_CHECKSUM_STATUS = uint("udp.checksum.status", "Checksum status (2: unverified, 3: none)");

    /*
     * The GRE, ERSPAN and VXLAN fields their specs read are generated ({@link SpecFields}); these are {@link
     * TunnelModule}'s, named as in Wireshark, their bits on the 16-, 32- or 64-bit word they come from: GRE's whole
     * flags word, ERSPAN type III's name of the encapsulation bits and its platform sub-header, VXLAN's flag bits.
     */
    public static final FieldDef GRE_FLAGS_AND_VERSION = bits("gre.flags_and_version", "Flags and version", FieldType.HEX, 2, null);

    public static final FieldDef ERSPAN_BSO = bits("erspan.bso", "Bad/short/oversized", FieldType.UINT, 2, null);
    public static final FieldDef ERSPAN_PLATID = bits("erspan.platid", "Platform ID", FieldType.UINT, 4, null);
    public static final FieldDef ERSPAN_PID1_RSVD1 = bits("erspan.pid1.rsvd1", "Reserved", FieldType.UINT, 4, null);
    public static final FieldDef ERSPAN_PID1_VSMID = bits("erspan.pid1.vsmid", "VSM domain ID", FieldType.UINT, 4, null);
    public static final FieldDef ERSPAN_PID1_PORT = uint("erspan.pid1.port_index", "Port ID/index");
    public static final FieldDef ERSPAN_PID3_RSVD1 = bits("erspan.pid3.rsvd1", "Reserved", FieldType.UINT, 4, null);
    public static final FieldDef ERSPAN_PID3_PORT = bits("erspan.pid3.port_index", "Port ID/index", FieldType.UINT, 4, null);
    public static final FieldDef ERSPAN_PID3_TIMESTAMP = uint("erspan.pid3.timestamp", "Upper 32 bits of the timestamp");
    public static final FieldDef ERSPAN_PID4_RSVD1 = bits("erspan.pid4.rsvd1", "Reserved", FieldType.UINT, 4, null);
    public static final FieldDef ERSPAN_PID4_RSVD2 = bits("erspan.pid4.rsvd2", "Reserved", FieldType.UINT, 4, null);
    public static final FieldDef ERSPAN_PID4_RSVD3 = uint("erspan.pid4.rsvd3", "Reserved");
    public static final FieldDef ERSPAN_PID5_SWITCHID = bits("erspan.pid5.switchid", "Switch ID", FieldType.UINT, 4, null);
    public static final FieldDef ERSPAN_PID5_PORT = bits("erspan.pid5.port_index", "Port ID/index", FieldType.UINT, 4, null);
    public static final FieldDef ERSPAN_PID5_TIMESTAMP = uint("erspan.pid5.timestamp", "Timestamp (seconds)");
    public static final FieldDef ERSPAN_PID7_RSVD1 = bits("erspan.pid7.rsvd1", "Reserved", FieldType.UINT, 4, null);
    public static final FieldDef ERSPAN_PID7_SOURCE = bits("erspan.pid7.source_index", "Source index", FieldType.UINT, 4, null);
    public static final FieldDef ERSPAN_PID7_TIMESTAMP = uint("erspan.pid7.timestamp", "Upper 32 bits of the timestamp");
    public static final FieldDef ERSPAN_PID_RSVD = bits("erspan.pid.rsvd", "Reserved", FieldType.UINT, 8, null);

    public static final FieldDef VXLAN_FLAG_G = bits("vxlan.flag_g", "Group policy extension", FieldType.FLAG, 2, null);
    public static final FieldDef VXLAN_FLAG_I = bits("vxlan.flag_i", "VNI valid", FieldType.FLAG, 2, null);
    public static final FieldDef VXLAN_FLAG_D = bits("vxlan.flag_d", "Don't learn", FieldType.FLAG, 2, null);
    public static final FieldDef VXLAN_FLAG_A = bits("vxlan.flag_a", "Policy applied", FieldType.FLAG, 2, null);
    public static final FieldDef VXLAN_FLAGS_RESERVED = bits("vxlan.flags_reserved", "Reserved flags", FieldType.HEX, 2, null);

    /** How the frame analysed was carried: gre, erspan1, erspan2, erspan3 or vxlan (absent when not encapsulated). */
    public static final FieldDef ROCE_ENCAP = def("roce.encap", "Encapsulation of the mirrored frame", FieldType.STRING);

    /** The eight control bits; they sit, as in Wireshark, in the 12 bits after the data offset (2 bytes). */
    public static final FieldDef TCP_LEN = uint("tcp.len", "TCP Segment Len");
    public static final FieldDef TCP_FLAGS = def("tcp.flags", "Flags", FieldType.HEX, 3, 2, Fields::tcpFlagNames);
    /** The control bits one by one, Wireshark's tcp.flags.*, on the same two bytes as tcp.flags. */
    public static final FieldDef TCP_FLAG_RES = bits("tcp.flags.res", "Reserved (any of the three bits set)", FieldType.FLAG, 2, null);
    public static final FieldDef TCP_FLAG_AE = bits("tcp.flags.ae", "Accurate ECN", FieldType.FLAG, 2, null);
    public static final FieldDef TCP_FLAG_CWR = bits("tcp.flags.cwr", "Congestion window reduced", FieldType.FLAG, 2, null);
    public static final FieldDef TCP_FLAG_ECE = bits("tcp.flags.ece", "ECN-Echo", FieldType.FLAG, 2, null);
    public static final FieldDef TCP_FLAG_URG = bits("tcp.flags.urg", "Urgent", FieldType.FLAG, 2, null);
    public static final FieldDef TCP_FLAG_ACK = bits("tcp.flags.ack", "Acknowledgment", FieldType.FLAG, 2, null);
    public static final FieldDef TCP_FLAG_PUSH = bits("tcp.flags.push", "Push", FieldType.FLAG, 2, null);
    public static final FieldDef TCP_FLAG_RESET = bits("tcp.flags.reset", "Reset", FieldType.FLAG, 2, null);
    public static final FieldDef TCP_FLAG_SYN = bits("tcp.flags.syn", "Syn", FieldType.FLAG, 2, null);
    public static final FieldDef TCP_FLAG_FIN = bits("tcp.flags.fin", "Fin", FieldType.FLAG, 2, null);
    /** ARP's sender and target addresses: one spec type read twice, named by their role. */
    public static final FieldDef ARP_SRC_MAC = def("arp.src.hw_mac", "Sender MAC address", FieldType.MAC);
    public static final FieldDef ARP_SRC_IP = def("arp.src.proto_ipv4", "Sender IP address", FieldType.ADDRESS);
    public static final FieldDef ARP_DST_MAC = def("arp.dst.hw_mac", "Target MAC address", FieldType.MAC);
    public static final FieldDef ARP_DST_IP = def("arp.dst.proto_ipv4", "Target IP address", FieldType.ADDRESS);

    /*
     * The RoCE transport fields the specs read (bth.ksy and the extended headers' specs) are generated, see
     * {@link SpecFields}; these are computed by the RoCE module ({@link RoceModule}) from more than one spec field, or
     * from no header at all (the payload, the CRCs).
     */
    /** The AETH's syndrome byte (aeth.ksy's instance) and its parts, which sit, as in Wireshark, on that byte. */
    public static final FieldDef AETH_SYNDROME = hex("aeth.syndrome", "Syndrome", 2, null);
    public static final FieldDef AETH_TYPE = def("aeth.type", "Syndrome type", FieldType.STRING, 0, 1, null);
    public static final FieldDef AETH_CODE = bits("aeth.code", "Syndrome value", FieldType.UINT, 1, null);
    /** Wireshark's parts of the syndrome: bit 7, bits 6-5 as a number, and bits 4-0 named by the type. */
    public static final FieldDef AETH_RESERVED = bits("aeth.reserved", "Reserved (syndrome bit 7)", FieldType.UINT, 1, null);
    public static final FieldDef AETH_OPCODE = bits("aeth.opcode", "Syndrome type (0 ACK, 1 RNR NAK, 2 reserved, 3 NAK)",
            FieldType.UINT, 1, null);
    public static final FieldDef AETH_CREDIT_COUNT = bits("aeth.credit_count", "Credit count (ACK)", FieldType.UINT, 1, null);
    public static final FieldDef AETH_TIMER = bits("aeth.timer", "RNR timer (RNR NAK)", FieldType.UINT, 1, null);
    public static final FieldDef AETH_RESERVED_VALUE = bits("aeth.reserved_value", "Syndrome value (reserved type)",
            FieldType.UINT, 1, null);
    public static final FieldDef AETH_ERROR_CODE = bits("aeth.error_code", "NAK code (NAK)", FieldType.UINT, 1, null);
    public static final FieldDef CNP_RESERVED = def("cnp.reserved", "Reserved", FieldType.STRING);
    public static final FieldDef PAYLOAD_LEN = uint("payload.len", "RDMA payload length");
    public static final FieldDef ICRC = hex("icrc", "Invariant CRC", 8, null);
    public static final FieldDef ICRC_STATUS = def("icrc.status", "ICRC status", FieldType.STRING);
    public static final FieldDef VCRC = hex("vcrc", "Variant CRC", 4, null);
    public static final FieldDef VCRC_STATUS = def("vcrc.status", "VCRC status", FieldType.STRING);
    public static final FieldDef ICRC_COMPUTED = hex("icrc.computed", "Computed ICRC", 8, null);

    /**
     * The MAC Control opcode, hand-written for {@link MacControlModule}: mac_control.ksy reads it as an enum of PAUSE and
     * PFC, null for another opcode, whose number the detail still shows (its other fields are generated).
     */
    public static final FieldDef MACCTRL_OPCODE = hex("macc.opcode", "MAC Control opcode", 4, Fields::macControlName);

    public static final FieldDef MALFORMED_REASON = def("malformed.reason", "Malformed", FieldType.STRING);

    static {
        for (SpecField spec : SpecFields.ALL) {
            of(spec);
        }
    }

    /** The registry entry of a field a .ksy spec declares (registered when first asked for, at the latest here). */
    public static FieldDef of(SpecField spec) {
        return FROM_SPECS.computeIfAbsent(spec, Fields::register);
    }

    private static FieldDef register(SpecField spec) {
        FieldType type = switch (spec.kind()) {
            case UINT -> FieldType.UINT;
            case INT -> FieldType.INT;
            case HEX -> FieldType.HEX;
            case UINT64 -> FieldType.UINT64;
            case FLAG -> FieldType.FLAG;
            case MAC -> FieldType.MAC;
            case IPV4, IPV6 -> FieldType.ADDRESS;
            case STRING -> FieldType.STRING;
            case BYTES -> FieldType.BYTES;
            case SECONDS -> FieldType.SECONDS;
        };
        FieldDef field = new FieldDef(spec.name(), spec.title(), type, spec.hexDigits(), 0, spec.valueNames(),
                spec.blurb());
        if (BY_NAME.putIfAbsent(field.name(), field) != null) {
            throw new IllegalStateException("field declared twice: " + field.name());
        }
        return field;
    }

    private Fields() {
    }

    /**
     * A field a generated describer found ({@link io.rocelens.ksy.FieldSink}): its registry entry, and its value as the
     * registry holds it (an address as its text).
     */
    /** A sink for a generated describer that adds each field it finds to {@code fields}. */
    public static io.rocelens.ksy.FieldSink sink(java.util.List<Field> fields) {
        return (field, value, offset, length) -> fields.add(field(field, value, offset, length));
    }

    public static Field field(SpecField spec, Object value, int offset, int length) {
        Object held = switch (spec.kind()) {
            case IPV4 -> Addresses.ipv4((Long) value);
            case IPV6 -> Addresses.ipv6(Addresses.high((byte[]) value), Addresses.low((byte[]) value));
            default -> value;
        };
        return new Field(of(spec), held, offset, length);
    }

    public static FieldDef byName(String name) {
        return BY_NAME.get(name);
    }

    /** Every declared field, in declaration order. */
    public static Map<String, FieldDef> all() {
        return Collections.unmodifiableMap(BY_NAME);
    }

    /** "Not-ECT", "ECT(1)", "ECT(0)", "CE" (RFC 3168 §5), from {@code ipv4_header.ksy}. */
    public static String ecnName(long ecn) {
        return EnumTexts.ipv4HeaderEcnEnum(ecn);
    }

    /** "IPv4", "802.1Q", "RoCE" ..., from {@code ethernet_header.ksy}. */
    public static String etherTypeName(long etherType) {
        return EnumTexts.ethernetHeaderEtherTypeEnum(etherType);
    }

    /** "UDP", "TCP", "GRE" ..., from {@code ipv4_header.ksy}. */
    public static String ipProtocolName(long protocol) {
        return EnumTexts.ipv4HeaderIpProtocolEnum(protocol);
    }

    /** "SYN, ACK" from the TCP control bits, most significant first as Wireshark lists them. */
    public static String tcpFlagNames(long flags) {
        String[] names = {"FIN", "SYN", "RST", "PSH", "ACK", "URG", "ECE", "CWR"};
        StringBuilder text = new StringBuilder();
        for (int bit : new int[] {1, 0, 2, 3, 4, 5, 6, 7}) {
            if ((flags & (1L << bit)) != 0) {
                text.append(text.length() > 0 ? ", " : "").append(names[bit]);
            }
        }
        return text.length() > 0 ? text.toString() : null;
    }



    /** "PAUSE", "PFC", from {@code mac_control.ksy}. */
    public static String macControlName(long opcode) {
        return EnumTexts.macControlOpcodeEnum(opcode);
    }

    private static FieldDef uint(String name, String title) {
        return def(name, title, FieldType.UINT, 0, 0, null);
    }

    private static FieldDef hex(String name, String title, int digits, LongFunction<String> names) {
        return def(name, title, FieldType.HEX, digits, 0, names);
    }

    private static FieldDef bits(String name, String title, FieldType type, int byteWidth, LongFunction<String> names) {
        return def(name, title, type, type == FieldType.HEX ? byteWidth * 2 : 0, byteWidth, names);
    }

    private static FieldDef def(String name, String title, FieldType type) {
        return def(name, title, type, 0, 0, null);
    }

    private static FieldDef def(String name, String title, FieldType type, int hexDigits, int byteWidth,
                                LongFunction<String> names) {
        FieldDef field = new FieldDef(name, title, type, hexDigits, byteWidth, names);
        if (BY_NAME.putIfAbsent(name, field) != null) {
            throw new IllegalStateException("field declared twice: " + name);
        }
        return field;
    }
}
