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
 * Writes io.rocelens.ksy.EnumTexts: for every enum of every .ksy spec whose values carry an {@code -orig-id} (the
 * value's name in its standard), one method that gives a value's -orig-id, the text RoCE Lens shows for it (a value
 * without one gives null). So the names of
 * opcodes, EtherTypes, ECN codepoints and the rest are declared once, in the specs. Run by the build with SnakeYAML
 * (which the Kaitai compiler brings) on the class path:
 *   java -cp snakeyaml.jar GenerateEnumTexts.java KSY_DIR OUTPUT_SOURCE_DIR
 */
public final class GenerateEnumTexts {

    public static void main(String[] args) throws IOException {
        Path specs = Path.of(args[0]);
        Path output = Path.of(args[1], "io", "rocelens", "ksy", "EnumTexts.java");
        List<Path> files;
        try (Stream<Path> list = Files.list(specs)) {
            files = list.filter(f -> f.toString().endsWith(".ksy")).sorted().toList();
        }
        StringBuilder java = new StringBuilder();
        java.append("package io.rocelens.ksy;\n\n")
                .append("/** Generated at build time from the .ksy specs by ksy/src/build/GenerateEnumTexts.java: the text (the\n")
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

    private static String camel(String snake, boolean upperFirst) {
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
