package io.rocelens.analysis;

import java.util.Arrays;

/**
 * The rate over time of one flow that received CNPs: its bytes per time bin (the bandwidth bins of the analysis,
 * {@code bytes[i]} for the bin that starts at {@code (firstBin + i) * widthNanos}) and the CNPs that throttled it
 * (time and frame, in capture order; {@code cnpsNotStored} more beyond {@link AnalysisOptions#maxStored()}).
 *
 * <p>{@code complete} is false when the flow's series had been given up (over the memory budget, before its first
 * CNP) and started again at a CNP: the rate before that CNP is unknown, not zero.
 */
public record FlowRate(String flow, long widthNanos, long firstBin, long[] bytes, boolean complete, long[] cnpTs,
                       long[] cnpFrames, long cnpsNotStored) {

    public FlowRate {
        bytes = bytes.clone();
        cnpTs = cnpTs.clone();
        cnpFrames = cnpFrames.clone();
    }

    @Override
    public long[] bytes() {
        return bytes.clone();
    }

    @Override
    public long[] cnpTs() {
        return cnpTs.clone();
    }

    @Override
    public long[] cnpFrames() {
        return cnpFrames.clone();
    }

    public int cnps() {
        return cnpTs.length;
    }

    public long cnpTs(int i) {
        return cnpTs[i];
    }

    public long cnpFrame(int i) {
        return cnpFrames[i];
    }

    /** The bins held: from {@link #firstBin} on. */
    public int size() {
        return bytes.length;
    }

    /** Bytes in the bin of index {@code bin} (start {@code bin * widthNanos}), 0 outside the series. */
    public long bytesInBin(long bin) {
        long i = bin - firstBin;
        return i < 0 || i >= bytes.length ? 0 : bytes[(int) i];
    }

    /** The same series in bins of {@code width}, a multiple of {@link #widthNanos}. */
    public FlowRate inBinsOf(long width) {
        if (width == widthNanos) {
            return this;
        }
        if (width % widthNanos != 0) {
            throw new IllegalArgumentException("bin width " + width + " is not a multiple of " + widthNanos);
        }
        long factor = width / widthNanos;
        if (bytes.length == 0) {
            return new FlowRate(flow, width, Math.floorDiv(firstBin, factor), bytes, complete, cnpTs, cnpFrames,
                    cnpsNotStored);
        }
        long newFirst = Math.floorDiv(firstBin, factor);
        int newCount = (int) (Math.floorDiv(firstBin + bytes.length - 1, factor) - newFirst + 1);
        long[] merged = new long[newCount];
        for (int i = 0; i < bytes.length; i++) {
            merged[(int) (Math.floorDiv(firstBin + i, factor) - newFirst)] += bytes[i];
        }
        return new FlowRate(flow, width, newFirst, merged, complete, cnpTs, cnpFrames, cnpsNotStored);
    }

    /** The same flow seen in two results (two files): bytes add up bin by bin, the CNPs together in time order. */
    FlowRate merge(FlowRate other) {
        long width = Math.max(widthNanos, other.widthNanos);
        FlowRate a = inBinsOf(width);
        FlowRate b = other.inBinsOf(width);
        // an empty series (a flow with CNPs and no packet of its own in that part) has no place in time
        long first = a.bytes.length == 0 ? b.firstBin : b.bytes.length == 0 ? a.firstBin
                : Math.min(a.firstBin, b.firstBin);
        long end = Math.max(a.bytes.length == 0 ? first : a.firstBin + a.bytes.length,
                b.bytes.length == 0 ? first : b.firstBin + b.bytes.length);
        long[] sum = new long[(int) (end - first)];
        for (FlowRate part : new FlowRate[] {a, b}) {
            for (int i = 0; i < part.bytes.length; i++) {
                sum[(int) (part.firstBin - first) + i] += part.bytes[i];
            }
        }
        int n = a.cnpTs.length + b.cnpTs.length;
        Integer[] order = new Integer[n];
        long[] ts = new long[n];
        long[] frames = new long[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
            ts[i] = i < a.cnpTs.length ? a.cnpTs[i] : b.cnpTs[i - a.cnpTs.length];
            frames[i] = i < a.cnpTs.length ? a.cnpFrames[i] : b.cnpFrames[i - a.cnpTs.length];
        }
        Arrays.sort(order, (x, y) -> ts[x] != ts[y] ? Long.compare(ts[x], ts[y]) : Long.compare(frames[x], frames[y]));
        long[] sortedTs = new long[n];
        long[] sortedFrames = new long[n];
        for (int i = 0; i < n; i++) {
            sortedTs[i] = ts[order[i]];
            sortedFrames[i] = frames[order[i]];
        }
        return new FlowRate(flow, width, first, sum, a.complete && b.complete, sortedTs, sortedFrames,
                a.cnpsNotStored + b.cnpsNotStored);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FlowRate r && flow.equals(r.flow) && widthNanos == r.widthNanos && firstBin == r.firstBin
                && Arrays.equals(bytes, r.bytes) && complete == r.complete && Arrays.equals(cnpTs, r.cnpTs)
                && Arrays.equals(cnpFrames, r.cnpFrames) && cnpsNotStored == r.cnpsNotStored;
    }

    @Override
    public int hashCode() {
        return flow.hashCode() * 31 + Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return "FlowRate[" + flow + ", " + bytes.length + " bins of " + widthNanos + " ns from " + firstBin + ", "
                + cnpTs.length + " CNPs]";
    }
}
