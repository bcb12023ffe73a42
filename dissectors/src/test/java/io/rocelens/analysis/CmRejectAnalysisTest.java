package io.rocelens.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.SummaryPipeline;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A CM ConnectReject is an expert event that names what it rejects and why. The capture is the one
 * make-cm-reject.py made from a real rdma_cm handshake (src/test/resources/tshark/cm): frame 1 a ConnectRequest to
 * rdma_cm port 7471 (its Service ID 0x0000000001061d2f as tshark decodes it: TCP port space 0x06, port 0x1d2f), frame 2 its REJ with reason 28,
 * frame 3 the same REQ again, frame 4 an MRA (no event), frame 5 a REJ of a ConnectReply with reason 1.
 */
class CmRejectAnalysisTest {

    private static final Path CAPTURE = Path.of("src/test/resources/tshark/cm/cm-reject.pcap");

    @Test
    void aRejectNamesTheRequestAndTheReason() throws IOException {
        RoceAnalyzer analyzer = new RoceAnalyzer(AnalysisOptions.defaults());
        try (CaptureReader reader = CaptureReaders.open(CAPTURE)) {
            SummaryPipeline.withWorkers(DissectorOptions.defaults(), 1).run(reader, Long.MAX_VALUE, analyzer::accept);
        }
        AnalysisResult r = analyzer.result();
        assertEquals(2, r.eventCount(EventKind.CONNECTION_REJECTED));
        List<ExpertEvent> rejects = r.events().stream().filter(e -> e.kind() == EventKind.CONNECTION_REJECTED)
                .toList();
        assertEquals(List.of(2L, 5L), rejects.stream().map(ExpertEvent::frame).toList());
        assertEquals("ConnectReject of the ConnectRequest in frame 1: Consumer reject (28), rdma_cm port 7471",
                rejects.get(0).message());
        // the REQ that frame 2 rejected waits no more: frame 5 rejects a ConnectReply, which names no request
        assertEquals("ConnectReject of a ConnectReply: No QP available (1)", rejects.get(1).message());
        assertEquals(Severity.WARNING, rejects.get(0).kind().severity());
    }
}
