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
        LayoutWriter.write(files, output.getParent());
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
 * its filter name ({@code {i}} the element's index in a repeated one, whose entries are also a list named without
 * it: {@code SpecFields.PFC_TIME} for {@code pfc.time{i}}), {@code -title} its label, the {@code doc} its
 * blurb, {@code -enum} an enum of the spec naming its values ({@code other_spec::enum_name}: another spec's), {@code -base: hex} (on a {@code b1}: a one-bit number, as
 * Wireshark's FT_UINT8 with a one-bit mask, rather than a flag; {@code -base: dec}: such a number in decimal), {@code -display: mac} or
 * {@code bytes}, {@code -display: seconds} with {@code -per-second: N} a duration counted in 1/N s (held in
 * nanoseconds, shown in seconds, as Wireshark's FT_DOUBLE timers), {@code -scale} a factor its value is shown multiplied by, and for a bit field {@code -container}: the
 * bytes of the word it is shown on (else its whole run of bit fields, or its own bytes when it starts and ends on a
 * byte boundary), or {@code -byte-width}: the bytes of its mask, ending with the byte its last bit is in (Wireshark's
 * placement of a 24-bit QPN or PSN after flag bits); such a bit field may have an {@code if} when every bit field
 * before it in its run has none or the same one (so its place in the word is known). {@code -display: ipv4} (a u4) and {@code ipv6} (16 bytes) are
 * addresses. A 64-bit number without {@code -base} is an unsigned 64-bit
 * value (UINT64); a field Kaitai reads as an {@code enum} gives the describer its id (the enum must name every value).
 * Per spec that declares such fields, a describer: one method per type, recursing into user types (a
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
    /** The entries of each repeated field ({@code pfc.time{i}}), in order: a list constant of their own. */
    private final Map<String, List<String>> repeated = new java.util.LinkedHashMap<>();
    /** The top-level enums of every spec, by spec id, for a {@code -enum: other_spec::enum_name}. */
    private final Map<String, Map<?, ?>> enumsBySpec = new java.util.HashMap<>();
    private final StringBuilder describers = new StringBuilder();

    static void write(List<Path> files, Path outputDir) throws IOException {
        FieldRegistry registry = new FieldRegistry();
        List<Map<String, Object>> specs = new ArrayList<>();
        for (Path file : files) {
            try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                Map<String, Object> spec = new Yaml().load(in);
                specs.add(spec);
                registry.enumsBySpec.put((String) ((Map<?, ?>) spec.get("meta")).get("id"),
                        spec.get("enums") instanceof Map<?, ?> m ? m : Map.of());
            }
        }
        for (int i = 0; i < files.size(); i++) {
            registry.spec(files.get(i).getFileName().toString(), specs.get(i));
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
        for (Map.Entry<String, List<String>> repeated : registry.repeated.entrySet()) {
            fields.append("\n    /** {@code ").append(repeated.getKey()).append("}, by {@code i}. */\n")
                    .append("    public static final java.util.List<SpecField> ")
                    .append(constant(repeated.getKey().replace("{i}", ""))).append(" = java.util.List.of(")
                    .append(String.join(", ", repeated.getValue())).append(");\n");
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
                + " * Long for numbers, flags (0/1) and IPv4 addresses, String for text, MAC addresses and byte strings, byte[]\n"
                + " * for IPv6 addresses and GIDs. Do not edit. */\n"
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
        // the condition of each bit field that comes after one of another condition in its run (or none): its place
        // in the word is then not known, a -field there is refused
        java.util.Set<String> unplaced = new java.util.HashSet<>();
        List<String> run = new ArrayList<>();
        List<Object> runConditions = new ArrayList<>();
        int bits = 0;
        for (Object a : seq) {
            Map<?, ?> attr = (Map<?, ?>) a;
            String id = (String) attr.get("id");
            java.util.regex.Matcher b = attr.get("type") instanceof String t ? BITS.matcher(t) : null;
            if (b != null && b.matches() && !attr.containsKey("repeat")) {
                Object condition = attr.get("if");
                if (runConditions.stream().anyMatch(c -> c != null && !c.equals(condition))) {
                    unplaced.add(id);
                }
                runConditions.add(condition);
                runFirst.put(id, run.isEmpty() ? id : run.get(0));
                bitOffset.put(id, bits);
                run.add(id);
                bits += Integer.parseInt(b.group(1));
            } else {
                for (String member : run) {
                    runBits.put(member, bits);
                }
                run.clear();
                runConditions.clear();
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
            String read = get;   // null when an if leaves the field out
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
                } else if ("ipv4".equals(attr.get("-display")) && width == 32) {
                    kind = "IPV4";
                } else if ("ipv6".equals(attr.get("-display")) && Integer.valueOf(16).equals(attr.get("size"))) {
                    kind = "IPV6";
                } else if ("bytes".equals(attr.get("-display"))) {
                    kind = "BYTES";
                } else if ("seconds".equals(attr.get("-display")) && width > 0
                        && attr.get("-per-second") instanceof Integer perSecond && 1_000_000_000 % perSecond == 0) {
                    kind = "SECONDS";
                } else if ("str".equals(typeName) || "strz".equals(typeName)) {
                    kind = "STRING";
                } else if ("b1".equals(typeName) && !attr.containsKey("-base")) {
                    kind = "FLAG";
                } else if (typeName != null && typeName.matches("s[1248](be|le)?") && !attr.containsKey("-base")) {
                    kind = "INT";
                } else if (width == 64 && !attr.containsKey("-base")) {
                    kind = "UINT64";
                } else if (width > 0) {
                    kind = "hex".equals(attr.get("-base")) ? "HEX" : "UINT";
                } else {
                    throw new IllegalArgumentException(where + ": a -field needs an integer, str or -display type");
                }
                String enumMethod = null;
                if (attr.get("-enum") instanceof String enumName) {
                    // an enum of this spec, or of another one (other_spec::enum_name: IPv6 names its ECN and next
                    // header with IPv4's)
                    int colons = enumName.indexOf("::");
                    String enumSpec = colons >= 0 ? enumName.substring(0, colons) : specId;
                    String enumId = colons >= 0 ? enumName.substring(colons + 2) : enumName;
                    if (!enumsBySpec.getOrDefault(enumSpec, Map.of()).containsKey(enumId)) {
                        throw new IllegalArgumentException(where + ": no top-level enum " + enumName);
                    }
                    enumMethod = GenerateFromSpecs.camel(enumSpec + "_" + enumId, false);
                }
                if (attr.get("enum") instanceof String kaitaiEnum) {
                    // Kaitai reads the field as a Java enum, null for a value the enum does not name: the describer
                    // takes its id(), so every value must be named
                    if (!(enums.get(kaitaiEnum) instanceof Map<?, ?> named) || width <= 0 || width > 16
                            || named.size() != 1 << width) {
                        throw new IllegalArgumentException(where + ": a -field read as a Kaitai enum needs a top-level"
                                + " enum naming every value of its " + width + " bits");
                    }
                    get = get + ".id()";
                }
                String title = (String) attr.get("-title");
                String doc = attr.get("doc") instanceof String d ? d.strip().replaceAll("\\s+", " ") : null;
                if (title == null || doc == null) {
                    throw new IllegalArgumentException(where + ": a -field needs a -title and a doc");
                }
                // as Wireshark's FT_UINT8/16/24...: a bit field narrower than its bytes shows all their digits (a b5 as 0x14)
                // (a field on -byte-width bytes shows the digits of all of them: grh.tclass, a b8 on 2 bytes, as 0x00ba)
                int hexDigits = kind.equals("HEX") && attr.get("-byte-width") instanceof Integer bytes ? 2 * bytes
                        : kind.equals("HEX") || kind.equals("UINT64") ? 2 * ((width + 7) / 8) : 0;
                String scale = attr.get("-scale") instanceof Integer factor ? " * " + factor + "L" : "";
                String value = "b1".equals(typeName) ? "(%s ? 1L : 0L)" : switch (kind) {
                    case "MAC" -> "mac(((Number) %s).longValue())";
                    case "IPV4" -> "((Number) %s).longValue()";
                    case "IPV6" -> "%s";
                    case "BYTES" -> "hex(%s)";
                    case "STRING" -> "%s";
                    case "FLAG" -> "(%s ? 1L : 0L)";
                    case "SECONDS" -> "((Number) %s).longValue() * " + 1_000_000_000 / (Integer) attr.get("-per-second")
                            + "L";
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
                    repeated.put(name, constants.stream().map(c -> c.substring("SpecFields.".length())).toList());
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
                    if (unplaced.contains(id)) {
                        throw new IllegalArgumentException(where + ": a bit field with -field after a bit field of"
                                + " another if in its run has no known place in the word");
                    }
                    int total = runBits.get(id);
                    int at = bitOffset.get(id);
                    int offset;
                    int length;
                    if (attr.get("-byte-width") instanceof Integer bytes) {
                        // as Wireshark places such a field: on the bytes of its mask, ending with the byte of its last bit
                        int endByte = (at + width + 7) / 8;
                        offset = endByte - bytes;
                        length = bytes;
                        if (offset < 0 || bytes * 8 < width || attr.containsKey("-container")) {
                            throw new IllegalArgumentException(where + ": -byte-width " + bytes + " does not hold the"
                                    + " field's bits within its run (or is given with -container)");
                        }
                    } else if (at % 8 == 0 && width % 8 == 0 && !attr.containsKey("-container")) {
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
                describers.append(attr.containsKey("if") ? "        if (" + read + " != null) {\n            " + line
                        + "        }\n" : "        " + line);
                continue;
            }
            String childBase = substream ? "base + o._attrStart.get(\"" + key + "\")" : "base";
            if (kaitaiType instanceof String t && types.containsKey(t)) {
                if (repeat) {
                    String elementBase = substream ? "base + o._arrStart.get(\"" + key + "\").get(i)" : "base";
                    // a repeat under an if is null when absent
                    describers.append("        for (int i = 0; ").append(get).append(" != null && i < ").append(get)
                            .append(".size(); i++) {\n")
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
    static int width(String type) {
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

    static String constant(String name) {
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

                /**
             * How the describer gives the value: numbers as Long (FLAG 0 or 1, SECONDS a duration in nanoseconds), an
             * IPv4 address as its Long, an IPv6 address or GID as its 16 bytes (shown by the registry as text), the
             * others as String.
             */
                public enum Kind { UINT, INT, HEX, UINT64, FLAG, MAC, IPV4, IPV6, STRING, BYTES, SECONDS }
            }
            """;

    private static final String FIELD_SINK = """
            package io.rocelens.ksy;

            /** Receives the fields a generated describer finds (generated by ksy/src/build/GenerateFromSpecs.java). */
            @FunctionalInterface
            public interface FieldSink {

                /** One field: its value (Long, String, or an IPv6 address's byte[]) and the absolute byte range it sits in. */
                void add(SpecField field, Object value, int offset, int length);
            }
            """;
}

/**
 * io.rocelens.ksy.layout: per spec type, static accessors that read each seq field at its offset in a byte array,
 * for the bulk pass that must not build an object per header. The layout comes from the spec alone: field widths
 * (u1-u8, b1-b64, byte strings of a fixed or computed size, fixed-size user types and repeats), Kaitai's alignment
 * of a byte type after bit fields, and the {@code if} conditions and {@code size} and instance {@code value}
 * expressions, translated to Java where they use only integers, booleans, the type's own fields, instances and
 * params. A run of fields under one {@code if} is a group: present or absent together, so what follows moves by the
 * group's size. The accessors stop at the first field whose place cannot be known that way (a repeat until, a switch,
 * a size-eos, a user type of unknown size, a condition or size the translator does not take): the Kaitai parsers
 * remain for those. Nothing is checked here: the caller makes sure the bytes it reads were captured.
 */
final class LayoutWriter {

    private static final java.util.regex.Pattern BITS = java.util.regex.Pattern.compile("b(\\d+)");
    private static final java.util.regex.Pattern INTEGER = java.util.regex.Pattern.compile("([us])([1248])(le|be)?");
    private static final java.util.regex.Pattern TOKEN = java.util.regex.Pattern.compile(
            "\\s*(0x[0-9a-fA-F_]+|0b[01_]+|[0-9][0-9_]*|[a-z_][a-z0-9_]*(?:\\.to_i)?|==|!=|<=|>=|<<|>>|[-+*/%&|^<>?:()])");

    /** The size in bytes of each type whose seq is wholly fixed, by type name (a spec's id for its top type). */
    private final Map<String, Integer> fixedSizes = new java.util.HashMap<>();

    /** What a translatable name stands for in a type: a field, an instance or a param, with its Java type. */
    private record Name(String java, String type, boolean bytes) {
    }

    static void write(List<Path> files, Path outputDir) throws IOException {
        LayoutWriter writer = new LayoutWriter();
        Map<String, Map<String, Object>> specs = new java.util.LinkedHashMap<>();
        for (Path file : files) {
            try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                Map<String, Object> spec = new Yaml().load(in);
                specs.put(file.getFileName().toString(), spec);
            }
        }
        // sizes first, until nothing changes: a type may use another spec's type (ib_extended_headers imports reth)
        for (int round = 0; round < 8; round++) {
            for (Map.Entry<String, Map<String, Object>> spec : specs.entrySet()) {
                writer.generate(spec.getKey(), spec.getValue(), null);
            }
        }
        Path dir = outputDir.resolve("layout");
        Files.createDirectories(dir);
        for (Map.Entry<String, Map<String, Object>> spec : specs.entrySet()) {
            writer.generate(spec.getKey(), spec.getValue(), dir);
        }
    }

    /** Generates the classes of one spec into {@code dir}, or (dir null) only records the fixed sizes. */
    private void generate(String file, Map<String, Object> spec, Path dir) throws IOException {
        Map<?, ?> meta = (Map<?, ?>) spec.get("meta");
        String specId = (String) meta.get("id");
        boolean littleEndian = "le".equals(meta.get("endian"));
        type(file, specId, specId, spec, littleEndian, dir);
        if (spec.get("types") instanceof Map<?, ?> types) {
            for (Map.Entry<?, ?> t : types.entrySet()) {
                type(file, specId + "_" + t.getKey(), (String) t.getKey(), (Map<?, ?>) t.getValue(), littleEndian, dir);
            }
        }
    }

    private void type(String file, String className, String typeName, Map<?, ?> type, boolean littleEndian, Path dir)
            throws IOException {
        String javaClass = GenerateFromSpecs.camel(className, true) + "Layout";
        Map<String, Name> names = new java.util.LinkedHashMap<>();
        List<String> paramList = new ArrayList<>();
        if (type.get("params") instanceof List<?> params) {
            for (Object p : params) {
                Map<?, ?> param = (Map<?, ?>) p;
                int bits = FieldRegistry.width((String) param.get("type"));
                String javaType = "bool".equals(param.get("type")) ? "boolean" : bits > 0 && bits < 32 ? "int" : "long";
                String id = (String) param.get("id");
                names.put(id, new Name(GenerateFromSpecs.camel(id, false), javaType, false));
                paramList.add(javaType + " " + GenerateFromSpecs.camel(id, false));
            }
        }
        StringBuilder body = new StringBuilder();
        List<String> dynamic = new ArrayList<>();   // byte-offset terms that depend on the data or the params
        boolean dynamicNeedsBytes = false;
        int bits = 0;
        String group = null;   // the if of the group being read
        int groupStart = 0;
        boolean complete = true;
        List<?> seq = type.get("seq") instanceof List<?> l ? l : List.of();
        // instances are translated first: conditions and sizes use them
        Map<String, String> instanceCode = new java.util.LinkedHashMap<>();
        List<Map.Entry<String, Map<?, ?>>> fields = new ArrayList<>();
        for (Object a : seq) {
            Map<?, ?> attr = (Map<?, ?>) a;
            fields.add(Map.entry((String) attr.get("id"), attr));
            String t = attr.get("type") instanceof String s ? s : null;
            int w = FieldRegistry.width(t);
            if (w > 0 && !attr.containsKey("repeat")) {
                names.put((String) attr.get("id"), new Name(GenerateFromSpecs.camel((String) attr.get("id"), false)
                        + "(b, at" + paramArgs(paramList, true) + ")", "b1".equals(t) ? "boolean" : w < 32 ? "int" : "long",
                        true));
            }
        }
        if (type.get("instances") instanceof Map<?, ?> instances) {
            for (int round = 0; round < 4; round++) {
                for (Map.Entry<?, ?> i : instances.entrySet()) {
                    String id = (String) i.getKey();
                    Object v = ((Map<?, ?>) i.getValue()).get("value");
                    if (names.containsKey(id) || v == null) {
                        continue;
                    }
                    Translation tr = translate(String.valueOf(v).strip(), names);
                    if (tr != null) {
                        String method = GenerateFromSpecs.camel(id, false);
                        names.put(id, new Name(method + (tr.bytes ? "(b, at" : "(") + paramArgs(paramList,
                                tr.bytes) + ")", tr.type, tr.bytes));
                        instanceCode.put(id, "\n    /** Instance {@code " + id + "}: {@code " + String.valueOf(v).strip()
                                .replaceAll("\\s+", " ").replace("*/", "* /") + "}. */\n    public static " + tr.type
                                + " " + method + "(" + signature(paramList, tr.bytes) + ") {\n        return "
                                + tr.java + ";\n    }\n");
                    }
                }
            }
        }
        for (Map.Entry<String, Map<?, ?>> f : fields) {
            String id = f.getKey();
            Map<?, ?> attr = f.getValue();
            String method = GenerateFromSpecs.camel(id, false);
            String condition = attr.get("if") != null ? String.valueOf(attr.get("if")).strip() : null;
            if (!java.util.Objects.equals(condition, group)) {
                if (group != null) {   // the group ends: what follows moves by its size when it is present
                    if ((bits - groupStart) % 8 != 0) {
                        complete = false;
                        break;
                    }
                    Translation c = translate(group, names);
                    dynamic.add("(" + c.java + " ? " + (bits - groupStart) / 8 + " : 0)");
                    dynamicNeedsBytes |= c.bytes;
                    bits = groupStart;
                }
                group = condition;
                if (condition != null) {
                    Translation c = translate(condition, names);
                    if (c == null || !c.type.equals("boolean")) {
                        complete = false;
                        break;
                    }
                    if (bits % 8 != 0 && !(attr.get("type") instanceof String t && BITS.matcher(t).matches())) {
                        bits = (bits + 7) / 8 * 8;
                    }
                    if (bits % 8 != 0) {
                        complete = false;
                        break;
                    }
                    groupStart = bits;
                    boolean needs = c.bytes || dynamicNeedsBytes;
                    body.append("\n    /** Whether {@code ").append(id).append("} is present: {@code ")
                            .append(condition.replaceAll("\\s+", " ")).append("}. */\n    public static boolean ")
                            .append(method).append("IsPresent(").append(signature(paramList, needs))
                            .append(") {\n        return ").append(c.java).append(";\n    }\n");
                }
            }
            Object kaitaiType = attr.get("type");
            String t = kaitaiType instanceof String s ? s : null;
            boolean needsBytes = dynamicNeedsBytes;
            java.util.regex.Matcher bitMatch = t == null ? null : BITS.matcher(t);
            java.util.regex.Matcher intMatch = t == null ? null : INTEGER.matcher(t);
            boolean repeat = attr.containsKey("repeat");
            if (bitMatch != null && bitMatch.matches() && !repeat && !attr.containsKey("size")) {
                int w = Integer.parseInt(bitMatch.group(1));
                body.append(accessor(id, t, method, paramList, dynamic, bits, w, false, "b1".equals(t)));
                bits += w;
                continue;
            }
            bits = (bits + 7) / 8 * 8;   // a byte type after bit fields starts on the next byte (Kaitai alignToByte)
            if (intMatch != null && intMatch.matches() && !attr.containsKey("size")) {
                int bytes = Integer.parseInt(intMatch.group(2));
                boolean le = "le".equals(intMatch.group(3)) || intMatch.group(3) == null && littleEndian;
                boolean signed = "s".equals(intMatch.group(1));
                if (repeat) {
                    if (!"expr".equals(attr.get("repeat")) || !(attr.get("repeat-expr") instanceof Integer count)) {
                        body.append(start(id, t, method, paramList, dynamic, bits));
                        complete = false;
                        break;
                    }
                    body.append(indexed(id, t, method, paramList, dynamic, bits, bytes, le, count));
                    bits += 8 * bytes * count;
                    continue;
                }
                if (signed || le && bytes > 1) {
                    body.append(littleOrSigned(id, t, method, paramList, dynamic, bits, bytes, le, signed));
                } else {
                    body.append(accessor(id, t, method, paramList, dynamic, bits, 8 * bytes, false, false));
                }
                bits += 8 * bytes;
                continue;
            }
            // a byte string, a user type, a repeat or a switch: its place, then its size when it can be known
            body.append(start(id, t, method, paramList, dynamic, bits));
            if (repeat || kaitaiType instanceof Map || attr.containsKey("size-eos") || attr.containsKey("contents")
                    || attr.containsKey("terminator") || "str".equals(t) || "strz".equals(t)) {
                complete = false;
                break;
            }
            Integer size = null;
            if (attr.get("size") instanceof Integer n) {
                size = n;
            } else if (attr.get("size") != null) {
                Translation s = translate(String.valueOf(attr.get("size")).strip(), names);
                if (s == null || s.type.equals("boolean") || condition != null) {
                    complete = false;
                    break;
                }
                dynamic.add("(int) (" + s.java + ")");
                dynamicNeedsBytes |= s.bytes;
                continue;
            } else if (t != null && fixedSizes.containsKey(t)) {
                size = fixedSizes.get(t);
            }
            if (size == null) {
                complete = false;
                break;
            }
            if (attr.get("size") instanceof Integer) {
                body.append("\n    /** The size of {@code ").append(id).append("} in bytes. */\n")
                        .append("    public static final int ").append(FieldRegistry.constant(id)).append("_SIZE = ").append(size)
                        .append(";\n");
            }
            bits += 8 * size;
        }
        if (complete && group != null) {
            if ((bits - groupStart) % 8 != 0) {
                complete = false;
            } else {
                Translation c = translate(group, names);
                dynamic.add("(" + c.java + " ? " + (bits - groupStart) / 8 + " : 0)");
                dynamicNeedsBytes |= c.bytes;
                bits = groupStart;
            }
        }
        if (complete && bits % 8 == 0) {
            if (dynamic.isEmpty()) {
                fixedSizes.put(typeName, bits / 8);
                body.append("\n    /** The size of the whole type in bytes. */\n    public static final int SIZE = ")
                        .append(bits / 8).append(";\n");
            } else {
                body.append("\n    /** The size of the whole type in bytes, its conditional and computed parts included. */\n")
                        .append("    public static int sizeOf(").append(signature(paramList, true)).append(") {\n")
                        .append("        return ").append(offset(dynamic, bits).replaceFirst("^at \\+ ", "")
                                .replaceFirst("^at$", "0")).append(";\n    }\n");
            }
        }
        if (dir == null || body.length() == 0 && instanceCode.isEmpty()) {
            return;
        }
        String java = "package io.rocelens.ksy.layout;\n\n"
                + "/**\n * The fields of " + file + (className.equals(typeName) ? "" : ", type {@code " + typeName + "}")
                + ", read where they sit in a byte array from {@code at} (the type's first byte).\n"
                + " * Generated at build time by ksy/src/build/GenerateFromSpecs.java (LayoutWriter); do not edit.\n"
                + " * Nothing is checked: the caller makes sure the bytes were captured.\n */\n"
                + "public final class " + javaClass + " {\n\n    private " + javaClass + "() {\n    }\n"
                + body + String.join("", instanceCode.values()) + "}\n";
        Files.writeString(dir.resolve(javaClass + ".java"), java, StandardCharsets.UTF_8);
    }

    private static String start(String id, String type, String method, List<String> params, List<String> dynamic,
                                int bits) {
        return "\n    /** Where {@code " + id + "} starts" + (type != null ? " (a {@code " + type + "})" : "")
                + ". */\n    public static int " + method + "At(" + signature(params, true) + ") {\n        return "
                + offset(dynamic, bits) + ";\n    }\n";
    }

    private static String signature(List<String> params, boolean bytes) {
        List<String> all = new ArrayList<>();
        if (bytes) {
            all.add("byte[] b");
            all.add("int at");
        }
        all.addAll(params);
        return String.join(", ", all);
    }

    private static String paramArgs(List<String> params, boolean afterBytes) {
        StringBuilder out = new StringBuilder();
        for (String p : params) {
            out.append(afterBytes || out.length() > 0 ? ", " : "").append(p.substring(p.indexOf(' ') + 1));
        }
        return out.toString();
    }

    /** {@code at} plus the dynamic terms plus a constant byte offset. */
    private static String offset(List<String> dynamic, int bits) {
        StringBuilder out = new StringBuilder("at");
        for (String term : dynamic) {
            out.append(" + ").append(term);
        }
        if (bits / 8 != 0) {
            out.append(" + ").append(bits / 8);
        }
        return out.toString();
    }

    private static String index(String base, int k) {
        return k == 0 ? base : base + " + " + k;
    }

    /** A big-endian unsigned field of {@code width} bits starting {@code bits} bits into the type. */
    private static String accessor(String id, String kaitaiType, String method, List<String> params, List<String> dynamic,
                                   int bits, int width, boolean unused, boolean flag) {
        int first = bits / 8;
        int last = (bits + width - 1) / 8;
        int span = last - first + 1;
        boolean wide = span * 8 > 31;
        String base = dynamic.isEmpty() ? "at" : "o";
        StringBuilder read = new StringBuilder();
        for (int k = first; k <= last; k++) {
            int shift = 8 * (last - k);
            String one = (wide ? "(long) " : "") + "(b[" + index(base, k) + "] & 0xff)";
            read.append(read.length() > 0 ? " | " : "").append(shift > 0 ? one + " << " + shift : one);
        }
        int right = 8 * span - (bits % 8) - width;
        String value = span > 1 ? "(" + read + ")" : read.toString();
        if (right > 0) {
            value = "(" + value + " >>> " + right + ")";
        }
        if (width < 8 * span - right || (bits % 8) != 0) {
            value = "(" + value + " & " + (width >= 31 ? "0x" + Long.toHexString((1L << width) - 1) + "L"
                    : "0x" + Integer.toHexString((1 << width) - 1)) + ")";
        }
        String javaType = flag ? "boolean" : width < 32 ? "int" : "long";
        if (flag) {
            value = value + " != 0";
        } else if (!wide && width >= 32) {
            value = "(long) " + value;
        } else if (wide && width < 32) {
            value = "(int) " + value;
        }
        return "\n    /** {@code " + id + "}, {@code " + kaitaiType + "} at bit " + bits + after(dynamic) + ". */\n    public static "
                + javaType + " " + method + "(" + signature(params, true) + ") {\n        " + local(dynamic) + "return " + value
                + ";\n    }\n";
    }

    private static String after(List<String> dynamic) {
        return dynamic.isEmpty() ? "" : " after the parts before it that may be absent or vary in size";
    }

    /** Where a field after conditional or computed parts starts, once per accessor. */
    private static String local(List<String> dynamic) {
        return dynamic.isEmpty() ? "" : "int o = " + offset(dynamic, 0) + ";\n        ";
    }

    private static String littleOrSigned(String id, String kaitaiType, String method, List<String> params,
                                         List<String> dynamic, int bits, int bytes, boolean le, boolean signed) {
        String base = dynamic.isEmpty() ? "at" : "o";
        StringBuilder read = new StringBuilder();
        boolean wide = bytes > 2;
        for (int k = 0; k < bytes; k++) {
            int shift = 8 * (le ? k : bytes - 1 - k);
            String one = (wide ? "(long) " : "") + "(b[" + index(base, bits / 8 + k) + "] & 0xff)";
            read.append(read.length() > 0 ? " | " : "").append(shift > 0 ? one + " << " + shift : one);
        }
        String value = "(" + read + ")";
        String javaType = bytes < 4 ? "int" : "long";
        if (signed) {
            value = switch (bytes) {
                case 1 -> "(byte) " + value;
                case 2 -> "(short) " + value;
                case 4 -> "(long) (int) " + value;
                default -> value;
            };
        } else if (bytes < 4 && wide) {
            value = "(int) " + value;
        }
        return "\n    /** {@code " + id + "}, {@code " + kaitaiType + "} at byte " + bits / 8 + after(dynamic) + ". */\n    public static "
                + javaType + " " + method + "(" + signature(params, true) + ") {\n        " + local(dynamic) + "return "
                + value + ";\n    }\n";
    }

    private static String indexed(String id, String kaitaiType, String method, List<String> params,
                                  List<String> dynamic, int bits, int bytes, boolean le, int count) {
        String base = (dynamic.isEmpty() ? "at" : "o") + (bits / 8 != 0 ? " + " + bits / 8 : "") + " + " + bytes + " * i";
        StringBuilder read = new StringBuilder();
        boolean wide = bytes > 2;
        for (int k = 0; k < bytes; k++) {
            int shift = 8 * (le ? k : bytes - 1 - k);
            String one = (wide ? "(long) " : "") + "(b[" + index(base, k) + "] & 0xff)";
            read.append(read.length() > 0 ? " | " : "").append(shift > 0 ? one + " << " + shift : one);
        }
        String javaType = bytes < 4 ? "int" : "long";
        String value = (bytes < 4 && wide ? "(int) " : "") + "(" + read + ")";
        return "\n    /** {@code " + id + "}, " + count + " times {@code " + kaitaiType + "} from byte " + bits / 8
                + ": element {@code i}. */\n    public static " + javaType + " " + method + "("
                + signature(params, true) + ", int i) {\n        " + local(dynamic) + "return " + value + ";\n    }\n";
    }

    /** A Kaitai expression in Java, its type and whether it reads the data; null when it uses anything else. */
    private record Translation(String java, String type, boolean bytes) {
    }

    private static Translation translate(String expression, Map<String, Name> names) {
        List<String> tokens = new ArrayList<>();
        java.util.regex.Matcher m = TOKEN.matcher(expression);
        int at = 0;
        while (at < expression.length()) {
            if (!m.find(at) || m.start() != at) {
                if (expression.substring(at).isBlank()) {
                    break;
                }
                return null;
            }
            tokens.add(m.group(1));
            at = m.end();
        }
        Parser parser = new Parser(tokens, names);
        Translation result = parser.ternary();
        return result == null || parser.at != tokens.size() ? null
                : new Translation(result.java, result.type, parser.bytes);
    }

    /**
     * Kaitai's expression grammar, lowest precedence first (as Python's): ?:, or, and, not, comparisons, |, ^, &,
     * shifts, + -, *, unary minus, atoms. Every operation comes out in parentheses, so Java's own precedence (which
     * puts & below ==) never applies. Division and modulo are refused: Kaitai's round towards minus infinity.
     */
    private static final class Parser {

        private static final List<List<String>> LEVELS = List.of(List.of("or"), List.of("and"), List.of("not"),
                List.of("==", "!=", "<", "<=", ">", ">="), List.of("|"), List.of("^"), List.of("&"),
                List.of("<<", ">>"), List.of("+", "-"), List.of("*"));
        private static final int COMPARISONS = 3;

        private final List<String> tokens;
        private final Map<String, Name> names;
        int at;
        boolean bytes;

        Parser(List<String> tokens, Map<String, Name> names) {
            this.tokens = tokens;
            this.names = names;
        }

        private boolean next(String token) {
            if (at < tokens.size() && tokens.get(at).equals(token)) {
                at++;
                return true;
            }
            return false;
        }

        Translation ternary() {
            Translation condition = binary(0);
            if (condition == null || !next("?")) {
                return condition;
            }
            Translation yes = ternary();
            if (yes == null || !next(":")) {
                return null;
            }
            Translation no = ternary();
            if (no == null || !condition.type.equals("boolean") || yes.type.equals("boolean") != no.type.equals("boolean")) {
                return null;
            }
            String type = yes.type.equals("long") || no.type.equals("long") ? "long" : yes.type;
            return new Translation("(" + condition.java + " ? " + yes.java + " : " + no.java + ")", type, false);
        }

        private Translation binary(int level) {
            if (level == LEVELS.size()) {
                return unary();
            }
            List<String> operators = LEVELS.get(level);
            if (operators.contains("not")) {
                if (next("not")) {
                    Translation operand = binary(level);
                    return operand == null || !operand.type.equals("boolean") ? null
                            : new Translation("!" + operand.java, "boolean", false);
                }
                return binary(level + 1);
            }
            Translation left = binary(level + 1);
            while (left != null && at < tokens.size() && operators.contains(tokens.get(at))) {
                String operator = tokens.get(at++);
                Translation right = binary(level + 1);
                if (right == null) {
                    return null;
                }
                boolean logical = level < COMPARISONS;
                boolean operandsBoolean = left.type.equals("boolean") || right.type.equals("boolean");
                if (logical != operandsBoolean && !(level == COMPARISONS && (operator.equals("==") || operator.equals("!="))
                        && left.type.equals("boolean") && right.type.equals("boolean"))) {
                    return null;
                }
                String java = switch (operator) {
                    case "or" -> "||";
                    case "and" -> "&&";
                    case ">>" -> ">>>";
                    default -> operator;
                };
                String type = level <= COMPARISONS ? "boolean"
                        : left.type.equals("long") || right.type.equals("long") ? "long" : "int";
                left = new Translation("(" + left.java + " " + java + " " + right.java + ")", type, false);
            }
            return left;
        }

        private Translation unary() {
            if (next("-")) {
                Translation operand = unary();
                return operand == null || operand.type.equals("boolean") ? null
                        : new Translation("(-" + operand.java + ")", operand.type, false);
            }
            if (next("(")) {
                Translation inner = ternary();
                return inner != null && next(")") ? inner : null;
            }
            if (at >= tokens.size()) {
                return null;
            }
            String token = tokens.get(at++);
            if (token.equals("true") || token.equals("false")) {
                return new Translation(token, "boolean", false);
            }
            if (Character.isDigit(token.charAt(0))) {
                String digits = token.replace("_", "");
                long value = digits.startsWith("0b") ? Long.parseLong(digits.substring(2), 2)
                        : digits.startsWith("0x") ? Long.parseLong(digits.substring(2), 16) : Long.parseLong(digits);
                return value > Integer.MAX_VALUE ? new Translation(value + "L", "long", false)
                        : new Translation(String.valueOf(value), "int", false);
            }
            Name known = names.get(token.replace(".to_i", ""));
            if (known == null) {
                return null;
            }
            bytes |= known.bytes;
            return new Translation(known.java, known.type, false);
        }
    }
}
