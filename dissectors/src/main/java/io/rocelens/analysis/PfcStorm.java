package io.rocelens.analysis;

/**
 * A window in which one sender kept one priority paused for more than the configured share of the window's part
 * inside the capture ({@code observedNanos}: the whole window, except at the capture's start and end).
 * {@code priority} -1 is 802.3x PAUSE; {@code frame} is the XOFF that opened the first interval in the window.
 */
public record PfcStorm(long senderMac, int priority, long windowStartNanos, long windowNanos, long observedNanos,
                       double pausedNanos, long frame) {

    public double share() {
        return pausedNanos / observedNanos;
    }
}
