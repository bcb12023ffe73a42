package io.rocelens.dissect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Mirrored and tunnelled frames against tshark, every occurrence of every field: the outer and the inner Ethernet, IP
 * and UDP headers, GRE, ERSPAN type I, II and III, VXLAN and the RoCE headers inside, their values and their byte
 * ranges, in the order tshark shows them. The captures in src/test/resources/tshark/encap are the generator's scripted
 * mixed traffic in each encapsulation and small ERSPAN and VXLAN captures from tcpdump's tests (SOURCES.md there); the
 * expected values are tshark's PDML, made by make-encap-expected.sh there.
 */
class EncapsulationTsharkTest {

    private static final Path FOLDER = Path.of("src/test/resources/tshark/encap");

    static Stream<Path> captures() throws IOException {
        return TsharkAgreementTest.files(FOLDER, ".pcap");
    }

    /** One tshark occurrence: value and byte range. */
    private record Shown(String value, int pos, int size) {
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("captures")
    void everyOccurrenceAgreesWithTshark(Path capture) throws IOException {
        Map<Long, Map<String, List<Shown>>> expected = expected(capture);
        Dissector dissector = new Dissector(DissectorOptions.defaults());
        List<String> disagreements = new ArrayList<>();
        int compared = 0;
        long frames = 0;
        try (CaptureReader reader = CaptureReaders.open(capture)) {
            Frame frame;
            while ((frame = reader.next()) != null) {
                frames++;
                Map<String, List<Shown>> theirs = expected.getOrDefault(frame.number(), Map.of());
                compared += compare(dissector.dissect(frame), theirs, disagreements);
            }
        }
        assertEquals(expected.keySet().stream().mapToLong(Long::longValue).max().orElse(0), frames, "frames");
        assertTrue(compared > 10 * frames, "only " + compared + " occurrences compared");
        assertEquals(List.of(), disagreements.subList(0, Math.min(30, disagreements.size())),
                disagreements.size() + " disagreements in " + compared + " occurrences");
    }

    private static int compare(Dissection ours, Map<String, List<Shown>> theirs, List<String> out) {
        boolean tsharkMalformed = theirs.containsKey("_ws.malformed");
        if (ours.layer("malformed") != null && !tsharkMalformed) {
            out.add("frame " + ours.number() + ": malformed for RoCE Lens only: " + ours.field("malformed.reason").value());
        }
        int opcode = ours.summary().opcode;
        // as in TsharkAgreementTest: tshark 4.0 shows the BTH of a CNP, but nothing after it
        boolean tsharkStopsAfterBth = opcode == IbOpcodes.CNP;
        int compared = 0;
        for (Map.Entry<String, List<Shown>> field : theirs.entrySet()) {
            List<String> names = TsharkAgreementTest.ours(field.getKey());
            if (names == null) {
                continue;
            }
            List<Field> mine = new ArrayList<>();
            for (Layer layer : ours.layers()) {
                for (Field f : layer.fields()) {
                    if (names.contains(f.name())) {
                        mine.add(f);
                    }
                }
            }
            List<Shown> shown = field.getValue();
            boolean mayStopEarly = tsharkMalformed || tsharkStopsAfterBth && !field.getKey().startsWith("infiniband.bth");
            if (mine.size() != shown.size() && !(mayStopEarly && mine.size() > shown.size())) {
                out.add("frame " + ours.number() + ": " + mine.size() + " × " + names.get(0) + " but tshark shows "
                        + shown.size() + " × " + field.getKey());
                continue;
            }
            for (int i = 0; i < shown.size(); i++) {
                Field f = mine.get(i);
                Shown t = shown.get(i);
                compared++;
                if (!TsharkAgreementTest.sameValue(field.getKey(), t.value(), f)) {
                    out.add("frame " + ours.number() + ": " + f.name() + "[" + i + "]=" + f.value() + " but tshark "
                            + field.getKey() + "=" + t.value());
                }
                // tshark gives these bits the whole word they are carved from; RoCE Lens the bytes that hold them
                boolean wholeWord = field.getKey().startsWith("ipv6.tclass.") || field.getKey().equals("vlan.priority")
                        || field.getKey().equals("vlan.dei");
                if (!wholeWord && (f.offset() != t.pos() || f.length() != t.size())) {
                    out.add("frame " + ours.number() + ": " + f.name() + "[" + i + "] at [" + f.offset() + ", "
                            + f.length() + "] but tshark " + field.getKey() + " at [" + t.pos() + ", " + t.size() + "]");
                }
            }
        }
        return compared;
    }

    /** frame → tshark field → its occurrences in order. */
    private static Map<Long, Map<String, List<Shown>>> expected(Path capture) throws IOException {
        Path tsv = FOLDER.resolve(capture.getFileName().toString().replaceFirst("\\.pcap$", ".tsv"));
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
}
