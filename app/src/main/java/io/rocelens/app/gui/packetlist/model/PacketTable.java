package io.rocelens.app.gui.packetlist.model;

import io.rocelens.capture.Frame;
import io.rocelens.dissect.FastDissector;
import io.rocelens.dissect.PacketSummary;
import java.io.IOException;

/**
 * What the packet list reads about the open capture: the library's packet index (primitive columns, one row per
 * frame, growing while the file loads) and the file, to read a frame again for its Info text and its details.
 * Rows are 0-based; frame numbers are row + 1.
 */
public interface PacketTable {

    /** Rows that may be read; grows while loading. */
    int size();

    long timestampNanos(int row);

    int originalLength(int row);

    String source(int row);

    String destination(int row);

    String protocol(int row);

    /** The analysis's priority (VLAN PCP, else DSCP through the map), or -1. */
    int priority(int row);

    /** BTH destination QP, or -1. */
    int destQp(int row);

    /** BTH PSN, or -1. */
    int psn(int row);

    /** Sets into {@code summary} what the index keeps of the row. */
    void fill(int row, PacketSummary summary);

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

    /** True when {@link #fill} restores that filter field for every row. */
    boolean indexes(String fieldName);

    /**
     * The rows ordered by an indexed column (not {@link PacketColumn#INFO}), ties in their given order.
     *
     * @param rows the rows to order, or null for all
     */
    int[] sort(int[] rows, PacketColumn column, boolean descending);

    /** Reads the row's frame again from the file. */
    Frame frame(int row) throws IOException;
}
