package io.rocelens.dissect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import io.rocelens.capture.RealCaptures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The fast getters give what the detail dissector gives (which TsharkAgreementTest holds to tshark): for every frame
 * of every sample and real capture, every getter that answers for the frame agrees with the detail's first
 * occurrence of the field, on presence and on value; for a field an encapsulated frame has twice, the getter on the
 * outer summary and on the frame's give the detail's occurrences in order, outside first.
 */
class SummaryFieldsTest {

    static Stream<Path> captures() throws IOException {
        Stream<Path> samples = Files.list(Path.of("../sample-captures"));
        Stream<Path> reals = RealCaptures.present() ? Files.list(RealCaptures.directory()) : Stream.empty();
        return Stream.concat(samples, reals).filter(p -> p.toString().endsWith(".pcap") || p.toString().endsWith(".pcapng"))
                .sorted();
    }

    @ParameterizedTest
    @MethodSource("captures")
    void gettersAgreeWithTheDetail(Path capture) throws IOException {
        Dissector dissector = new Dissector(new DissectorOptions(Set.of(4791, 69, 72)));
        int checked = 0;
        int twice = 0;
        try (CaptureReader reader = CaptureReaders.open(capture)) {
            Frame frame;
            while ((frame = reader.next()) != null) {
                int[] counts = compare(dissector.dissect(frame), capture.getFileName() + " frame " + frame.number());
                checked += counts[0];
                twice += counts[1];
            }
        }
        assertTrue(checked > 0);
        if (capture.getFileName().toString().equals("mixed-erspan3.pcapng")) {
            assertTrue(twice > 1000, "fields compared outside and inside: " + twice);
        }
    }

    /**
     * Compares every getter that answers for the dissected frame with its detail: the fields compared once and the
     * fields compared outside and inside an encapsulated frame.
     */
    static int[] compare(Dissection d, String frame) {
        int checked = 0;
        int twice = 0;
        PacketSummary p = d.summary();
        for (Map.Entry<String, FieldDef> entry : Fields.all().entrySet()) {
            SummaryFields.Getter getter = SummaryFields.of(entry.getKey());
            if (getter == null || !getter.answers(p)) {
                continue;
            }
            String where = frame + " " + entry.getKey();
            if (getter.twice() && p.is(PacketSummary.ENCAPSULATED)) {
                if (getter.answers(p.outer)) {
                    assertEquals(occurrences(d, entry.getKey()), List.of(
                            getter.present(p.outer) ? valueOf(entry.getValue(), getter, p.outer) : "absent",
                            getter.present(p) ? valueOf(entry.getValue(), getter, p) : "absent")
                            .stream().filter(v -> !"absent".equals(v)).toList(), where);
                    twice++;
                }
                continue;
            }
            Field field = d.field(entry.getKey());
            assertEquals(field != null, getter.present(p), where);
            if (field != null) {
                assertEquals(field.value(), valueOf(entry.getValue(), getter, p), where);
                checked++;
            }
        }
        return new int[] {checked, twice};
    }

    /** Every occurrence of a field in the detail, in the order of the layers. */
    private static List<Object> occurrences(Dissection d, String name) {
        List<Object> values = new ArrayList<>();
        for (Layer layer : d.layers()) {
            for (Field field : layer.fields()) {
                if (field.name().equals(name)) {
                    values.add(field.value());
                }
            }
        }
        return values;
    }

    /** The getter's value in the detail's form: numbers as Long, addresses as text. */
    private static Object valueOf(FieldDef def, SummaryFields.Getter getter, PacketSummary p) {
        return switch (def.type()) {
            case MAC -> Addresses.mac(getter.value(p));
            case ADDRESS -> def.name().startsWith("ip.") || def.name().startsWith("arp.")
                    ? Addresses.ipv4(getter.value(p) & 0xffffffffL) : Addresses.ipv6(getter.high(p), getter.value(p));
            case STRING -> getter.text(p);
            default -> getter.value(p);
        };
    }
}
