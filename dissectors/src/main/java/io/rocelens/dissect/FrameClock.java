package io.rocelens.dissect;

/**
 * Sets on each summary of one capture, delivered in capture order, the timestamps its {@code frame.time_relative}
 * and {@code frame.time_delta} are measured from: the first frame's, and the previous frame's.
 */
public final class FrameClock {

    private long first = PacketSummary.NO_TIME;
    private long previous;

    public void stamp(PacketSummary summary) {
        if (first == PacketSummary.NO_TIME) {
            first = summary.timestampNanos;
            previous = summary.timestampNanos;
        }
        summary.firstTimestampNanos = first;
        summary.previousTimestampNanos = previous;
        previous = summary.timestampNanos;
    }
}
