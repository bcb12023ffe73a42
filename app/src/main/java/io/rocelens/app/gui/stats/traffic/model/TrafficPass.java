package io.rocelens.app.gui.stats.traffic.model;

import io.rocelens.analysis.AnalysisMarks;
import io.rocelens.analysis.RoceAnalyzer;
import io.rocelens.app.gui.packetlist.model.PacketTable;
import io.rocelens.app.gui.stats.model.AnalysedCapture;
import io.rocelens.capture.Frame;
import io.rocelens.dissect.Dissector;
import io.rocelens.dissect.FastDissector;
import io.rocelens.dissect.PacketSummary;
import io.rocelens.dissect.SummaryPipeline;
import io.rocelens.filter.DisplayFilter;
import io.rocelens.filter.FrameDetail;
import io.rocelens.filter.FrameProtocols;
import io.rocelens.index.IndexPasses;
import io.rocelens.index.RowFrames;
import io.rocelens.stats.FrameStatistic;
import java.io.IOException;
import java.util.List;
import java.util.Objects;
import java.util.function.BooleanSupplier;

/**
 * One pass over every frame of the loaded capture for the Statistics views of Wireshark's (Conversations, Endpoints,
 * Protocol Hierarchy, I/O Graph): each frame is read again from the file (or, for statistics that read only what the
 * packet index keeps, restored from it) and fed, in frame order, to the library's statistics, the same ones
 * {@code rocelens decode -z} prints; a frame is dissected in detail at most once, and only when a filter or the
 * hierarchy asks. Runs on a background thread.
 */
public final class TrafficPass {

    private TrafficPass() {
    }

    /**
     * Feeds the statistics every frame, with the loaded capture's analysis marks; while it loads (none yet), the marks
     * are made first (one more pass) when a filter reads {@code roce.analysis.*}, {@code roce.flow} or
     * {@code udp.stream}.
     *
     * @param filters   the filters the statistics apply, to know whether marks are needed
     * @param cancelled true when the result is no longer wanted: the pass stops early
     */
    public static void feed(AnalysedCapture capture, List<DisplayFilter> filters, List<FrameStatistic> statistics,
                            BooleanSupplier cancelled) throws IOException {
        PacketTable table = capture.table();
        int rows = table.size();
        // a tunnelled frame read again for its outer headers then holds its layer shape too: no second walk for it
        FastDissector fast = FastDissector.recordingLayerShapes(capture.dissectorOptions());
        PacketSummary summary = new PacketSummary();
        AnalysisMarks marks = null;
        if (capture.marks() != null) {
            marks = capture.marks();     // the loading pass's, with the user's marked and ignored frames
        } else if (filters.stream().filter(Objects::nonNull).anyMatch(DisplayFilter::needsMarks)) {
            marks = new AnalysisMarks();
            RoceAnalyzer analyzer = new RoceAnalyzer(capture.analysis().options(), marks);
            for (int row = 0; row < rows && !cancelled.getAsBoolean(); row++) {
                table.summarize(row, table.frame(row), fast, summary);
                analyzer.accept(summary);
            }
            analyzer.result();
        }
        Dissector dissector = new Dissector(capture.dissectorOptions());
        FrameProtocols.ByShape paths = new FrameProtocols.ByShape();
        // statistics that read only what the index keeps (the I/O Graph's counts, Conversations and Endpoints, filters
        // on indexed fields) are fed the index's summaries: no frame is read again unless one asks for its detail, or
        // the frame was carried in a tunnel (the index keeps no outer headers)
        boolean indexOnly = statistics.stream().allMatch(statistic -> statistic.readsOnly(table::indexes));
        AnalysisMarks frameMarks = marks;
        if (!indexOnly) {
            // every frame read again, ahead on a thread of its own, and dissected on the workers, handed on in order
            // on the workers, each frame's layer shape too: its frame.protocols is then found without a second walk
            SummaryPipeline.forThisMachine(capture.dissectorOptions()).recordingLayerShapes()
                    .run(new RowFrames(table, 0, rows), rows,
                            (frame, own) -> add(statistics, own, frameMarks,
                                    FrameStatistic.once(frame, own, dissector, paths)),
                            delivered -> !cancelled.getAsBoolean());
            return;
        }
        for (int row = 0; row < rows && !cancelled.getAsBoolean(); row++) {
            table.fill(row, summary);
            FrameDetail detail;
            if (!summary.is(PacketSummary.ENCAPSULATED)) {
                int at = row;
                detail = FrameStatistic.once(() -> dissector.dissect(IndexPasses.read(table, at)));
            } else {
                Frame frame = table.frame(row);
                table.summarize(row, frame, fast, summary);
                detail = FrameStatistic.once(frame, summary, dissector, paths);
            }
            add(statistics, summary, marks, detail);
        }
    }

    private static void add(List<FrameStatistic> statistics, PacketSummary summary, AnalysisMarks marks,
                            FrameDetail detail) {
        for (FrameStatistic statistic : statistics) {
            statistic.add(summary, marks, detail);
        }
    }

    /** The filter of that text, or null for a blank one. */
    public static DisplayFilter filter(String text) throws io.rocelens.filter.FilterException {
        return text == null || text.isBlank() ? null : DisplayFilter.compile(text);
    }
}
