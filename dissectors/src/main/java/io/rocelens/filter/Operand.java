package io.rocelens.filter;

import io.rocelens.dissect.Addresses;
import io.rocelens.dissect.Dissection;
import io.rocelens.dissect.Field;
import io.rocelens.dissect.Layer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One side of a comparison on the general path, Wireshark 4's "entity" and "arithmetic_expr": a field (optionally
 * restricted to layers, {@code ip.src#2}), a literal, a slice ({@code eth.src[0:3]}), a function ({@code len()},
 * {@code count()}, {@code upper()}, {@code lower()}, {@code string()}, {@code abs()}, {@code max()}, {@code min()}),
 * arithmetic ({@code + - * / % &}, unary minus) or a field reference ({@code ${ip.src}}). Plain
 * {@code field OP literal} tests never come here: they stay on the fast {@link Node.Compare}.
 *
 * <p>Values at run time: numbers, flags and times as {@link Long}, MAC addresses and byte strings as {@code byte[]},
 * text as {@link String}, IP addresses as {@code long[] {high, low}} (IPv4 held IPv4-mapped), and an IP literal as
 * its {@link Literal} (so a subnet matches as in Wireshark).
 */
abstract class Operand {

    /** What the operand's values are; null for a literal not yet read as the other side's kind. */
    abstract ValueKind kind();

    /** Every value of the operand in the frame (none when a field is absent). */
    abstract List<Object> values(FrameView frame);

    abstract void print(StringBuilder out);

    void sources(java.util.function.Consumer<Source> each) {
    }

    /** True when the values come from the summary for ordinary frames (no detail dissection). */
    boolean fromSummary() {
        boolean[] detail = {false};
        sources(source -> detail[0] |= !source.fromSummary());
        return !detail[0];
    }

    /**
     * Says that an operand reads the frame's detail (a layer {@code #n}, a protocol's bytes), under a name no index
     * holds, so the filter knows the detail is needed.
     */
    private static Source fromDetail(String name) {
        return new Source(name) {
            @Override
            boolean fromSummary() {
                return false;
            }

            @Override
            boolean any(FrameView frame, Matcher matcher) {
                return false;
            }
        };
    }

    /** A field, optionally restricted to layers {@code #from..to} (1-based, both included). */
    static final class FieldRef extends Operand {
        final Node.Ref ref;
        private final int fromLayer;
        private final int toLayer;
        private final String layerText;

        FieldRef(Node.Ref ref, int fromLayer, int toLayer, String layerText) {
            this.ref = ref;
            this.fromLayer = fromLayer;
            this.toLayer = toLayer;
            this.layerText = layerText;
        }

        @Override
        ValueKind kind() {
            return ref.field().kind();
        }

        @Override
        List<Object> values(FrameView frame) {
            List<Object> out = new ArrayList<>();
            if (layerText == null) {
                ref.any(frame, collector(ref.field(), out));
                return out;
            }
            // #n: the n-th occurrence of each field read, in layer order, from the detail
            Dissection detail = frame.detail();
            if (detail == null) {
                return out;
            }
            Matcher collect = collector(ref.field(), out);
            for (Source source : ref.field().sources()) {
                int seen = 0;
                for (Layer layer : detail.layers()) {
                    for (Field field : layer.fields()) {
                        if (field.name().equals(source.name)) {
                            seen++;
                            if (seen >= fromLayer && seen <= toLayer) {
                                Source.FieldValue.test(field.value(), kind(), collect);
                            }
                        }
                    }
                }
            }
            return out;
        }

        @Override
        void print(StringBuilder out) {
            out.append(ref.written());
            if (layerText != null) {
                out.append('#').append(layerText);
            }
        }

        @Override
        void sources(java.util.function.Consumer<Source> each) {
            ref.field().sources().forEach(each);
            if (layerText != null) {
                each.accept(fromDetail(ref.field().name() + "#" + layerText));
            }
        }
    }

    /** A protocol's bytes ({@code frame}, {@code udp}, {@code infiniband}…), read from the detail: one value per occurrence. */
    static final class ProtocolBytes extends Operand {
        private final Node.Ref ref;
        private final Source.Protocol protocol;

        private final boolean searched;

        /** @param searched what {@code contains} and {@code matches} read: the protocol's whole buffer (see Source) */
        ProtocolBytes(Node.Ref ref, Source.Protocol protocol, boolean searched) {
            this.ref = ref;
            this.protocol = protocol;
            this.searched = searched;
        }

        /** The same protocol, as {@code contains} and {@code matches} search it. */
        ProtocolBytes searched() {
            return new ProtocolBytes(ref, protocol, true);
        }

        @Override
        ValueKind kind() {
            return ValueKind.BYTES;
        }

        @Override
        List<Object> values(FrameView frame) {
            List<Object> out = new ArrayList<>();
            if (protocol.exists(frame)) {
                protocol.bytes(frame, searched, out);
            }
            return out;
        }

        @Override
        void print(StringBuilder out) {
            out.append(ref.written());
        }

        @Override
        void sources(java.util.function.Consumer<Source> each) {
            each.accept(protocol);
            each.accept(fromDetail(protocol.name + "[bytes]"));
        }
    }

    /** A value written in the filter, read as the kind of what it is compared with. */
    static final class Constant extends Operand {
        private final ValueKind kind;
        private final Object value;
        private final String printed;

        Constant(ValueKind kind, Object value, String printed) {
            this.kind = kind;
            this.value = value;
            this.printed = printed;
        }

        static Constant of(Literal literal, boolean hex) {
            Object value = switch (literal.kind()) {
                case MAC -> ByteText.of(literal.number(), 6);
                case IPV4, IPV6 -> literal;
                case TEXT -> literal.text();
                case BYTES -> literal.bytes();
                default -> literal.number();
            };
            return new Constant(literal.kind(), value, literal.print(hex));
        }

        @Override
        ValueKind kind() {
            return kind;
        }

        @Override
        List<Object> values(FrameView frame) {
            return List.of(value);
        }

        @Override
        void print(StringBuilder out) {
            out.append(printed);
        }
    }

    /**
     * {@code ${field}}: Wireshark's reference to the field's value in the frame selected in the window. No frame is
     * selected for a filter here (as in tshark), so it has no value and a test on it matches nothing.
     */
    static final class Reference extends Operand {
        /** Says a filter refers to the selected frame ({@link DisplayFilter#refersToSelected}); read from the summary. */
        static final Source REFERENCE = new Source("${}") {
            @Override
            boolean fromSummary() {
                return true;
            }

            @Override
            boolean indexed() {
                return true;
            }

            @Override
            boolean any(FrameView frame, Matcher matcher) {
                return false;
            }
        };

        private final Node.Ref ref;

        Reference(Node.Ref ref) {
            this.ref = ref;
        }

        @Override
        ValueKind kind() {
            return ref.field().kind();
        }

        /** The field's values in the referenced frame (the one selected in the window); none without one. */
        @Override
        List<Object> values(FrameView frame) {
            if (frame.referenced == null) {
                return List.of();
            }
            Dissection referenced = frame.referenced;
            List<Object> out = new ArrayList<>();
            ref.any(new FrameView(referenced.summary(), null, () -> referenced, null), collector(ref.field(), out));
            return out;
        }

        @Override
        void print(StringBuilder out) {
            out.append("${").append(ref.written()).append('}');
        }

        @Override
        void sources(java.util.function.Consumer<Source> each) {
            each.accept(REFERENCE);
        }
    }

    /** {@code entity[ranges]}: the bytes at those offsets, concatenated; none when a range runs past the end. */
    static final class Slice extends Operand {
        private final Operand of;
        private final List<int[]> ranges;
        private final String text;

        /** @param ranges each {start, length} ({@code length} -1: to the end); a negative start counts from the end */
        Slice(Operand of, List<int[]> ranges, String text) {
            this.of = of;
            this.ranges = ranges;
            this.text = text;
        }

        @Override
        ValueKind kind() {
            return ValueKind.BYTES;
        }

        @Override
        List<Object> values(FrameView frame) {
            List<Object> out = new ArrayList<>();
            for (Object value : of.values(frame)) {
                byte[] bytes = value instanceof byte[] b ? b : value instanceof String s
                        ? s.getBytes(StandardCharsets.UTF_8) : value instanceof long[] ip ? addressBytes(ip, of.kind())
                        : null;
                if (bytes == null) {
                    continue;
                }
                java.io.ByteArrayOutputStream sliced = new java.io.ByteArrayOutputStream();
                boolean inside = true;
                for (int[] range : ranges) {
                    int start = range[0] < 0 ? bytes.length + range[0] : range[0];
                    int length = range[1] < 0 ? bytes.length - start : range[1];
                    if (start < 0 || length < 0 || start + length > bytes.length) {
                        inside = false;
                        break;
                    }
                    sliced.write(bytes, start, length);
                }
                if (inside) {
                    out.add(sliced.toByteArray());
                }
            }
            return out;
        }

        /** An IP address's bytes in network order: 4 for IPv4 (held IPv4-mapped), 16 for IPv6. */
        private static byte[] addressBytes(long[] ip, ValueKind kind) {
            if (kind == ValueKind.IPV4) {
                return ByteText.of(ip[1], 4);
            }
            byte[] out = new byte[16];
            System.arraycopy(ByteText.of(ip[0], 8), 0, out, 0, 8);
            System.arraycopy(ByteText.of(ip[1], 8), 0, out, 8, 8);
            return out;
        }

        @Override
        void print(StringBuilder out) {
            of.print(out);
            out.append('[').append(text).append(']');
        }

        @Override
        void sources(java.util.function.Consumer<Source> each) {
            of.sources(each);
        }
    }

    /** Arithmetic on numbers: every combination of the two sides' values, as Wireshark's dfvm does. */
    static final class Arithmetic extends Operand {
        private final String op;
        private final Operand left;
        private final Operand right;

        Arithmetic(String op, Operand left, Operand right) {
            this.op = op;
            this.left = left;
            this.right = right;
        }

        @Override
        ValueKind kind() {
            ValueKind kind = left != null ? left.kind() : right.kind();
            if (op.equals("&") && (kind == ValueKind.BYTES || kind == ValueKind.MAC)) {
                return ValueKind.BYTES;
            }
            return kind == ValueKind.TIME ? ValueKind.TIME : ValueKind.NUMBER;
        }

        @Override
        List<Object> values(FrameView frame) {
            List<Object> out = new ArrayList<>();
            if (left == null) {
                for (Object value : right.values(frame)) {
                    if (value instanceof Long number) {
                        out.add(-number);
                    }
                }
                return out;
            }
            List<Object> rights = right.values(frame);
            for (Object a : left.values(frame)) {
                for (Object b : rights) {
                    if (a instanceof Long x && b instanceof Long y) {
                        Long result = switch (op) {
                            case "+" -> x + y;
                            case "-" -> x - y;
                            case "*" -> x * y;
                            case "/" -> y == 0 ? null : x / y;
                            case "%" -> y == 0 ? null : x % y;
                            default -> x & y;
                        };
                        if (result != null) {
                            out.add(result);
                        }
                    } else if ("&".equals(op) && a instanceof byte[] x && b instanceof byte[] y && x.length == y.length) {
                        byte[] result = new byte[x.length];
                        for (int i = 0; i < x.length; i++) {
                            result[i] = (byte) (x[i] & y[i]);
                        }
                        out.add(result);
                    }
                }
            }
            return out;
        }

        @Override
        void print(StringBuilder out) {
            if (left == null) {
                out.append('-');
                right.print(out);
                return;
            }
            out.append('{');
            left.print(out);
            out.append(' ').append(op).append(' ');
            right.print(out);
            out.append('}');
        }

        @Override
        void sources(java.util.function.Consumer<Source> each) {
            if (left != null) {
                left.sources(each);
            }
            right.sources(each);
        }
    }

    /** Wireshark 4's display-filter functions. */
    static final class Function extends Operand {
        static final List<String> NAMES = List.of("len", "count", "upper", "lower", "string", "abs", "max", "min");

        private final String name;
        private final List<Operand> arguments;

        Function(String name, List<Operand> arguments) {
            this.name = name;
            this.arguments = arguments;
        }

        @Override
        ValueKind kind() {
            return switch (name) {
                case "len", "count" -> ValueKind.NUMBER;
                case "upper", "lower", "string" -> ValueKind.TEXT;
                default -> arguments.get(0).kind();
            };
        }

        @Override
        List<Object> values(FrameView frame) {
            List<Object> out = new ArrayList<>();
            switch (name) {
                case "count" -> {
                    int count = arguments.get(0).values(frame).size();
                    if (count > 0) {
                        out.add((long) count);
                    }
                }
                case "max", "min" -> {
                    Object best = null;
                    for (Operand argument : arguments) {
                        for (Object value : argument.values(frame)) {
                            Integer order = best == null ? null : compare(value, best);
                            if (best == null || order != null && (name.equals("max") ? order > 0 : order < 0)) {
                                best = value;
                            }
                        }
                    }
                    if (best != null) {
                        out.add(best);
                    }
                }
                default -> {
                    ValueKind argumentKind = arguments.get(0).kind();
                    for (Object value : arguments.get(0).values(frame)) {
                        Object result = apply(value, argumentKind);
                        if (result != null) {
                            out.add(result);
                        }
                    }
                }
            }
            return out;
        }

        private Object apply(Object value, ValueKind argumentKind) {
            return switch (name) {
                case "len" -> value instanceof byte[] b ? (Object) (long) b.length : value instanceof String s
                        ? (Object) (long) s.getBytes(StandardCharsets.UTF_8).length : value instanceof long[] ip
                        ? (Object) (argumentKind == ValueKind.IPV4 ? 4L : 16L) : null;
                case "upper" -> value instanceof String s ? s.toUpperCase(Locale.ROOT) : null;
                case "lower" -> value instanceof String s ? s.toLowerCase(Locale.ROOT) : null;
                case "string" -> text(value, argumentKind);
                default -> value instanceof Long number ? Math.abs(number) : null;
            };
        }

        @Override
        void print(StringBuilder out) {
            out.append(name).append('(');
            for (int i = 0; i < arguments.size(); i++) {
                if (i > 0) {
                    out.append(", ");
                }
                arguments.get(i).print(out);
            }
            out.append(')');
        }

        @Override
        void sources(java.util.function.Consumer<Source> each) {
            arguments.forEach(argument -> argument.sources(each));
        }
    }

    /** A value as Wireshark's string() writes it: numbers in decimal, addresses in their usual text. */
    static String text(Object value, ValueKind kind) {
        if (value instanceof Long number) {
            return kind == ValueKind.TIME ? Times.printRelative(number) : Long.toString(number);
        }
        if (value instanceof long[] ip) {
            return kind == ValueKind.IPV4 ? AddressText.ipv4Text(ip[1]) : Addresses.ipv6(ip[0], ip[1]);
        }
        if (value instanceof byte[] bytes) {
            return ByteText.print(bytes);
        }
        return value instanceof String s ? s : null;
    }

    /** Collects every value of a field, in the representation above. */
    static Matcher collector(FilterField field, List<Object> out) {
        int width = FilterFields.byteWidth(field);
        ValueKind kind = field.kind();
        return new Matcher() {
            @Override
            public boolean number(long value) {
                out.add(kind == ValueKind.MAC ? ByteText.of(value, 6) : kind == ValueKind.BYTES
                        ? ByteText.of(value, width) : (Object) value);
                return false;
            }

            @Override
            public boolean ip(long hi, long lo) {
                out.add(new long[] {hi, lo});
                return false;
            }

            @Override
            public boolean text(String value) {
                if (value != null) {
                    out.add(value);
                }
                return false;
            }

            @Override
            public boolean time(long nanos) {
                out.add(nanos);
                return false;
            }

            @Override
            public boolean bytes(byte[] value) {
                out.add(value);
                return false;
            }
        };
    }

    /** Orders two values, or null when they cannot be compared. */
    static Integer compare(Object a, Object b) {
        if (a instanceof Long x && b instanceof Long y) {
            return Long.compare(x, y);
        }
        if (a instanceof byte[] x) {
            byte[] y = b instanceof byte[] bytes ? bytes : b instanceof String s ? ByteText.of(s) : null;
            return y == null ? null : ByteText.compare(x, y);
        }
        if (a instanceof String x) {
            if (b instanceof String y) {
                return x.compareTo(y);
            }
            return b instanceof byte[] y ? ByteText.compare(ByteText.of(x), y) : null;
        }
        if (a instanceof long[] x) {
            if (b instanceof long[] y) {
                int high = Long.compareUnsigned(x[0], y[0]);
                return high != 0 ? high : Long.compareUnsigned(x[1], y[1]);
            }
            return b instanceof Literal literal ? literal.compareIp(x[0], x[1]) : null;
        }
        if (a instanceof Literal literal) {
            Integer reversed = compare(b, a);
            return reversed == null ? null : -reversed;
        }
        return null;
    }

    /** Equality as Wireshark tests it; an address equals a subnet literal it lies in. */
    static boolean equal(Object a, Object b) {
        if (a instanceof long[] ip && b instanceof Literal literal) {
            return literal.contains(ip[0], ip[1]);
        }
        if (b instanceof long[] ip && a instanceof Literal literal) {
            return literal.contains(ip[0], ip[1]);
        }
        Integer order = compare(a, b);
        return order != null && order == 0;
    }
}
