package io.rocelens.dissect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The comparison behind the protocol modules' tests against tshark (LldpTsharkTest, CmTsharkTest): every occurrence
 * of every field a spec declares, value and byte range, both ways; the Protocol and Info columns; and
 * {@code -T fields} output. The expected files are tshark's, made by each folder's make-*-expected.sh.
 */
final class SpecFieldsAgainstTshark {

    private SpecFieldsAgainstTshark() {
    }

    /** One occurrence of a field as tshark shows it: value, position, size. */
    record Shown(String value, int pos, int size) {
    }

    /**
     * Compares the fields named {@code names} of one frame with tshark's; {@code shift} is added to tshark's positions.
     *
     * @return how many occurrences were compared; each disagreement is added to {@code out}, each name compared to
     *         {@code seen}
     */
    static int compare(Dissection ours, Map<String, List<Shown>> theirs, Set<String> names, int shift,
                       List<String> out, Set<String> seen) {
        Map<String, List<Field>> mine = new LinkedHashMap<>();
        for (Layer layer : ours.layers()) {
            for (Field f : layer.fields()) {
                if (names.contains(f.name())) {
                    mine.computeIfAbsent(f.name(), n -> new ArrayList<>()).add(f);
                }
            }
        }
        Set<String> present = new HashSet<>(mine.keySet());
        present.addAll(theirs.keySet());
        present.remove("_ws.malformed");
        int compared = 0;
        for (String name : present) {
            List<Field> ourOccurrences = mine.getOrDefault(name, List.of());
            List<Shown> shown = theirs.getOrDefault(name, List.of());
            if (ourOccurrences.size() != shown.size()) {
                out.add("frame " + ours.number() + ": " + ourOccurrences.size() + " × " + name + " but tshark shows "
                        + shown.size());
                continue;
            }
            seen.add(name);
            for (int i = 0; i < shown.size(); i++) {
                Field f = ourOccurrences.get(i);
                Shown t = shown.get(i);
                compared++;
                if (!TsharkAgreementTest.sameValue(name, t.value(), f)) {
                    out.add("frame " + ours.number() + ": " + name + "[" + i + "]=" + f.value() + " but tshark " + t.value());
                }
                if (f.offset() != t.pos() + shift || f.length() != t.size()) {
                    out.add("frame " + ours.number() + ": " + name + "[" + i + "] at [" + f.offset() + ", " + f.length()
                            + "] but tshark at [" + (t.pos() + shift) + ", " + t.size() + "]");
                }
            }
        }
        return compared;
    }

    /** Every field a spec declares was compared at least once (a capture made to hold them all). */
    static void assertEveryFieldCompared(Set<String> declared, Set<String> seen, String what) {
        Set<String> missing = new HashSet<>(declared);
        missing.removeAll(seen);
        assertEquals(Set.of(), missing, what);
    }

    /** {@code rocelens decode -T fields -E occurrence=a} against tshark's, line by line. */
    static void tFields(Path capture, Path tsv, List<String> out) throws IOException {
        List<String> lines = Files.readAllLines(tsv);
        List<String> fields = List.of(lines.get(0).split("\t", -1));
        io.rocelens.export.TsharkFields.Layout layout = io.rocelens.export.TsharkFields.Layout.defaults();
        Dissector dissector = new Dissector(DissectorOptions.defaults());
        try (CaptureReader reader = CaptureReaders.open(capture)) {
            Frame frame;
            int row = 0;
            while ((frame = reader.next()) != null) {
                String ours = layout.line(dissector.dissect(frame), fields);
                if (!ours.equals(lines.get(++row))) {
                    out.add("frame " + frame.number() + " -T fields: " + ours + " but tshark " + lines.get(row));
                }
            }
            assertEquals(lines.size() - 1, row, "-T fields lines");
        }
    }

    /** frame → tshark field → its occurrences in order. */
    static Map<Long, Map<String, List<Shown>>> expected(Path tsv) throws IOException {
        Map<Long, Map<String, List<Shown>>> frames = new LinkedHashMap<>();
        List<String> rows = Files.readAllLines(tsv);
        for (String row : rows.subList(1, rows.size())) {
            String[] c = row.split("\t", -1);
            frames.computeIfAbsent(Long.parseLong(c[0]), n -> new LinkedHashMap<>())
                    .computeIfAbsent(c[1], n -> new ArrayList<>())
                    .add(new Shown(c[2], Integer.parseInt(c[3]), Integer.parseInt(c[4])));
        }
        return frames;
    }

    /** frame → its Protocol and Info columns. */
    static Map<Long, String[]> columns(Path tsv) throws IOException {
        Map<Long, String[]> frames = new LinkedHashMap<>();
        List<String> rows = Files.readAllLines(tsv);
        for (String row : rows.subList(1, rows.size())) {
            String[] c = row.split("\t", -1);
            frames.put(Long.parseLong(c[0]), new String[] {c[1], c[2]});
        }
        return frames;
    }
}
