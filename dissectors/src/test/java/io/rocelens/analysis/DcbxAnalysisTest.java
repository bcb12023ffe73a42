package io.rocelens.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.RealCaptures;
import io.rocelens.dissect.Addresses;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.SummaryPipeline;
import io.rocelens.export.JsonSummary;
import io.rocelens.export.TextSummary;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The analysis takes the ETS shares and the PFC-enabled priorities from the DCBX TLVs of a capture and says so. The
 * expected configurations are what make-dcbx.py wrote into dcbx.pcap (src/test/resources/tshark/lldp) and what
 * tshark decodes in the real capture (PFC on priorities 2, 4 and 5, as its SOURCES.md says too).
 */
class DcbxAnalysisTest {

    private static final Path DCBX = Path.of("src/test/resources/tshark/lldp/dcbx.pcap");
    private static final long SWITCH = 0x0c42a1000001L;
    private static final long HOST = 0xb8cef6000007L;

    private static AnalysisResult analyse(Path file, AnalysisOptions options) throws IOException {
        RoceAnalyzer analyzer = new RoceAnalyzer(options);
        try (CaptureReader reader = CaptureReaders.open(file)) {
            SummaryPipeline.withWorkers(DissectorOptions.defaults(), 1).run(reader, Long.MAX_VALUE, analyzer::accept);
        }
        return analyzer.result();
    }

    @Test
    void eachSendersLastAdvertisementIsKept() throws IOException {
        AnalysisResult r = analyse(DCBX, AnalysisOptions.defaults());
        assertEquals(2, r.dcbx().size(), r.dcbx().toString());
        // make-dcbx.py: frame 1 is the switch's own DCBX (priority 3 alone in TC 3, 50/50, PFC on 3); frame 3, from
        // the same MAC behind a VLAN tag, carries the host's tables, which replace it; frame 4 has no DCBX
        DcbxConfig sw = r.dcbx().get(0);
        assertEquals(SWITCH, sw.senderMac());
        assertEquals(3, sw.etsFrame());
        assertArrayEquals(new int[] {0, 1, 2, 3, 3, 2, 1, 0}, sw.tcOfPriority());
        assertArrayEquals(new int[] {10, 20, 30, 40, 0, 0, 0, 0}, sw.tcBandwidth());
        assertArrayEquals(new int[] {2, 2, 2, 2, 0, 0, 0, 255}, sw.tsa());
        assertEquals(3, sw.pfcFrame());
        assertEquals(List.of(3, 4), sw.pfcPriorities());
        DcbxConfig host = r.dcbx().get(1);
        assertEquals(HOST, host.senderMac());
        assertEquals(2, host.etsFrame());
        assertEquals(List.of(3, 4), host.pfcPriorities());

        // no --ets: the shares come from the capture, each priority with its traffic class's
        assertEquals(sw, r.etsFromCapture());
        double[] shares = new double[8];
        for (int p = 0; p < 8; p++) {
            shares[p] = r.etsFromCapture().share(p);
        }
        assertArrayEquals(new double[] {10, 20, 30, 40, 40, 30, 20, 10}, shares);
    }

    @Test
    void typedInSharesWin() throws IOException {
        AnalysisResult r = analyse(DCBX, AnalysisOptions.defaults().withEts(AnalysisOptions.parseEts("70,20,10")));
        assertNull(r.etsFromCapture());
        assertEquals(2, r.dcbx().size());
    }

    @Test
    void theSummariesSayWhereTheConfigurationComesFrom() throws IOException {
        AnalysisResult r = analyse(DCBX, AnalysisOptions.defaults());
        StringWriter text = new StringWriter();
        TextSummary.write(r, "dcbx.pcap", 5, new PrintWriter(text));
        assertTrue(text.toString().contains("DCBX advertised in the capture"), text.toString());
        assertTrue(text.toString().contains("  0c:42:a1:00:00:01 PFC enabled on priorities 3, 4 (frame 3)"), text.toString());
        assertTrue(text.toString().contains("ETS TC 0 10 % ETS (priorities 0, 7), TC 1 20 % ETS (priorities 1, 6), "
                + "TC 2 30 % ETS (priorities 2, 5), TC 3 40 % ETS (priorities 3, 4) (frame 2)"), text.toString());
        StringWriter json = new StringWriter();
        JsonSummary.write(r, json, false);
        assertTrue(json.toString().contains("\"dcbx\""), json.toString());
        assertTrue(json.toString().contains("\"pfc_enabled_priorities\":[3,4]"), json.toString());
        assertTrue(json.toString().contains("\"ets_tc_bandwidth_pct\":[10,20,30,40,0,0,0,0]"), json.toString());
    }

    @Test
    void partialResultsMergedInAnyOrderGiveTheSameConfiguration() throws IOException {
        AnalysisResult whole = analyse(DCBX, AnalysisOptions.defaults());
        // one frame per part, through the codec, merged last part first
        List<AnalysisResult> parts = new ArrayList<>();
        try (CaptureReader reader = CaptureReaders.open(DCBX)) {
            SummaryPipeline.withWorkers(DissectorOptions.defaults(), 1).run(reader, Long.MAX_VALUE, p -> {
                RoceAnalyzer one = new RoceAnalyzer(AnalysisOptions.defaults());
                one.accept(p);
                parts.add(0, ResultCodec.decode(ResultCodec.encode(one.result())));
            });
        }
        AnalysisResult merged = parts.get(0);
        for (AnalysisResult part : parts.subList(1, parts.size())) {
            merged = merged.merge(part);
        }
        assertEquals(whole.dcbx(), merged.dcbx());
    }

    @Test
    void realCapturesPfcConfiguration() throws IOException {
        AnalysisResult r = analyse(RealCaptures.file("lldp-dcbx-pfc-config-tlv-not-pause.pcap"),
                AnalysisOptions.defaults());
        List<String> seen = new ArrayList<>();
        for (DcbxConfig config : r.dcbx()) {
            seen.add(Addresses.mac(config.senderMac()) + " " + config.pfcFrame() + " " + config.pfcPriorities()
                    + " " + config.hasEts());
        }
        assertEquals(List.of("08:00:27:0d:f1:3c 5 [2, 4, 5] false", "08:00:27:42:ba:59 3 [2, 4, 5] false"), seen);
        assertNull(r.etsFromCapture());
    }
}
