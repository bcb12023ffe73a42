package io.rocelens.analysis;

import io.rocelens.dissect.PacketSummary;

import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
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
 * and the latest timestamp of the capture, the latter when it is made or when its result is taken (a part fed while
 * the capture is still being read); they enter the pass as two frames that are counted nowhere in the result.
 *
 * <p>Merge the parts with {@link #merge(List)}: it keeps, of the events, links and timed exchanges beyond the bound
 * on stored ones ({@link AnalysisOptions#maxStored()}), those one pass would have kept (the earliest), where
 * {@link AnalysisResult#merge} keeps the first part's. Only the order of events with equal timestamps, and of NAK
 * links, CNP links and timed exchanges, can differ from the one pass; and beyond the bound, which NAK links are
 * kept (the earliest NAKs, where one pass keeps those answered first).
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

    /**
     * A part whose capture's latest timestamp is not known yet: it is given to {@link #result(long)}.
     *
     * @param captureStartNanos the timestamp of the capture's first frame, in capture order
     */
    public PartialAnalysis(AnalysisOptions options, long captureStartNanos) {
        this(options, captureStartNanos, Long.MIN_VALUE);
    }

    /** Analyses the part's next frame, in capture order. The summary is only read during the call. */
    public void accept(PacketSummary frame) {
        if (ended) {
            throw new IllegalStateException("the part's result was taken: it cannot take more frames");
        }
        analyzer.accept(frame);
    }

    /** The part's result, to merge with the others', for the capture's end given when it was made. Ends the part. */
    public AnalysisResult result() {
        if (endNanos == Long.MIN_VALUE) {
            throw new IllegalStateException("the capture's end was not given: take the result with result(end)");
        }
        return result(endNanos);
    }

    /**
     * The part's result, to merge with the others'. Ends the part: a later call gives the same result, whatever
     * end it names.
     *
     * @param captureEndNanos the latest timestamp of any frame of the capture
     */
    public AnalysisResult result(long captureEndNanos) {
        if (!ended) {
            analyzer.accept(boundary(captureEndNanos));
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

    /**
     * The parts' results merged as one pass would give them: counters add up, and of the events, NAK and CNP links
     * and timed exchanges at most {@link AnalysisOptions#maxStored()} are kept, the earliest: events in the order the
     * pass meets them (by frame, those judged at the capture's end last), links by their NAK or CNP frame, exchanges
     * by their answer frame; the others count as not stored.
     */
    public static AnalysisResult merge(List<AnalysisResult> parts) {
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("no part to merge");
        }
        AnalysisOptions options = parts.get(0).options();
        int max = options.maxStored();
        AnalysisOptions unbounded = options.withMaxStored(Integer.MAX_VALUE);
        AnalysisResult all = null;
        for (AnalysisResult part : parts) {
            AnalysisResult whole = with(part, Map.of("options", unbounded));
            all = all == null ? whole : all.merge(whole);
        }
        Map<String, Object> bounded = new HashMap<>();
        bounded.put("options", options);
        List<ExpertEvent> events = all.events();
        if (events.size() > max) {
            List<ExpertEvent> kept = new ArrayList<>(events);
            kept.sort(Comparator.comparingInt(PartialAnalysis::atTheEnd).thenComparingLong(ExpertEvent::frame));
            kept = new ArrayList<>(kept.subList(0, max));
            kept.sort(Comparator.comparingLong(ExpertEvent::timestampNanos));
            bounded.put("events", kept);
            bounded.put("eventsDropped", all.eventsDropped() + events.size() - max);
        }
        if (all.nakLinks().size() > max) {
            bounded.put("nakLinks", earliest(all.nakLinks(), Comparator.comparingLong(NakLink::nakFrame), max));
            bounded.put("nakLinksDropped", all.nakLinksDropped() + all.nakLinks().size() - max);
        }
        if (all.cnpLinks().size() > max) {
            bounded.put("cnpLinks", earliest(all.cnpLinks(), Comparator.comparingLong(CnpLink::cnpFrame), max));
            bounded.put("cnpLinksDropped", all.cnpLinksDropped() + all.cnpLinks().size() - max);
        }
        if (all.exchanges().size() > max) {
            bounded.put("exchanges", earliest(all.exchanges(), Comparator.comparingLong(Exchange::answerFrame), max));
            bounded.put("exchangesDropped", all.exchangesDropped() + all.exchanges().size() - max);
        }
        if (all.pausedIntervals().size() > max) {
            bounded.put("pausedIntervals", earliest(all.pausedIntervals(),
                    Comparator.comparingLong(PausedInterval::startNanos), max));
            bounded.put("pausedIntervalsDropped", all.pausedIntervalsDropped() + all.pausedIntervals().size() - max);
        }
        if (all.storms().size() > max) {
            bounded.put("storms", earliest(all.storms(), Comparator.comparingLong(PfcStorm::windowStartNanos), max));
            bounded.put("stormsDropped", all.stormsDropped() + all.storms().size() - max);
        }
        if (all.cnms().size() > max) {
            bounded.put("cnms", earliest(all.cnms(), Comparator.comparingLong(Cnm::timestampNanos), max));
            bounded.put("cnmsDropped", all.cnmsDropped() + all.cnms().size() - max);
        }
        return with(all, bounded);
    }

    /**
     * 1 for the events a pass judges when the capture ends, stored only when there is room after all the others
     * (storms, congestion points' CNMs, responses without requests, retry sequences and stalls still going), else 0.
     */
    private static int atTheEnd(ExpertEvent e) {
        return e.kind() == EventKind.PFC_STORM || e.kind() == EventKind.NO_REQUEST_SEEN || e.kind() == EventKind.CNM
                || e.message().contains("until the end of the capture") ? 1 : 0;
    }

    private static <T> List<T> earliest(List<T> list, Comparator<T> order, int max) {
        List<T> sorted = new ArrayList<>(list);
        sorted.sort(order);
        return new ArrayList<>(sorted.subList(0, max));
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
