package io.rocelens.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.FastDissector;
import io.rocelens.dissect.PacketSummary;
import io.rocelens.testing.Samples;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * An expert event leads to its conversation: the row its flow name finds is the row of the per-QP CSV that the
 * display filter's roce.flow gives the event's own frame.
 */
class ExpertEventFlowTest {

    @Test
    void anEventsFlowRowIsTheRowOfItsFramesFlow() throws IOException {
        List<PacketSummary> frames = new ArrayList<>();
        AnalysisMarks marks = new AnalysisMarks();
        RoceAnalyzer analyzer = new RoceAnalyzer(AnalysisOptions.defaults(), marks);
        FastDissector dissector = new FastDissector(DissectorOptions.defaults());
        try (CaptureReader reader = CaptureReaders.open(Samples.DIRECTORY.resolve("mixed.pcapng"))) {
            for (Frame f = reader.next(); f != null; f = reader.next()) {
                PacketSummary p = new PacketSummary();
                dissector.summarize(f, p);
                frames.add(p);
                analyzer.accept(p);
            }
        }
        AnalysisResult result = analyzer.result();
        Map<String, Integer> rows = result.flowRowsByName();
        int checked = 0;
        for (ExpertEvent event : result.events()) {
            if (event.flow().isEmpty()) {
                continue;
            }
            Integer row = rows.get(event.flow());
            assertNotNull(row, event.toString());
            assertEquals(event.flow(), result.flows().get(row - 1).name());
            assertEquals(row, marks.flow(frames.get((int) event.frame() - 1)), event.toString());
            assertEquals(event.kind().group(), event.group());
            checked++;
        }
        assertTrue(checked > 10, "events with a flow: " + checked);
    }
}
