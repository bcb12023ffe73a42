package io.rocelens.filter;

import io.rocelens.analysis.AnalysisMarks;
import io.rocelens.dissect.FieldDef;
import io.rocelens.dissect.FieldType;
import io.rocelens.dissect.Fields;
import io.rocelens.dissect.PacketSummary;
import io.rocelens.dissect.ProtocolModule;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;

/**
 * Every name a display filter accepts: the field registry's fields, the protocols, the "either side" fields
 * ({@code ip.addr}), the RoCE analysis values, and the Wireshark aliases.
 */
final class FilterFields {

    /** Marks a source whose summary inputs the packet index keeps ({@link Source#indexed}). */
    private static final boolean IN_INDEX = true;

    private static final Map<String, FilterField> BY_NAME = new LinkedHashMap<>();
    private static final Map<String, Map<String, Long>> VALUES_BY_NAME = new ConcurrentHashMap<>();
    /** The only values some text fields take, so a misspelt one is an error rather than a filter matching nothing. */
    private static final Map<String, List<String>> TEXT_VALUES = Map.of(
            "aeth.type", List.of("ack", "rnr_nak", "nak", "reserved"),
            "icrc.status", List.of("good", "bad", "unchecked"),
            "roce.encap", PacketSummary.ENCAPSULATION_NAMES.subList(1, PacketSummary.ENCAPSULATION_NAMES.size()));

    /**
     * Wireshark names whose fields are byte strings (FT_BYTES in {@code tshark -G fields}) where RoCE Lens holds a
     * number, with their width: compared as Wireshark compares bytes (a shorter byte string never equals them).
     */
    private static final Map<String, Integer> BYTE_FIELDS = Map.of("infiniband.immdt", 4, "infiniband.ieth", 4);
    /**
     * Wireshark 4.0 names tshark knows ({@code tshark -G fields}) but fills on none of the frames RoCE Lens decodes:
     * {@code ip.tos} only with the old "decode the TOS field" preference (it shows {@code ip.dsfield}), {@code vlan.cfi}
     * is the old name of the DEI bit ({@code vlan.dei} in 4.0), {@code infiniband.payload} only where tshark takes a
     * payload for something else. A filter accepts them and, as tshark, matches no frame with them.
     */
    static final List<String> NEVER_PRESENT = List.of("ip.tos", "vlan.cfi", "infiniband.payload");
    /** The Wireshark names of each name besides itself (the aliases standing for it), for Wireshark's tables. */
    private static final Map<String, List<String>> WIRESHARK_NAMES = new HashMap<>();

    static {
        for (FieldDef def : Fields.all().values()) {
            ValueKind kind = ValueKind.of(def.type(), def.name());
            add(new FilterField(def.name(), def.title(), kind, def.type() == FieldType.HEX, def.valueNames(),
                    List.of(new Source.FieldValue(def.name(), kind)), def.type() == FieldType.INT));
        }
        add(new FilterField("frame.number", "Frame number", ValueKind.NUMBER, false, null,
                List.of(new Source.Computed("frame.number", false, f -> f.summary.number, IN_INDEX))));
        time("frame.time", "Arrival time", ValueKind.ABSOLUTE_TIME, p -> p.timestampNanos);
        time("frame.time_epoch", "Arrival time, seconds since 1970-01-01 UTC", ValueKind.TIME, p -> p.timestampNanos);
        time("frame.time_relative", "Seconds since the capture's first frame", ValueKind.TIME,
                p -> since(p.timestampNanos, p.firstTimestampNanos));
        time("frame.time_delta", "Seconds since the previous captured frame", ValueKind.TIME,
                p -> since(p.timestampNanos, p.previousTimestampNanos));
        // as Wireshark's frame dissector: "Frame is marked" and "Frame is ignored" on every frame (False unless the
        // user set them in the window), "This is a Time Reference frame" only on one. They come with the marks: the
        // window attaches its flags to the marks of the pass that loaded the capture
        userFlag("frame.marked", "Frame is marked in the GUI", AnalysisMarks.UserFlags::marked);
        userFlag("frame.ignored", "Frame is ignored by the dissectors", AnalysisMarks.UserFlags::ignored);
        add(new FilterField("frame.ref_time", "This frame is a Time Reference frame", ValueKind.NONE, false, null,
                List.of(new Source.Computed("frame.ref_time", true,
                        f -> userFlag(f, AnalysisMarks.UserFlags::timeReference) == 1 ? 1 : Source.Computed.ABSENT))));
        neverPresent("ip.tos", "Type of Service (tshark 4.0 shows it as ip.dsfield; never present)", ValueKind.NUMBER);
        neverPresent("vlan.cfi", "Canonical Format Identifier (vlan.dei in tshark 4.0; never present)", ValueKind.FLAG);
        neverPresent("infiniband.payload", "InfiniBand payload as tshark names a misread one (never present)",
                ValueKind.BYTES);
        add(new FilterField("udp.payload", "UDP payload: the bytes after the UDP header, as captured", ValueKind.BYTES,
                false, null, List.of(new Source.DetailBytes("udp.payload", PacketSummary.UDP,
                        (f, out) -> Source.DetailBytes.payloads(f, "udp", out), false))));
        add(new FilterField("tcp.payload", "TCP payload: the bytes after the TCP header to the end of the IP datagram, "
                + "as captured", ValueKind.BYTES, false, null, List.of(new Source.DetailBytes("tcp.payload",
                        PacketSummary.TCP, (f, out) -> Source.DetailBytes.payloads(f, "tcp", out), false))));
        add(new FilterField("frame.protocols", "Protocols in frame, as tshark chains them (eth:ethertype:ip:udp:"
                + "infiniband:data)", ValueKind.TEXT, false, null,
                List.of(new Source.DetailText("frame.protocols", FilterFields::protocols))));
        either("eth.addr", "Source or destination MAC address", Fields.ETH_SRC, Fields.ETH_DST);
        either("ip.addr", "Source or destination IPv4 address", Fields.IP_SRC, Fields.IP_DST);
        either("ipv6.addr", "Source or destination IPv6 address", Fields.IPV6_SRC, Fields.IPV6_DST);
        either("udp.port", "Source or destination UDP port", Fields.UDP_SRCPORT, Fields.UDP_DSTPORT);
        either("tcp.port", "Source or destination TCP port", Fields.TCP_SRCPORT, Fields.TCP_DSTPORT);
        for (int priority = 0; priority < 8; priority++) {
            int bit = priority;
            String name = "pfc.enable" + priority;
            add(new FilterField(name, "PFC class-enable bit for priority " + priority, ValueKind.FLAG, false, null,
                    List.of(new Source.Computed(name, false, f -> f.summary.is(PacketSummary.PFC)
                            && f.summary.pfcClassEnable >= 0 ? (f.summary.pfcClassEnable >>> bit) & 1
                            : Source.Computed.ABSENT))));
        }

        protocol(IN_INDEX, "frame", "Frame", null, p -> 1);
        for (ProtocolModule module : ProtocolModule.all()) {
            for (ProtocolModule.Protocol protocol : module.protocols()) {
                protocol(protocol.indexed(), protocol.filterName(), protocol.title(), protocol.layer(),
                        p -> ProtocolModule.inSummary(protocol, p));
            }
        }
        Source.Protocol data = new Source.Protocol("data", "payload", FilterFields::data, false);
        add(new FilterField("data", "Data: payload bytes no dissector decodes (an RDMA payload, a UDP or TCP payload "
                + "to a port without a dissector, an LLC payload that is not STP)", ValueKind.NONE, false, null,
                List.of(data)));
        java.util.function.BiConsumer<FrameView, List<Object>> dataBytes = (f, out) -> {
            if (data.present(f)) {
                data.bytes(f, false, out);
            }
        };
        add(new FilterField("data.data", "Data: the bytes the data protocol holds", ValueKind.BYTES, false, null,
                List.of(new Source.DetailBytes("data.data", -1, dataBytes, false))));
        add(new FilterField("data.len", "Length of the data protocol's bytes", ValueKind.NUMBER, false, null,
                List.of(new Source.DetailBytes("data.len", -1, dataBytes, true))));
        protocol(IN_INDEX, "malformed", "Malformed frame", null, p -> p.is(PacketSummary.MALFORMED) ? 1 : 0);

        mark("psn_gap", "PSN gap: this packet's PSN is ahead of the expected one", AnalysisMarks.PSN_GAP);
        mark("retransmission", "Retransmission: PSN behind the expected one", AnalysisMarks.RETRANSMISSION);
        mark("duplicate", "Duplicate: a retransmitted PSN that was not missing", AnalysisMarks.DUPLICATE);
        mark("out_of_order", "Out of order: a retransmitted PSN that was missing", AnalysisMarks.OUT_OF_ORDER);
        mark("nak", "NAK (AETH type NAK, any code)", AnalysisMarks.NAK);
        mark("rnr_nak", "RNR NAK", AnalysisMarks.RNR_NAK);
        mark("cnp", "CNP (congestion notification)", AnalysisMarks.CNP);
        mark("ecn_ce", "RoCE packet marked ECN CE (congestion experienced)", AnalysisMarks.ECN_CE);
        mark("icrc_bad", "RoCE packet with a bad ICRC", AnalysisMarks.ICRC_BAD);
        mark("malformed", "Malformed frame", AnalysisMarks.MALFORMED);
        mark("pfc_xoff", "PFC frame pausing at least one priority", AnalysisMarks.PFC_XOFF);
        mark("pfc_xon", "PFC frame resuming at least one priority", AnalysisMarks.PFC_XON);
        mark("new_connection", "New connection reusing the QP: its CM handshake, or (inferred) a PSN jump after a silence",
                AnalysisMarks.NEW_CONNECTION);
        mark("psn_in_read_range", "Request on a PSN an earlier RDMA READ reserved for its responses",
                AnalysisMarks.PSN_IN_READ_RANGE);
        mark("unsent_psn_answered", "ACK, NAK or READ response for a PSN beyond any its requester sent",
                AnalysisMarks.UNSENT_PSN_ANSWERED);
        mark("cnm", "Congestion Notification Message (IEEE 802.1Q QCN) from a congestion point", AnalysisMarks.CNM);
        analysisValue(IN_INDEX, "roce.analysis.missing",
                "PSNs skipped by the gap at this packet", f -> f.marks.missing(f.summary.number));
        analysisValue(IN_INDEX, "roce.analysis.nak_to_retx_us",
                "Microseconds from the NAK to this retransmission (whole µs)",
                f -> micros(f.marks.nakToRetransmissionNanos(f.summary.number)));
        analysisValue(IN_INDEX, "roce.analysis.ce_to_cnp_us",
                "Microseconds from the first CE mark to this CNP (whole µs)",
                f -> micros(f.marks.ceToCnpNanos(f.summary.number)));
        analysisValue(false, "udp.stream",
                "UDP conversation index, as tshark's: both addresses and ports, numbered from 0 "
                + "in order of first appearance (an encapsulated frame: its inner datagram's)",
                f -> f.marks.udpStream(f.summary));
        analysisValue(false, "roce.flow", "Flow number: the row of the per-QP CSV (--qp-csv) this packet's flow is on",
                f -> f.marks.flow(f.summary));
        analysisValue(IN_INDEX, "roce.msg.number",
                "Message number within the packet's flow (from 1, in the order messages start)",
                f -> f.marks.messageNumber(f.summary.number));
        analysisValue(IN_INDEX, "roce.msg.size",
                "Message size: payload bytes from its First to its Last packet (when both are in the "
                + "capture)", f -> f.marks.messageSize(f.summary.number));
        analysisValue(IN_INDEX, "roce.journey.lost",
                "Packet lost further along the path (a correlation of captures of the "
                + "same path is loaded in the window)", f -> journey(f, AnalysisMarks.Journeys::lost));
        analysisValue(IN_INDEX, "roce.journey.ce_marked",
                "Packet marked ECN CE by a hop of the path (a correlation is loaded)",
                f -> journey(f, AnalysisMarks.Journeys::ceMarked));
        analysisValue(IN_INDEX, "roce.journey.delay",
                "Nanoseconds from this capture point to the next on the packet's way "
                + "(a correlation is loaded)", f -> journey(f, AnalysisMarks.Journeys::delay));
        add(new FilterField("roce.msg.position", "Position of the packet in its message: first, middle, last or only",
                ValueKind.NUMBER, false, FilterFields::messagePosition, List.of(new Source.Computed("roce.msg.position",
                true, f -> {
                    long v = f.marks.messagePosition(f.summary.number);
                    return v < 0 ? Source.Computed.ABSENT : v;
                }, IN_INDEX))));

        for (WiresharkAliases.Alias alias : WiresharkAliases.all()) {
            List<Source> sources = new ArrayList<>();
            FilterField first = BY_NAME.get(alias.roceLens().get(0));
            for (String target : alias.roceLens()) {
                WIRESHARK_NAMES.computeIfAbsent(target, key -> new ArrayList<>()).add(alias.wireshark());
                FilterField field = BY_NAME.get(target);
                if (field == null) {
                    throw new IllegalStateException("alias " + alias.wireshark() + " names unknown field " + target);
                }
                sources.addAll(field.sources());
            }
            boolean bytes = BYTE_FIELDS.containsKey(alias.wireshark());
            add(new FilterField(alias.wireshark(), first.description() + " (Wireshark name of "
                    + String.join(" or ", alias.roceLens()) + ")", bytes ? ValueKind.BYTES : first.kind(), first.hex(),
                    bytes ? null : first.valueNames(), List.copyOf(sources)));
        }
    }

    private FilterFields() {
    }

    /**
     * The canonical names (as {@link DisplayFilter#usesOnly} asks them) whose every source is {@link Source#indexed}:
     * the fields and protocols the packet index answers.
     */
    static java.util.Set<String> indexedNames() {
        java.util.Map<String, Boolean> all = new java.util.HashMap<>();
        for (FilterField field : BY_NAME.values()) {
            for (Source source : field.sources()) {
                all.merge(source.name, source.indexed(), Boolean::logicalAnd);
            }
        }
        java.util.Set<String> names = new java.util.TreeSet<>();
        all.forEach((name, indexed) -> {
            if (indexed) {
                names.add(name);
            }
        });
        return java.util.Collections.unmodifiableSet(names);
    }

    static FilterField get(String name) {
        return BY_NAME.get(name);
    }

    static Collection<FilterField> all() {
        return Collections.unmodifiableCollection(BY_NAME.values());
    }

    /**
     * The value a name stands for in a field with value names (case does not matter), RoCE Lens's short names or
     * Wireshark's long ones ({@code "Congestion Experienced"}), or null.
     */
    static Long valueNamed(FilterField field, String name) {
        Long own = ownValueNamed(field, name);
        if (own != null) {
            return own;
        }
        for (String wireshark : wiresharkNames(field)) {
            Long value = WiresharkTables.value(wireshark, name);
            if (value != null) {
                return value;
            }
        }
        return null;
    }

    /**
     * The largest value Wireshark lets a filter compare the field with (its integer type's), or null when no
     * Wireshark name of it is an integer field.
     */
    static Long max(FilterField field) {
        Long max = null;
        for (String wireshark : wiresharkNames(field)) {
            Long each = WiresharkTables.max(wireshark);
            if (each != null && (max == null || each < max)) {
                max = each;
            }
        }
        return max;
    }

    /** The field's own name and the Wireshark names standing for it. */
    private static List<String> wiresharkNames(FilterField field) {
        List<String> names = new ArrayList<>();
        names.add(field.name());
        names.addAll(WIRESHARK_NAMES.getOrDefault(field.name(), List.of()));
        return names;
    }

    private static Long ownValueNamed(FilterField field, String name) {
        if (field.valueNames() == null) {
            return null;
        }
        Map<String, Long> names = VALUES_BY_NAME.computeIfAbsent(field.name(), key -> {
            Map<String, Long> found = new HashMap<>();
            for (long value = 0xffff; value >= 0; value--) {
                String valueName = field.valueNames().apply(value);
                if (valueName != null) {
                    found.put(valueName.toLowerCase(Locale.ROOT), value);
                }
            }
            return found;
        });
        return names.get(name.toLowerCase(Locale.ROOT));
    }

    /** The width in bytes of a byte-string field ({@link ValueKind#BYTES}). */
    static int byteWidth(FilterField field) {
        return BYTE_FIELDS.getOrDefault(field.name(), 0);
    }

    /** The values a text field can take, or null when any text can occur. */
    static List<String> textValues(FilterField field) {
        return TEXT_VALUES.get(field.name());
    }

    /**
     * UDP ports tshark 4.0 gives a dissector of its own on the captures RoCE Lens is tested with (besides RoCE and
     * VXLAN): echo, DNS, DHCP, NTP, NetBIOS, SNMP, syslog, DHCPv6, SSDP, mDNS, LLMNR. Any other port's payload is data.
     */
    private static final java.util.Set<Integer> UDP_DISSECTED_PORTS = java.util.Set.of(7, 53, 67, 68, 123, 137, 138,
            161, 162, 514, 546, 547, 1900, 5353, 5355);
    /** TCP ports whose payload tshark hands to a dissector (or keeps for reassembly): SSH, HTTP, TLS. */
    private static final java.util.Set<Integer> TCP_DISSECTED_PORTS = java.util.Set.of(22, 80, 443, 2000, 8080, 8090);

    /**
     * tshark's {@code data}: 1 when the frame ends in bytes no dissector decodes, 0 when not, -1 to ask the detail (a
     * malformed RoCE frame: data when its payload layer is there).
     */
    static int data(PacketSummary p) {
        if (p.isRoce()) {
            // tshark shows no data on a frame cut by the snap length, and decodes QP0/QP1's MADs (CM, SMP, ...);
            // tshark 4.0 hands no payload of an XRC opcode or of IBTA 1.5's FLUSH and ATOMIC WRITE to data
            return p.capturedLength < p.originalLength || p.destQp == 0 || p.destQp == 1
                    || (p.opcode >= 0xa0 && p.opcode <= 0xbf) || p.opcode == 0x1c || p.opcode == 0x1d ? 0
                    : p.is(PacketSummary.MALFORMED) ? -1 : p.payloadLength > 0 ? 1 : 0;
        }
        if (p.is(PacketSummary.MALFORMED)) {
            return 0;
        }
        if (p.is(PacketSummary.LLC)) {
            return p.is(PacketSummary.STP) ? 0 : 1;
        }
        if (p.is(PacketSummary.UDP)) {
            return !p.is(PacketSummary.ROCE_TRANSPORT) && p.udpDstPort != 4789 && p.udpLength > 8
                    && !UDP_DISSECTED_PORTS.contains(p.udpSrcPort) && !UDP_DISSECTED_PORTS.contains(p.udpDstPort)
                    ? 1 : 0;
        }
        if (p.is(PacketSummary.TCP)) {
            return p.tcpPayloadLength > 0 && !TCP_DISSECTED_PORTS.contains(p.tcpSrcPort)
                    && !TCP_DISSECTED_PORTS.contains(p.tcpDstPort) ? 1 : 0;
        }
        return 0;
    }

    /**
     * tshark's {@code frame.protocols} from the detail's layers: each protocol's filter name, "ethertype" after a type
     * field, "infiniband" for the LRH, GRH and BTH together, the protocols RoCE Lens knows without a layer of their own
     * (icmp, icmpv6, UDP echo and DHCP) and data last. tshark's dissectors RoCE Lens lacks (ipv6.hopopts, http,
     * tls, json, ...) are not in it.
     */
    static String protocols(FrameView frame) {
        String known = frame.protocolsWithoutDetail();
        if (known != null) {
            return known;
        }
        io.rocelens.dissect.Dissection detail = frame.detail();
        if (detail == null) {
            return null;
        }
        PacketSummary p = frame.summary;
        StringBuilder out = new StringBuilder();
        boolean infiniband = false;
        String last = null;
        for (io.rocelens.dissect.Layer layer : detail.layers()) {
            String name = layer.name();
            switch (name) {
                default -> {
                    ProtocolModule module = MODULE_LAYERS.get(name);
                    String part = module != null ? module.framePart(layer) : null;
                    if (part == null) {
                        continue;
                    }
                    if (part.equals("infiniband")) {
                        // the transport, or a module's part of tshark's InfiniBand protocol (a MAD on QP 0 or 1)
                        if (!infiniband) {
                            append(out, "infiniband");
                            infiniband = true;
                        }
                    } else {
                        append(out, part);
                    }
                }
            }
            last = name;
        }
        if (!infiniband && p.is(PacketSummary.ROCE_TRANSPORT)) {
            append(out, "infiniband"); // too short for a BTH: tshark names the protocol, then finds it malformed
        } else if ("ip".equals(last) && p.transportProtocol == 1) {
            append(out, "icmp");
        } else if ("ipv6".equals(last) && p.transportProtocol == 58) {
            append(out, "icmpv6");
        } else if ("udp".equals(last) && !p.is(PacketSummary.ROCE_TRANSPORT)) {
            if (p.udpSrcPort == 7 || p.udpDstPort == 7) {
                append(out, "echo");
            } else if (p.udpSrcPort == 67 || p.udpDstPort == 67 || p.udpSrcPort == 68 || p.udpDstPort == 68) {
                append(out, "dhcp");
            }
        }
        int data = data(p);
        if (data > 0 || data < 0 && detail.layer("payload") != null) {
            append(out, "data");
        }
        return out.toString();
    }

    /** The module of each detail layer that is a module's protocol. */
    private static final Map<String, ProtocolModule> MODULE_LAYERS = new HashMap<>();

    static {
        for (ProtocolModule module : ProtocolModule.all()) {
            for (ProtocolModule.Protocol protocol : module.protocols()) {
                if (protocol.layer() != null) {
                    MODULE_LAYERS.put(protocol.layer(), module);
                }
            }
        }
    }

    private static void append(StringBuilder out, String protocol) {
        if (out.length() > 0) {
            out.append(':');
        }
        out.append(protocol);
    }

    private static long micros(long nanos) {
        return nanos == AnalysisMarks.NONE ? Source.Computed.ABSENT : nanos / 1000;
    }

    private static void add(FilterField field) {
        if (BY_NAME.putIfAbsent(field.name(), field) != null) {
            throw new IllegalStateException("filter name declared twice: " + field.name());
        }
    }

    private static void time(String name, String description, ValueKind kind, ToLongFunction<PacketSummary> value) {
        add(new FilterField(name, description, kind, false, null, List.of(new Source.Time(name, value))));
    }

    private static long since(long timestamp, long reference) {
        return reference == PacketSummary.NO_TIME ? PacketSummary.NO_TIME : timestamp - reference;
    }

    /** A Wireshark name of {@link #NEVER_PRESENT}: known, of its Wireshark kind, on no frame. */
    private static void neverPresent(String name, String description, ValueKind kind) {
        add(new FilterField(name, description, kind, false, null,
                List.of(new Source.Computed(name, false, f -> Source.Computed.ABSENT))));
    }

    private static void either(String name, String description, FieldDef source, FieldDef destination) {
        ValueKind kind = ValueKind.of(source.type(), source.name());
        add(new FilterField(name, description, kind, source.type() == FieldType.HEX, source.valueNames(), List.of(
                new Source.FieldValue(source.name(), kind), new Source.FieldValue(destination.name(), kind))));
    }

    private static void protocol(String name, String description, String layer, ToIntFunction<PacketSummary> summary) {
        protocol(false, name, description, layer, summary);
    }

    /** @param indexed the summary values {@code summary} reads are kept by the packet index ({@link Source#indexed}) */
    private static void protocol(boolean indexed, String name, String description, String layer,
                                 ToIntFunction<PacketSummary> summary) {
        add(new FilterField(name, description, ValueKind.NONE, false, null,
                List.of(new Source.Protocol(name, layer, summary, indexed))));
    }

    private static void mark(String name, String description, int bit) {
        String full = "roce.analysis." + name;
        add(new FilterField(full, description, ValueKind.NONE, false, null,
                List.of(new Source.Computed(full, true, f -> f.marks.has(f.summary.number, bit) ? 1
                        : Source.Computed.ABSENT, IN_INDEX))));
    }

    private static String messagePosition(long value) {
        return value == AnalysisMarks.FIRST ? "first" : value == AnalysisMarks.MIDDLE ? "middle"
                : value == AnalysisMarks.LAST ? "last" : value == AnalysisMarks.ONLY ? "only" : null;
    }

    /** A flag the user sets in the window: 0 on every frame it is not set on (all of them in the command line). */
    private static void userFlag(String name, String description, UserFlag flag) {
        add(new FilterField(name, description, ValueKind.FLAG, false, null,
                List.of(new Source.Computed(name, true, f -> userFlag(f, flag), IN_INDEX))));
    }

    private interface UserFlag {
        boolean of(AnalysisMarks.UserFlags flags, long frame);
    }

    private static long userFlag(FrameView f, UserFlag flag) {
        AnalysisMarks.UserFlags flags = f.marks.userFlags();
        return flags != null && flag.of(flags, f.summary.number) ? 1 : 0;
    }

    private static long journey(FrameView f, java.util.function.ToLongBiFunction<AnalysisMarks.Journeys, Long> value) {
        AnalysisMarks.Journeys journeys = f.marks.journeys();
        return journeys == null ? AnalysisMarks.NONE : value.applyAsLong(journeys, f.summary.number);
    }

    /**
     * A number of the analysis marks; {@code indexed} when it depends on the frame's number alone (the marks are kept
     * by frame number), not on summary fields the index lacks (ports, the DETH's QP).
     */
    private static void analysisValue(boolean indexed, String name, String description,
                                      ToLongFunction<FrameView> value) {
        add(new FilterField(name, description, ValueKind.NUMBER, false, null, List.of(new Source.Computed(name, true,
                f -> {
                    long v = value.applyAsLong(f);
                    return v < 0 ? Source.Computed.ABSENT : v;
                }, indexed))));
    }
}
