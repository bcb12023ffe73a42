package io.rocelens.index;

import io.rocelens.capture.CaptureFormat;
import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.Frame;
import java.io.IOException;

/**
 * Rows of a packet list as a reader of their frames, read again in row order, so a pass over them reads ahead on a
 * thread of its own and dissects on a {@link io.rocelens.dissect.SummaryPipeline}'s workers as a file's load does.
 * The rows are frames of a capture, which is no file of one format and link type: a pass asks for neither.
 */
public final class RowFrames implements CaptureReader {
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
    public CaptureFormat format() {
        throw new UnsupportedOperationException("a packet list's rows have no file format");
    }

    @Override
    public int linkType() {
        throw new UnsupportedOperationException("a packet list's rows have a link type each");
    }

    /** A row that cannot be read ends the pass with an IOException, never a problem to report. */
    @Override
    public String problem() {
        return null;
    }

    @Override
    public void close() {
        // the rows' file belongs to the packet list
    }
}
