package io.rocelens.analysis;

/**
 * Follows one PSN sequence (modulo 2^24, serial arithmetic) and counts gaps, missing PSNs, retransmissions,
 * duplicates and out-of-order arrivals, as the analysis contract defines them.
 *
 * <p>The next expected PSN is a range [lo, hi] rather than one number because the PMTU is not on the wire: after an
 * RDMA READ request the next request PSN may be anywhere between the request PSN plus the response count at a 4096
 * MTU and at a 256 MTU, unless the caller knows the path MTU from the flow's First and Middle packets. Missing PSNs are kept as ranges, at most {@link #MAX_RANGES} per sequence, so memory does not
 * grow with the capture; when that bound is hit the oldest range stays counted as missing but a late copy of one of
 * its PSNs counts as a duplicate instead of out of order.
 */
final class PsnTracker {

    static final int IN_ORDER = 0;
    static final int GAP = 1;
    static final int OUT_OF_ORDER = 2;
    static final int DUPLICATE = 3;

    static final int MASK = 0xFFFFFF;
    private static final int HALF = 1 << 23;
    static final int MAX_RANGES = 1024;

    private boolean started;
    private int first;
    private int lo;
    private int hi;

    /** Missing ranges [missLo[r], missHi[r]]; made at the first gap, as most sequences have none. */
    private int[] missLo;
    private int[] missHi;
    private int ranges;
    /** PSNs in ranges that were given up when {@link #MAX_RANGES} was reached; still missing. */
    private long forgottenMissing;
    private long missing;

    /** The last READ request's PSN and the end (exclusive) of the PSNs its responses take at the least. */
    private boolean readReserves;
    private int readPsn;
    private int readEnd;

    long gaps;
    long retransmitted;
    long duplicates;
    long outOfOrder;

    /** After a {@link #GAP}: how many PSNs the gap skipped, and the first of them. */
    long lastGapSize;
    int lastGapStart;

    /**
     * Feeds one packet.
     *
     * @param readLength the RETH DMA length of an RDMA READ request, or -1 for every other packet
     * @return {@link #IN_ORDER}, {@link #GAP}, {@link #OUT_OF_ORDER} or {@link #DUPLICATE}
     */
    int accept(int psn, long readLength) {
        return accept(psn, readLength, 0);
    }

    /**
     * As {@link #accept(int, long)}, with the path MTU (256 to 4096) that a READ request's responses are cut to, or 0
     * when it is not known.
     */
    int accept(int psn, long readLength, int pathMtu) {
        psn &= MASK;
        if (!started) {
            started = true;
            first = psn;
            expectAfter(psn, readLength, pathMtu);
            return IN_ORDER;
        }
        if (((psn - lo) & MASK) <= ((hi - lo) & MASK)) {
            expectAfter(psn, readLength, pathMtu);
            return IN_ORDER;
        }
        int ahead = (psn - hi) & MASK;
        if (ahead < HALF) {
            gaps++;
            lastGapStart = hi;
            lastGapSize = ahead;
            addMissing(hi, (psn - 1) & MASK, ahead);
            expectAfter(psn, readLength, pathMtu);
            return GAP;
        }
        retransmitted++;
        if (removeMissing(psn)) {
            outOfOrder++;
            return OUT_OF_ORDER;
        }
        duplicates++;
        return DUPLICATE;
    }

    /** True when the PSN lies beyond the expected range (what {@link #accept} would count as a gap). */
    boolean isAhead(int psn) {
        int ahead = ((psn & MASK) - hi) & MASK;
        return started && ahead != 0 && ahead < HALF && ((psn - lo) & MASK) > ((hi - lo) & MASK);
    }

    /** How far the PSN lies outside the expected range, ahead or behind (serial arithmetic); 0 inside it. */
    int distance(int psn) {
        psn &= MASK;
        if (!started || ((psn - lo) & MASK) <= ((hi - lo) & MASK)) {
            return 0;
        }
        int ahead = (psn - hi) & MASK;
        return ahead < HALF ? ahead : (lo - psn) & MASK;
    }

    /**
     * Starts the sequence again at this PSN, as for a new connection that reuses the QP number: what the old one
     * missed stays counted, but no later PSN is measured against it.
     */
    void restartAt(int psn, long readLength, int pathMtu) {
        psn &= MASK;
        forgottenMissing += missing;
        missing = 0;
        ranges = 0;
        first = psn;
        started = true;
        expectAfter(psn, readLength, pathMtu);
    }

    /**
     * Forgets the sequence, as for a new connection that reuses the QP number: the next PSN fed starts it again. What
     * the old one missed stays counted.
     */
    void reset() {
        forgottenMissing += missing;
        missing = 0;
        ranges = 0;
        started = false;
        readReserves = false;
    }

    /** Takes the PSN as in order and expects the next one after it, without counting a gap. */
    void jumpTo(int psn) {
        expectAfter(psn & MASK, -1, 0);
    }

    /**
     * True when a packet with this PSN was sent on this sequence: from the first PSN seen up to, not including, the
     * lowest next expected PSN (after a READ request the PSNs its responses use count only up to there).
     */
    boolean covers(int psn) {
        return started && ((psn - first) & MASK) < ((lo - first) & MASK);
    }

    long missingPsns() {
        return missing + forgottenMissing;
    }

    private void expectAfter(int psn, long readLength, int pathMtu) {
        if (readLength < 0) {
            lo = (psn + 1) & MASK;
            hi = lo;
        } else if (pathMtu > 0) {
            lo = (psn + span(readLength, pathMtu)) & MASK;
            hi = lo;
        } else {
            lo = (psn + span(readLength, 4096)) & MASK;
            hi = (psn + span(readLength, 256)) & MASK;
        }
        readReserves = readLength >= 0 && ((lo - psn) & MASK) > 1;
        readPsn = psn;
        readEnd = lo;
    }

    /**
     * True when the PSN lies among those the last RDMA READ request reserved for its responses (after the READ's own
     * PSN, before the least PSN its responses end at): no request but a READ re-issued for the rest of its responses
     * may use it (IBTA vol. 1 §9.4.4, §9.7.4.1.3).
     */
    boolean insideRead(int psn) {
        int offset = (psn - readPsn) & MASK;
        return readReserves && offset >= 1 && offset < ((readEnd - readPsn) & MASK);
    }

    /** True once a PSN has been fed. */
    boolean started() {
        return started;
    }

    /** The last PSN the sequence has used (a READ's: the last its responses take at the least). */
    int lastUsed() {
        return (lo - 1) & MASK;
    }

    /** The last READ request's PSN and the number of PSNs it reserved, for messages. */
    int readPsn() {
        return readPsn;
    }

    int readSpan() {
        return (readEnd - readPsn) & MASK;
    }

    private static int span(long length, int mtu) {
        long packets = (length + mtu - 1) / mtu;
        return (int) Math.min(HALF - 1, Math.max(1, packets));
    }

    private void addMissing(int from, int to, long count) {
        if (ranges == MAX_RANGES) {
            forgetOldest();
        }
        if (missLo == null) {
            missLo = new int[4];
            missHi = new int[4];
        } else if (ranges == missLo.length) {
            missLo = java.util.Arrays.copyOf(missLo, ranges * 2);
            missHi = java.util.Arrays.copyOf(missHi, ranges * 2);
        }
        missLo[ranges] = from;
        missHi[ranges] = to;
        ranges++;
        missing += count;
    }

    private long size(int range) {
        return ((missHi[range] - missLo[range]) & MASK) + 1L;
    }

    /** Oldest ranges first, because a go-back-N resend fills the oldest hole first. */
    private boolean removeMissing(int psn) {
        for (int r = 0; r < ranges; r++) {
            int from = missLo[r];
            int to = missHi[r];
            if (((psn - from) & MASK) > ((to - from) & MASK)) {
                continue;
            }
            missing--;
            if (from == to) {
                removeRange(r);
            } else if (psn == from) {
                missLo[r] = (from + 1) & MASK;
            } else if (psn == to) {
                missHi[r] = (to - 1) & MASK;
            } else {
                missHi[r] = (psn - 1) & MASK;
                splitAfter(r, (psn + 1) & MASK, to);
            }
            return true;
        }
        return false;
    }

    private void splitAfter(int r, int from, int to) {
        if (ranges == MAX_RANGES) {
            forgetOldest();
            r--;
        }
        if (ranges == missLo.length) {
            missLo = java.util.Arrays.copyOf(missLo, ranges * 2);
            missHi = java.util.Arrays.copyOf(missHi, ranges * 2);
        }
        System.arraycopy(missLo, r + 1, missLo, r + 2, ranges - r - 1);
        System.arraycopy(missHi, r + 1, missHi, r + 2, ranges - r - 1);
        missLo[r + 1] = from;
        missHi[r + 1] = to;
        ranges++;
    }

    /** Gives up the oldest range rather than grow without bound; its PSNs stay counted as missing. */
    private void forgetOldest() {
        long size = size(0);
        missing -= size;
        forgottenMissing += size;
        removeRange(0);
    }

    private void removeRange(int r) {
        System.arraycopy(missLo, r + 1, missLo, r, ranges - r - 1);
        System.arraycopy(missHi, r + 1, missHi, r, ranges - r - 1);
        ranges--;
    }
}
