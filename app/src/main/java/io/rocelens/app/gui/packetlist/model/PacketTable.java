package io.rocelens.app.gui.packetlist.model;

import io.rocelens.index.IndexedFrames;
import java.util.Collections;
import java.util.List;
import java.util.NavigableMap;

/**
 * What the packet list reads about the open capture: the library's packet index (primitive columns, one row per
 * frame, growing while the file loads) and the file, to read a frame again for its Info text and its details
 * ({@link IndexedFrames}, which the library's filter, sort and find passes read), plus the columns the list shows.
 * Rows are 0-based; frame numbers are row + 1.
 */
public interface PacketTable extends IndexedFrames {

    int originalLength(int row);

    /** The analysis's priority (VLAN PCP, else DSCP through the map), or -1. */
    int priority(int row);

    /** BTH destination QP, or -1. */
    int destQp(int row);

    /** BTH PSN, or -1. */
    int psn(int row);

    /**
     * The rows ordered by an indexed column (not {@link PacketColumn#INFO}), ties in their given order.
     *
     * @param rows the rows to order, or null for all
     */
    int[] sort(int[] rows, PacketColumn column, boolean descending);

    /** The rows 0 … count-1 ordered by an indexed column, ties in row order. */
    int[] sortFirst(int count, PacketColumn column, boolean descending);

    /**
     * The packet comments by frame number, in frame order, as the user sees them (the file's, with the edits of
     * {@link #editsFrom}); none for a table of no file.
     */
    default NavigableMap<Long, List<String>> comments() {
        return Collections.emptyNavigableMap();
    }

    /**
     * Frames read again come with the user's edits in {@code flags} (the packet comments set in the window), so the
     * details, the filters and the exports see them. A table that reads no file again ignores it.
     */
    default void editsFrom(FrameFlags flags) {
    }
}
