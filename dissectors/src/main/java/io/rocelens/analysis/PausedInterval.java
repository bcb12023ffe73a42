package io.rocelens.analysis;

/**
 * One paused interval of a sender's priority ({@code priority} -1 for 802.3x PAUSE): from an XOFF frame until an
 * XON or until the last refresh's quanta ran out. The length is fractional because a quantum is 5.12 ns at
 * 100 Gb/s. {@code endFrame} is the XON frame, or the last XOFF frame when the time ran out.
 */
public record PausedInterval(long senderMac, int priority, long startNanos, double durationNanos, long startFrame,
                             long endFrame, int xoffFrames, boolean endedByXon) {

    /** The end in whole nanoseconds since the epoch (the fraction dropped). */
    public long endNanos() {
        return startNanos + (long) Math.floor(durationNanos);
    }
}
