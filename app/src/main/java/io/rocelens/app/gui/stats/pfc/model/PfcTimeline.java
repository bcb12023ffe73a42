package io.rocelens.app.gui.stats.pfc.model;

import io.rocelens.analysis.AnalysisResult;
import io.rocelens.analysis.Cnm;
import io.rocelens.analysis.Formats;
import io.rocelens.analysis.PausedInterval;
import io.rocelens.analysis.PfcPriorityStats;
import io.rocelens.analysis.PfcSenderStats;
import io.rocelens.analysis.PfcStorm;
import io.rocelens.analysis.QcnPointStats;
import io.rocelens.dissect.Addresses;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The PFC view's numbers: one timeline row per sender MAC and priority (802.3x PAUSE in rows of its own, last)
 * with its paused intervals and storms, and one line per priority with the analysis's totals; below them, the other
 * lossless-fabric feedback, IEEE 802.1Q QCN: one row per congestion point and priority with its CNMs. The paused share is
 * the paused time over the capture's duration (first to last frame), as the text summary's durations are.
 */
public final class PfcTimeline {

    /** A timeline row: one sender's one priority (-1: 802.3x PAUSE). */
    public record Row(long senderMac, int priority, long frames, long xoff, long xon, double pausedNanos,
                      List<PausedInterval> intervals, List<PfcStorm> storms) {

        public String label() {
            return (priority < 0 ? "802.3x PAUSE" : "priority " + priority) + " · " + Addresses.mac(senderMac);
        }
    }

    /** A timeline row of Congestion Notification Messages: one congestion point's, about one priority. */
    public record CnmRow(QcnPointStats point, List<Cnm> cnms) {

        public String label() {
            return String.format(Formats.DIGITS, "QCN priority %d · CP 0x%016x", point.priority(), point.cpid());
        }

        /** The row's second line: how many CNMs and their feedback. */
        public String totals() {
            return String.format(Formats.DIGITS, "%d CNM%s · qFb max %d, mean %.1f, min %d", point.cnms(),
                    point.cnms() == 1 ? "" : "s", point.qfbMax(), point.qfbMean(), point.qfbMin());
        }
    }

    /** A line of the per-priority table ("802.3x" for PAUSE). */
    public record PriorityLine(String priority, long frames, long xoff, long xon, long quanta, double pausedNanos,
                               double share, long storms) {
    }

    private final List<Row> rows;
    private final List<CnmRow> cnmRows;
    private final List<PriorityLine> priorities;
    private final long firstTs;
    private final long lastTs;
    private final long end;
    private final long linkSpeedBps;
    private final long intervalsNotStored;

    private PfcTimeline(List<Row> rows, List<CnmRow> cnmRows, List<PriorityLine> priorities, long firstTs, long lastTs,
                        long end, long linkSpeedBps, long intervalsNotStored) {
        this.rows = rows;
        this.cnmRows = cnmRows;
        this.priorities = priorities;
        this.firstTs = firstTs;
        this.lastTs = lastTs;
        this.end = end;
        this.linkSpeedBps = linkSpeedBps;
        this.intervalsNotStored = intervalsNotStored;
    }

    public static PfcTimeline of(AnalysisResult result) {
        double duration = result.lastTs() - result.firstTs();
        List<PfcSenderStats> senders = new ArrayList<>(result.pfcSenders());
        senders.sort(Comparator.comparingInt((PfcSenderStats s) -> s.priority() < 0 ? 8 : s.priority())
                .thenComparingLong(PfcSenderStats::senderMac));
        List<Row> rows = new ArrayList<>();
        long end = result.lastTs();
        for (PfcSenderStats s : senders) {
            List<PausedInterval> intervals = result.pausedIntervals().stream()
                    .filter(i -> i.senderMac() == s.senderMac() && i.priority() == s.priority()).toList();
            for (PausedInterval interval : intervals) {
                end = Math.max(end, interval.endNanos());
            }
            List<PfcStorm> storms = result.storms().stream()
                    .filter(t -> t.senderMac() == s.senderMac() && t.priority() == s.priority()).toList();
            rows.add(new Row(s.senderMac(), s.priority(), s.frames(), s.xoff(), s.xon(), s.pausedNanos(), intervals,
                    storms));
        }
        List<PriorityLine> priorities = new ArrayList<>();
        for (PfcPriorityStats p : result.pfc()) {
            if (p.frames() > 0) {
                int priority = p.priority();
                priorities.add(new PriorityLine(Integer.toString(priority), p.frames(), p.xoff(), p.xon(), p.quanta(),
                        p.pausedNanos(), duration > 0 ? p.pausedNanos() / duration : 0,
                        result.storms().stream().filter(t -> t.priority() == priority).count()));
            }
        }
        for (PfcSenderStats s : senders) {
            if (s.priority() < 0) {
                priorities.add(new PriorityLine("802.3x", s.frames(), s.xoff(), s.xon(), s.quanta(), s.pausedNanos(),
                        duration > 0 ? s.pausedNanos() / duration : 0,
                        result.storms().stream().filter(t -> t.priority() < 0 && t.senderMac() == s.senderMac()).count()));
            }
        }
        List<CnmRow> cnmRows = new ArrayList<>();
        for (QcnPointStats point : result.qcnPoints()) {
            cnmRows.add(new CnmRow(point, result.cnms().stream()
                    .filter(c -> c.cpid() == point.cpid() && c.priority() == point.priority()).toList()));
        }
        return new PfcTimeline(List.copyOf(rows), List.copyOf(cnmRows), List.copyOf(priorities), result.firstTs(),
                result.lastTs(), end, result.options().linkSpeedBps(), result.pausedIntervalsDropped());
    }

    public List<Row> rows() {
        return rows;
    }

    /** The QCN rows, drawn below the PFC rows, by CPID then priority. */
    public List<CnmRow> cnmRows() {
        return cnmRows;
    }

    public List<PriorityLine> priorities() {
        return priorities;
    }

    public long firstTs() {
        return firstTs;
    }

    public long lastTs() {
        return lastTs;
    }

    /** The end of the time axis: the last frame, or the end of a paused interval running past it. */
    public long end() {
        return end;
    }

    public long linkSpeedBps() {
        return linkSpeedBps;
    }

    public long intervalsNotStored() {
        return intervalsNotStored;
    }

    /** The row's paused interval covering this time (or within {@code slackNanos} of it), or null. */
    public static PausedInterval intervalAt(Row row, long timeNanos, long slackNanos) {
        PausedInterval best = null;
        long bestDistance = slackNanos + 1;
        for (PausedInterval interval : row.intervals()) {
            long distance = timeNanos < interval.startNanos() ? interval.startNanos() - timeNanos
                    : timeNanos > interval.endNanos() ? timeNanos - interval.endNanos() : 0;
            if (distance < bestDistance) {
                best = interval;
                bestDistance = distance;
            }
        }
        return best;
    }

    /** The row's CNM nearest this time, if within {@code slackNanos} of it, or null. */
    public static Cnm cnmAt(CnmRow row, long timeNanos, long slackNanos) {
        Cnm best = null;
        long bestDistance = slackNanos + 1;
        for (Cnm cnm : row.cnms()) {
            long distance = Math.abs(cnm.timestampNanos() - timeNanos);
            if (distance < bestDistance) {
                best = cnm;
                bestDistance = distance;
            }
        }
        return best;
    }

    /** What hovering a CNM shows: its frame, feedback, queue values and where it went. */
    public String describe(Cnm cnm) {
        return String.format(Formats.DIGITS, "CNM frame %d from CP 0x%016x priority %d: qFb %d (cnmQOffset %d, cnmQDelta %d)"
                        + " to %s%s, at %s", cnm.frame(), cnm.cpid(), cnm.priority(), cnm.qfb(), cnm.qOffset(),
                cnm.qDelta(), Addresses.mac(cnm.reactionPoint()),
                cnm.flowId() < 0 ? "" : String.format(" (flow ID 0x%04x)", cnm.flowId()),
                Formats.duration(cnm.timestampNanos() - firstTs));
    }

    /** What hovering an interval shows: its frames, how it ended and how long it lasted. */
    public String describe(PausedInterval interval) {
        return String.format(Formats.DIGITS, "%s priority %s: XOFF frame %d … %s frame %d, %d XOFF frame%s, paused %s"
                        + " from %s", Addresses.mac(interval.senderMac()),
                interval.priority() < 0 ? "all (802.3x PAUSE)" : Integer.toString(interval.priority()),
                interval.startFrame(), interval.endedByXon() ? "XON" : "expired after", interval.endFrame(),
                interval.xoffFrames(), interval.xoffFrames() == 1 ? "" : "s", Formats.duration(interval.durationNanos()),
                Formats.duration(interval.startNanos() - firstTs));
    }
}
