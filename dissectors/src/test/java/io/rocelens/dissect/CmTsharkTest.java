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
 * RDMA CM (MADs on QP 1) against tshark, every occurrence of every field ib_mad.ksy declares, both ways: each
 * occurrence tshark shows RoCE Lens shows with the same value and byte range, in the same order, and RoCE Lens shows
 * none tshark does not; the Protocol and Info columns ("CM: ConnectRequest") of every CM frame; and {@code -T fields}
 * output, every occurrence, character for character. On the four real captures with rdma_cm handshakes (REQ, REP,
 * RTU, DREQ, DREP), a capture made from one of them with REJs and an MRA, and on a native InfiniBand one with subnet management MADs on QP 0; the expected values are tshark's PDML, columns and -T fields output, made by
 * src/test/resources/tshark/cm/make-cm-expected.sh.
 */
class CmTsharkTest {

    private static final Path FOLDER = Path.of("src/test/resources/tshark/cm");
    private static final List<String> CAPTURES = List.of("rxe-rdmacm-two-connections-small-sends",
            "rxe-rdmacm-write-read-docker", "rxe-rdmacm-write-read-with-arp", "rxe-rping-cm-ud-read-write");
    private static final Set<String> NAMES = new HashSet<>();

    static {
        for (SpecField field : SpecFields.IB_MAD_KSY) {
            NAMES.add(field.name());
        }
    }

    @Test
    void realCapturesAgreeWithTshark() throws IOException {
        Set<String> seen = new HashSet<>();
        for (String name : CAPTURES) {
            seen.addAll(check(RealCaptures.file(name + ".pcap"), name, 5));
        }
        // no real capture here has a REJ or an MRA: cm-reject.pcap is made from one's handshake by make-cm-reject.py
        seen.addAll(check(FOLDER.resolve("cm-reject.pcap"), "cm-reject", 5));
        // REQ, REP, RTU, REJ, DREQ and DREP are all in them, so every field the spec declares is compared at least once
        SpecFieldsAgainstTshark.assertEveryFieldCompared(NAMES, seen,
                "fields of ib_mad.ksy the captures do not exercise");
    }

    /**
     * Subnet management MADs on QP 0 (SubnGet/SubnGetResp(SMInfo), directed route) in a native InfiniBand capture: the
     * MAD header as tshark shows it, no CM message, and the Info column left to the transport.
     */
    @Test
    void subnetManagementMadsOnQp0AgreeWithTshark() throws IOException {
        Set<String> seen = check(RealCaptures.file("ibdump-native-ib-erf-rdma-write-only.pcap"),
                "ibdump-native-ib-erf-rdma-write-only", 0);
        assertTrue(seen.contains("infiniband.mad.transactionid"), "the MAD headers of the SMPs");
    }

    /** Compares a capture with its expectation files; returns the field names compared. */
    private static Set<String> check(Path capture, String name, int minCmFrames) throws IOException {
        Map<Long, Map<String, List<SpecFieldsAgainstTshark.Shown>>> expected = SpecFieldsAgainstTshark.expected(FOLDER.resolve(name + ".tsv"));
        Map<Long, String[]> columns = SpecFieldsAgainstTshark.columns(FOLDER.resolve(name + "-columns.tsv"));
        Dissector dissector = new Dissector(DissectorOptions.defaults());
        List<String> disagreements = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        int compared = 0;
        int cmFrames = 0;
        try (CaptureReader reader = CaptureReaders.open(capture)) {
            Frame frame;
            while ((frame = reader.next()) != null) {
                Dissection ours = dissector.dissect(frame);
                Map<String, List<SpecFieldsAgainstTshark.Shown>> theirs = expected.getOrDefault(frame.number(), Map.of());
                if (theirs.containsKey("_ws.malformed") && theirs.size() > 1) {
                    disagreements.add("frame " + frame.number() + ": tshark finds a CM frame malformed");
                }
                // tshark shows an ERF record's header as a pseudo-header of no bytes and counts positions from the
                // packet after it; RoCE Lens shows the header as the frame's first 16 bytes (as FieldPositionsTest)
                int shift = frame.linkType() == io.rocelens.capture.LinkType.ERF ? ours.layer("erf").length() : 0;
                compared += SpecFieldsAgainstTshark.compare(ours, theirs, NAMES, shift, disagreements, seen);
                String[] column = columns.get(frame.number());
                if (column[1].startsWith("CM: ")) {
                    cmFrames++;
                }
                if (column[1].startsWith("CM: ") || ours.info().startsWith("CM: ")) {
                    if (!column[0].equals(ours.protocol()) || !column[1].equals(ours.info())) {
                        disagreements.add("frame " + frame.number() + ": columns " + ours.protocol() + " | "
                                + ours.info() + "| but tshark " + column[0] + " | " + column[1] + "|");
                    }
                }
            }
        }
        assertEquals(columns.size(), columns.keySet().stream().mapToLong(Long::longValue).max().orElse(0), "frames");
        SpecFieldsAgainstTshark.tFields(capture, FOLDER.resolve(name + "-fields.tsv"), disagreements);
        assertTrue(cmFrames >= minCmFrames && compared >= Math.max(30, 15 * cmFrames),
                name + ": only " + compared + " occurrences compared");
        assertEquals(List.of(), disagreements.subList(0, Math.min(30, disagreements.size())),
                name + ": " + disagreements.size() + " disagreements in " + compared + " occurrences");
        return seen;
    }
}
