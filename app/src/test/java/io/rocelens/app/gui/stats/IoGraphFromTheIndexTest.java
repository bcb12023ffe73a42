package io.rocelens.app.gui.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.app.gui.packetlist.model.IndexedCapture;
import io.rocelens.app.gui.stats.model.AnalysedCapture;
import io.rocelens.app.gui.stats.traffic.model.IoGraph;
import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.FastDissector;
import io.rocelens.dissect.FrameClock;
import io.rocelens.dissect.PacketSummary;
import io.rocelens.filter.DisplayFilter;
import io.rocelens.filter.FilterException;
import io.rocelens.stats.IoStatistics;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The I/O Graph of a loaded capture, whose graphs' filters read only what the packet index keeps (the default graphs:
 * every frame and roce.analysis.retransmission), is counted from the index and the loading pass's analysis marks:
 * no frame is read again (the capture here has no file to read from), and every interval holds the frames and bytes
 * that each frame's own summary, fed in order, gives.
 */
class IoGraphFromTheIndexTest {

    private static final List<String> FILTERS = List.of("", "roce.analysis.retransmission",
            "bth.opcode == 0x81 || roce.analysis.nak", "ip.dst == 10.0.0.2 && frame.len > 100",
            "roce.analysis.pfc_xoff");
    private static final long INTERVAL = 1_000L;

    @ParameterizedTest
    @ValueSource(strings = {"mixed.pcapng", "incast.pcap", "pfc-storm.pcap"})
    void countsFromTheIndexAsFromEachFrame(String name) throws IOException, FilterException {
        Path file = Path.of("../sample-captures", name);
        Samples.Loaded loaded = Samples.load(file);
        AnalysedCapture capture = new AnalysedCapture(file, new IndexedCapture(loaded.index(), null),
                loaded.analysis(), loaded.marks(), DissectorOptions.defaults(), 0, null);
        IoStatistics fromIndex = IoGraph.of(capture, INTERVAL, FILTERS, () -> false);

        List<DisplayFilter> compiled = new ArrayList<>();
        for (String filter : FILTERS) {
            compiled.add(filter.isEmpty() ? null : DisplayFilter.compile(filter));
        }
        IoStatistics fromFrames = new IoStatistics(INTERVAL, compiled);
        FastDissector fast = new FastDissector(DissectorOptions.defaults());
        FrameClock clock = new FrameClock();
        try (CaptureReader reader = CaptureReaders.open(file)) {
            for (Frame frame = reader.next(); frame != null; frame = reader.next()) {
                PacketSummary own = new PacketSummary();
                fast.summarize(frame, own);
                clock.stamp(own);
                fromFrames.add(own, loaded.marks(), () -> {
                    throw new AssertionError("these filters need no detail");
                });
            }
        }
        assertEquals(fromFrames.intervals(), fromIndex.intervals());
        long counted = 0;
        for (int column = 0; column < FILTERS.size(); column++) {
            for (int interval = 0; interval < fromFrames.intervals(); interval++) {
                String at = FILTERS.get(column) + " interval " + interval;
                assertEquals(fromFrames.frames(column, interval), fromIndex.frames(column, interval), at);
                assertEquals(fromFrames.bytes(column, interval), fromIndex.bytes(column, interval), at);
                counted += column > 0 ? fromIndex.frames(column, interval) : 0;
            }
        }
        assertTrue(counted > 0, "frames passing the graphs' filters");
    }
}
