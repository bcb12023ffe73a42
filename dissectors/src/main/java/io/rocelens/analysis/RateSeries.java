package io.rocelens.analysis;

import java.util.Arrays;

/**
 * One flow's bytes per time bin during a pass, in the bandwidth bins' width (made coarser as they are), and the CNPs
 * that throttled it. {@link RoceAnalyzer} keeps one for every flow while the bins of all of them stay within a budget;
 * past it the series of flows that never received a CNP are given up (see {@link FlowRate}).
 */
final class RateSeries {

    /**
     * Bins are held in pages of up to {@value #PAGE} bins, each grown by doubling up to that size, and a page no packet
     * fell in is never allocated. One array doubled over the whole series copied every bin again at each doubling: on
     * 1M frames of 2,000 flows that was 117 MB of arrays a pass, most of it surviving a young collection or two
     * (docs/speed.md).
     */
    private static final int PAGE_BITS = 9;
    private static final int PAGE = 1 << PAGE_BITS;

    long widthNanos;
    /** The bins placed so far: {@code [firstBin, firstBin + count)}. */
    private long firstBin;
    private int count;
    /** The bin held at index 0 of page 0. */
    private long origin;
    private long[][] pages = new long[1][];
    private int heldBins;
    /**
     * The bin the flow's last packet fell in, kept apart from the pages until a packet falls in another: most
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

    /** The bins the series holds in memory (for the analysis's budget). */
    int heldBins() {
        return heldBins;
    }

    /** Adds a packet's bytes; returns the change in the bins held (for the budget). */
    int add(long timestampNanos, long length, long binWidthNanos) {
        // after the bins widened, the pending bin still lies within one bin of the new width (they nest): the bytes
        // go to it, and the coarsening at the next bin change sums it into its wider bin
        if (timestampNanos >= pendingStart && timestampNanos < pendingEnd) {
            pendingBytes += length;
            return 0;
        }
        int before = heldBins;
        flush();
        if (binWidthNanos != widthNanos) {
            coarsen(binWidthNanos);
        }
        long bin = Math.floorDiv(timestampNanos, widthNanos);
        place(bin);
        pendingStart = bin * widthNanos;
        pendingEnd = pendingStart + widthNanos;
        pendingBytes = length;
        return heldBins - before;
    }

    /** Moves the pending bin's bytes into the series. */
    private void flush() {
        if (pendingBytes != 0) {
            addToBin(Math.floorDiv(pendingStart, widthNanos), pendingBytes);
            pendingBytes = 0;
        }
        pendingStart = 0;
        pendingEnd = 0;
    }

    /** Widens the range of bins placed to take {@code bin}. */
    private void place(long bin) {
        if (count == 0) {
            firstBin = bin;
            origin = bin;
            count = 1;
        } else if (bin < firstBin) {
            count += (int) (firstBin - bin);
            firstBin = bin;
        } else if (bin - firstBin >= count) {
            count = (int) (bin - firstBin) + 1;
        }
    }

    private void addToBin(long bin, long bytes) {
        long relative = bin - origin;
        if (relative < 0) {
            int shift = (int) ((-relative + PAGE - 1) >>> PAGE_BITS);
            long[][] shifted = new long[pages.length + shift][];
            System.arraycopy(pages, 0, shifted, shift, pages.length);
            pages = shifted;
            origin -= (long) shift << PAGE_BITS;
            relative = bin - origin;
        }
        int pageIndex = (int) (relative >>> PAGE_BITS);
        int inPage = (int) (relative & (PAGE - 1));
        if (pageIndex >= pages.length) {
            pages = Arrays.copyOf(pages, Math.max(pageIndex + 1, pages.length * 2));
        }
        long[] page = pages[pageIndex];
        if (page == null || inPage >= page.length) {
            int held = page == null ? 0 : page.length;
            int size = Math.max(held, 1);
            while (size <= inPage) {
                size *= 2;
            }
            page = page == null ? new long[size] : Arrays.copyOf(page, size);
            pages[pageIndex] = page;
            heldBins += size - held;
        }
        page[inPage] += bytes;
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

    private void coarsen(long newWidth) {
        long factor = newWidth / widthNanos;
        if (count > 0) {
            long[][] finer = pages;
            long finerOrigin = origin;
            long newFirst = Math.floorDiv(firstBin, factor);
            count = (int) (Math.floorDiv(firstBin + count - 1, factor) - newFirst + 1);
            firstBin = newFirst;
            origin = newFirst;
            pages = new long[1][];
            heldBins = 0;
            for (int p = 0; p < finer.length; p++) {
                long[] page = finer[p];
                for (int i = 0; page != null && i < page.length; i++) {
                    if (page[i] != 0) {
                        addToBin(Math.floorDiv(finerOrigin + ((long) p << PAGE_BITS) + i, factor), page[i]);
                    }
                }
            }
        }
        widthNanos = newWidth;
    }

    /** The series as a result, in bins of {@code widthNanos} (a multiple of its own). */
    FlowRate snapshot(String flow, long binWidthNanos) {
        flush();
        long[] bytes = new long[count];
        for (int p = 0; p < pages.length; p++) {
            long[] page = pages[p];
            for (int i = 0; page != null && i < page.length; i++) {
                long bin = origin + ((long) p << PAGE_BITS) + i;
                if (page[i] != 0) {
                    bytes[(int) (bin - firstBin)] = page[i];
                }
            }
        }
        FlowRate rate = new FlowRate(flow, widthNanos, firstBin, bytes, complete,
                Arrays.copyOf(cnpTs, cnps), Arrays.copyOf(cnpFrames, cnps), cnpsNotStored);
        return rate.inBinsOf(binWidthNanos);
    }
}
