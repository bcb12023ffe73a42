package io.rocelens.app.gui.stats.journey.model;

import io.rocelens.analysis.AnalysisMarks;
import io.rocelens.analysis.Formats;
import io.rocelens.correlate.Correlation;
import io.rocelens.correlate.CorrelationException;
import io.rocelens.correlate.Correlator;
import io.rocelens.correlate.HopStats;
import io.rocelens.correlate.Journey;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A correlation of the captures of one path as the window shows it: the per-hop counters, and each packet instance's
 * journey, found by its frame number at any point (the packet list's selection, the {@code roce.journey.*} filter
 * fields) and grouped by flow (the Packet Journey view). Plain Java: built on a background thread.
 */
public final class PacketJourneys {

    /** Journeys kept for the view; a longer correlation is counted in full but drawn for its first ones. */
    public static final int MAX_KEPT = 2_000_000;

    private final Correlation correlation;
    private final List<Journey> journeys;
    private final long dropped;
    /** Per point, by frame number, the index of the frame's journey in {@link #journeys}, or -1. */
    private final int[][] byFrame;
    private final Map<String, List<Integer>> byFlow = new LinkedHashMap<>();
    /** The flows, those with the most lost packets first, then by packets (ordered here, off the UI thread). */
    private final List<String> flowOrder;

    private PacketJourneys(Correlation correlation, List<Journey> journeys, long dropped) {
        this.correlation = correlation;
        this.journeys = journeys;
        this.dropped = dropped;
        int points = correlation.points().size();
        byFrame = new int[points][];
        for (int p = 0; p < points; p++) {
            long frames = correlation.points().get(p).frames();
            byFrame[p] = new int[(int) Math.min(Integer.MAX_VALUE - 8, frames + 1)];
            Arrays.fill(byFrame[p], -1);
        }
        for (int i = 0; i < journeys.size(); i++) {
            Journey journey = journeys.get(i);
            for (int p = 0; p < points; p++) {
                long frame = journey.frames()[p];
                if (frame >= 0 && frame < byFrame[p].length) {
                    byFrame[p][(int) frame] = i;
                }
            }
            byFlow.computeIfAbsent(journey.flow(), flow -> new ArrayList<>()).add(i);
        }
        // each flow's packets in the order they were first seen (fates become known out of that order)
        long[] starts = new long[journeys.size()];
        for (int i = 0; i < starts.length; i++) {
            starts[i] = start(journeys.get(i));
        }
        Map<String, Long> lostPerFlow = new java.util.HashMap<>();
        for (Map.Entry<String, List<Integer>> flow : byFlow.entrySet()) {
            flow.getValue().sort(Comparator.comparingLong(i -> starts[i]));
            lostPerFlow.put(flow.getKey(), flow.getValue().stream().filter(i -> lost(journeys.get(i))).count());
        }
        List<String> flows = new ArrayList<>(byFlow.keySet());
        flows.sort(Comparator.comparingLong((String flow) -> -lostPerFlow.get(flow)).thenComparingInt(flow ->
                -byFlow.get(flow).size()));
        flowOrder = List.copyOf(flows);
    }

    /**
     * Correlates the captures, keeping every packet's journey (up to {@link #MAX_KEPT}), telling {@code progress} the
     * fraction read now and then.
     */
    public static PacketJourneys correlate(List<Path> files, Correlator.Options options,
                                           java.util.function.DoubleConsumer progress)
            throws IOException, CorrelationException {
        List<Journey> kept = new ArrayList<>();
        long[] dropped = new long[1];
        Correlation correlation = Correlator.run(files, options, journey -> {
            if (kept.size() < MAX_KEPT) {
                kept.add(journey);
            } else {
                dropped[0]++;
            }
        }, progress);
        if (correlation.nothingShared()) {
            throw new CorrelationException("the captures share no RoCE packet within the "
                    + Formats.duration(options.windowNanos()) + " window: they are not captures of the same traffic,"
                    + " or their clocks are further apart than given");
        }
        return new PacketJourneys(correlation, kept, dropped[0]);
    }

    public Correlation correlation() {
        return correlation;
    }

    public int points() {
        return correlation.points().size();
    }

    /** Journeys not kept (beyond {@link #MAX_KEPT}). */
    public long dropped() {
        return dropped;
    }

    /** The flows, those with the most lost packets first, then by packets. */
    public List<String> flows() {
        return flowOrder;
    }

    /** A flow's journeys, in the order they were first seen. */
    public List<Journey> of(String flow) {
        return byFlow.getOrDefault(flow, List.of()).stream().map(journeys::get).toList();
    }

    /** The journey of the frame at the point, or null. */
    public Journey at(int point, long frame) {
        if (point < 0 || point >= byFrame.length || frame < 0 || frame >= byFrame[point].length) {
            return null;
        }
        int index = byFrame[point][(int) frame];
        return index < 0 ? null : journeys.get(index);
    }

    /** A sighting's time on the first point's clock. */
    public long time(Journey journey, int point) {
        return journey.times()[point] - correlation.points().get(point).clockOffsetNanos();
    }

    /** The points that saw the journey, in the order it passed them. */
    public int[] way(Journey journey) {
        int[] seen = new int[points()];
        int count = 0;
        for (int p = 0; p < points(); p++) {
            if (journey.frames()[p] >= 0) {
                seen[count++] = p;
            }
        }
        int[] way = Arrays.copyOf(seen, count);
        int lostTo = lostTo(journey);
        boolean backward = lostTo >= 0 ? lostTo < lostFrom(journey)
                : count > 1 && time(journey, way[count - 1]) < time(journey, way[0]);
        if (backward) {
            for (int i = 0; i < count / 2; i++) {
                int t = way[i];
                way[i] = way[count - 1 - i];
                way[count - 1 - i] = t;
            }
        }
        return way;
    }

    private long start(Journey journey) {
        int[] way = way(journey);
        return way.length == 0 ? Long.MAX_VALUE : time(journey, way[0]);
    }

    public static boolean lost(Journey journey) {
        return journey.fate().startsWith("lost");
    }

    /** The point a lost journey never reached, or -1. */
    public static int lostTo(Journey journey) {
        if (!lost(journey)) {
            return -1;
        }
        String[] words = journey.fate().split(" ");
        return Integer.parseInt(words[words.length - 1]);
    }

    /** The point a lost journey was last seen at, or -1. */
    public static int lostFrom(Journey journey) {
        if (!lost(journey)) {
            return -1;
        }
        String[] words = journey.fate().split(" ");
        return Integer.parseInt(words[words.length - 3]);
    }

    /** Whether the hop from one point to the next on the journey's way marked it CE. */
    public static boolean markedCe(Journey journey, int from, int to) {
        int before = journey.ecn()[from];
        return before >= 0 && before != 3 && journey.ecn()[to] == 3;
    }

    public static boolean dscpChanged(Journey journey, int from, int to) {
        return journey.dscp()[from] != journey.dscp()[to];
    }

    /** Whether a hop of the journey's way marked it CE. */
    public boolean markedCe(Journey journey) {
        int[] way = way(journey);
        for (int i = 0; i + 1 < way.length; i++) {
            if (markedCe(journey, way[i], way[i + 1])) {
                return true;
            }
        }
        return false;
    }

    /** Nanoseconds from the point to the next one on the journey's way, or {@link AnalysisMarks#NONE}. */
    public long delayFrom(Journey journey, int point) {
        int[] way = way(journey);
        for (int i = 0; i + 1 < way.length; i++) {
            if (way[i] == point) {
                return time(journey, way[i + 1]) - time(journey, point);
            }
        }
        return AnalysisMarks.NONE;
    }

    /** The {@code roce.journey.*} answers for the frames of the capture at the point. */
    public AnalysisMarks.Journeys forPoint(int point) {
        return new AnalysisMarks.Journeys() {
            @Override
            public long lost(long frame) {
                Journey journey = at(point, frame);
                return journey != null && PacketJourneys.lost(journey) ? 1 : AnalysisMarks.NONE;
            }

            @Override
            public long ceMarked(long frame) {
                Journey journey = at(point, frame);
                return journey != null && markedCe(journey) ? 1 : AnalysisMarks.NONE;
            }

            @Override
            public long delay(long frame) {
                Journey journey = at(point, frame);
                return journey == null ? AnalysisMarks.NONE : delayFrom(journey, point);
            }
        };
    }

    /**
     * The frames at the point of the packets lost on the hop, of one flow or (null) of all, in frame order: what the
     * packet list of that point's capture shows for a click on the hop.
     */
    public long[] lostOn(HopStats hop, int point, String flow) {
        return (flow == null ? journeys : of(flow)).stream()
                .filter(j -> lostFrom(j) == hop.from() && lostTo(j) == hop.to())
                .mapToLong(j -> j.frames()[point]).filter(frame -> frame >= 0).sorted().toArray();
    }

    /** Where else the frame at the point was seen, in one line for the status bar; null when not correlated. */
    public String whereElse(int point, long frame) {
        Journey journey = at(point, frame);
        if (journey == null) {
            return null;
        }
        StringBuilder line = new StringBuilder("Frame " + frame + " at point " + point + ":");
        String separator = " ";
        for (int p : way(journey)) {
            if (p == point) {
                continue;
            }
            long delta = time(journey, p) - time(journey, point);
            line.append(separator).append("point ").append(p).append(" frame ").append(journey.frames()[p])
                    .append(" (").append(delta >= 0 ? "+" : "−").append(Formats.duration(Math.abs(delta))).append(')');
            separator = ", ";
        }
        if (separator.equals(" ")) {
            line.append(" seen nowhere else");
        }
        line.append("; ").append(journey.fate());
        if (markedCe(journey)) {
            line.append(", CE marked");
        }
        return line.toString();
    }
}
