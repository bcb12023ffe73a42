package io.rocelens.app.gui.packetlist.model;

import io.rocelens.capture.Frame;
import io.rocelens.index.PacketIndex;
import io.rocelens.index.PacketIndexFrames;
import java.io.IOException;
import java.util.List;
import java.util.NavigableMap;

/** The packet list's rows from the library's packet index, and frames read again from the capture file. */
public final class IndexedCapture extends PacketIndexFrames implements PacketTable {

    /** Reads a frame again from where the index says it starts: {@code CaptureFile::frameAt}, or a live file. */
    @FunctionalInterface
    public interface FrameSource {
        Frame frameAt(long fileOffset, long number) throws IOException;
    }

    private final FrameSource file;
    /** The user's edits laid over the frames read again (packet comments), or null. */
    private volatile FrameFlags edits;

    public IndexedCapture(PacketIndex index, FrameSource file) {
        super(index);
        this.file = file;
    }

    @Override
    public int originalLength(int row) {
        return index.originalLength(row);
    }

    @Override
    public int priority(int row) {
        return index.priority(row);
    }

    @Override
    public int destQp(int row) {
        return index.destQp(row);
    }

    @Override
    public int psn(int row) {
        return index.psn(row);
    }

    @Override
    public int[] sort(int[] rows, PacketColumn column, boolean descending) {
        return index.sort(rows, PacketIndex.Column.valueOf(column.name()), descending);
    }

    @Override
    public int[] sortFirst(int count, PacketColumn column, boolean descending) {
        return index.sortFirst(count, PacketIndex.Column.valueOf(column.name()), descending);
    }

    @Override
    public Frame frame(int row) throws IOException {
        FrameReadGuard.reading(row + 1L);
        Frame frame = file.frameAt(index.fileOffset(row), row + 1L);
        FrameFlags edited = edits;
        return edited == null ? frame : edited.withEdits(frame);
    }

    @Override
    public NavigableMap<Long, List<String>> comments() {
        FrameFlags edited = edits;
        return edited == null ? index.comments() : edited.commentsOver(index.comments());
    }

    @Override
    public void editsFrom(FrameFlags flags) {
        edits = flags;
    }
}
