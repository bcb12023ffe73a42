package io.rocelens.analysis;

/** A window in which one sender kept one priority paused for more than the configured share of the window. */
public record PfcStorm(long senderMac, int priority, long windowStartNanos, long windowNanos, double pausedNanos,
                       long frame) {

    public double share() {
        return pausedNanos / windowNanos;
    }
}
