package io.rocelens.filter;

import io.rocelens.analysis.AnalysisMarks;
import io.rocelens.dissect.Dissection;
import io.rocelens.dissect.PacketSummary;
import java.util.function.Supplier;

/**
 * One frame as a filter sees it: its summary, the analysis marks, and its detail dissection made at most once; and
 * the frame {@code ${field}} reads (the one selected in the window), or null.
 */
final class FrameView {

    final PacketSummary summary;
    final AnalysisMarks marks;
    final Dissection referenced;
    private final Supplier<Dissection> supplier;
    private Dissection detail;

    FrameView(PacketSummary summary, AnalysisMarks marks, Supplier<Dissection> supplier, Dissection referenced) {
        this.summary = summary;
        this.marks = marks;
        this.supplier = supplier;
        this.referenced = referenced;
    }

    Dissection detail() {
        if (detail == null) {
            detail = supplier.get();
        }
        return detail;
    }

    /**
     * The frame's {@code frame.protocols} from a supplier that tells it without the detail ({@link FrameDetail}), when
     * the frame was not dissected yet; else null (the detail answers).
     */
    String protocolsWithoutDetail() {
        return detail == null && supplier instanceof FrameDetail frame ? frame.protocols() : null;
    }
}
