package io.rocelens.dissect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import io.rocelens.capture.LinkType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every field of every frame of the sample and real captures sits where tshark puts it: the offset and length RoCE
 * Lens gives a field (the bytes hex highlighting lights) equal the {@code pos} and {@code size} of tshark's PDML for
 * the Wireshark field of the same value, made by src/test/resources/tshark/positions/make-positions.sh.
 */
class FieldPositionsTest {

    private static final Path POSITIONS = Path.of("src/test/resources/tshark/positions");

    static Stream<Path> positions() throws IOException {
        return TsharkAgreementTest.files(POSITIONS, ".tsv");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("positions")
    void fieldsSitWhereTsharkPutsThem(Path positions) throws IOException {
        Path capture = TsharkAgreementTest.captureFor(positions);
        List<String> rows = Files.readAllLines(positions);
        Dissector dissector = new Dissector(DissectorOptions.defaults());
        List<String> disagreements = new ArrayList<>();
        int compared = 0;
        int row = 1;
        try (CaptureReader reader = CaptureReaders.open(capture)) {
            Frame frame;
            while ((frame = reader.next()) != null) {
                Dissection ours = dissector.dissect(frame);
                // tshark shows an ERF record's header as a pseudo-header of no bytes and counts positions from the
                // packet after it; RoCE Lens shows the header as the frame's first 16 bytes
                boolean erf = frame.linkType() == LinkType.ERF;
                int shift = erf ? ours.layer("erf").length() : 0;
                for (; row < rows.size(); row++) {
                    String[] columns = rows.get(row).split("\t");
                    if (Long.parseLong(columns[0]) != frame.number()) {
                        break;
                    }
                    List<String> names = TsharkAgreementTest.ours(columns[1]);
                    Field field = null;
                    for (String name : names == null ? List.<String>of() : names) {
                        field = field != null ? field : ours.field(name);
                    }
                    int size = Integer.parseInt(columns[3]);
                    if (field == null || (erf && size == 0)) {
                        continue;   // presence is TsharkAgreementTest's business
                    }
                    compared++;
                    if (columns[1].startsWith("ipv6.tclass.") || columns[1].equals("vlan.priority")
                            || columns[1].equals("vlan.dei")) {
                        // tshark gives these bits the whole word they are carved from (the IPv6 header's first 4
                        // bytes, the VLAN tag's 2-byte TCI); RoCE Lens the bytes that hold them
                        continue;
                    }
                    int pos = Integer.parseInt(columns[2]) + shift;
                    if (field.offset() != pos || field.length() != size) {
                        disagreements.add("frame " + frame.number() + ": " + field.name() + " at [" + field.offset()
                                + ", " + field.length() + "] but tshark " + columns[1] + " at [" + pos + ", " + size
                                + "]");
                    }
                }
            }
        }
        assertEquals(rows.size(), row, "every row belongs to a frame of the capture");
        assertEquals(List.of(), disagreements.subList(0, Math.min(30, disagreements.size())),
                disagreements.size() + " disagreements in " + compared + " fields");
    }

    /**
     * aeth.type and aeth.code are parts of the syndrome byte, so they sit on it (AETH byte 0), where tshark puts
     * infiniband.aeth.syndrome and its parts (compared above); they once sat on no byte at all ([55, 0], on the MSN).
     */
    @org.junit.jupiter.api.Test
    void theSyndromesPartsSitOnTheSyndromeByte() throws IOException {
        Dissector dissector = new Dissector(DissectorOptions.defaults());
        int checked = 0;
        try (CaptureReader reader = CaptureReaders.open(Path.of("../sample-captures/mixed.pcapng"))) {
            Frame frame;
            while ((frame = reader.next()) != null) {
                Dissection ours = dissector.dissect(frame);
                Field syndrome = ours.field("aeth.syndrome");
                if (syndrome == null) {
                    continue;
                }
                assertEquals(1, syndrome.length());
                for (String part : List.of("aeth.type", "aeth.code", "aeth.reserved", "aeth.opcode")) {
                    Field field = ours.field(part);
                    assertEquals(List.of(syndrome.offset(), 1), List.of(field.offset(), field.length()),
                            "frame " + frame.number() + " " + part);
                }
                checked++;
            }
        }
        assertEquals(true, checked > 10, checked + " AETHs");
    }
}
