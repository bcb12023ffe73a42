package io.rocelens.analysis;

import java.util.ArrayList;
import java.util.List;

/**
 * How a sender's rate reacted to one CNP (DCQCN), measured in time bins of {@code widthNanos} on the throttled flow's
 * {@link FlowRate}. With the CNP in bin k:
 * <ul>
 * <li>{@code beforeBps}: the flow's bits per second over the {@code beforeBins} bins before bin k (bins k-n … k-1),
 *     or -1 when they are not known (the flow's series started at this CNP);</li>
 * <li>the reaction is followed over bins k+1 … e, where e is the bin before the next CNP's bin or, for the flow's
 *     last CNP, the capture's last bin ({@code until}: "next CNP" or "capture end");</li>
 * <li>{@code recoveredBin}: the first of those bins whose rate is at least 90 % of {@code beforeBps}, or -1 (not
 *     recovered); {@code recoveryNanos} from the CNP to that bin's start, or -1;</li>
 * <li>{@code minAfterBps}: the lowest bin rate from bin k+1 up to the recovery bin (or e), or -1 when there is no
 *     such bin (the next CNP came in the same or the next bin).</li>
 * </ul>
 * A sender that did not slow down at all recovers in bin k+1, less than one bin after the CNP.
 */
public record DcqcnReaction(String flow, long cnpFrame, long cnpTs, long widthNanos, int beforeBins, double beforeBps,
                            double minAfterBps, long recoveredBin, long recoveryNanos, String until) {

    /** The share of the rate before a CNP the rate must be back to, to count as recovered. */
    public static final double RECOVERED_SHARE = 0.9;
    /** Bins before the CNP whose rate is "the rate before", unless the analysis options say otherwise. */
    public static final int DEFAULT_BEFORE_BINS = 3;

    public boolean recovered() {
        return recoveredBin >= 0;
    }

    /** The narrowest bins reactions are measured in when the bin width was chosen automatically. */
    public static final long MIN_AUTO_WIDTH_NANOS = 10_000;

    /**
     * The bins reactions are measured in: those the bandwidth view shows, but with an automatic width at least
     * {@link #MIN_AUTO_WIDTH_NANOS} (a 1-2-5 width below it divides it): in narrower bins a rate is the pattern of the
     * sender's bursts, not its rate (DCQCN adjusts it every 55 µs or so). A width given by the user is kept.
     */
    public static long widthFor(AnalysisResult result) {
        long shown = result.shownBins().widthNanos();
        return result.options().binWidthNanos() > 0 || shown >= MIN_AUTO_WIDTH_NANOS ? shown : MIN_AUTO_WIDTH_NANOS;
    }

    /**
     * The reactions to every stored CNP of every flow, in the bins of {@link #widthFor}, flow by flow, the rate before
     * over the options' {@link AnalysisOptions#cnpBeforeBins} bins.
     */
    public static List<DcqcnReaction> of(AnalysisResult result) {
        return of(result, widthFor(result), result.options().cnpBeforeBins());
    }

    /** The reactions to every stored CNP, in bins of {@code width} (a multiple of the analysis's bin width). */
    public static List<DcqcnReaction> of(AnalysisResult result, long width, int beforeBins) {
        List<DcqcnReaction> all = new ArrayList<>();
        long lastBin = Math.floorDiv(result.lastTs(), width);
        for (FlowRate rate : result.rates()) {
            all.addAll(of(rate.inBinsOf(width), lastBin, beforeBins));
        }
        return all;
    }

    /** The reactions to one flow's CNPs; {@code rate} in the bins to measure in, {@code lastBin} the capture's. */
    public static List<DcqcnReaction> of(FlowRate rate, long lastBin, int beforeBins) {
        if (beforeBins < 1) {
            throw new IllegalArgumentException("the window before a CNP needs at least one bin");
        }
        long w = rate.widthNanos();
        double bpsPerByte = 8e9 / w;
        List<DcqcnReaction> reactions = new ArrayList<>(rate.cnps());
        for (int c = 0; c < rate.cnps(); c++) {
            long ts = rate.cnpTs(c);
            long k = Math.floorDiv(ts, w);
            double before = -1;
            if (rate.complete() || k - beforeBins >= rate.firstBin()) {
                long sum = 0;
                for (long b = k - beforeBins; b < k; b++) {
                    sum += rate.bytesInBin(b);
                }
                before = sum * bpsPerByte / beforeBins;
            }
            boolean last = c + 1 == rate.cnps();
            long end = last ? lastBin : Math.floorDiv(rate.cnpTs(c + 1), w) - 1;
            double min = -1;
            long recovered = -1;
            for (long b = k + 1; b <= end; b++) {
                double bps = rate.bytesInBin(b) * bpsPerByte;
                min = min < 0 ? bps : Math.min(min, bps);
                if (before >= 0 && bps >= RECOVERED_SHARE * before) {
                    recovered = b;
                    break;
                }
            }
            reactions.add(new DcqcnReaction(rate.flow(), rate.cnpFrame(c), ts, w, beforeBins, before, min, recovered,
                    recovered < 0 ? -1 : recovered * w - ts, last ? "capture end" : "next CNP"));
        }
        return reactions;
    }
}
