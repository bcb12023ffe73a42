package io.rocelens.filter;

import java.util.TreeSet;

/** The frame lists of the tshark expectation files (src/test/resources/tshark/filters/*.tsv). */
public final class FrameRanges {

    private FrameRanges() {
    }

    /** "1-3,7" → {1, 2, 3, 7}. */
    public static TreeSet<Long> frames(String ranges) {
        TreeSet<Long> numbers = new TreeSet<>();
        if (ranges.isBlank()) {
            return numbers;
        }
        for (String range : ranges.split(",")) {
            int dash = range.indexOf('-');
            long from = Long.parseLong(dash < 0 ? range : range.substring(0, dash));
            long to = dash < 0 ? from : Long.parseLong(range.substring(dash + 1));
            for (long n = from; n <= to; n++) {
                numbers.add(n);
            }
        }
        return numbers;
    }
}
