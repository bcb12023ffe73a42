package io.rocelens.analysis;

/**
 * PFC totals for one priority over every sender: frames whose class-enable bit is set, XOFF (time &gt; 0) and XON
 * (time 0) among them, quanta summed, and paused time summed over senders' paused intervals.
 */
public record PfcPriorityStats(int priority, long frames, long xoff, long xon, long quanta, double pausedNanos) {

    public double pausedMicros() {
        return pausedNanos / 1000;
    }
}
