package io.rocelens.analysis;

import java.util.Arrays;

/**
 * One flow's bytes per time bin during a pass, in the bandwidth bins' width (made coarser as they are), and the CNPs
 * that throttled it. {@link RoceAnalyzer} keeps one for every flow while the bins of all of them stay within a budget;
 * past it the series of flows that never received a CNP are given up (see {@link FlowRate}).
 */
final class RateSeries {

    long widthNanos;
    long firstBin;
    int count;
    long[] bytes = new long[1];
    /**
     * The bin the flow's last packet fell in, kept apart from {@link #bytes} until a packet falls in another: most
     * packets of a flow land in the bin of the one before, and then cost a comparison and an addition instead of a
     * division and a store into an array that is rarely in the cache (10M frames of 128 flows: one such store per
     * packet cost about a tenth of the pass). The bin is {@code [pendingStart, pendingEnd)} in nanoseconds.
     */
    private long pendingStart;
    private long pendingEnd;
    private long pendingBytes;
    /** False when the series was started at a CNP after an earlier one of the flow was given up. */
    final boolean complete;
    long[] cnpTs = NONE;
    long[] cnpFrames = NONE;
    private static final long[] NONE = new long[0];
    int cnps;
    long cnpsNotStored;

    RateSeries(long widthNanos, boolean complete) {
        this.widthNanos = widthNanos;
        this.complete = complete;
    }

    /** Adds a packet's bytes; returns the change in the bins held (for the budget). */
    int add(long timestampNanos, long length, long binWidthNanos) {
        // after the bins widened, the pending bin still lies within one bin of the new width (they nest): the bytes
        // go to it, and the coarsening at the next bin change sums it into its wider bin
        if (timestampNanos >= pendingStart && timestampNanos < pendingEnd) {
            pendingBytes += length;
            return 0;
        }
        int before = bytes.length;
        flush();
        if (binWidthNanos != widthNanos) {
            coarsen(binWidthNanos);
        }
        long bin = Math.floorDiv(timestampNanos, widthNanos);
        place(bin);
        pendingStart = bin * widthNanos;
        pendingEnd = pendingStart + widthNanos;
        pendingBytes = length;
        return bytes.length - before;
    }

    /** Moves the pending bin's bytes into the series. */
    private void flush() {
        if (pendingBytes != 0) {
            bytes[(int) (Math.floorDiv(pendingStart, widthNanos) - firstBin)] += pendingBytes;
            pendingBytes = 0;
        }
        pendingStart = 0;
        pendingEnd = 0;
    }

    /** Makes room for {@code bin} in the series. */
    private void place(long bin) {
        if (count == 0) {
            firstBin = bin;
            count = 1;
        }
        long relative = bin - firstBin;
        if (relative < 0) {
            int shift = (int) -relative;
            grow(count + shift);
            System.arraycopy(bytes, 0, bytes, shift, count);
            Arrays.fill(bytes, 0, shift, 0);
            firstBin = bin;
            count += shift;
        } else if (relative >= count) {
            grow((int) relative + 1);
            count = (int) relative + 1;
        }
    }

    void cnp(long timestampNanos, long frame, int maxStored) {
        if (cnps >= maxStored) {
            cnpsNotStored++;
            return;
        }
        if (cnps == cnpTs.length) {
            cnpTs = Arrays.copyOf(cnpTs, Math.max(4, cnps * 2));
            cnpFrames = Arrays.copyOf(cnpFrames, cnpTs.length);
        }
        cnpTs[cnps] = timestampNanos;
        cnpFrames[cnps++] = frame;
    }

    private void grow(int bins) {
        if (bins > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bins, bytes.length * 2));
        }
    }

    private void coarsen(long newWidth) {
        long factor = newWidth / widthNanos;
        if (count > 0) {
            long newFirst = Math.floorDiv(firstBin, factor);
            int newCount = (int) (Math.floorDiv(firstBin + count - 1, factor) - newFirst + 1);
            long[] merged = new long[Math.max(4, newCount)];
            for (int i = 0; i < count; i++) {
                merged[(int) (Math.floorDiv(firstBin + i, factor) - newFirst)] += bytes[i];
            }
            firstBin = newFirst;
            count = newCount;
            bytes = merged;
        }
        widthNanos = newWidth;
    }

    /** The series as a result, in bins of {@code widthNanos} (a multiple of its own). */
    FlowRate snapshot(String flow, long binWidthNanos) {
        flush();
        FlowRate rate = new FlowRate(flow, widthNanos, firstBin, Arrays.copyOf(bytes, count), complete,
                Arrays.copyOf(cnpTs, cnps), Arrays.copyOf(cnpFrames, cnps), cnpsNotStored);
        return rate.inBinsOf(binWidthNanos);
    }
}
