package io.rocelens.app.gui.stats.journey.model;

import io.rocelens.analysis.AnalysisOptions;
import io.rocelens.correlate.Correlator;
import io.rocelens.dissect.DissectorOptions;
import java.nio.file.Path;
import java.util.List;

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
        long windowNanos = window(window);
        return switch (mode) {
            case SYNC -> new CorrelationRequest(files, new Correlator.Options(windowNanos, Correlator.Clock.SYNCHRONISED,
                    null, dissector, null));
            case ESTIMATED -> new CorrelationRequest(files, new Correlator.Options(windowNanos,
                    Correlator.Clock.ESTIMATED, null, dissector, null));
            case OFFSETS -> new CorrelationRequest(files, new Correlator.Options(windowNanos, Correlator.Clock.GIVEN,
                    offsets(offsets, files.size()), dissector, null));
        };
    }

    /** The offsets typed in, checked as {@code correlate --clock-offset} checks them; none typed: all 0. */
    private static long[] offsets(String text, int points) {
        if (text == null || text.isBlank()) {
            return new long[points];
        }
        long[] offsets;
        try {
            offsets = Correlator.parseClockOffsets(text, points);
        } catch (IllegalArgumentException wrong) {
            throw new IllegalArgumentException("Clock offsets: " + wrong.getMessage() + ".");
        }
        if (offsets[0] != 0) {
            throw new IllegalArgumentException("Clock offsets are from the first capture's clock, so point 0 has none.");
        }
        return offsets;
    }

    private static long window(String text) {
        try {
            return AnalysisOptions.parseDuration(text == null || text.isBlank() ? "10ms" : text.strip());
        } catch (IllegalArgumentException wrong) {
            throw new IllegalArgumentException("Delay window: " + wrong.getMessage() + ".");
        }
    }
}
