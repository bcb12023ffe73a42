package io.rocelens.analysis;

import java.util.Arrays;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Settings of one analysis pass. Immutable, so one instance can be shared between threads: the arrays are copied
 * on the way in and on the way out.
 *
 * @param linkSpeedBps     link speed that turns PFC quanta into time (a quantum is 512 bit times)
 * @param dscpToPriority   64 entries: priority of an untagged RoCE packet by its DSCP
 * @param binWidthNanos    bandwidth time-bin width, or 0 to choose one from the capture's duration
 * @param etsShares        configured ETS share (percent) per priority 0..7, NaN where none is configured; null when
 *                         no ETS shares were given
 * @param stormShare       a sender's priority paused for more than this share (0..1) of a storm window is a storm
 * @param stormWindowNanos length of the windows the storm share is measured over
 * @param maxStored        how many events (and NAK links, CNP links, paused intervals, storms) are kept; the rest are
 *                         only counted
 * @param cnpBeforeBins    how many rate bins before a CNP make "the rate before" its DCQCN reaction is measured
 *                         against ({@link DcqcnReaction})
 */
public record AnalysisOptions(long linkSpeedBps, int[] dscpToPriority, long binWidthNanos, double[] etsShares,
                              double stormShare, long stormWindowNanos, int maxStored, int cnpBeforeBins) {

    public static final long DEFAULT_LINK_SPEED = 100_000_000_000L;
    /** More bins before a CNP than the bandwidth view has (1000) would reach before most captures start. */
    public static final int MAX_CNP_BEFORE_BINS = 1000;

    public AnalysisOptions {
        if (linkSpeedBps <= 0) {
            throw new IllegalArgumentException("link speed must be positive");
        }
        if (dscpToPriority.length != 64) {
            throw new IllegalArgumentException("the DSCP map needs 64 entries");
        }
        for (int priority : dscpToPriority) {
            if (priority < 0 || priority > 7) {
                throw new IllegalArgumentException("priority out of range 0-7: " + priority);
            }
        }
        if (binWidthNanos < 0) {
            throw new IllegalArgumentException("bin width must not be negative");
        }
        if (etsShares != null && etsShares.length != 8) {
            throw new IllegalArgumentException("ETS shares need 8 entries");
        }
        if (!(stormShare > 0 && stormShare <= 1)) {
            throw new IllegalArgumentException("storm threshold must be a share in (0, 1]");
        }
        if (stormWindowNanos <= 0) {
            throw new IllegalArgumentException("storm window must be positive");
        }
        if (maxStored < 0) {
            throw new IllegalArgumentException("maxStored must not be negative");
        }
        if (cnpBeforeBins < 1 || cnpBeforeBins > MAX_CNP_BEFORE_BINS) {
            throw new IllegalArgumentException("the rate before a CNP is taken over 1-" + MAX_CNP_BEFORE_BINS
                    + " bins: " + cnpBeforeBins);
        }
        dscpToPriority = dscpToPriority.clone();
        etsShares = etsShares == null ? null : etsShares.clone();
    }

    /** A copy of the DSCP map (64 entries). */
    @Override
    public int[] dscpToPriority() {
        return dscpToPriority.clone();
    }

    /** A copy of the ETS shares (8 entries), or null when none were given. */
    @Override
    public double[] etsShares() {
        return etsShares == null ? null : etsShares.clone();
    }

    /**
     * The priority of a frame, the one rule for the packet list, the analysis, the views and the filters: on native
     * InfiniBand the LRH's service level (SL 8-15 as priority 7: eight priorities are kept, as Ethernet has), else
     * the outermost VLAN tag's PCP, else the DSCP through the DSCP map; -1 when the frame has none of them.
     *
     * @param lrhSl   the LRH's SL, or -1
     * @param vlanPcp the outermost VLAN tag's PCP, or -1
     * @param dscp    the IP (or GRH) DSCP, or -1
     */
    public int priorityOf(int lrhSl, int vlanPcp, int dscp) {
        if (lrhSl >= 0) {
            return Math.min(lrhSl, 7);
        }
        if (vlanPcp >= 0) {
            return vlanPcp & 7;
        }
        return dscp >= 0 ? dscpToPriority[dscp & 63] : -1;
    }

    /** The priority of an untagged packet with this DSCP (0..63). */
    public int priorityOfDscp(int dscp) {
        return dscpToPriority[dscp];
    }

    /**
     * 100 Gb/s, DSCP &gt;&gt; 3, automatic bins, no ETS, storms above 50 % of 100 ms windows, 100 000 stored events,
     * the rate before a CNP over {@link DcqcnReaction#DEFAULT_BEFORE_BINS} bins.
     */
    public static AnalysisOptions defaults() {
        return new AnalysisOptions(DEFAULT_LINK_SPEED, defaultDscpMap(), 0, null, 0.5, 100_000_000L, 100_000,
                DcqcnReaction.DEFAULT_BEFORE_BINS);
    }

    public AnalysisOptions withLinkSpeed(long bps) {
        return new AnalysisOptions(bps, dscpToPriority, binWidthNanos, etsShares, stormShare, stormWindowNanos, maxStored,
                cnpBeforeBins);
    }

    public AnalysisOptions withDscpMap(int[] map) {
        return new AnalysisOptions(linkSpeedBps, map, binWidthNanos, etsShares, stormShare, stormWindowNanos, maxStored,
                cnpBeforeBins);
    }

    public AnalysisOptions withEts(double[] shares) {
        return new AnalysisOptions(linkSpeedBps, dscpToPriority, binWidthNanos, shares, stormShare, stormWindowNanos, maxStored,
                cnpBeforeBins);
    }

    public AnalysisOptions withStorm(double share, long windowNanos) {
        return new AnalysisOptions(linkSpeedBps, dscpToPriority, binWidthNanos, etsShares, share, windowNanos, maxStored,
                cnpBeforeBins);
    }

    public AnalysisOptions withMaxStored(int max) {
        return new AnalysisOptions(linkSpeedBps, dscpToPriority, binWidthNanos, etsShares, stormShare, stormWindowNanos, max,
                cnpBeforeBins);
    }

    public AnalysisOptions withCnpBeforeBins(int bins) {
        return new AnalysisOptions(linkSpeedBps, dscpToPriority, binWidthNanos, etsShares, stormShare, stormWindowNanos,
                maxStored, bins);
    }

    /** The map most switches and NICs use in "trust DSCP" mode: priority = DSCP &gt;&gt; 3. */
    public static int[] defaultDscpMap() {
        int[] map = new int[64];
        for (int dscp = 0; dscp < 64; dscp++) {
            map[dscp] = dscp >> 3;
        }
        return map;
    }

    /** PFC pause time of a number of quanta at this link speed, in nanoseconds. */
    public double quantaNanos(long quanta) {
        return quanta * 512 * 1e9 / linkSpeedBps;
    }

    /**
     * Parses a link speed: a number of bits per second with an optional K, M, G or T suffix ("100G", "25g",
     * "40000M", "1e11").
     */
    public static long parseLinkSpeed(String text) {
        String value = text.trim().toUpperCase(Locale.ROOT);
        if (value.endsWith("BPS")) {
            value = value.substring(0, value.length() - 3);
        } else if (value.endsWith("B/S")) {
            value = value.substring(0, value.length() - 3);
        }
        double multiplier = 1;
        if (!value.isEmpty()) {
            switch (value.charAt(value.length() - 1)) {
                case 'K' -> multiplier = 1e3;
                case 'M' -> multiplier = 1e6;
                case 'G' -> multiplier = 1e9;
                case 'T' -> multiplier = 1e12;
                default -> multiplier = 0;
            }
            if (multiplier != 0) {
                value = value.substring(0, value.length() - 1);
            } else {
                multiplier = 1;
            }
        }
        double bps;
        try {
            bps = Double.parseDouble(value) * multiplier;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a link speed: \"" + text + "\" (try 100G, 25G or 400G)");
        }
        if (!(bps >= 1) || bps > 1e15) {
            throw new IllegalArgumentException("link speed out of range: \"" + text + "\"");
        }
        return Math.round(bps);
    }

    /**
     * Parses DSCP→priority overrides on top of the default DSCP &gt;&gt; 3: "26=3,48=6" (":" works as well as "=").
     */
    public static int[] parseDscpMap(String text) {
        int[] map = defaultDscpMap();
        for (String entry : text.split(",")) {
            String trimmed = entry.trim();
            if (trimmed.isEmpty()) {
                continue;
            }
            String[] parts = trimmed.split("[=:]");
            if (parts.length != 2) {
                throw new IllegalArgumentException("DSCP map entry must be DSCP=PRIORITY: \"" + trimmed + "\"");
            }
            int dscp = parseInt(parts[0], 0, 63, "DSCP");
            map[dscp] = parseInt(parts[1], 0, 7, "priority");
        }
        return map;
    }

    private static final Pattern DURATION = Pattern.compile("([0-9]*\\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\\s*(ns|us|µs|ms|s)?");

    /**
     * Parses a duration with a unit — ns, us (or µs), ms, s; a bare number is seconds — into nanoseconds, as the
     * command line's --bin-width, --storm-window and --window take it.
     *
     * @throws IllegalArgumentException with a one-line message when it is not one, or not 1 ns to 10^15 ns
     */
    public static long parseDuration(String value) {
        Matcher m = DURATION.matcher(value.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("not a duration: \"" + value + "\" (try 100us, 1ms or 1s)");
        }
        double number = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        double nanos = number * switch (unit) {
            case "ns" -> 1;
            case "us", "µs" -> 1e3;
            case "ms" -> 1e6;
            default -> 1e9;
        };
        if (nanos < 1 || nanos > 1e15) {
            throw new IllegalArgumentException("duration out of range: \"" + value + "\"");
        }
        return Math.round(nanos);
    }

    /**
     * Parses ETS shares in percent: either a plain list for priorities 0, 1, 2, … ("70,20,10") or PRIORITY=SHARE
     * pairs ("3=50,0=30,6=20"). Priorities not named get no configured share (NaN).
     */
    public static double[] parseEts(String text) {
        double[] shares = new double[8];
        Arrays.fill(shares, Double.NaN);
        String[] entries = text.split(",");
        if (entries.length > 8) {
            throw new IllegalArgumentException("ETS shares: at most 8 entries, one per priority");
        }
        double total = 0;
        for (int i = 0; i < entries.length; i++) {
            String entry = entries[i].trim();
            String[] parts = entry.split("[=:]");
            int priority = parts.length == 2 ? parseInt(parts[0], 0, 7, "priority") : i;
            String shareText = parts.length == 2 ? parts[1] : parts[0];
            double share;
            try {
                share = Double.parseDouble(shareText.trim().replace("%", ""));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("ETS share is not a number: \"" + entry + "\"");
            }
            if (!(share >= 0 && share <= 100)) {
                throw new IllegalArgumentException("ETS share out of range 0-100: \"" + entry + "\"");
            }
            shares[priority] = share;
            total += share;
        }
        if (total > 100.0001) {
            throw new IllegalArgumentException("ETS shares add up to more than 100 %: " + total);
        }
        return shares;
    }

    private static int parseInt(String text, int min, int max, String what) {
        int value;
        try {
            value = Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + " is not a number: \"" + text.trim() + "\"");
        }
        if (value < min || value > max) {
            throw new IllegalArgumentException(what + " out of range " + min + "-" + max + ": " + value);
        }
        return value;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof AnalysisOptions o && linkSpeedBps == o.linkSpeedBps
                && Arrays.equals(dscpToPriority, o.dscpToPriority) && binWidthNanos == o.binWidthNanos
                && Arrays.equals(etsShares, o.etsShares) && stormShare == o.stormShare
                && stormWindowNanos == o.stormWindowNanos && maxStored == o.maxStored
                && cnpBeforeBins == o.cnpBeforeBins;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(linkSpeedBps) * 31 + Arrays.hashCode(dscpToPriority);
    }

    @Override
    public String toString() {
        return "AnalysisOptions[linkSpeedBps=" + linkSpeedBps + ", binWidthNanos=" + binWidthNanos
                + ", etsShares=" + Arrays.toString(etsShares) + ", stormShare=" + stormShare
                + ", stormWindowNanos=" + stormWindowNanos + ", maxStored=" + maxStored
                + ", cnpBeforeBins=" + cnpBeforeBins + "]";
    }
}
