package io.rocelens.app.gui.stats.journey.model;

import io.rocelens.correlate.Correlator;
import io.rocelens.dissect.DissectorOptions;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What File › Open Correlated Captures… (or {@code rocelens -r A -r B …}) asks for: the captures in path order, how
 * their clocks relate and the delay window, checked as {@code rocelens correlate} checks its options.
 */
public record CorrelationRequest(List<Path> files, Correlator.Options options) {

    /** How the dialog names the clock modes. */
    public enum ClockMode {
        ESTIMATED("estimated from the packets"), SYNC("synchronised (PTP, ERSPAN III)"), OFFSETS("given offsets");

        private final String label;

        ClockMode(String label) {
            this.label = label;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    private static final Pattern DURATION = Pattern.compile("([0-9]+(?:\\.[0-9]*)?)\\s*(ns|us|µs|ms|s)?");

    public CorrelationRequest {
        files = List.copyOf(files);
    }

    /**
     * The request, or an {@link IllegalArgumentException} whose message is one line for the user.
     *
     * @param offsets for {@link ClockMode#OFFSETS}: {@code 1=+12.3us,2=-45us} (each point's clock minus point 0's)
     * @param window  the delay window, e.g. {@code 10ms}
     */
    public static CorrelationRequest of(List<Path> files, ClockMode mode, String offsets, String window,
                                        DissectorOptions dissector) {
        if (files.size() < Correlator.MIN_POINTS || files.size() > Correlator.MAX_POINTS) {
            throw new IllegalArgumentException("Correlation needs " + Correlator.MIN_POINTS + " to "
                    + Correlator.MAX_POINTS + " captures of one path, in path order; " + files.size() + " chosen.");
        }
        long windowNanos = nanos(window == null || window.isBlank() ? "10ms" : window.strip(), "delay window");
        if (windowNanos <= 0) {
            throw new IllegalArgumentException("The delay window must be longer than 0.");
        }
        return switch (mode) {
            case SYNC -> new CorrelationRequest(files, new Correlator.Options(windowNanos, Correlator.Clock.SYNCHRONISED,
                    null, dissector, null));
            case ESTIMATED -> new CorrelationRequest(files, new Correlator.Options(windowNanos,
                    Correlator.Clock.ESTIMATED, null, dissector, null));
            case OFFSETS -> new CorrelationRequest(files, new Correlator.Options(windowNanos, Correlator.Clock.GIVEN,
                    offsets(offsets, files.size()), dissector, null));
        };
    }

    /** {@code P=OFFSET,…} as {@code rocelens correlate --clock-offset} takes it; unnamed points get 0. */
    static long[] offsets(String text, int points) {
        long[] offsets = new long[points];
        if (text == null || text.isBlank()) {
            return offsets;
        }
        for (String item : text.split(",")) {
            String[] parts = item.strip().split("=", 2);
            int point;
            try {
                point = Integer.parseInt(parts[0].strip());
            } catch (NumberFormatException notANumber) {
                point = -1;
            }
            if (parts.length != 2 || point < 1 || point >= points) {
                throw new IllegalArgumentException("Clock offset \"" + item.strip() + "\": give POINT=OFFSET with a"
                        + " point from 1 to " + (points - 1) + ", e.g. 1=+12.3us.");
            }
            String value = parts[1].strip();
            boolean negative = value.startsWith("-") || value.startsWith("−");
            String magnitude = value.startsWith("-") || value.startsWith("+") || value.startsWith("−")
                    ? value.substring(1) : value;
            long nanos = nanos(magnitude, "clock offset");
            offsets[point] = negative ? -nanos : nanos;
        }
        return offsets;
    }

    /** A duration with a unit (ns, us, µs, ms, s; none: ns), in nanoseconds. */
    static long nanos(String text, String what) {
        Matcher m = DURATION.matcher(text.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("The " + what + " \"" + text + "\" is not a duration such as 10ms,"
                    + " 12.3us or 500ns.");
        }
        double scale = switch (m.group(2) == null ? "ns" : m.group(2)) {
            case "us", "µs" -> 1e3;
            case "ms" -> 1e6;
            case "s" -> 1e9;
            default -> 1;
        };
        return Math.round(Double.parseDouble(m.group(1)) * scale);
    }
}
