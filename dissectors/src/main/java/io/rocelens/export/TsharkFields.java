package io.rocelens.export;

import io.rocelens.dissect.Dissection;
import io.rocelens.dissect.Field;
import io.rocelens.dissect.FieldDef;
import io.rocelens.dissect.FieldType;
import io.rocelens.dissect.Fields;
import io.rocelens.dissect.Layer;
import io.rocelens.filter.PayloadFields;
import io.rocelens.filter.WiresharkAliases;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * Field values as {@code tshark -T fields -e FIELD} prints them, so that scripts written for tshark read RoCE Lens's
 * output unchanged: Wireshark's names (and RoCE Lens's own), every occurrence in the frame, numbers in the base the
 * field is declared with (decimal, or hex zero-padded to the field's width), one-bit flags as 1 or 0, byte strings
 * as plain hex, addresses as text.
 */
public final class TsharkFields {

    /** The frame's own values, which no layer holds. */
    private static final List<String> FRAME = List.of("frame.number", "frame.len", "frame.cap_len",
            "frame.time_epoch", "_ws.col.Protocol", "_ws.col.Info");

    /**
     * Where Wireshark declares a field with another base or width than RoCE Lens shows it (packet-infiniband.c,
     * packet-tcp.c, packet-lldp.c): the printf form tshark uses. {@code BYTES}: an FT_BYTES field, printed as plain hex digits.
     */
    private static final String BYTES = "bytes";
    private static final Map<String, String> WIRESHARK_FORMS = Map.ofEntries(
            Map.entry("infiniband.bth.opcode", "%d"),
            Map.entry("infiniband.grh.tclass", "%d"),
            Map.entry("infiniband.grh.flowlabel", "%d"),
            Map.entry("infiniband.grh.nxthdr", "%d"),
            Map.entry("infiniband.bth.p_key", "%d"),
            Map.entry("infiniband.aeth.syndrome", "%d"),
            Map.entry("infiniband.deth.q_key", "0x%016x"),
            Map.entry("infiniband.deth.srcqp", "0x%08x"),
            Map.entry("infiniband.lrh.lnh", "0x%02x"),
            Map.entry("infiniband.lrh.vl", "0x%02x"),
            Map.entry("infiniband.reth.va", "0x%016x"),
            Map.entry("infiniband.immdt", BYTES),
            Map.entry("infiniband.ieth", BYTES),
            Map.entry("tcp.flags", "0x%04x"),
            // BASE_OUI: the details show 0x0080c2, tshark -T fields the number
            Map.entry("lldp.orgtlv.oui", "%d"));

    private TsharkFields() {
    }

    /** Whether {@code -e NAME} names something: a Wireshark alias, a RoCE Lens field, or a frame value. */
    public static boolean known(String name) {
        return FRAME.contains(name) || WiresharkAliases.of(name) != null || Fields.byName(name) != null
                || PayloadFields.known(name);
    }

    /** Every occurrence of the field in the frame, in layer order, as tshark prints each. */
    public static List<String> values(Dissection dissection, String name) {
        switch (name) {
            case "frame.number" -> {
                return List.of(Long.toString(dissection.number()));
            }
            case "frame.len" -> {
                return List.of(Integer.toString(dissection.originalLength()));
            }
            case "frame.cap_len" -> {
                return List.of(Integer.toString(dissection.capturedLength()));
            }
            case "frame.time_epoch" -> {
                return List.of(timeEpoch(dissection.timestampNanos()));
            }
            case "_ws.col.Protocol" -> {
                return List.of(dissection.protocol());
            }
            case "_ws.col.Info" -> {
                return List.of(dissection.info());
            }
            default -> {
                return PayloadFields.known(name) ? PayloadFields.values(dissection, name, false)
                        : values(dissection.layers(), name, false);
            }
        }
    }

    /** Seconds since 1970 with nine decimals, as tshark prints {@code frame.time_epoch}. */
    static String timeEpoch(long nanos) {
        String fraction = Long.toString(Math.floorMod(nanos, 1_000_000_000L));
        return Math.floorDiv(nanos, 1_000_000_000L) + "." + "0".repeat(9 - fraction.length()) + fraction;
    }

    /**
     * Every occurrence of a layer field in these layers, in order, as tshark prints each: in {@code -T fields}
     * form, or with {@code json} in {@code -T json} form (the same but for byte strings, colon-separated there).
     * The frame's own values ({@code frame.number}, ...) are not in any layer: see {@link #values(Dissection, String)}.
     */
    public static List<String> values(List<Layer> layers, String name, boolean json) {
        WiresharkAliases.Alias alias = WiresharkAliases.of(name);
        List<String> names = alias != null ? alias.roceLens() : List.of(name);
        String form = WIRESHARK_FORMS.get(name);
        List<String> values = new ArrayList<>();
        // every occurrence: a layer may hold a field several times (LLDP's TLVs)
        for (Layer layer : layers) {
            for (String each : names) {
                for (Field field : layer.fields()) {
                    if (field.name().equals(each)) {
                        values.add(value(field.def(), field.value(), form, json));
                    }
                }
            }
        }
        return values;
    }

    /** One occurrence of a field as tshark prints it, in the form Wireshark declares ({@code form}, or null). */
    static String value(FieldDef def, Object value, String form, boolean json) {
        return form != null ? inForm(def, value, form, json)
                : !json && def.type() == FieldType.BYTES ? String.valueOf(value).replace(":", "") : text(def, value);
    }

    /** The printf form tshark uses for the field where Wireshark declares another base or width, else null. */
    static String wiresharkForm(String name) {
        return WIRESHARK_FORMS.get(name);
    }

    private static String inForm(FieldDef def, Object value, String form, boolean json) {
        if (!(value instanceof Long number)) {
            return text(def, value);
        }
        if (form.equals(BYTES)) {
            int bytes = Math.max(1, (def.hexDigits() + 1) / 2);
            byte[] raw = new byte[bytes];
            for (int i = 0; i < bytes; i++) {
                raw[i] = (byte) (number >>> 8 * (bytes - 1 - i));
            }
            return (json ? HexFormat.ofDelimiter(":") : HexFormat.of()).formatHex(raw);
        }
        if (form.equals("%d")) {
            return Long.toString(number);
        }
        if (form.startsWith("0x%0") && form.endsWith("x")) {
            return hex(number, Integer.parseInt(form, 4, form.length() - 1, 10));
        }
        return String.format(Locale.ROOT, form, number);
    }

    /**
     * {@code 0x} and the number in lower-case hex, zero-padded to {@code digits}: String.format's {@code 0x%0Nx},
     * written out because formatting cost more than reading the frame's summary.
     */
    private static String hex(long number, int digits) {
        String hex = Long.toHexString(number);
        return hex.length() >= digits ? "0x" + hex : "0x" + "0".repeat(digits - hex.length()) + hex;
    }

    /** One value as RoCE Lens declares its field: hex zero-padded to the field's width, else decimal or text. */
    static String text(Field field) {
        return text(field.def(), field.value());
    }

    private static String text(FieldDef def, Object value) {
        if (!(value instanceof Long number)) {
            // addresses in lower case as tshark prints them; text (an LLDP system description) as it came
            FieldType type = def.type();
            return type == FieldType.MAC || type == FieldType.ADDRESS ? String.valueOf(value).toLowerCase(Locale.ROOT)
                    : String.valueOf(value);
        }
        return switch (def.type()) {
            case HEX -> hex(number, def.hexDigits());
            case UINT64 -> Long.toUnsignedString(number);
            case SECONDS -> FieldType.seconds(number);
            default -> Long.toString(number);
        };
    }

    /**
     * tshark's {@code -E} options for {@code -T fields}.
     *
     * @param header     a first line naming the fields
     * @param separator  between fields
     * @param occurrence {@code f} first, {@code l} last, {@code a} all
     * @param aggregator between the occurrences of one field
     * @param quote      around each non-empty value, or 0 for none
     */
    public record Layout(boolean header, char separator, char occurrence, char aggregator, char quote) {

        public static Layout defaults() {
            return new Layout(false, '\t', 'a', ',', (char) 0);
        }

        /**
         * Takes one {@code -E name=value} as tshark does: header=y|n, separator=/t|/s|CHAR, occurrence=f|l|a,
         * aggregator=,|/s|CHAR, quote=d|s|n.
         *
         * @throws IllegalArgumentException in tshark's words when the option is wrong
         */
        public Layout with(String option) {
            int equals = option.indexOf('=');
            String name = equals < 0 ? option : option.substring(0, equals);
            String value = equals < 0 ? "" : option.substring(equals + 1);
            return switch (name) {
                case "header" -> switch (value) {
                    case "y" -> new Layout(true, separator, occurrence, aggregator, quote);
                    case "n" -> new Layout(false, separator, occurrence, aggregator, quote);
                    default -> throw wrong(option);
                };
                case "separator" -> new Layout(header, character(option, value), occurrence, aggregator, quote);
                case "aggregator" -> new Layout(header, separator, occurrence, character(option, value), quote);
                case "occurrence" -> {
                    if (!value.equals("f") && !value.equals("l") && !value.equals("a")) {
                        throw wrong(option);
                    }
                    yield new Layout(header, separator, value.charAt(0), aggregator, quote);
                }
                case "quote" -> switch (value) {
                    case "d" -> new Layout(header, separator, occurrence, aggregator, '"');
                    case "s" -> new Layout(header, separator, occurrence, aggregator, '\'');
                    case "n" -> new Layout(header, separator, occurrence, aggregator, (char) 0);
                    default -> throw wrong(option);
                };
                default -> throw new IllegalArgumentException("-E: \"" + option + "\" is not one of header, separator,"
                        + " occurrence, aggregator, quote (as tshark's -E)");
            };
        }

        private static char character(String option, String value) {
            return switch (value) {
                case "/t" -> '\t';
                case "/s" -> ' ';
                default -> {
                    if (value.length() != 1) {
                        throw wrong(option);
                    }
                    yield value.charAt(0);
                }
            };
        }

        private static IllegalArgumentException wrong(String option) {
            return new IllegalArgumentException("-E: invalid option \"" + option + "\" (tshark's forms: header=y|n,"
                    + " separator=/t|/s|CHAR, occurrence=f|l|a, aggregator=,|/s|CHAR, quote=d|s|n)");
        }

        /** The header line, without its end of line. */
        public String headerLine(List<String> fields) {
            return String.join(String.valueOf(separator), fields);
        }

        /** One frame's line, without its end of line. */
        public String line(Dissection dissection, List<String> fields) {
            return line(fields.size(), i -> values(dissection, fields.get(i)));
        }

        /** One frame's line from the values of each of its {@code fields} fields, by position. */
        public String line(int fields, IntFunction<List<String>> valuesOf) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < fields; i++) {
                if (i > 0) {
                    line.append(separator);
                }
                List<String> values = valuesOf.apply(i);
                if (values.isEmpty()) {
                    continue;
                }
                String value = values.size() == 1 ? values.get(0) : switch (occurrence) {
                    case 'f' -> values.get(0);
                    case 'l' -> values.get(values.size() - 1);
                    default -> String.join(String.valueOf(aggregator), values);
                };
                if (quote != 0) {
                    line.append(quote).append(value).append(quote);
                } else {
                    line.append(value);
                }
            }
            return line.toString();
        }
    }
}
