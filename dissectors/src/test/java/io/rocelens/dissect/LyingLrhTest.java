package io.rocelens.dissect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Native InfiniBand whose LRH packet length lies (tshark/native-ib/lying-lrh.pcap, made by make-lying-lrh.py there:
 * the true length, 0, 2 and 4 words, one word short, 40 words too long) is malformed where tshark says "Invalid
 * Packet Length from LRH!" (lying-lrh.tsv, tshark's Info column), with a reason that names the LRH packet length,
 * and the packet list never shows the internal sentinels (opcode 0xffffffff, PSN -1, a payload of -8 bytes).
 */
class LyingLrhTest {

    private static final Path FOLDER = Path.of("src/test/resources/tshark/native-ib");

    @Test
    void aLyingPacketLengthIsMalformedAsInTsharkAndSaysWhy() throws IOException {
        TreeSet<Long> tsharkMalformed = new TreeSet<>();
        for (String row : Files.readAllLines(FOLDER.resolve("lying-lrh.tsv"))) {
            String[] c = row.split("\t", -1);
            if (c[2].contains("[Malformed Packet]")) {
                tsharkMalformed.add(Long.parseLong(c[0]));
            }
        }
        assertEquals(List.of(2L, 3L, 4L, 6L), List.copyOf(tsharkMalformed));
        Dissector dissector = new Dissector(DissectorOptions.defaults());
        TreeSet<Long> ours = new TreeSet<>();
        try (CaptureReader reader = CaptureReaders.open(FOLDER.resolve("lying-lrh.pcap"))) {
            Frame frame;
            while ((frame = reader.next()) != null) {
                Dissection d = dissector.dissect(frame);
                String info = d.info();
                assertFalse(info.contains("0xffffffff") || info.contains("=-1") || info.contains("-8 bytes"), info);
                if (d.summary().is(PacketSummary.MALFORMED)) {
                    ours.add(frame.number());
                    assertTrue(d.summary().malformedReason.startsWith("LRH packet length "), info);
                    assertEquals("[Malformed: " + d.summary().malformedReason + "]", info);
                } else {
                    assertTrue(info.startsWith("RC RDMA WRITE Only QP=0x000228"), info);
                }
            }
        }
        assertEquals(tsharkMalformed, ours);
    }
}
