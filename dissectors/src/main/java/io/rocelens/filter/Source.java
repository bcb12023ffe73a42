package io.rocelens.filter;

import io.rocelens.dissect.Dissection;
import io.rocelens.dissect.Field;
import io.rocelens.dissect.Layer;
import io.rocelens.dissect.PacketSummary;
import io.rocelens.dissect.SummaryFields;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;

/** One thing a filter field reads from a frame: a registry field, a protocol's presence, or an analysis value. */
abstract class Source {

    /** The canonical RoCE Lens name read, as {@link DisplayFilter#usesOnly} reports it. */
    final String name;

    Source(String name) {
        this.name = name;
    }

    /** True when the summary (and the marks) answer this for ordinary frames, without the detail dissector. */
    abstract boolean fromSummary();

    /**
     * True when what this reads is kept by the packet index, so a summary the index restores answers it as the
     * frame's own summary would (where the summary leaves a frame to the detail, the detail still answers).
     */
    boolean indexed() {
        return false;
    }

    boolean needsMarks() {
        return false;
    }

    abstract boolean any(FrameView frame, Matcher matcher);

    boolean exists(FrameView frame) {
        return any(frame, Matcher.ANY);
    }

    /** A registry field: from the summary when its getter answers for the frame, else every occurrence in the detail. */
    static final class FieldValue extends Source {
        private final ValueKind kind;
        private final SummaryFields.Getter getter;

        FieldValue(String name, ValueKind kind) {
            super(name);
            this.kind = kind;
            this.getter = SummaryFields.of(name);
        }

        @Override
        boolean fromSummary() {
            return getter != null;
        }

        @Override
        boolean indexed() {
            return getter != null && getter.indexed();
        }

        @Override
        boolean any(FrameView frame, Matcher matcher) {
            PacketSummary p = frame.summary;
            if (getter != null && getter.answers(p)) {
                if (!getter.twice() || !p.is(PacketSummary.ENCAPSULATED)) {
                    return fromSummary(p, matcher);
                }
                // outside and inside, as tshark has both occurrences (any of them matches)
                if (p.outer != null && getter.answers(p.outer)) {
                    return fromSummary(p.outer, matcher) || fromSummary(p, matcher);
                }
            }
            Dissection detail = frame.detail();
            if (detail == null) {
                return false;
            }
            for (Layer layer : detail.layers()) {
                for (Field field : layer.fields()) {
                    if (field.name().equals(name) && test(field.value(), matcher)) {
                        return true;
                    }
                }
            }
            return false;
        }

        private boolean fromSummary(PacketSummary p, Matcher matcher) {
            if (!getter.present(p)) {
                return false;
            }
            return switch (kind) {
                case IPV4, IPV6 -> matcher.ip(getter.high(p), getter.value(p));
                case TEXT -> matcher.text(getter.text(p));
                default -> matcher.number(getter.value(p));
            };
        }

        private boolean test(Object value, Matcher matcher) {
            return test(value, kind, matcher);
        }

        /** Tests one value of the detail as a field of that kind holds it. */
        static boolean test(Object value, ValueKind kind, Matcher matcher) {
            if (value instanceof Long number) {
                return matcher.number(number);
            }
            String text = String.valueOf(value);
            switch (kind) {
                case IPV4 -> {
                    long v4 = AddressText.ipv4(text);
                    return v4 >= 0 && matcher.ip(0, io.rocelens.dissect.Addresses.ipv4Mapped(v4));
                }
                case IPV6 -> {
                    long[] v6 = AddressText.ipv6(text);
                    return v6 != null && matcher.ip(v6[0], v6[1]);
                }
                case MAC -> {
                    long mac = AddressText.mac(text);
                    return mac >= 0 && matcher.number(mac);
                }
                case BYTES -> {
                    return matcher.bytes(java.util.HexFormat.ofDelimiter(":").parseHex(text));
                }
                default -> {
                    return matcher.text(text);
                }
            }
        }
    }

    /**
     * A byte string read from the frame's detail (its bytes), as tshark's FT_BYTES fields: {@code udp.payload}
     * (the bytes after each UDP header, to the datagram's length or the end of the captured bytes),
     * {@code tcp.payload} (after each TCP header, to the end of its IP datagram), {@code data.data} (what the
     * {@code data} protocol holds); with {@code length} true its length as a number ({@code data.len}).
     */
    static final class DetailBytes extends Source {
        private final int kinds;
        private final java.util.function.BiConsumer<FrameView, List<Object>> occurrences;
        private final boolean length;

        /**
         * @param kinds       summary kind bits of frames that may hold the bytes ({@link PacketSummary#ENCAPSULATED}
         *                    is always added: the summary holds the inner frame only)
         * @param occurrences adds each occurrence's bytes, a {@code byte[]}, to the list
         */
        DetailBytes(String name, int kinds, java.util.function.BiConsumer<FrameView, List<Object>> occurrences,
                    boolean length) {
            super(name);
            this.kinds = kinds | PacketSummary.ENCAPSULATED;
            this.occurrences = occurrences;
            this.length = length;
        }

        @Override
        boolean fromSummary() {
            return false;
        }

        @Override
        boolean any(FrameView frame, Matcher matcher) {
            for (byte[] bytes : occurrences(frame)) {
                if (length ? matcher.number(bytes.length) : matcher.bytes(bytes)) {
                    return true;
                }
            }
            return false;
        }

        /** Each occurrence's bytes in the frame, in order. */
        List<byte[]> occurrences(FrameView frame) {
            if ((frame.summary.kinds & kinds) == 0) {
                return List.of();
            }
            List<Object> found = new ArrayList<>(1);
            occurrences.accept(frame, found);
            List<byte[]> bytes = new ArrayList<>(found.size());
            for (Object each : found) {
                bytes.add((byte[]) each);
            }
            return bytes;
        }

        /** Whether the field is the length of the bytes ({@code data.len}) rather than the bytes. */
        boolean length() {
            return length;
        }

        /** The payload after each {@code udp} or {@code tcp} layer of the frame. */
        static void payloads(FrameView frame, String transport, List<Object> out) {
            Dissection detail = frame.detail();
            if (detail == null || detail.bytes() == null) {
                return;
            }
            byte[] bytes = detail.bytes();
            int datagramEnd = bytes.length;
            for (Layer layer : detail.layers()) {
                if (layer.name().equals("ip") || layer.name().equals("ipv6")) {
                    datagramEnd = Protocol.datagramEnd(layer, bytes.length);
                }
                if (!layer.name().equals(transport)) {
                    continue;
                }
                int start;
                int end;
                if (transport.equals("udp")) {
                    Field datagram = layer.field(io.rocelens.dissect.Fields.UDP_LENGTH.name());
                    if (datagram == null || !(datagram.value() instanceof Long udpLength) || udpLength < 8) {
                        continue;
                    }
                    start = layer.offset() + 8;
                    end = (int) Math.min(layer.offset() + udpLength, bytes.length);
                } else {
                    start = layer.offset() + layer.length();
                    end = Math.min(datagramEnd, bytes.length);
                }
                if (end > start) {
                    out.add(java.util.Arrays.copyOfRange(bytes, start, end));
                }
            }
        }
    }

    /** A text computed from the frame's detail ({@code frame.protocols}); null when the frame has none. */
    static final class DetailText extends Source {
        private final java.util.function.Function<FrameView, String> value;

        DetailText(String name, java.util.function.Function<FrameView, String> value) {
            super(name);
            this.value = value;
        }

        @Override
        boolean fromSummary() {
            return false;
        }

        @Override
        boolean any(FrameView frame, Matcher matcher) {
            String text = value.apply(frame);
            return text != null && matcher.text(text);
        }
    }

    /** A protocol: present when its layer is; the summary answers 1 (present), 0 (absent) or -1 (ask the detail). */
    static final class Protocol extends Source {
        private final String layer;
        private final ToIntFunction<PacketSummary> summary;
        private final boolean indexed;

        Protocol(String name, String layer, ToIntFunction<PacketSummary> summary, boolean indexed) {
            super(name);
            this.layer = layer;
            this.summary = summary;
            this.indexed = indexed;
        }

        @Override
        boolean indexed() {
            return indexed;
        }

        @Override
        boolean fromSummary() {
            return true;
        }

        @Override
        boolean any(FrameView frame, Matcher matcher) {
            return present(frame);
        }

        boolean present(FrameView frame) {
            int known = summary.applyAsInt(frame.summary);
            if (known >= 0 || layer == null) {
                return known > 0;
            }
            Dissection detail = frame.detail();
            return detail != null && detail.layer(layer) != null;
        }

        /** True when slices, {@code contains}, {@code matches} and {@code len()} can read this protocol's bytes. */
        boolean carriesBytes() {
            return layer != null || name.equals("frame") || name.equals("roce");
        }

        /**
         * The bytes of each occurrence of the protocol as Wireshark's protocol item holds them. With {@code searched}
         * false, the item's own range (what slices, {@code ==} and {@code len()} read): the whole frame after an ERF
         * record header for {@code frame}; InfiniBand from its first header (LRH, GRH or BTH, or the UDP payload of a
         * frame cut before a whole BTH) to the end of its datagram; Ethernet's 14 bytes; MAC Control and ERSPAN to
         * the end of what they carry; any other its layer. With {@code searched} true, what {@code contains} and
         * {@code matches} search: Wireshark searches a protocol's whole buffer, from its first byte to the end of
         * the datagram or frame that carries it (an {@code eth} search reaches the UDP ports). The headers that are
         * fields in Wireshark ({@code infiniband.bth}, {@code .reth}…) are searched over their own bytes.
         */
        void bytes(FrameView frame, boolean searched, List<Object> out) {
            Dissection detail = frame.detail();
            if (detail == null || detail.bytes() == null) {
                return;
            }
            byte[] bytes = detail.bytes();
            List<Layer> layers = detail.layers();
            int first = 0;
            for (Layer each : layers) {
                first = each.name().equals("erf") ? each.offset() + each.length() : first;
            }
            int end = (int) Math.min(bytes.length, (long) first + detail.capturedLength());
            if (name.equals("frame")) {
                add(bytes, first, end, out);
                return;
            }
            // the end of the buffer Wireshark hands each protocol: an IP datagram bounds everything inside it
            int bound = end;
            int udpPayload = -1;
            for (Layer each : layers) {
                if (each.name().equals(layer)) {
                    int own = switch (name) {
                        case "eth" -> each.offset() + Math.min(14, each.length());
                        case "macc", "erspan" -> bound;
                        default -> each.offset() + each.length();
                    };
                    add(bytes, each.offset(), searched && !FIELDS_IN_WIRESHARK.contains(name) ? Math.max(own, bound) : own, out);
                }
                if (name.equals("roce") && (each.name().equals("lrh") || each.name().equals("grh")
                        || each.name().equals("bth"))) {
                    add(bytes, each.offset(), bound, out);
                    return;
                }
                bound = Math.min(bound, datagramEnd(each, bound));
                udpPayload = each.name().equals("udp") ? each.offset() + 8 : udpPayload;
            }
            if (name.equals("roce") && udpPayload >= 0 && frame.summary.is(PacketSummary.ROCE_TRANSPORT)) {
                add(bytes, udpPayload, bound, out);
            }
            if (name.equals("data") && out.isEmpty()) {
                // a payload no dissector takes (TCP, UDP to another port, LLC): what follows the last header
                int after = first;
                for (Layer each : layers) {
                    after = each.name().equals("frame") ? after : Math.max(after, each.offset() + each.length());
                }
                if (after < bound) {
                    add(bytes, after, bound, out);
                }
            }
        }

        /** RoCE Lens's protocols that Wireshark shows as fields of {@code infiniband}: searched over their own bytes. */
        private static final java.util.Set<String> FIELDS_IN_WIRESHARK = java.util.Set.of("lrh", "grh", "bth", "xrceth",
                "feth", "rdeth", "deth", "reth", "atomic", "aeth", "atomicack", "ieth", "cnp", "payload", "icrc", "vcrc");

        /**
         * Where what a layer carries ends: an IPv4 total length, an IPv6 payload length, an IEEE 802.3 length (the
         * padding after it is no protocol's), else {@code bound}.
         */
        static int datagramEnd(Layer layer, int bound) {
            Field length = switch (layer.name()) {
                case "ip" -> layer.field(io.rocelens.dissect.Fields.IP_LEN.name());
                case "ipv6" -> layer.field(io.rocelens.dissect.Fields.IPV6_PLEN.name());
                case "eth" -> layer.field(io.rocelens.dissect.Fields.ETH_LEN.name());
                default -> null;
            };
            if (length == null || !(length.value() instanceof Long value)) {
                return bound;
            }
            long header = switch (layer.name()) {
                case "ipv6" -> 40;
                case "eth" -> 14;
                default -> 0;
            };
            return value == 0 ? bound : (int) Math.min(bound, layer.offset() + header + value);
        }

        private static void add(byte[] bytes, int start, int end, List<Object> out) {
            int to = Math.min(end, bytes.length);
            if (start >= 0 && start <= to) {
                out.add(java.util.Arrays.copyOfRange(bytes, start, to));
            }
        }
    }

    /**
     * A time computed from the summary, in signed nanoseconds; {@link PacketSummary#NO_TIME} when the frame has none
     * (its first and previous timestamps were not set).
     */
    static final class Time extends Source {
        private final ToLongFunction<PacketSummary> value;

        Time(String name, ToLongFunction<PacketSummary> value) {
            super(name);
            this.value = value;
        }

        /** The index keeps every frame's timestamp, and so the first and the previous one. */
        @Override
        boolean indexed() {
            return true;
        }

        @Override
        boolean fromSummary() {
            return true;
        }

        @Override
        boolean any(FrameView frame, Matcher matcher) {
            long nanos = value.applyAsLong(frame.summary);
            return nanos != PacketSummary.NO_TIME && matcher.time(nanos);
        }
    }

    /** A number computed from the summary and the analysis marks; {@link Long#MIN_VALUE} when the frame has none. */
    static final class Computed extends Source {
        static final long ABSENT = Long.MIN_VALUE;
        private final boolean marks;
        private final ToLongFunction<FrameView> value;

        private final boolean indexed;

        Computed(String name, boolean marks, ToLongFunction<FrameView> value) {
            this(name, marks, value, false);
        }

        Computed(String name, boolean marks, ToLongFunction<FrameView> value, boolean indexed) {
            super(name);
            this.marks = marks;
            this.value = value;
            this.indexed = indexed;
        }

        @Override
        boolean indexed() {
            return indexed;
        }

        @Override
        boolean fromSummary() {
            return true;
        }

        @Override
        boolean needsMarks() {
            return marks;
        }

        @Override
        boolean any(FrameView frame, Matcher matcher) {
            if (marks && frame.marks == null) {
                return false;
            }
            long v = value.applyAsLong(frame);
            return v != ABSENT && matcher.number(v);
        }
    }
}
