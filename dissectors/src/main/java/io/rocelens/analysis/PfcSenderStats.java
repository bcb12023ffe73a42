package io.rocelens.analysis;

/**
 * PFC or 802.3x PAUSE totals of one sender MAC for one priority ({@code priority} -1 means 802.3x PAUSE, which
 * stops the whole link).
 */
public record PfcSenderStats(long senderMac, int priority, long frames, long xoff, long xon, long quanta,
                             double pausedNanos, long intervals) {
}
