import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.yaml.snakeyaml.Yaml;

/**
 * Writes, from the .ksy specs, what the Java side would otherwise declare a second time.
 *
 * <p>io.rocelens.ksy.EnumTexts: for every enum of every .ksy spec whose values carry an {@code -orig-id} (the
 * value's name in its standard), one method that gives a value's -orig-id, the text RoCE Lens shows for it (a value
 * without one gives null). So the names of
 * opcodes, EtherTypes, ECN codepoints and the rest are declared once, in the specs.
 *
 * <p>io.rocelens.ksy.SpecFields and SpecDescribers (see {@link FieldRegistry}): the field registry entries of every
 * seq field with a {@code -field} key (its Wireshark filter name), and per spec a describer that walks a parsed
 * position-recording object and hands each such field's value and byte range to a sink, so no field name or
 * attribute key is written by hand on the Java side.
 *
 * <p>Run by the build with SnakeYAML (which the Kaitai compiler brings) on the class path:
 *   java -cp snakeyaml.jar GenerateFromSpecs.java KSY_DIR OUTPUT_SOURCE_DIR
 */
public final class GenerateFromSpecs {

    public static void main(String[] args) throws IOException {
        Path specs = Path.of(args[0]);
        Path output = Path.of(args[1], "io", "rocelens", "ksy", "EnumTexts.java");
        List<Path> files;
        try (Stream<Path> list = Files.list(specs)) {
            files = list.filter(f -> f.toString().endsWith(".ksy")).sorted().toList();
        }
        StringBuilder java = new StringBuilder();
        java.append("package io.rocelens.ksy;\n\n")
                .append("/** Generated at build time from the .ksy specs by ksy/src/build/GenerateFromSpecs.java: the text (the\n")
                .append(" * {@code -orig-id}) of each enum value, null for a value without one. Do not edit. */\n")
                .append("public final class EnumTexts {\n\n    private EnumTexts() {\n    }\n");
        for (Path file : files) {
            Map<String, Object> spec;
            try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                spec = new Yaml().load(in);
            }
            String specId = (String) ((Map<?, ?>) spec.get("meta")).get("id");
            enums(java, file.getFileName().toString(), specId, "", spec);
        }
        java.append("}\n");
        Files.createDirectories(output.getParent());
        Files.writeString(output, java.toString(), StandardCharsets.UTF_8);
        FieldRegistry.write(files, output.getParent());
    }

    /** The enums of a type and of its nested types. */
    private static void enums(StringBuilder java, String file, String specId, String typePath, Map<?, ?> type) {
        if (type.get("enums") instanceof Map<?, ?> enums) {
            for (Map.Entry<?, ?> e : enums.entrySet()) {
                method(java, file, camel(specId + "_" + typePath + e.getKey(), false), typePath + e.getKey(),
                        (Map<?, ?>) e.getValue());
            }
        }
        if (type.get("types") instanceof Map<?, ?> types) {
            for (Map.Entry<?, ?> t : types.entrySet()) {
                enums(java, file, specId, typePath + t.getKey() + "_", (Map<?, ?>) t.getValue());
            }
        }
    }

    private static void method(StringBuilder java, String file, String name, String enumName, Map<?, ?> values) {
        Map<Long, String> texts = new TreeMap<>();
        for (Map.Entry<?, ?> v : values.entrySet()) {
            if (v.getValue() instanceof Map<?, ?> verbose && verbose.get("-orig-id") instanceof String text) {
                if (text.strip().contains("\n")) {
                    throw new IllegalArgumentException(file + ": enum " + enumName + " value " + v.getKey()
                            + ": the -orig-id of an enum value is its one-line text");
                }
                texts.put(((Number) v.getKey()).longValue(), text.strip());
            }
        }
        if (texts.isEmpty()) {
            return;
        }
        java.append("\n    /** ").append(file).append(", enum {@code ").append(enumName).append("}. */\n")
                .append("    public static String ").append(name).append("(long value) {\n")
                .append("        return value != (int) value ? null : switch ((int) value) {\n");
        for (Map.Entry<Long, String> t : texts.entrySet()) {
            java.append("            case ").append(t.getKey()).append(" -> \"")
                    .append(t.getValue().replace("\\", "\\\\").replace("\"", "\\\"")).append("\";\n");
        }
        java.append("            default -> null;\n        };\n    }\n");
    }

    static String camel(String snake, boolean upperFirst) {
        List<String> words = new ArrayList<>(List.of(snake.split("_+")));
        StringBuilder out = new StringBuilder();
        for (String word : words) {
            if (word.isEmpty()) {
                continue;
            }
            boolean upper = out.length() > 0 || upperFirst;
            out.append(upper ? word.substring(0, 1).toUpperCase(Locale.ROOT) + word.substring(1) : word);
        }
        return out.toString();
    }
}

/**
 * The field registry and the describers, from the seq fields that carry a {@code -field} key. Per field: {@code -field}
 * its filter name ({@code {i}} the element's index in a repeated one), {@code -title} its label, the {@code doc} its
 * blurb, {@code -enum} an enum of the spec naming its values, {@code -base: hex} (on a {@code b1}: a one-bit number, as
 * Wireshark's FT_UINT8 with a one-bit mask, rather than a flag), {@code -display: mac} or
 * {@code bytes}, {@code -scale} a factor its value is shown multiplied by, and for a bit field {@code -container}: the
 * bytes of the word it is shown on (else its whole run of bit fields, or its own bytes when it starts and ends on a
 * byte boundary). Per spec that declares such fields, a describer: one method per type, recursing into user types (a
 * field read from a substream, with {@code size} or {@code size-eos}, has positions relative to it: the describer
 * adds where the substream starts).
 */
final class FieldRegistry {

    private static final java.util.regex.Pattern BITS = java.util.regex.Pattern.compile("b(\\d+)");
    private static final java.util.regex.Pattern INTEGER = java.util.regex.Pattern.compile("[us]([1248])(le|be)?");

    /** One registry entry. */
    private record Entry(String name, String title, String blurb, String kind, int hexDigits, String enumMethod,
                         String file) {
    }

    private final Map<String, Entry> entries = new java.util.LinkedHashMap<>();
    private final StringBuilder describers = new StringBuilder();

    static void write(List<Path> files, Path outputDir) throws IOException {
        FieldRegistry registry = new FieldRegistry();
        for (Path file : files) {
            Map<String, Object> spec;
            try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                spec = new Yaml().load(in);
            }
            registry.spec(file.getFileName().toString(), spec);
        }
        Files.writeString(outputDir.resolve("SpecField.java"), SPEC_FIELD, StandardCharsets.UTF_8);
        Files.writeString(outputDir.resolve("FieldSink.java"), FIELD_SINK, StandardCharsets.UTF_8);
        StringBuilder fields = new StringBuilder();
        fields.append("package io.rocelens.ksy;\n\n")
                .append("/** Generated at build time by ksy/src/build/GenerateFromSpecs.java: the field registry entries the\n")
                .append(" * .ksy specs declare with a -field key. Do not edit. */\n")
                .append("public final class SpecFields {\n\n    private SpecFields() {\n    }\n\n");
        List<String> constants = new ArrayList<>();
        for (Entry e : registry.entries.values()) {
            String constant = constant(e.name());
            constants.add(constant);
            fields.append("    /** ").append(e.file()).append(": {@code ").append(e.name()).append("}. */\n")
                    .append("    public static final SpecField ").append(constant).append(" = new SpecField(")
                    .append(literal(e.name())).append(", ").append(literal(e.title())).append(", ")
                    .append(literal(e.blurb())).append(", SpecField.Kind.").append(e.kind()).append(", ")
                    .append(e.hexDigits()).append(", ")
                    .append(e.enumMethod() == null ? "null" : "EnumTexts::" + e.enumMethod()).append(");\n");
        }
        Map<String, List<String>> bySpec = new java.util.LinkedHashMap<>();
        for (Entry e : registry.entries.values()) {
            bySpec.computeIfAbsent(e.file(), f -> new ArrayList<>()).add(constant(e.name()));
        }
        for (Map.Entry<String, List<String>> spec : bySpec.entrySet()) {
            String id = spec.getKey().replaceFirst("\\.ksy$", "");
            fields.append("\n    /** The entries of ").append(spec.getKey()).append(". */\n")
                    .append("    public static final java.util.List<SpecField> ").append(constant(id) + "_KSY")
                    .append(" = java.util.List.of(").append(String.join(", ", spec.getValue())).append(");\n");
        }
        fields.append("\n    /** Every entry, in the order the specs (sorted by file name) declare them. */\n")
                .append("    public static final java.util.List<SpecField> ALL = java.util.List.of(")
                .append(String.join(", ", constants)).append(");\n}\n");
        Files.writeString(outputDir.resolve("SpecFields.java"), fields.toString(), StandardCharsets.UTF_8);
        String describers = "package io.rocelens.ksy;\n\n"
                + "/** Generated at build time by ksy/src/build/GenerateFromSpecs.java: for each spec with -field keys, walks a\n"
                + " * parsed position-recording object and gives every such field's value and byte range to a sink. Values:\n"
                + " * Long for numbers and flags (0/1), String for text, MAC addresses and byte strings. Do not edit. */\n"
                + "public final class SpecDescribers {\n\n    private SpecDescribers() {\n    }\n"
                + registry.describers
                + "\n    private static String mac(long value) {\n"
                + "        StringBuilder text = new StringBuilder(17);\n"
                + "        for (int shift = 40; shift >= 0; shift -= 8) {\n"
                + "            text.append(String.format(shift == 40 ? \"%02x\" : \":%02x\", (value >>> shift) & 0xff));\n"
                + "        }\n        return text.toString();\n    }\n"
                + "\n    private static String hex(byte[] bytes) {\n"
                + "        StringBuilder text = new StringBuilder(bytes.length * 3);\n"
                + "        for (byte b : bytes) {\n"
                + "            text.append(text.length() > 0 ? \":\" : \"\").append(String.format(\"%02x\", b & 0xff));\n"
                + "        }\n        return text.toString();\n    }\n}\n";
        Files.writeString(outputDir.resolve("SpecDescribers.java"), describers, StandardCharsets.UTF_8);
    }

    private void spec(String file, Map<String, Object> spec) {
        String specId = (String) ((Map<?, ?>) spec.get("meta")).get("id");
        Map<?, ?> enums = spec.get("enums") instanceof Map<?, ?> m ? m : Map.of();
        Map<?, ?> types = spec.get("types") instanceof Map<?, ?> m ? m : Map.of();
        if (!declaresFields(spec) && types.values().stream().noneMatch(t -> declaresFields((Map<?, ?>) t))) {
            return;
        }
        String root = "io.rocelens.ksy.pos." + GenerateFromSpecs.camel(specId, true);
        describers.append("\n    /** Describes a parsed {@code ").append(file).append("}, its positions offset by {@code base}. */\n")
                .append("    public static void ").append(GenerateFromSpecs.camel(specId, false)).append("(")
                .append(root).append(" o, int base, FieldSink out) {\n");
        type(file, specId, enums, types, spec, root);
        describers.append("    }\n");
        for (Map.Entry<?, ?> t : types.entrySet()) {
            Map<?, ?> type = (Map<?, ?>) t.getValue();
            if (type.get("types") != null) {
                throw new IllegalArgumentException(file + ": type " + t.getKey() + ": nested types are not supported here");
            }
            describers.append("\n    private static void ").append(method(specId, (String) t.getKey())).append("(")
                    .append(root).append('.').append(GenerateFromSpecs.camel((String) t.getKey(), true))
                    .append(" o, int base, FieldSink out) {\n");
            type(file, specId, enums, types, type, root);
            describers.append("    }\n");
        }
    }

    private static boolean declaresFields(Map<?, ?> type) {
        return type.get("seq") instanceof List<?> seq && seq.stream().anyMatch(a -> ((Map<?, ?>) a).containsKey("-field"));
    }

    private static String method(String specId, String typeId) {
        return GenerateFromSpecs.camel(specId + "_" + typeId, false);
    }

    /** The describer body of one type: its seq in order. */
    private void type(String file, String specId, Map<?, ?> enums, Map<?, ?> types, Map<?, ?> type, String root) {
        List<?> seq = type.get("seq") instanceof List<?> l ? l : List.of();
        // bit runs: the first field of the run each bit field belongs to, its bit offset in the run, the run's bits
        Map<String, String> runFirst = new java.util.HashMap<>();
        Map<String, Integer> bitOffset = new java.util.HashMap<>();
        Map<String, Integer> runBits = new java.util.HashMap<>();
        List<String> run = new ArrayList<>();
        int bits = 0;
        for (Object a : seq) {
            Map<?, ?> attr = (Map<?, ?>) a;
            String id = (String) attr.get("id");
            java.util.regex.Matcher b = attr.get("type") instanceof String t ? BITS.matcher(t) : null;
            if (b != null && b.matches() && !attr.containsKey("repeat")) {
                runFirst.put(id, run.isEmpty() ? id : run.get(0));
                bitOffset.put(id, bits);
                run.add(id);
                bits += Integer.parseInt(b.group(1));
            } else {
                for (String member : run) {
                    runBits.put(member, bits);
                }
                run.clear();
                bits = 0;
            }
        }
        for (String member : run) {
            runBits.put(member, bits);
        }
        for (Object a : seq) {
            Map<?, ?> attr = (Map<?, ?>) a;
            String id = (String) attr.get("id");
            String key = GenerateFromSpecs.camel(id, false);
            String get = "o." + key + "()";
            Object kaitaiType = attr.get("type");
            boolean repeat = attr.containsKey("repeat");
            boolean substream = attr.containsKey("size") || attr.containsKey("size-eos");
            String where = file + ": " + id;
            if (attr.get("-field") instanceof String name) {
                String typeName = kaitaiType instanceof String t ? t : null;
                int width = width(typeName);
                String kind;
                if ("mac".equals(attr.get("-display"))) {
                    kind = "MAC";
                } else if ("bytes".equals(attr.get("-display"))) {
                    kind = "BYTES";
                } else if ("str".equals(typeName) || "strz".equals(typeName)) {
                    kind = "STRING";
                } else if ("b1".equals(typeName) && !attr.containsKey("-base")) {
                    kind = "FLAG";
                } else if (width > 0) {
                    kind = "hex".equals(attr.get("-base")) ? "HEX" : "UINT";
                } else {
                    throw new IllegalArgumentException(where + ": a -field needs an integer, str or -display type");
                }
                String enumMethod = null;
                if (attr.get("-enum") instanceof String enumName) {
                    if (!enums.containsKey(enumName)) {
                        throw new IllegalArgumentException(where + ": no top-level enum " + enumName);
                    }
                    enumMethod = GenerateFromSpecs.camel(specId + "_" + enumName, false);
                }
                String title = (String) attr.get("-title");
                String doc = attr.get("doc") instanceof String d ? d.strip().replaceAll("\\s+", " ") : null;
                if (title == null || doc == null) {
                    throw new IllegalArgumentException(where + ": a -field needs a -title and a doc");
                }
                // as Wireshark's FT_UINT8/16/24...: a bit field narrower than its bytes shows all their digits (a b5 as 0x14)
                int hexDigits = kind.equals("HEX") ? 2 * ((width + 7) / 8) : 0;
                String scale = attr.get("-scale") instanceof Integer factor ? " * " + factor + "L" : "";
                String value = "b1".equals(typeName) ? "(%s ? 1L : 0L)" : switch (kind) {
                    case "MAC" -> "mac(((Number) %s).longValue())";
                    case "BYTES" -> "hex(%s)";
                    case "STRING" -> "%s";
                    case "FLAG" -> "(%s ? 1L : 0L)";
                    default -> "((Number) %s).longValue()" + scale;
                };
                if (repeat) {
                    if (!"expr".equals(attr.get("repeat")) || !(attr.get("repeat-expr") instanceof Integer count)
                            || !name.contains("{i}")) {
                        throw new IllegalArgumentException(where + ": a repeated -field needs repeat-expr N and {i}");
                    }
                    List<String> constants = new ArrayList<>();
                    for (int i = 0; i < count; i++) {
                        String each = name.replace("{i}", String.valueOf(i));
                        register(new Entry(each, title.replace("{i}", String.valueOf(i)),
                                doc.replace("{i}", String.valueOf(i)), kind, hexDigits, enumMethod, file), where);
                        constants.add("SpecFields." + constant(each));
                    }
                    describers.append("        {\n            SpecField[] fields = {").append(String.join(", ", constants))
                            .append("};\n")
                            .append("            for (int i = 0; i < ").append(get).append(".size() && i < fields.length; i++) {\n")
                            .append("                int at = o._arrStart.get(\"").append(key).append("\").get(i);\n")
                            .append("                out.add(fields[i], ").append(String.format(value, get + ".get(i)"))
                            .append(", base + at, o._arrEnd.get(\"").append(key).append("\").get(i) - at);\n")
                            .append("            }\n        }\n");
                    continue;
                }
                register(new Entry(name, title, doc, kind, hexDigits, enumMethod, file), where);
                String position;
                // a bit field alone in its run of whole bytes (a b48 MAC address) sits where it was read
                boolean alone = runFirst.containsKey(id) && runBits.get(id) == width && width % 8 == 0;
                if (runFirst.containsKey(id) && !alone) {
                    if (attr.containsKey("if")) {
                        throw new IllegalArgumentException(where + ": a bit field with -field cannot have an if");
                    }
                    int total = runBits.get(id);
                    int at = bitOffset.get(id);
                    int offset;
                    int length;
                    if (at % 8 == 0 && width % 8 == 0 && !attr.containsKey("-container")) {
                        // whole bytes inside a run (a MAC address after a priority): its own bytes
                        offset = at / 8;
                        length = width / 8;
                    } else {
                        length = attr.get("-container") instanceof Integer c ? c : total / 8;
                        offset = at / (length * 8) * length;
                        if (total % 8 != 0 || length <= 0 || (at + width + 7) / 8 > offset + length) {
                            throw new IllegalArgumentException(where + ": not within one -container word of its run of"
                                    + " bit fields (" + total + " bits)");
                        }
                    }
                    position = "base + o._attrStart.get(\"" + GenerateFromSpecs.camel(runFirst.get(id), false) + "\") + "
                            + offset + ", " + length;
                } else {
                    position = "base + o._attrStart.get(\"" + key + "\"), o._attrEnd.get(\"" + key
                            + "\") - o._attrStart.get(\"" + key + "\")";
                }
                String line = "out.add(SpecFields." + constant(name) + ", " + String.format(value, get) + ", "
                        + position + ");\n";
                describers.append(attr.containsKey("if") ? "        if (" + get + " != null) {\n            " + line
                        + "        }\n" : "        " + line);
                continue;
            }
            String childBase = substream ? "base + o._attrStart.get(\"" + key + "\")" : "base";
            if (kaitaiType instanceof String t && types.containsKey(t)) {
                if (repeat) {
                    String elementBase = substream ? "base + o._arrStart.get(\"" + key + "\").get(i)" : "base";
                    describers.append("        for (int i = 0; i < ").append(get).append(".size(); i++) {\n")
                            .append("            ").append(method(specId, t)).append("(").append(get)
                            .append(".get(i), ").append(elementBase).append(", out);\n        }\n");
                } else {
                    describers.append("        if (").append(get).append(" != null) {\n            ")
                            .append(method(specId, t)).append("(").append(get).append(", ").append(childBase)
                            .append(", out);\n        }\n");
                }
            } else if (kaitaiType instanceof Map<?, ?> switchType) {
                if (repeat) {
                    throw new IllegalArgumentException(where + ": a repeated switch is not supported here");
                }
                java.util.Set<String> done = new java.util.HashSet<>();
                for (Object caseType : ((Map<?, ?>) switchType.get("cases")).values()) {
                    String t = (String) caseType;
                    if (types.containsKey(t) && done.add(t)) {
                        describers.append("        if (").append(get).append(" instanceof ").append(root).append('.')
                                .append(GenerateFromSpecs.camel(t, true)).append(" c) {\n            ")
                                .append(method(specId, t)).append("(c, ").append(childBase).append(", out);\n        }\n");
                    }
                }
            }
        }
    }

    private void register(Entry entry, String where) {
        Entry before = entries.putIfAbsent(entry.name(), entry);
        if (before != null && (!before.kind().equals(entry.kind()) || before.hexDigits() != entry.hexDigits())) {
            throw new IllegalArgumentException(where + ": " + entry.name() + " is declared again with another type");
        }
    }

    /** Bits of an integer type, 0 for others. */
    private static int width(String type) {
        if (type == null) {
            return 0;
        }
        java.util.regex.Matcher b = BITS.matcher(type);
        if (b.matches()) {
            return Integer.parseInt(b.group(1));
        }
        java.util.regex.Matcher u = INTEGER.matcher(type);
        return u.matches() ? 8 * Integer.parseInt(u.group(1)) : 0;
    }

    private static String constant(String name) {
        return name.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_");
    }

    private static String literal(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private static final String SPEC_FIELD = """
            package io.rocelens.ksy;

            import java.util.function.LongFunction;

            /**
             * A field a .ksy spec declares with a -field key (generated by ksy/src/build/GenerateFromSpecs.java; do not
             * edit): its Wireshark filter name, its label, the spec's doc as its blurb, how its value is held and shown,
             * and the names of its values (from the spec's enum), or null.
             */
            public record SpecField(String name, String title, String blurb, Kind kind, int hexDigits,
                                    LongFunction<String> valueNames) {

                /** How the value is held: numbers as Long (FLAG 0 or 1), the others as String. */
                public enum Kind { UINT, HEX, FLAG, MAC, STRING, BYTES }
            }
            """;

    private static final String FIELD_SINK = """
            package io.rocelens.ksy;

            /** Receives the fields a generated describer finds (generated by ksy/src/build/GenerateFromSpecs.java). */
            @FunctionalInterface
            public interface FieldSink {

                /** One field: its value (Long or String) and the absolute byte range it sits in. */
                void add(SpecField field, Object value, int offset, int length);
            }
            """;
}
