package io.rocelens.app.gui.stats.bandwidth.model;

import io.rocelens.analysis.AnalysisResult;
import io.rocelens.analysis.BandwidthBins;
import io.rocelens.analysis.DcbxConfig;
import io.rocelens.dissect.Addresses;
import io.rocelens.app.gui.packetlist.model.PacketTable;
import io.rocelens.export.CsvExport;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * RoCE bandwidth by priority over time, in bins of a chosen width: the analysis's bins made coarser (so a width
 * shows the numbers {@code rocelens analyze --bin-width} gives it), the share table per priority with the
 * configured ETS shares beside the observed ones, and the frames of a time range for the packet list.
 */
public final class BandwidthChart {

    /** The most bins a width may need to be offered. */
    static final int MAX_BINS = 20_000;

    /**
     * One priority's line of the share table.
     *
     * @param configured ETS share in percent, NaN when none is configured
     * @param deviation  observed − configured share in percentage points, NaN without a configured share
     */
    public record ShareLine(int priority, long packets, long bytes, double sharePercent, double averageBps,
                            double configured, double deviation) {
    }

    private final AnalysisResult result;
    private final BandwidthBins bins;

    private BandwidthChart(AnalysisResult result, BandwidthBins bins) {
        this.result = result;
        this.bins = bins;
    }

    /** The chart in the bins the command line shows by default (or as configured). */
    public static BandwidthChart of(AnalysisResult result) {
        return new BandwidthChart(result, result.shownBins());
    }

    /** The chart in bins of this width, which must be one of {@link #widths}. */
    public static BandwidthChart of(AnalysisResult result, long widthNanos) {
        long base = result.bins().widthNanos();
        if (widthNanos % base != 0) {
            throw new IllegalArgumentException("bin width " + widthNanos + " ns is not a multiple of " + base + " ns");
        }
        return new BandwidthChart(result, result.bins().coarsened(widthNanos / base));
    }

    /** The widths offered: the analysis's own, times 1, 2, 5, 10, 20, … while there are at least two bins. */
    public static List<Long> widths(AnalysisResult result) {
        BandwidthBins base = result.bins();
        List<Long> widths = new ArrayList<>();
        long factor = 1;
        for (int step = 0; step < 60; step++) {
            long width = base.widthNanos() * factor;
            long bins = base.size() / factor + 1;
            if (bins <= MAX_BINS) {
                widths.add(width);
            }
            if (bins <= 2 || width > Long.MAX_VALUE / 20) {
                break;
            }
            factor = (long) Math.pow(10, (step + 1) / 3) * new long[] {1, 2, 5}[(step + 1) % 3];
        }
        return widths;
    }

    public BandwidthBins bins() {
        return bins;
    }

    public long widthNanos() {
        return bins.widthNanos();
    }

    /** Priorities that carried RoCE traffic, in order: the chart's series and the CSV's rows. */
    public List<Integer> priorities() {
        List<Integer> priorities = new ArrayList<>();
        long[] packets = result.priorityPackets();
        for (int p = 0; p < 8; p++) {
            if (packets[p] > 0) {
                priorities.add(p);
            }
        }
        return priorities;
    }

    /** Bits per second of a priority in a bin. */
    public double bps(int bin, int priority) {
        return bins.bytes(bin, priority) * 8e9 / bins.widthNanos();
    }

    /** The highest stacked rate of any bin. */
    public double peakBps() {
        double peak = 0;
        for (int bin = 0; bin < bins.size(); bin++) {
            double total = 0;
            for (int p = 0; p < 8; p++) {
                total += bps(bin, p);
            }
            peak = Math.max(peak, total);
        }
        return peak;
    }

    /**
     * The ETS shares the analysis compares with when none are typed in, as {@code rocelens analyze} takes them: the
     * DCBX ETS Configuration found in the capture ({@link AnalysisResult#etsFromCapture}), in percent per priority
     * (a priority has its traffic class's share; NaN where the class is not ETS-scheduled); null when the capture
     * has none, or the analysis was given shares.
     */
    public double[] sharesFromCapture() {
        DcbxConfig config = result.etsFromCapture();
        if (config == null) {
            return null;
        }
        double[] shares = new double[8];
        for (int p = 0; p < 8; p++) {
            shares[p] = config.share(p);
        }
        return shares;
    }

    /** Where {@link #sharesFromCapture} come from, as the text summary says it, or null when they do not. */
    public String sharesFromCaptureSource() {
        DcbxConfig config = result.etsFromCapture();
        return config == null ? null : "the DCBX ETS Configuration of " + Addresses.mac(config.senderMac())
                + " (frame " + config.etsFrame() + ")";
    }

    /**
     * The share table: each priority that carried traffic or has a configured share, with the share of the RoCE
     * bytes, the average rate over the capture and the deviation from the ETS share.
     *
     * @param ets configured shares in percent per priority (NaN: none), or null
     */
    public List<ShareLine> shares(double[] ets) {
        long[] bytes = result.priorityBytes();
        long[] packets = result.priorityPackets();
        long total = 0;
        for (long b : bytes) {
            total += b;
        }
        // as the text summary: averages over the RoCE traffic's own span
        double seconds = result.roceDurationSeconds();
        List<ShareLine> lines = new ArrayList<>();
        for (int p = 0; p < 8; p++) {
            double configured = ets == null ? Double.NaN : ets[p];
            if (packets[p] == 0 && Double.isNaN(configured)) {
                continue;
            }
            double share = total == 0 ? 0 : 100.0 * bytes[p] / total;
            lines.add(new ShareLine(p, packets[p], bytes[p], share, seconds > 0 ? bytes[p] * 8 / seconds : Double.NaN,
                    configured, Double.isNaN(configured) ? Double.NaN : share - configured));
        }
        return lines;
    }

    /** The CSV of {@code rocelens analyze --priority-csv} for these bins. */
    public void csv(Appendable out) throws IOException {
        CsvExport.writePriorities(result, bins, out);
    }

    /**
     * A display filter for the frames from one time to another, both included, as Wireshark writes it: a
     * {@code frame.time_relative} range (seconds since the capture's first frame, to the nanosecond); null when no
     * frame falls inside.
     */
    public static String filterForTimes(PacketTable table, long fromNanos, long toNanos) {
        boolean any = false;
        for (int row = 0; row < table.size() && !any; row++) {
            long ts = table.timestampNanos(row);
            any = ts >= fromNanos && ts <= toNanos;
        }
        if (!any) {
            return null;
        }
        long first = table.timestampNanos(0);
        return "frame.time_relative >= " + seconds(fromNanos - first) + " && frame.time_relative <= "
                + seconds(toNanos - first);
    }

    private static String seconds(long nanos) {
        return BigDecimal.valueOf(nanos, 9).toPlainString();
    }
}
