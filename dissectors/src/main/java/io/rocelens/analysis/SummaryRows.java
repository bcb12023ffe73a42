package io.rocelens.analysis;

import io.rocelens.dissect.PacketSummary;

/**
 * A capture's frames as summaries, by row (row + 1 is the frame number): what {@link FrameAnalysis} reads again
 * to link a frame to an earlier one. The packet index is one ({@code io.rocelens.index.IndexedFrames}).
 */
public interface SummaryRows {

    /** Rows that may be read; grows while loading. */
    int size();

    /** Sets into {@code summary} what is kept of the row's frame. */
    void fill(int row, PacketSummary summary);
}
