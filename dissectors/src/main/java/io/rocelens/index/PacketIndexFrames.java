package io.rocelens.index;

import io.rocelens.dissect.PacketSummary;

/**
 * {@link IndexedFrames} whose rows are a {@link PacketIndex}'s: what is left to say is where a row's frame is read
 * again from.
 */
public abstract class PacketIndexFrames implements IndexedFrames {

    protected final PacketIndex index;

    protected PacketIndexFrames(PacketIndex index) {
        this.index = index;
    }

    @Override
    public int size() {
        return index.size();
    }

    @Override
    public long timestampNanos(int row) {
        return index.timestampNanos(row);
    }

    @Override
    public String source(int row) {
        return index.source(row);
    }

    @Override
    public String destination(int row) {
        return index.destination(row);
    }

    @Override
    public String protocol(int row) {
        return index.protocol(row);
    }

    @Override
    public void fill(int row, PacketSummary summary) {
        index.fill(row, summary);
    }

    @Override
    public boolean indexes(String fieldName) {
        return PacketIndex.indexes(fieldName);
    }
}
