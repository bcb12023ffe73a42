package io.rocelens.index;

import io.rocelens.capture.Frame;
import io.rocelens.capture.FrameSource;
import java.io.IOException;

/**
 * Rows of a packet list as a source of their frames, read again in row order, so a pass over them reads ahead on a
 * thread of its own and dissects on a {@link io.rocelens.dissect.SummaryPipeline}'s workers as a file's load does.
 */
public final class RowFrames implements FrameSource {
    private final IndexedFrames frames;
    private final int to;
    private int row;

    /** The rows from {@code from} up to {@code to} (not included). */
    public RowFrames(IndexedFrames frames, int from, int to) {
        this.frames = frames;
        this.row = from;
        this.to = to;
    }

    /**
     * The next row's frame, or null after the last.
     *
     * @throws IOException saying which frame could not be read again ({@link IndexPasses#read} says it alike)
     */
    @Override
    public Frame next() throws IOException {
        if (row >= to) {
            return null;
        }
        int at = row++;
        try {
            return frames.frame(at);
        } catch (IOException unreadable) {
            throw IndexPasses.unreadable(at, unreadable);
        }
    }

    /** Reading a row never waits for a writer: a pass may read ahead. */
    @Override
    public boolean fromFile() {
        return true;
    }

    @Override
    public void close() {
        // the rows' file belongs to the packet list
    }
}
