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
import io.rocelens.filter.FrameDetail;
import io.rocelens.filter.FrameProtocols;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import java.util.function.DoubleConsumer;

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
     * The rows ordered by their Info text ({@link PacketColumns#info}) as {@link String#compareTo} orders them, ties
     * in their given order, or null when {@code current} turned false. Texts more than an eighth of the free heap
     * holds are ordered in runs written to the system's temporary folder and merged ({@link InfoOrder}).
     *
     * @param rows  the rows to order, or null for 0 … count-1; not changed
     * @param count how many rows when {@code rows} is null
     * @throws UncheckedIOException when a frame cannot be read again or the temporary folder has no room
     */
    public static int[] orderByInfo(IndexedFrames frames, int[] rows, int count, boolean descending,
                                    DissectorOptions options, BooleanSupplier current) {
        return new InfoOrder(frames, rows, count, descending, options, current, InfoOrder.runCharsForHeap(),
                Path.of(System.getProperty("java.io.tmpdir"))).order();
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
            throw new UncheckedIOException(unreadable(row, unreadable));
        }
    }

    /** The failure to read a row's frame again, saying which frame and why. */
    static IOException unreadable(int row, IOException cause) {
        return new IOException("cannot read frame " + (row + 1) + " of the capture again: "
                + CaptureOpenException.reason(cause), cause);
    }

    /**
     * A row's detail dissection, made only when a filter asks for it, and its {@code frame.protocols}, by the frame's
     * shape; reused from row to row.
     */
    private static final class DetailOnDemand implements FrameDetail {
        private final IndexedFrames frames;
        private final Dissector dissector;
        private final FrameProtocols.ByShape paths = new FrameProtocols.ByShape();
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

        private Frame frame() {
            if (frame == null) {
                frame = read(frames, row);
            }
            return frame;
        }

        @Override
        public Dissection get() {
            return dissector.dissect(frame());
        }

        @Override
        public String protocols() {
            return paths.of(frame(), dissector, this);
        }
    }
}
