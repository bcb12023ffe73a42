package io.rocelens.index;

import io.rocelens.capture.Frame;
import io.rocelens.dissect.FastDissector;
import io.rocelens.dissect.PacketSummary;
import java.io.IOException;

/**
 * A capture as the passes over its packet index ({@link IndexPasses}) read it: the index's rows (one per frame, in
 * frame order, growing while the file loads) and the file, to read a frame again when a filter needs more than the
 * index holds. Rows are 0-based; frame numbers are row + 1.
 */
public interface IndexedFrames extends io.rocelens.analysis.SummaryRows {

    /** Rows that may be read; grows while loading. */
    @Override
    int size();

    long timestampNanos(int row);

    /** The Source column's text ({@link PacketIndex#source}). */
    String source(int row);

    String destination(int row);

    String protocol(int row);

    /** Sets into {@code summary} what the index keeps of the row ({@link PacketIndex#fill}). */
    @Override
    void fill(int row, PacketSummary summary);

    /** True when {@link #fill} restores that filter field for every row ({@link PacketIndex#indexes}). */
    boolean indexes(String fieldName);

    /** Reads the row's frame again from the file. */
    Frame frame(int row) throws IOException;

    /**
     * Sets into {@code summary} the first frame's and the row's previous frame's timestamps, which
     * {@code frame.time_relative} and {@code frame.time_delta} are measured from (rows are every frame, in order).
     */
    default void times(int row, PacketSummary summary) {
        summary.firstTimestampNanos = timestampNanos(0);
        summary.previousTimestampNanos = timestampNanos(Math.max(0, row - 1));
    }

    /** Summarizes the row's frame, read again, with the frame times {@link #times} sets. */
    default void summarize(int row, Frame frame, FastDissector dissector, PacketSummary summary) {
        dissector.summarize(frame, summary);
        times(row, summary);
    }
}
