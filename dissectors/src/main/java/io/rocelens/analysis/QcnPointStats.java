package io.rocelens.analysis;

import java.util.List;
import java.util.TreeSet;

/**
 * The Congestion Notification Messages (IEEE 802.1Q QCN) one congestion point sent about one priority: how many, their
 * quantized feedback (lowest, sum for the mean, highest), when the first and last were sent, and the reaction points
 * (the CNMs' destination MACs: the sources of the frames the point sampled) they went to, in MAC order.
 *
 * @param cpid           the congestion point identifier, all 64 bits
 * @param priority       the encapsulated priority (the sampled frames' priority)
 * @param reactionPoints distinct destination MACs, lowest first, at most {@link AnalysisOptions#maxStored()}
 */
public record QcnPointStats(long cpid, int priority, long cnms, int qfbMin, int qfbMax, long qfbSum,
                            long firstTs, long lastTs, long firstFrame, long lastFrame, List<Long> reactionPoints) {

    public QcnPointStats {
        reactionPoints = List.copyOf(reactionPoints);
    }

    /** The mean quantized feedback; 0 without CNMs. */
    public double qfbMean() {
        return cnms == 0 ? 0 : (double) qfbSum / cnms;
    }

    /** Both parts' CNMs of the same point and priority together (two files, or two parts of one capture). */
    QcnPointStats merge(QcnPointStats other, int maxReactionPoints) {
        TreeSet<Long> macs = new TreeSet<>(Long::compareUnsigned);
        macs.addAll(reactionPoints);
        macs.addAll(other.reactionPoints);
        boolean firstHere = firstTs <= other.firstTs;
        boolean lastHere = lastTs >= other.lastTs;
        return new QcnPointStats(cpid, priority, cnms + other.cnms, Math.min(qfbMin, other.qfbMin),
                Math.max(qfbMax, other.qfbMax), qfbSum + other.qfbSum, firstHere ? firstTs : other.firstTs,
                lastHere ? lastTs : other.lastTs, firstHere ? firstFrame : other.firstFrame,
                lastHere ? lastFrame : other.lastFrame, macs.stream().limit(maxReactionPoints).toList());
    }
}
