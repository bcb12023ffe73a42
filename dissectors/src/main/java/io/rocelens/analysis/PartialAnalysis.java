package io.rocelens.analysis;

import io.rocelens.dissect.PacketSummary;

import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The analysis of one part of a capture, for running the analysis in parallel (a Spark job, threads): split the
 * capture's frames into parts that keep together every frame of a pair of hosts (a flow's requests, the responses
 * that answer them and the CNPs that throttle it are all between the same two hosts), feed each part's frames to
 * its own {@code PartialAnalysis} in capture order, and {@link AnalysisResult#merge merge} the parts' results: the
 * counters, flows, PSN analysis, NAK and CNP links and events are those of one {@link RoceAnalyzer} pass over the
 * whole capture. Frames that belong to no flow (PFC, PAUSE, other protocols, frames not dissected) may go to any
 * part, but all the PFC and PAUSE frames of one sender to the same one.
 *
 * <p>What a part cannot see for itself is where the capture starts and ends: PFC storm windows are measured from
 * the capture's first frame, and paused intervals still open, QPs still stalled and retry sequences still going are
 * judged at its last. Every part is therefore given the timestamp of the capture's first frame (in capture order)
 * and the latest timestamp of the capture; they enter the pass as two frames that are counted nowhere in the result.
 *
 * <p>Only the order of events with equal timestamps, and of NAK links, CNP links and timed exchanges (kept in the
 * order of the parts merged), can differ from the one pass; the bound on stored events ({@link
 * AnalysisOptions#maxStored()}) applies per part and again when merging.
 */
public final class PartialAnalysis {

    /** The not-dissected reason the two boundary frames carry; removed from the result. */
    static final String BOUNDARY = "the capture's start or end (a part's boundary, not a frame)";

    private final RoceAnalyzer analyzer;
    private final long endNanos;
    private boolean ended;

    /**
     * @param captureStartNanos the timestamp of the capture's first frame, in capture order
     * @param captureEndNanos   the latest timestamp of any frame of the capture
     */
    public PartialAnalysis(AnalysisOptions options, long captureStartNanos, long captureEndNanos) {
        this.analyzer = new RoceAnalyzer(options);
        this.endNanos = captureEndNanos;
        analyzer.accept(boundary(captureStartNanos));
    }

    /** Analyses the part's next frame, in capture order. The summary is only read during the call. */
    public void accept(PacketSummary frame) {
        if (ended) {
            throw new IllegalStateException("the part's result was taken: it cannot take more frames");
        }
        analyzer.accept(frame);
    }

    /** The part's result, to merge with the others'. Ends the part. */
    public AnalysisResult result() {
        if (!ended) {
            analyzer.accept(boundary(endNanos));
            ended = true;
        }
        AnalysisResult withBoundaries = analyzer.result();
        Map<String, Long> notDissected = new LinkedHashMap<>(withBoundaries.notDissected());
        notDissected.remove(BOUNDARY);
        return with(withBoundaries, Map.of("packets", withBoundaries.packets() - 2, "notDissected", notDissected));
    }

    private static PacketSummary boundary(long timestampNanos) {
        PacketSummary p = new PacketSummary();
        p.clear();
        p.timestampNanos = timestampNanos;
        p.notDissected = BOUNDARY;
        return p;
    }

    /** A copy of a result with some of its components replaced, by name. */
    static AnalysisResult with(AnalysisResult result, Map<String, Object> replaced) {
        RecordComponent[] components = AnalysisResult.class.getRecordComponents();
        Object[] values = new Object[components.length];
        Class<?>[] types = new Class<?>[components.length];
        try {
            for (int i = 0; i < components.length; i++) {
                types[i] = components[i].getType();
                values[i] = replaced.containsKey(components[i].getName()) ? replaced.get(components[i].getName())
                        : components[i].getAccessor().invoke(result);
            }
            Constructor<AnalysisResult> canonical = AnalysisResult.class.getDeclaredConstructor(types);
            return canonical.newInstance(values);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot copy an analysis result", e);
        }
    }
}
