package io.rocelens.index;

import io.rocelens.analysis.AnalysisMarks;
import io.rocelens.capture.CaptureOpenException;
import io.rocelens.capture.Frame;
import io.rocelens.dissect.Dissection;
import io.rocelens.dissect.Dissector;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.FastDissector;
import io.rocelens.dissect.PacketColumns;
import io.rocelens.dissect.PacketSummary;
import io.rocelens.filter.DisplayFilter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import java.util.function.DoubleConsumer;
import java.util.function.IntBinaryOperator;
import java.util.function.Supplier;

/**
 * The passes a packet list makes over a capture's packet index: the rows a display filter passes, the rows ordered
 * by their Info text, and the next row a filter or a text finds. A filter whose fields the index holds all
 * ({@link PacketIndex#indexes}) runs on the index alone, without reading or dissecting a frame again; the others read
 * each frame again and dissect it (in detail only when the filter asks for a field the summary lacks).
 *
 * <p>The passes may run long: they ask {@code current} now and then and give up (returning null) once it says a
 * newer request has made theirs stale. A frame that cannot be read again ends a pass with an
 * {@link UncheckedIOException} that says which frame.
 */
public final class IndexPasses {

    private IndexPasses() {
    }

    /**
     * The rows in [from, to) the filter passes, in frame order, or null when {@code current} turned false.
     *
     * @param marks    the analysis marks of the capture, or null ({@code roce.analysis.*} then match nothing)
     * @param progress share of the rows done, 0 to 1
     */
    public static int[] select(IndexedFrames frames, DisplayFilter filter, AnalysisMarks marks,
                               DissectorOptions options, int from, int to, BooleanSupplier current,
                               DoubleConsumer progress) {
        boolean indexOnly = filter.usesOnly(frames::indexes);
        FastDissector fast = indexOnly ? null : new FastDissector(options);
        DetailOnDemand detail = new DetailOnDemand(frames, new Dissector(options));
        PacketSummary summary = new PacketSummary();
        int[] rows = new int[Math.max(0, Math.min(to - from, 1 << 16))];
        int count = 0;
        int step = indexOnly ? 1 << 18 : 1 << 13;
        for (int row = from; row < to; row++) {
            if ((row - from) % step == step - 1) {
                if (!current.getAsBoolean()) {
                    return null;
                }
                progress.accept((double) (row - from) / (to - from));
            }
            detail.at(row, indexOnly ? null : read(frames, row));
            if (indexOnly) {
                frames.fill(row, summary);
            } else {
                frames.summarize(row, detail.frame, fast, summary);
            }
            if (filter.matches(summary, marks, detail)) {
                if (count == rows.length) {
                    rows = Arrays.copyOf(rows, Math.max(16, rows.length * 2));
                }
                rows[count++] = row;
            }
        }
        return Arrays.copyOf(rows, count);
    }

    /**
     * The rows ordered by their Info text ({@link PacketColumns#info}), ties in their given order, or null when
     * {@code current} turned false. The texts are kept in one buffer of chars with an offset per row, and the rows
     * are ordered as an int permutation: no String, boxed Integer or other object is kept per row.
     *
     * @param rows the rows to order; not changed
     * @throws ListTooLongException when their texts are more than one buffer holds (2^31 characters: about 45M rows
     *                              of RoCE traffic)
     */
    public static int[] orderByInfo(IndexedFrames frames, int[] rows, boolean descending, DissectorOptions options,
                                    BooleanSupplier current) {
        return orderByInfo(frames, rows, descending, options, current, Integer.MAX_VALUE - 1024);
    }

    static int[] orderByInfo(IndexedFrames frames, int[] rows, boolean descending, DissectorOptions options,
                             BooleanSupplier current, int maxChars) {
        FastDissector fast = new FastDissector(options);
        PacketSummary summary = new PacketSummary();
        StringBuilder texts = new StringBuilder((int) Math.min(rows.length * 32L, maxChars));
        int[] starts = new int[rows.length + 1];
        for (int i = 0; i < rows.length; i++) {
            if (i % 8192 == 8191 && !current.getAsBoolean()) {
                return null;
            }
            fast.summarize(read(frames, rows[i]), summary);
            starts[i] = texts.length();
            PacketColumns.info(summary, texts);
            if (texts.length() > maxChars - 512) {
                throw new ListTooLongException("Sorting by Info keeps the Info text of every packet listed, and the "
                        + String.format(java.util.Locale.ROOT, "%,d", rows.length) + " packets listed have more of it"
                        + " than that holds. Filter the list first, or sort by another column.");
            }
        }
        starts[rows.length] = texts.length();
        char[] chars = new char[texts.length()];
        texts.getChars(0, chars.length, chars, 0);
        IntBinaryOperator byText = (x, y) -> compare(chars, starts[x], starts[x + 1], starts[y], starts[y + 1]);
        int[] order = new int[rows.length];
        Arrays.setAll(order, i -> i);
        mergeSort(order, new int[order.length], 0, order.length, descending ? (x, y) -> byText.applyAsInt(y, x)
                : byText);
        int[] sorted = new int[rows.length];
        for (int i = 0; i < sorted.length; i++) {
            sorted[i] = rows[order[i]];
        }
        return sorted;
    }

    /** Compares two ranges of chars as {@link String#compareTo} compares the strings they hold. */
    private static int compare(char[] chars, int aFrom, int aTo, int bFrom, int bTo) {
        int length = Math.min(aTo - aFrom, bTo - bFrom);
        for (int i = 0; i < length; i++) {
            char a = chars[aFrom + i];
            char b = chars[bFrom + i];
            if (a != b) {
                return a - b;
            }
        }
        return (aTo - aFrom) - (bTo - bFrom);
    }

    /**
     * The next place after {@code from} (wrapping around, {@code from} itself last) whose row the filter passes, or
     * whose summary line (source, destination, protocol and Info) holds the text, case ignored; -1 for none, or when
     * {@code current} turned false.
     *
     * @param places the displayed rows by place, or null when place = row for every row below {@code count}
     * @param filter a compiled filter, or null to search for {@code text}
     */
    public static int find(IndexedFrames frames, int[] places, int count, int from, DisplayFilter filter, String text,
                           AnalysisMarks marks, DissectorOptions options, BooleanSupplier current) {
        FastDissector fast = new FastDissector(options);
        DetailOnDemand detail = new DetailOnDemand(frames, new Dissector(options));
        PacketSummary summary = new PacketSummary();
        boolean indexOnly = filter != null && filter.usesOnly(frames::indexes);
        String needle = text == null ? null : text.toLowerCase(Locale.ROOT);
        StringBuilder line = new StringBuilder();
        for (int step = 1; step <= count && current.getAsBoolean(); step++) {
            int place = Math.floorMod(from + step, count);
            int row = places != null ? places[place] : place;
            boolean hit;
            if (filter != null) {
                detail.at(row, indexOnly ? null : read(frames, row));
                if (indexOnly) {
                    frames.fill(row, summary);
                } else {
                    frames.summarize(row, detail.frame, fast, summary);
                }
                hit = filter.matches(summary, marks, detail);
            } else {
                frames.summarize(row, read(frames, row), fast, summary);
                line.setLength(0);
                line.append(frames.source(row)).append(' ').append(frames.destination(row)).append(' ')
                        .append(frames.protocol(row)).append(' ');
                PacketColumns.info(summary, line);
                hit = line.toString().toLowerCase(Locale.ROOT).contains(needle);
            }
            if (hit) {
                return place;
            }
        }
        return -1;
    }

    /** Reads a row's frame again; a failure says which frame, as an unchecked exception. */
    public static Frame read(IndexedFrames frames, int row) {
        try {
            return frames.frame(row);
        } catch (IOException unreadable) {
            throw new UncheckedIOException(new IOException("cannot read frame " + (row + 1) + " of the capture again: "
                    + CaptureOpenException.reason(unreadable), unreadable));
        }
    }

    /** A row's detail dissection, made only when a filter asks for it; reused from row to row. */
    private static final class DetailOnDemand implements Supplier<Dissection> {
        private final IndexedFrames frames;
        private final Dissector dissector;
        private int row;
        private Frame frame;

        DetailOnDemand(IndexedFrames frames, Dissector dissector) {
            this.frames = frames;
            this.dissector = dissector;
        }

        void at(int newRow, Frame alreadyRead) {
            row = newRow;
            frame = alreadyRead;
        }

        @Override
        public Dissection get() {
            if (frame == null) {
                frame = read(frames, row);
            }
            return dissector.dissect(frame);
        }
    }

    /** A stable merge sort of ints by a comparison of them ({@code Arrays.sort} has none for primitives). */
    private static void mergeSort(int[] a, int[] scratch, int from, int to, IntBinaryOperator compare) {
        if (to - from < 2) {
            return;
        }
        int middle = (from + to) >>> 1;
        mergeSort(a, scratch, from, middle, compare);
        mergeSort(a, scratch, middle, to, compare);
        if (compare.applyAsInt(a[middle - 1], a[middle]) <= 0) {
            return;
        }
        System.arraycopy(a, from, scratch, from, to - from);
        int left = from;
        int right = middle;
        for (int i = from; i < to; i++) {
            if (right >= to || left < middle && compare.applyAsInt(scratch[left], scratch[right]) <= 0) {
                a[i] = scratch[left++];
            } else {
                a[i] = scratch[right++];
            }
        }
    }
}
