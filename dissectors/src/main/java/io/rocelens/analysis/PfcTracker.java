package io.rocelens.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * PFC and 802.3x PAUSE state per (sender MAC, priority): counters, paused intervals (a refresh before the end
 * restarts the timer, an XON ends the interval, nothing is clipped to the end of the capture) and storm windows.
 * Index 8 stands for 802.3x PAUSE, which stops every priority.
 *
 * <p>{@link #finishedAt} shows the state as if the capture ended there, without changing it: the pass goes on.
 */
final class PfcTracker {

    static final int PAUSE_INDEX = 8;

    private final AnalysisOptions options;
    private final KeyIndex index = new KeyIndex(64);
    private final List<State> states = new ArrayList<>();
    private final GrowingList<PausedInterval> intervals = new GrowingList<>(PausedInterval::startNanos);
    private final GrowingList<PfcStorm> storms = new GrowingList<>(PfcStorm::windowStartNanos);
    /** Where the pass's intervals and storms go. */
    private final Sink kept = new Sink(intervals::add, storms::add);
    /** Timestamp of the capture's first frame: storm windows are judged over their part inside the capture. */
    private long captureStart = Long.MIN_VALUE;

    PfcTracker(AnalysisOptions options) {
        this.options = options;
    }

    private static final class State {
        final long mac;
        final int priority;
        long frames;
        long xoff;
        long xon;
        long quanta;
        double pausedNanos;
        long intervals;

        boolean open;
        long start;
        /** When the pause runs out, in ns after {@link #start}. */
        double endOffset;
        long startFrame;
        long lastXoffFrame;
        int xoffFrames;

        long window = Long.MIN_VALUE;
        double windowPaused;
        long windowFrame;

        State(long mac, int priority) {
            this.mac = mac;
            this.priority = priority;
        }

        State copy() {
            State c = new State(mac, priority);
            c.frames = frames;
            c.xoff = xoff;
            c.xon = xon;
            c.quanta = quanta;
            c.pausedNanos = pausedNanos;
            c.intervals = intervals;
            c.open = open;
            c.start = start;
            c.endOffset = endOffset;
            c.startFrame = startFrame;
            c.lastXoffFrame = lastXoffFrame;
            c.xoffFrames = xoffFrames;
            c.window = window;
            c.windowPaused = windowPaused;
            c.windowFrame = windowFrame;
            return c;
        }
    }

    /** Receives closed intervals and judged storms, keeping at most the configured number of each. */
    private final class Sink {
        private final Consumer<PausedInterval> intervalOut;
        private final Consumer<PfcStorm> stormOut;
        private int intervalsKept;
        private int stormsKept;
        long intervalsDropped;
        long stormsDropped;

        Sink(Consumer<PausedInterval> intervalOut, Consumer<PfcStorm> stormOut) {
            this.intervalOut = intervalOut;
            this.stormOut = stormOut;
        }

        void interval(PausedInterval interval) {
            if (intervalsKept < options.maxStored()) {
                intervalsKept++;
                intervalOut.accept(interval);
            } else {
                intervalsDropped++;
            }
        }

        void storm(PfcStorm storm) {
            if (stormsKept < options.maxStored()) {
                stormsKept++;
                stormOut.accept(storm);
            } else {
                stormsDropped++;
            }
        }
    }

    void captureStartsAt(long ts) {
        captureStart = ts;
    }

    /** One PFC frame: every priority whose class-enable bit is set. */
    void pfc(long mac, long frame, long ts, int classEnable, int[] times) {
        for (int priority = 0; priority < 8; priority++) {
            if ((classEnable & (1 << priority)) != 0) {
                timer(state(mac, priority), frame, ts, times[priority]);
            }
        }
    }

    /** One 802.3x PAUSE frame. */
    void pause(long mac, long frame, long ts, int quanta) {
        timer(state(mac, PAUSE_INDEX), frame, ts, quanta);
    }

    private State state(long mac, int priority) {
        int i = index.get(mac, 0, 0, 0, priority);
        if (i < 0) {
            i = states.size();
            states.add(new State(mac, priority));
            index.putNew(mac, 0, 0, 0, priority, i);
        }
        return states.get(i);
    }

    private void timer(State s, long frame, long ts, int quanta) {
        Sink sink = kept;
        s.frames++;
        s.quanta += quanta;
        if (quanta > 0) {
            s.xoff++;
            double pause = options.quantaNanos(quanta);
            if (s.open && ts - s.start < s.endOffset) {
                s.endOffset = ts - s.start + pause;
                s.xoffFrames++;
                s.lastXoffFrame = frame;
                return;
            }
            if (s.open) {
                close(s, s.endOffset, s.lastXoffFrame, false, sink);
            }
            s.open = true;
            s.start = ts;
            s.endOffset = pause;
            s.startFrame = frame;
            s.lastXoffFrame = frame;
            s.xoffFrames = 1;
        } else {
            s.xon++;
            if (s.open) {
                if (ts - s.start < s.endOffset) {
                    close(s, ts - s.start, frame, true, sink);
                } else {
                    close(s, s.endOffset, s.lastXoffFrame, false, sink);
                }
            }
        }
    }

    /** Closes the open interval after {@code length} ns (a double: epoch nanoseconds would lose the fraction). */
    private void close(State s, double length, long endFrame, boolean byXon, Sink sink) {
        close(s, length, length, endFrame, byXon, sink);
    }

    /** @param observed how much of the interval lies inside the capture: what the storm windows see */
    private void close(State s, double length, double observed, long endFrame, boolean byXon, Sink sink) {
        s.open = false;
        s.pausedNanos += length;
        s.intervals++;
        sink.interval(new PausedInterval(s.mac, s.priority == PAUSE_INDEX ? -1 : s.priority, s.start, length,
                s.startFrame, endFrame, s.xoffFrames, byXon));
        addToWindows(s, s.start, observed, sink);
    }

    /** Spreads a paused interval over the storm windows it covers; a window is judged once a later one starts. */
    private void addToWindows(State s, long start, double length, Sink sink) {
        long width = options.stormWindowNanos();
        long first = Math.floorDiv(start, width);
        long last = Math.floorDiv(start + Math.max(0, (long) Math.ceil(length) - 1), width);
        for (long w = first; w <= last; w++) {
            // window bounds relative to the interval's start, so the arithmetic stays exact in long
            double from = Math.max(0, w * width - start);
            double to = Math.min(length, (w + 1) * width - start);
            if (w != s.window) {
                judgeWindow(s, Long.MAX_VALUE, sink);
                s.window = w;
                s.windowPaused = 0;
                s.windowFrame = s.startFrame;
            }
            s.windowPaused += Math.max(0, to - from);
        }
    }

    /**
     * A window is a storm when the sender kept the priority paused for more than the configured share of the part
     * of the window inside the capture, so a capture shorter than one window is judged over what it holds.
     */
    private void judgeWindow(State s, long captureEnd, Sink sink) {
        long width = options.stormWindowNanos();
        if (s.window != Long.MIN_VALUE) {
            long from = Math.max(s.window * width, captureStart);
            long to = Math.min((s.window + 1) * width, captureEnd);
            long observed = to - from;
            if (observed > 0 && s.windowPaused > options.stormShare() * observed) {
                sink.storm(new PfcStorm(s.mac, s.priority == PAUSE_INDEX ? -1 : s.priority, s.window * width,
                        width, observed, Math.min(s.windowPaused, observed), s.windowFrame));
            }
        }
        s.window = Long.MIN_VALUE;
    }

    /**
     * What the PFC state shows if the capture ends here: every interval still open ends at its XOFF's end (not
     * clipped: that is the paused time the contract counts) and the last windows are judged, which see the intervals
     * only up to the end of the capture. Works on copies of the per-sender state, so the pass can go on; costs time
     * in proportion to the senders, and to the intervals and storms only when they were not found in time order.
     *
     * @param captureEnd timestamp of the last frame
     */
    Finished finishedAt(long captureEnd) {
        List<PausedInterval> lateIntervals = new ArrayList<>();
        List<PfcStorm> lateStorms = new ArrayList<>();
        Sink late = new Sink(lateIntervals::add, lateStorms::add);
        late.intervalsKept = kept.intervalsKept;
        late.stormsKept = kept.stormsKept;
        List<State> finished = new ArrayList<>(states.size());
        for (State live : states) {
            State s = live.copy();
            if (s.open) {
                close(s, s.endOffset, Math.max(0, Math.min(s.endOffset, captureEnd - s.start)), s.lastXoffFrame, false,
                        late);
            }
            judgeWindow(s, captureEnd, late);
            finished.add(s);
        }
        return new Finished(perPriority(finished), perSender(finished), intervals.sortedWith(lateIntervals),
                kept.intervalsDropped + late.intervalsDropped, storms.sortedWith(lateStorms),
                kept.stormsDropped + late.stormsDropped);
    }

    /** The PFC part of a result; intervals sorted by start, storms by window start. */
    record Finished(List<PfcPriorityStats> perPriority, List<PfcSenderStats> perSender,
                    List<PausedInterval> intervals, long intervalsDropped, List<PfcStorm> storms, long stormsDropped) {
    }

    private static List<PfcPriorityStats> perPriority(List<State> states) {
        long[] frames = new long[8];
        long[] xoff = new long[8];
        long[] xon = new long[8];
        long[] quanta = new long[8];
        double[] paused = new double[8];
        for (State s : states) {
            if (s.priority < 8) {
                frames[s.priority] += s.frames;
                xoff[s.priority] += s.xoff;
                xon[s.priority] += s.xon;
                quanta[s.priority] += s.quanta;
                paused[s.priority] += s.pausedNanos;
            }
        }
        List<PfcPriorityStats> result = new ArrayList<>(8);
        for (int p = 0; p < 8; p++) {
            result.add(new PfcPriorityStats(p, frames[p], xoff[p], xon[p], quanta[p], paused[p]));
        }
        return result;
    }

    private static List<PfcSenderStats> perSender(List<State> states) {
        List<PfcSenderStats> result = new ArrayList<>(states.size());
        for (State s : states) {
            result.add(new PfcSenderStats(s.mac, s.priority == PAUSE_INDEX ? -1 : s.priority, s.frames, s.xoff, s.xon,
                    s.quanta, s.pausedNanos, s.intervals));
        }
        return result;
    }
}
