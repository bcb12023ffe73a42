package io.rocelens.app.gui.export.model;

import io.rocelens.analysis.Formats;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongPredicate;

/**
 * File › Print's packet range, as Wireshark's print dialog offers it: all packets, the selected one, the marked ones,
 * or a range of frame numbers such as {@code 1-10,15} ({@code 20-} to the last, {@code -5} from the first), each
 * either of the captured packets or of the displayed ones only.
 *
 * @param which     which packets
 * @param displayed of the displayed packets only (else of every captured one)
 * @param range     the frame numbers, for {@link Which#RANGE}
 */
public record PrintRange(Which which, boolean displayed, String range) {

    /** Wireshark's choices. */
    public enum Which { ALL, SELECTED, MARKED, RANGE }

    /**
     * The rows (frame − 1) to print, in frame order.
     *
     * @param total     frames captured
     * @param shown     the displayed rows, in frame order
     * @param selected  the selected row, or -1
     * @param marked    whether a frame (by number) is marked
     * @throws IllegalArgumentException when the range is not one Wireshark takes, saying why
     */
    public int[] rows(int total, int[] shown, int selected, LongPredicate marked) {
        List<long[]> spans = which == Which.RANGE ? spans(range) : List.of();
        int[] from = displayed ? shown : allRows(total);
        int[] picked = new int[from.length];
        int count = 0;
        for (int row : from) {
            long frame = row + 1L;
            boolean take = switch (which) {
                case ALL -> true;
                case SELECTED -> row == selected;
                case MARKED -> marked.test(frame);
                case RANGE -> spans.stream().anyMatch(span -> frame >= span[0] && frame <= span[1]);
            };
            if (take) {
                picked[count++] = row;
            }
        }
        return java.util.Arrays.copyOf(picked, count);
    }

    private static int[] allRows(int total) {
        int[] rows = new int[total];
        for (int i = 0; i < total; i++) {
            rows[i] = i;
        }
        return rows;
    }

    /**
     * The spans of frame numbers a range names, first and last inclusive: parts separated by commas, each {@code N},
     * {@code N-M}, {@code N-} or {@code -M}, spaces allowed, as Wireshark's range_convert_str reads them.
     *
     * @throws IllegalArgumentException on an empty range, a part that is not a number, or a span that ends first
     */
    static List<long[]> spans(String range) {
        List<long[]> spans = new ArrayList<>();
        if (range == null || range.isBlank()) {
            throw new IllegalArgumentException("the range is empty: give frame numbers such as 1-10,15");
        }
        for (String part : range.split(",")) {
            String text = part.strip();
            int dash = text.indexOf('-');
            long first;
            long last;
            if (dash < 0) {
                first = number(text, part);
                last = first;
            } else {
                String before = text.substring(0, dash).strip();
                String after = text.substring(dash + 1).strip();
                first = before.isEmpty() ? 1 : number(before, part);
                last = after.isEmpty() ? Long.MAX_VALUE : number(after, part);
            }
            if (last < first) {
                throw new IllegalArgumentException("\"" + text + "\" ends before it starts");
            }
            spans.add(new long[] {first, last});
        }
        return spans;
    }

    private static long number(String text, String part) {
        if (text.isEmpty() || !text.chars().allMatch(Character::isDigit)) {
            throw new IllegalArgumentException("\"" + part.strip() + "\" is not a frame number or a range of them"
                    + " (such as 1-10,15)");
        }
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException tooLong) {
            throw new IllegalArgumentException("\"" + part.strip() + "\" is too large a frame number");
        }
    }

    /** "6 packets", as the dialog says how many will be printed. */
    public static String count(int packets) {
        return String.format(Formats.DIGITS, "%d %s", packets, packets == 1 ? "packet" : "packets");
    }
}
