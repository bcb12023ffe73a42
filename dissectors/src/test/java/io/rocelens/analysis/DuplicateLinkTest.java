package io.rocelens.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.SummaryPipeline;
import io.rocelens.load.CaptureLoad;
import io.rocelens.load.LoadResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * "[This is a retransmission of frame N]": every duplicate of the sample captures links to the frame that carried its
 * PSN before, as the generator's truth records it ({@code duplicate_frames}: its own bookkeeping of what it sent),
 * and no other frame has such a line.
 */
class DuplicateLinkTest {

    private static final Path SAMPLES = Path.of("../sample-captures");

    @ParameterizedTest
    @ValueSource(strings = {"mixed.pcapng", "mixed-erspan3.pcapng", "mixed-headers-only.pcap", "incast.pcap",
            "pfc-storm.pcap"})
    void eachDuplicateLinksToTheFrameThatCarriedItsPsnBefore(String name) throws IOException {
        JsonNode truth = new ObjectMapper().readTree(SAMPLES.resolve(name.replaceFirst("\\.pcap(ng)?$", ".json"))
                .toFile());
        List<List<Long>> expected = new ArrayList<>();
        truth.get("duplicate_frames").forEach(pair -> expected.add(List.of(pair.get(0).asLong(), pair.get(1).asLong())));
        List<List<Long>> found = new ArrayList<>();
        try (CaptureLoad load = CaptureLoad.open(List.of(SAMPLES.resolve(name)),
                new CaptureLoad.Options(AnalysisOptions.defaults(), true, Long.MAX_VALUE),
                new SummaryPipeline(DissectorOptions.defaults(), Runnable::run, 1), progress -> { })) {
            LoadResult loaded = load.run();
            FrameAnalysis lookup = FrameAnalysis.of(loaded.analysis(), load.marks(), load.index());
            for (long frame = 1; frame <= loaded.packets(); frame++) {
                for (FrameAnalysis.Line line : lookup.lines(frame)) {
                    if (line.text().startsWith("[This is a retransmission of frame ")) {
                        assertEquals("[This is a retransmission of frame " + line.frame() + "]", line.text());
                        found.add(List.of(frame, line.frame()));
                    }
                }
            }
        }
        assertEquals(expected, found);
        assertTrue(!name.startsWith("mixed") || expected.size() == 5, "mixed has five duplicates: " + expected);
    }
}
