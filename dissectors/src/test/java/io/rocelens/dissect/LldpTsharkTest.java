package io.rocelens.dissect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import io.rocelens.capture.RealCaptures;
import io.rocelens.ksy.SpecField;
import io.rocelens.ksy.SpecFields;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * LLDP and DCBX against tshark, every occurrence of every field lldp.ksy declares, both ways: each occurrence tshark
 * shows RoCE Lens shows with the same value and byte range, in the same order, and RoCE Lens shows none tshark does
 * not; the Protocol and Info columns of every LLDP frame; and {@code -T fields} output, every occurrence, character
 * for character. On dcbx.pcap (every TLV RoCE Lens reads, made by
 * make-dcbx.py) and on the real capture lldp-dcbx-pfc-config-tlv-not-pause.pcap; the expected values are tshark's
 * PDML and -T fields output, made by src/test/resources/tshark/lldp/make-lldp-expected.sh.
 */
class LldpTsharkTest {

    private static final Path FOLDER = Path.of("src/test/resources/tshark/lldp");
    private static final Set<String> NAMES = new HashSet<>();

    static {
        for (SpecField field : SpecFields.LLDP_KSY) {
            NAMES.add(field.name());
        }
    }

    @Test
    void scapyCaptureAgreesWithTshark() throws IOException {
        Set<String> seen = check(FOLDER.resolve("dcbx.pcap"), "dcbx");
        // the scripted capture holds every field the spec declares, so each is compared at least once
        SpecFieldsAgainstTshark.assertEveryFieldCompared(NAMES, seen, "fields of lldp.ksy dcbx.pcap does not exercise");
    }

    @Test
    void realCaptureAgreesWithTshark() throws IOException {
        Set<String> seen = check(RealCaptures.file("lldp-dcbx-pfc-config-tlv-not-pause.pcap"),
                "lldp-dcbx-pfc-config-tlv-not-pause");
        assertTrue(seen.contains("lldp.dcbx.feature.pfc.prio5"), "the real capture's PFC Configuration TLV");
    }

    /** Compares a capture with its expectation files; returns the field names compared. */
    private static Set<String> check(Path capture, String name) throws IOException {
        Map<Long, Map<String, List<SpecFieldsAgainstTshark.Shown>>> expected = SpecFieldsAgainstTshark.expected(FOLDER.resolve(name + ".tsv"));
        Map<Long, String[]> columns = SpecFieldsAgainstTshark.columns(FOLDER.resolve(name + "-columns.tsv"));
        Dissector dissector = new Dissector(DissectorOptions.defaults());
        List<String> disagreements = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        int compared = 0;
        int lldpFrames = 0;
        try (CaptureReader reader = CaptureReaders.open(capture)) {
            Frame frame;
            while ((frame = reader.next()) != null) {
                Dissection ours = dissector.dissect(frame);
                Map<String, List<SpecFieldsAgainstTshark.Shown>> theirs = expected.getOrDefault(frame.number(), Map.of());
                if (theirs.containsKey("_ws.malformed")) {
                    disagreements.add("frame " + frame.number() + ": tshark finds it malformed");
                }
                compared += SpecFieldsAgainstTshark.compare(ours, theirs, NAMES, 0, disagreements, seen);
                String[] column = columns.get(frame.number());
                if (column[0].equals("LLDP")) {
                    lldpFrames++;
                    if (!column[0].equals(ours.protocol()) || !column[1].equals(ours.info())) {
                        disagreements.add("frame " + frame.number() + ": columns " + ours.protocol() + " | " + ours.info()
                                + "| but tshark " + column[0] + " | " + column[1] + "|");
                    }
                }
            }
        }
        assertEquals(columns.size(), columns.keySet().stream().mapToLong(Long::longValue).max().orElse(0), "frames");
        SpecFieldsAgainstTshark.tFields(capture, FOLDER.resolve(name + "-fields.tsv"), disagreements);
        assertTrue(lldpFrames >= 4 && compared > 40 * lldpFrames, "only " + compared + " occurrences compared");
        assertEquals(List.of(), disagreements.subList(0, Math.min(30, disagreements.size())),
                disagreements.size() + " disagreements in " + compared + " occurrences");
        return seen;
    }
}
