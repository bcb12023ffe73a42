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
        int before = bytes.length;
        if (binWidthNanos != widthNanos) {
            coarsen(binWidthNanos);
        }
        long bin = Math.floorDiv(timestampNanos, widthNanos);
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
            relative = 0;
        } else if (relative >= count) {
            grow((int) relative + 1);
            count = (int) relative + 1;
        }
        bytes[(int) relative] += length;
        return bytes.length - before;
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
        FlowRate rate = new FlowRate(flow, widthNanos, firstBin, Arrays.copyOf(bytes, count), complete,
                Arrays.copyOf(cnpTs, cnps), Arrays.copyOf(cnpFrames, cnps), cnpsNotStored);
        return rate.inBinsOf(binWidthNanos);
    }
}
