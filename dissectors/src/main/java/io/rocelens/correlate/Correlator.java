package io.rocelens.correlate;

import io.rocelens.analysis.AnalysisOptions;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.filter.DisplayFilter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * Correlates 2 to 16 captures of one path, given in path order (the first nearest the requesters).
 *
 * <p>The captures are merged in time order after their clock offsets. A packet seen at point q is a candidate for
 * a sighting of the same packet (same {@link PacketKey}) at a neighbouring point p until the delay window has
 * passed; the sighting belongs to the latest unmatched candidate, so when only a retransmission got through it is
 * matched to the retransmission and the original is the one lost. Each flow's direction along the path is learned
 * from its first match. A candidate that the window passes unmatched, heading to a next point, was lost on that hop.
 * Memory is bounded by the packets inside the window, not by the captures.
 */
public final class Correlator {

    public static final int MIN_POINTS = 2;
    public static final int MAX_POINTS = 16;
    public static final long DEFAULT_WINDOW_NANOS = 10_000_000L;

    /** How the capture clocks relate. */
    public enum Clock {
        /** estimated from the packets ({@link ClockOffsets}) */
        ESTIMATED,
        /** the clocks agree (PTP, ERSPAN type III hardware time): no offset */
        SYNCHRONISED,
        /** the offsets the user gave */
        GIVEN
    }

    /**
     * @param windowNanos the longest one-way delay from one point to the next
     * @param clock       how the offsets are found
     * @param offsets     for {@link Clock#GIVEN}: each point's clock minus the first point's, in nanoseconds
     * @param filter      the display filter a frame must pass at every point, or null; it cannot test
     *                    {@code roce.analysis.*}, which no pass here computes
     */
    public record Options(long windowNanos, Clock clock, long[] offsets, DissectorOptions dissector,
                          DisplayFilter filter) {
        public Options {
            if (windowNanos < 1) {
                throw new IllegalArgumentException("the delay window must be positive");
            }
            offsets = offsets == null ? null : offsets.clone();
            if (filter != null && filter.isEmpty()) {
                filter = null;
            }
            if (filter != null && filter.needsMarks()) {
                throw new IllegalArgumentException("-Y: correlate runs no analysis, so roce.analysis.*, roce.flow and"
                        + " udp.stream match nothing there");
            }
        }

        public static Options defaults() {
            return new Options(DEFAULT_WINDOW_NANOS, Clock.ESTIMATED, null, DissectorOptions.defaults(), null);
        }
    }

    /**
     * Clock offsets as the user writes them, {@code POINT=OFFSET,…}: a point from 0 to {@code points - 1} and an
     * offset with a sign and a unit ({@code 1=+12.3us,2=-45us}; a number without unit is seconds, as every duration
     * option). Points not named get 0. The same text for {@code correlate --clock-offset}, {@code generate
     * --point-clock} and the window's Open Correlated Captures.
     *
     * @throws IllegalArgumentException with a one-line message saying what is wrong
     */
    public static long[] parseClockOffsets(String text, int points) {
        long[] offsets = new long[points];
        eachPoint(text, points, "OFFSET", "1=+12.3us", (item, point) -> {
            String value = item.replace('\u2212', '-');
            boolean negative = value.startsWith("-");
            String magnitude = negative || value.startsWith("+") ? value.substring(1) : value;
            // a zero offset is allowed, though no duration option takes 0
            long nanos = magnitude.matches("0+(\\.0*)?\\s*(ns|us|µs|ms|s)?") ? 0
                    : AnalysisOptions.parseDuration(magnitude);
            offsets[point] = negative ? -nanos : nanos;
        });
        return offsets;
    }

    /**
     * Reads {@code POINT=VALUE,…}, a point from 0 to {@code points - 1}, giving each point and its value (stripped)
     * to {@code each}: the shape of every per-point option ({@code --clock-offset}, {@code --point-clock},
     * {@code --mirror-point}).
     *
     * @param what    the value's name in the message ("OFFSET")
     * @param example an item as the message shows it ("1=+12.3us")
     * @throws IllegalArgumentException with a one-line message naming the item that is wrong
     */
    public static void eachPoint(String text, int points, String what, String example,
                                 java.util.function.ObjIntConsumer<String> each) {
        for (String item : text.split(",")) {
            String[] parts = item.strip().split("=", 2);
            int point;
            try {
                point = Integer.parseInt(parts[0].strip());
            } catch (NumberFormatException notANumber) {
                point = -1;
            }
            if (parts.length != 2 || point < 0 || point >= points) {
                throw new IllegalArgumentException("\"" + item.strip() + "\" is not POINT=" + what + " with a point from 0"
                        + " to " + (points - 1) + ", e.g. " + example);
            }
            each.accept(parts[1].strip(), point);
        }
    }

    /** Receives each packet instance's journey when its fate is known, in the order fates become known. */
    @FunctionalInterface
    public interface JourneyListener {
        /** Wants no journeys: none are made. */
        JourneyListener NONE = journey -> { };

        void journey(Journey journey);
    }

    private final List<Path> files;
    private final Options options;
    private final JourneyListener journeys;
    private final java.util.function.DoubleConsumer progress;
    private final long[] offsets;
    private final List<String> notes = new ArrayList<>();
    /** Per point, by packet, the latest instance still waiting to be matched (older ones chained behind it). */
    private final List<Map<PacketKey, Instance>> pending = new ArrayList<>();
    private final ArrayDeque<Instance> byTime = new ArrayDeque<>();
    private final Map<FlowKey, FlowState> flows = new LinkedHashMap<>();
    private final HopStats[] hops;
    private final long[] seenOnce;

    private Correlator(List<Path> files, Options options, JourneyListener journeys,
                       java.util.function.DoubleConsumer progress, long[] offsets) {
        this.files = files;
        this.options = options;
        this.journeys = journeys;
        this.progress = progress;
        this.offsets = offsets;
        this.hops = new HopStats[2 * (files.size() - 1)];
        for (int p = 0; p + 1 < files.size(); p++) {
            hops[hopIndex(p, p + 1)] = new HopStats(p, p + 1, 3);
            hops[hopIndex(p + 1, p)] = new HopStats(p + 1, p, 3);
        }
        this.seenOnce = new long[files.size()];
        for (int p = 0; p < files.size(); p++) {
            pending.add(new HashMap<>());
        }
    }

    /**
     * Correlates the captures.
     *
     * @throws CorrelationException when they are too few or too many, or share no RoCE packet
     * @throws IOException          when a file cannot be opened or read (not for a damaged file: that stops reading
     *                              it, and {@link Correlation.Point#problem()} says where)
     */
    public static Correlation run(List<Path> files, Options options, JourneyListener journeys)
            throws IOException, CorrelationException {
        return run(files, options, journeys, fraction -> { });
    }

    /**
     * As {@link #run(List, Options, JourneyListener)}, telling {@code progress} now and then what fraction of the
     * captures' bytes the merge has read (0 to 1, growing), as the window's status bar shows it.
     */
    public static Correlation run(List<Path> files, Options options, JourneyListener journeys,
                                  java.util.function.DoubleConsumer progress)
            throws IOException, CorrelationException {
        if (files.size() < MIN_POINTS || files.size() > MAX_POINTS) {
            throw new CorrelationException("correlation needs " + MIN_POINTS + " to " + MAX_POINTS + " captures of"
                    + " one path, in path order; got " + files.size());
        }
        long[] offsets;
        List<String> notes = List.of();
        switch (options.clock()) {
            case SYNCHRONISED -> offsets = new long[files.size()];
            case GIVEN -> {
                if (options.offsets() == null || options.offsets().length != files.size()) {
                    throw new CorrelationException("give a clock offset for each of the " + files.size() + " points");
                }
                offsets = options.offsets();
            }
            default -> {
                ClockOffsets.Estimate estimate = ClockOffsets.estimate(files, options.dissector(), options.filter());
                offsets = estimate.offsets();
                notes = estimate.notes();
            }
        }
        Correlator correlator = new Correlator(files, options, journeys, progress, offsets);
        correlator.notes.addAll(notes);
        return correlator.merge();
    }

    private int hopIndex(int from, int to) {
        return 2 * Math.min(from, to) + (to > from ? 0 : 1);
    }

    /** One sighting of a packet at one point, waiting for the window to pass. */
    private static final class Instance {
        final Sighting sighting;
        final long time;           // on the first point's clock
        final Instance previous;   // the same packet at the point before on its way, or null
        boolean matched;           // seen at the next point on its way
        boolean waiting;           // in the pending map, chained to older instances of the same packet there
        Instance older;

        Instance(Sighting sighting, long time, Instance previous) {
            this.sighting = sighting;
            this.time = time;
            this.previous = previous;
        }
    }

    /** What is known of one flow: its direction along the path (+1 forward, -1 backward, 0 not yet) and its hops. */
    private final class FlowState {
        int direction;
        final Map<Integer, HopStats> hops = new HashMap<>();

        HopStats hop(int from, int to) {
            return hops.computeIfAbsent(hopIndex(from, to), index -> new HopStats(from, to, 2));
        }
    }

    private record Head(PointStream stream, Sighting sighting, long time) {
    }

    private Correlation merge() throws IOException {
        List<PointStream> streams = new ArrayList<>();
        try {
            PriorityQueue<Head> heads = new PriorityQueue<>(Comparator.comparingLong(Head::time)
                    .thenComparingInt(head -> head.sighting().point()));
            for (int p = 0; p < files.size(); p++) {
                PointStream stream = new PointStream(p, files.get(p), options.dissector(), options.filter());
                streams.add(stream);
                advance(stream, heads);
            }
            Head head;
            long merged = 0;
            while ((head = heads.poll()) != null) {
                expireBefore(head.time() - options.windowNanos());
                see(head.sighting(), head.time());
                advance(head.stream(), heads);
                if ((++merged & 0xFFFF) == 0) {
                    progress.accept(fractionRead(streams));
                }
            }
            expireBefore(Long.MAX_VALUE);
            return result(streams);
        } finally {
            for (PointStream stream : streams) {
                stream.close();
            }
        }
    }

    private static double fractionRead(List<PointStream> streams) {
        long size = 0;
        long read = 0;
        for (PointStream stream : streams) {
            size += stream.size();
            read += Math.min(stream.readTo(), stream.size());
        }
        return size == 0 ? 0 : (double) read / size;
    }

    private void advance(PointStream stream, PriorityQueue<Head> heads) throws IOException {
        Sighting next = stream.next();
        if (next != null) {
            heads.add(new Head(stream, next, next.time() - offsets[next.point()]));
        }
    }

    private void see(Sighting sighting, long time) {
        FlowState flow = flows.computeIfAbsent(sighting.flow(), key -> new FlowState());
        int point = sighting.point();
        Instance from = null;
        if (flow.direction != 0) {
            from = candidate(point - flow.direction, sighting.packet());
        } else {
            for (int neighbour : new int[] {point - 1, point + 1}) {
                from = candidate(neighbour, sighting.packet());
                if (from != null) {
                    flow.direction = point > neighbour ? 1 : -1;
                    break;
                }
            }
        }
        if (from != null) {
            from.matched = true;
            long delay = time - from.time;
            HopStats flowHop = flow.hop(from.sighting.point(), point);
            boolean overtaken = flowHop.overtaken(from.time);
            hops[hopIndex(from.sighting.point(), point)].arrived(from.sighting, sighting, overtaken, delay);
            flowHop.arrived(from.sighting, sighting, overtaken, delay);
        }
        if (from != null) {
            unwait(from);      // matched: no later sighting can claim it, only its fate is left to settle
        }
        Instance instance = new Instance(sighting, time, from);
        int next = point + flow.direction;
        if (flow.direction != 0 && (next < 0 || next >= files.size())) {
            journeys.journey(journey(instance, Journey.DELIVERED));     // the end of its way: nothing to wait for
            return;
        }
        instance.older = pending.get(point).put(sighting.packet(), instance);
        instance.waiting = true;
        byTime.addLast(instance);
    }

    /** Takes the instance out of the pending map of its point. */
    private void unwait(Instance instance) {
        if (!instance.waiting) {
            return;
        }
        instance.waiting = false;
        Map<PacketKey, Instance> atPoint = pending.get(instance.sighting.point());
        PacketKey packet = instance.sighting.packet();
        Instance latest = atPoint.get(packet);
        if (latest == instance) {
            if (instance.older == null) {
                atPoint.remove(packet);
            } else {
                atPoint.put(packet, instance.older);
            }
        } else {
            Instance newer = latest;
            while (newer.older != instance) {
                newer = newer.older;
            }
            newer.older = instance.older;
        }
        instance.older = null;
    }

    /** The latest instance of the packet at the point that no sighting has claimed yet, or null. */
    private Instance candidate(int point, PacketKey packet) {
        if (point < 0 || point >= files.size()) {
            return null;
        }
        for (Instance instance = pending.get(point).get(packet); instance != null; instance = instance.older) {
            if (!instance.matched) {
                return instance;
            }
        }
        return null;
    }

    /** Settles the fate of every instance seen before {@code time} (on the first point's clock). */
    private void expireBefore(long time) {
        while (!byTime.isEmpty() && byTime.peekFirst().time < time) {
            Instance instance = byTime.pollFirst();
            unwait(instance);
            settle(instance);
        }
    }

    private void settle(Instance instance) {
        Sighting sighting = instance.sighting;
        FlowState flow = flows.get(sighting.flow());
        int point = sighting.point();
        if (flow.direction == 0) {
            seenOnce[point]++;
            journeys.journey(journey(instance, null));
            return;
        }
        int next = point + flow.direction;
        if (next < 0 || next >= files.size()) {
            journeys.journey(journey(instance, Journey.DELIVERED));
        } else if (!instance.matched) {
            hops[hopIndex(point, next)].lost(sighting);
            flow.hop(point, next).lost(sighting);
            journeys.journey(journey(instance, "lost between " + point + " and " + next));
        }
    }

    private Journey journey(Instance last, String fate) {
        if (journeys == JourneyListener.NONE) {
            return null;
        }
        long[] frames = new long[files.size()];
        long[] times = new long[files.size()];
        int[] ecn = new int[files.size()];
        int[] dscp = new int[files.size()];
        Arrays.fill(frames, -1);
        Arrays.fill(times, Long.MIN_VALUE);
        Arrays.fill(ecn, -1);
        Arrays.fill(dscp, -1);
        for (Instance at = last; at != null; at = at.previous) {
            frames[at.sighting.point()] = at.sighting.frame();
            times[at.sighting.point()] = at.sighting.time();
            ecn[at.sighting.point()] = at.sighting.ecn();
            dscp[at.sighting.point()] = at.sighting.dscp();
        }
        Sighting sighting = last.sighting;
        return new Journey(sighting.flow().text(), sighting.opcode(), sighting.psn(), frames, times, ecn,
                dscp, fate == null ? "seen at point " + sighting.point() + " only" : fate);
    }

    private Correlation result(List<PointStream> streams) {
        List<Correlation.Point> points = new ArrayList<>();
        for (int p = 0; p < streams.size(); p++) {
            PointStream stream = streams.get(p);
            points.add(new Correlation.Point(files.get(p), stream.frames(), stream.roceFrames(), offsets[p],
                    seenOnce[p], stream.pfcXoff(), stream.pauseFrames(), stream.problem()));
        }
        List<Correlation.FlowHops> flowHops = new ArrayList<>();
        flows.forEach((key, state) -> {
            if (!state.hops.isEmpty()) {
                flowHops.add(new Correlation.FlowHops(key.text(), state.hops.values().stream()
                        .sorted(Comparator.comparingInt(stats -> hopIndex(stats.from(), stats.to()))).toList()));
            }
        });
        return new Correlation(points, List.of(hops), flowHops, options.clock(), List.copyOf(notes),
                options.windowNanos());
    }
}
