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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What the fast walk keeps of a CM message for the analysis (the MAD class and attribute, the comm IDs, the QPN, the
 * starting PSN, the REQ's service ID and rdma_cm source port), frame by frame on the four rdma_cm real captures, against the values
 * tshark shows (the PDML extract CmTsharkTest reads, made by tshark/cm/make-cm-expected.sh); frames without a CM
 * message keep none.
 */
class CmSummaryTest {

    private static final Path FOLDER = Path.of("src/test/resources/tshark/cm");

    @Test
    void theSummaryHoldsWhatTsharkShows() throws IOException {
        int cmFrames = 0;
        List<String> disagreements = new ArrayList<>();
        for (String name : List.of("rxe-rdmacm-two-connections-small-sends", "rxe-rdmacm-write-read-docker",
                "rxe-rdmacm-write-read-with-arp", "rxe-rping-cm-ud-read-write", "cm-reject")) {
            Map<Long, Map<String, Long>> tshark = firstValues(FOLDER.resolve(name + ".tsv"));
            Dissector dissector = new Dissector(DissectorOptions.defaults());
            Path capture = name.equals("cm-reject") ? FOLDER.resolve(name + ".pcap") : RealCaptures.file(name + ".pcap");
            try (CaptureReader reader = CaptureReaders.open(capture)) {
                Frame frame;
                while ((frame = reader.next()) != null) {
                    PacketSummary p = dissector.dissect(frame).summary();
                    Map<String, Long> t = tshark.getOrDefault(frame.number(), Map.of());
                    long[] expected = {
                        t.getOrDefault("infiniband.mad.mgmtclass", -1L),
                        t.getOrDefault("infiniband.mad.attributeid", -1L),
                        first(t, -1, "infiniband.cm.req", "infiniband.cm.rep", "infiniband.cm.rtu.localcommid",
                                "infiniband.cm.dreq.localcommid", "infiniband.cm.drsp.localcommid",
                                "infiniband.cm.rej.localcommid"),
                        // a REQ names no remote comm ID yet: 0
                        t.containsKey("infiniband.cm.req") ? 0 : first(t, -1, "infiniband.cm.rep.remotecommid",
                                "infiniband.cm.rtu.remotecommid", "infiniband.cm.dreq.remotecommid",
                                "infiniband.cm.drsp.remotecommid", "infiniband.cm.rej.remotecommid"),
                        first(t, -1, "infiniband.cm.req.localqpn", "infiniband.cm.rep.localqpn",
                                "infiniband.cm.req.remoteqpneecn"),
                        first(t, -1, "infiniband.cm.req.startpsn", "infiniband.cm.rep.startpsn"),
                        first(t, 0, "infiniband.cm.req.serviceid"),
                        first(t, -1, "infiniband.cm.req.ip_cm.sport"),
                        first(t, -1, "infiniband.cm.rej.reason"),
                        first(t, -1, "infiniband.cm.rej.msgrej")};
                    long[] ours = {p.madClass, p.madAttributeId, p.cmLocalCommId, p.cmRemoteCommId, p.cmQpn,
                        p.cmStartingPsn, p.cmServiceId, p.cmSourcePort, p.cmRejectReason, p.cmRejectedMessage};
                    if (!java.util.Arrays.equals(expected, ours)) {
                        disagreements.add(name + " frame " + frame.number() + ": " + java.util.Arrays.toString(ours)
                                + " but tshark " + java.util.Arrays.toString(expected));
                    }
                    if (expected[2] >= 0) {
                        cmFrames++;
                    }
                }
            }
        }
        assertEquals(List.of(), disagreements);
        // 27 in the four real captures (tshark's Info: CM: ...), 4 in cm-reject.pcap (two REQs, two REJs; tshark
        // shows no field of its MRA, nor does RoCE Lens read one)
        assertEquals(31, cmFrames, "CM frames with a Local Communication ID");
    }

    private static long first(Map<String, Long> values, long absent, String... names) {
        for (String name : names) {
            if (values.containsKey(name)) {
                return values.get(name);
            }
        }
        return absent;
    }

    /** frame → tshark field → its first value (hex "0x..." or decimal). */
    private static Map<Long, Map<String, Long>> firstValues(Path tsv) throws IOException {
        Map<Long, Map<String, Long>> frames = new HashMap<>();
        List<String> rows = Files.readAllLines(tsv);
        for (String row : rows.subList(1, rows.size())) {
            String[] c = row.split("\t", -1);
            if (c[1].equals("_ws.malformed") || c[2].contains(":")) {
                continue;   // byte strings (infiniband.cm.rej.ari): the summary holds none
            }
            long value = c[2].startsWith("0x") ? Long.parseUnsignedLong(c[2].substring(2), 16) : Long.parseLong(c[2]);
            frames.computeIfAbsent(Long.parseLong(c[0]), n -> new HashMap<>()).putIfAbsent(c[1], value);
        }
        return frames;
    }
}
