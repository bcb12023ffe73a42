package io.rocelens.analysis;

import java.util.Arrays;

/**
 * Bytes and packets per priority in time bins of a fixed width, aligned to multiples of the width since the epoch
 * (so bins of two files or two chunks line up and merge). When more than {@code maxBins} bins would be needed the
 * width grows tenfold and neighbouring bins are added together, so memory stays bounded whatever the duration.
 */
public final class BandwidthBins {

    private static final int STRIDE = 16;

    private long widthNanos;
    private final int maxBins;
    private long firstIndex;
    private int count;
    private long[] data;

    BandwidthBins(long widthNanos, int maxBins) {
        if (widthNanos <= 0 || maxBins < 1) {
            throw new IllegalArgumentException("bin width and bin count must be positive");
        }
        this.widthNanos = widthNanos;
        this.maxBins = maxBins;
        this.data = new long[STRIDE * Math.min(maxBins, 64)];
    }

    private BandwidthBins(long widthNanos, int maxBins, long firstIndex, int count, long[] data) {
        this.widthNanos = widthNanos;
        this.maxBins = maxBins;
        this.firstIndex = firstIndex;
        this.count = count;
        this.data = data;
    }

    /** Writes these bins for {@link #readFrom} (ResultCodec: a result moved between machines). */
    void writeTo(ResultCodec.Out out) {
        out.writeSigned(widthNanos);
        out.writeSigned(maxBins);
        out.writeSigned(firstIndex);
        out.writeSigned(count);
        out.writeVarint(data.length);
        for (long v : data) {
            out.writeSigned(v);
        }
    }

    /** The bins {@link #writeTo} wrote. */
    static BandwidthBins readFrom(ResultCodec.In in) {
        long width = in.readSigned();
        int most = (int) in.readSigned();
        long first = in.readSigned();
        int bins = (int) in.readSigned();
        long[] values = new long[in.readLength()];
        for (int i = 0; i < values.length; i++) {
            values[i] = in.readSigned();
        }
        return new BandwidthBins(width, most, first, bins, values);
    }

    void add(long timestampNanos, int priority, long bytes) {
        long index = Math.floorDiv(timestampNanos, widthNanos);
        if (count == 0) {
            firstIndex = index;
            count = 1;
        }
        long relative = index - firstIndex;
        while (relative >= maxBins || (relative < 0 && count - relative > maxBins)) {
            coarsenInPlace(10);
            index = Math.floorDiv(timestampNanos, widthNanos);
            relative = index - firstIndex;
        }
        if (relative < 0) {
            // a timestamp earlier than the first one (pcapng interfaces need not be in order): shift the bins up
            int shift = (int) -relative;
            ensureCapacity(count + shift);
            System.arraycopy(data, 0, data, shift * STRIDE, count * STRIDE);
            Arrays.fill(data, 0, shift * STRIDE, 0);
            firstIndex = index;
            count += shift;
            relative = 0;
        } else if (relative >= count) {
            ensureCapacity((int) relative + 1);
            count = (int) relative + 1;
        }
        int base = (int) relative * STRIDE;
        data[base + priority] += bytes;
        data[base + 8 + priority]++;
    }

    private void ensureCapacity(int bins) {
        if (bins * STRIDE > data.length) {
            data = Arrays.copyOf(data, Math.max(bins, Math.min(maxBins, data.length / STRIDE * 2)) * STRIDE);
        }
    }

    private void coarsenInPlace(int factor) {
        BandwidthBins coarse = coarsened(factor);
        widthNanos = coarse.widthNanos;
        firstIndex = coarse.firstIndex;
        count = coarse.count;
        data = Arrays.copyOf(coarse.data, Math.max(coarse.data.length, STRIDE * Math.min(maxBins, 64)));
    }

    /** Bins {@code factor} times as wide, each the sum of the narrower bins it covers. */
    public BandwidthBins coarsened(long factor) {
        if (factor == 1) {
            return copy();
        }
        long newFirst = Math.floorDiv(firstIndex, factor);
        int newCount = count == 0 ? 0 : (int) (Math.floorDiv(firstIndex + count - 1, factor) - newFirst + 1);
        long[] merged = new long[Math.max(1, newCount) * STRIDE];
        for (int i = 0; i < count; i++) {
            int target = (int) (Math.floorDiv(firstIndex + i, factor) - newFirst) * STRIDE;
            for (int j = 0; j < STRIDE; j++) {
                merged[target + j] += data[i * STRIDE + j];
            }
        }
        return new BandwidthBins(Math.multiplyExact(widthNanos, factor), maxBins, newFirst, newCount, merged);
    }

    /**
     * The same bins made coarser by the smallest factor of the 1-2-5 series that leaves at most {@code targetBins}
     * bins: what an automatic bin width shows.
     */
    public BandwidthBins atMost(int targetBins) {
        long factor = 1;
        for (int step = 0; count > 0 && (count + factor - 1) / factor > targetBins; step++) {
            factor = (long) Math.pow(10, step / 3) * new int[] {2, 5, 10}[step % 3];
        }
        return coarsened(factor);
    }

    BandwidthBins copy() {
        return new BandwidthBins(widthNanos, maxBins, firstIndex, count, Arrays.copyOf(data, Math.max(count, 1) * STRIDE));
    }

    /**
     * The sum of two sets of bins; the result has the wider width when one width divides the other, widened tenfold
     * more while the two together would need more than {@code maxBins} bins.
     */
    BandwidthBins merge(BandwidthBins other) {
        long wide = Math.max(widthNanos, other.widthNanos);
        if (wide % widthNanos != 0 || wide % other.widthNanos != 0) {
            throw new IllegalArgumentException("bin widths " + widthNanos + " and " + other.widthNanos + " do not nest");
        }
        // files far apart in time may have widths a trillion times apart: the factors need 64 bits
        BandwidthBins a = coarsened(wide / widthNanos);
        BandwidthBins b = other.coarsened(wide / other.widthNanos);
        if (a.count == 0) {
            return b;
        }
        if (b.count == 0) {
            return a;
        }
        // captures far apart in time: widen tenfold, as add() does, until both fit in maxBins bins together
        while (Math.max(a.firstIndex + a.count, b.firstIndex + b.count) - Math.min(a.firstIndex, b.firstIndex)
                > maxBins) {
            a = a.coarsened(10);
            b = b.coarsened(10);
        }
        long first = Math.min(a.firstIndex, b.firstIndex);
        int total = (int) (Math.max(a.firstIndex + a.count, b.firstIndex + b.count) - first);
        long[] sum = new long[total * STRIDE];
        for (BandwidthBins part : new BandwidthBins[] {a, b}) {
            int offset = (int) (part.firstIndex - first) * STRIDE;
            for (int i = 0; i < part.count * STRIDE; i++) {
                sum[offset + i] += part.data[i];
            }
        }
        return new BandwidthBins(a.widthNanos, maxBins, first, total, sum);
    }

    public long widthNanos() {
        return widthNanos;
    }

    public int size() {
        return count;
    }

    public long startNanos(int bin) {
        return (firstIndex + bin) * widthNanos;
    }

    public long bytes(int bin, int priority) {
        return data[bin * STRIDE + priority];
    }

    public long packets(int bin, int priority) {
        return data[bin * STRIDE + 8 + priority];
    }
}
