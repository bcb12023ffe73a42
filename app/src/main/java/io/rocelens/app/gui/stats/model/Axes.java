package io.rocelens.app.gui.stats.model;

import io.rocelens.analysis.Formats;

import java.util.ArrayList;
import java.util.List;

/** Tick marks for chart axes: round steps of the 1-2-5 series, and times labelled in one unit per axis. */
public final class Axes {

    private Axes() {
    }

    /** Ticks between lo and hi, about {@code wanted} of them, at multiples of a 1-2-5 step. */
    public static List<Double> ticks(double lo, double hi, int wanted) {
        List<Double> ticks = new ArrayList<>();
        if (!(hi > lo)) {
            ticks.add(lo);
            return ticks;
        }
        double step = step((hi - lo) / Math.max(1, wanted));
        for (double tick = Math.ceil(lo / step) * step; tick <= hi + step * 1e-9; tick += step) {
            ticks.add(Math.abs(tick) < step * 1e-9 ? 0 : tick);
        }
        return ticks;
    }

    /**
     * Ticks for a whole-number axis (PSNs): as {@link #ticks}, with a step of at least 1, so a view zoomed to a few
     * values labels each once instead of repeating the whole number under fractional ticks.
     */
    public static List<Double> wholeTicks(double lo, double hi, int wanted) {
        List<Double> ticks = new ArrayList<>();
        if (!(hi > lo)) {
            ticks.add(Math.ceil(lo));
            return ticks;
        }
        double step = Math.max(1, step((hi - lo) / Math.max(1, wanted)));
        for (double tick = Math.ceil(lo / step) * step; tick <= hi + step * 1e-9; tick += step) {
            ticks.add(tick);
        }
        return ticks;
    }

    /**
     * Zooms the range [lo, hi] by {@code factor} around {@code at}, never to less than {@code minSpan}: a PSN ladder
     * zoomed past a few PSNs, or a time axis past a few nanoseconds, shows nothing more.
     *
     * @return the new {lo, hi}
     */
    public static double[] zoom(double lo, double hi, double at, double factor, double minSpan) {
        double span = hi - lo;
        double scaled = Math.max(span * factor, Math.min(span, minSpan));
        double applied = span > 0 ? scaled / span : 1;
        return new double[] {at - (at - lo) * applied, at + (hi - at) * applied};
    }

    /** The smallest 1, 2 or 5 × 10^k at least {@code rough}. */
    public static double step(double rough) {
        double power = Math.pow(10, Math.floor(Math.log10(rough)));
        for (double factor : new double[] {1, 2, 5, 10}) {
            if (factor * power >= rough * (1 - 1e-9)) {
                return factor * power;
            }
        }
        return 10 * power;
    }

    /** The unit a span of nanoseconds is best labelled in: its name and its length in nanoseconds. */
    public record TimeUnit(String name, double nanos) {
        public String format(double valueNanos, double stepNanos) {
            double value = valueNanos / nanos;
            double step = stepNanos / nanos;
            int decimals = step >= 1 ? 0 : (int) Math.ceil(-Math.log10(step) - 1e-9);
            return String.format(Formats.DIGITS, "%." + Math.min(9, decimals) + "f", value);
        }
    }

    public static TimeUnit timeUnit(double spanNanos) {
        if (spanNanos >= 2e9) {
            return new TimeUnit("s", 1e9);
        }
        if (spanNanos >= 2e6) {
            return new TimeUnit("ms", 1e6);
        }
        if (spanNanos >= 2e3) {
            return new TimeUnit("µs", 1e3);
        }
        return new TimeUnit("ns", 1);
    }
}
