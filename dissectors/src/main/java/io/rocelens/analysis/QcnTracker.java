package io.rocelens.analysis;

import io.rocelens.dissect.PacketSummary;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * IEEE 802.1Q Congestion Notification Messages, per congestion point and encapsulated priority (a point is a queue
 * of one bridge port: there are few, so a map of them costs nothing per frame), and each CNM in time order up to
 * the bound on stored ones.
 */
final class QcnTracker {

    private record Key(long cpid, int priority) {
    }

    private static final class Point {
        long cnms;
        int qfbMin = Integer.MAX_VALUE;
        int qfbMax = Integer.MIN_VALUE;
        long qfbSum;
        long firstTs;
        long lastTs;
        long firstFrame;
        long lastFrame;
        final TreeSet<Long> reactionPoints = new TreeSet<>(Long::compareUnsigned);
    }

    private final int maxStored;
    private final Map<Key, Point> points = new LinkedHashMap<>();
    private final GrowingList<Cnm> cnms = new GrowingList<>(Cnm::timestampNanos);
    private long cnmsDropped;

    QcnTracker(AnalysisOptions options) {
        this.maxStored = options.maxStored();
    }

    /** One CNM ({@link PacketSummary#qcnQfb} set); its destination MAC is the reaction point it was sent to. */
    void cnm(PacketSummary p) {
        Point point = points.computeIfAbsent(new Key(p.qcnCpid, p.qcnPriority), key -> new Point());
        if (point.cnms++ == 0) {
            point.firstTs = p.timestampNanos;
            point.firstFrame = p.number;
        }
        point.lastTs = p.timestampNanos;
        point.lastFrame = p.number;
        point.qfbMin = Math.min(point.qfbMin, p.qcnQfb);
        point.qfbMax = Math.max(point.qfbMax, p.qcnQfb);
        point.qfbSum += p.qcnQfb;
        if (point.reactionPoints.size() < maxStored) {
            point.reactionPoints.add(p.ethDst);
        }
        if (cnms.size() < maxStored) {
            cnms.add(new Cnm(p.number, p.timestampNanos, p.qcnCpid, p.qcnPriority, p.qcnQfb, p.qcnQOffset,
                    p.qcnQDelta, p.ethDst, p.qcnEncapDmac, p.qcnFlowId));
        } else {
            cnmsDropped++;
        }
    }

    /** The points so far, by CPID (unsigned) then priority. */
    List<QcnPointStats> points() {
        List<QcnPointStats> out = new ArrayList<>(points.size());
        points.forEach((key, point) -> out.add(new QcnPointStats(key.cpid(), key.priority(), point.cnms,
                point.qfbMin, point.qfbMax, point.qfbSum, point.firstTs, point.lastTs, point.firstFrame,
                point.lastFrame, List.copyOf(point.reactionPoints))));
        out.sort(ORDER);
        return out;
    }

    /** The order of {@link AnalysisResult#qcnPoints()}. */
    static final Comparator<QcnPointStats> ORDER = Comparator.comparing(QcnPointStats::cpid, Long::compareUnsigned)
            .thenComparingInt(QcnPointStats::priority);

    List<Cnm> cnms() {
        return cnms.with(List.of());
    }

    long cnmsDropped() {
        return cnmsDropped;
    }
}
