package io.rocelens.index;

import io.rocelens.capture.CaptureOpenException;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.FastDissector;
import io.rocelens.dissect.PacketColumns;
import io.rocelens.dissect.PacketSummary;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.BooleanSupplier;
import java.util.function.IntBinaryOperator;
import java.util.stream.Stream;

/**
 * Rows ordered by their Info text ({@link PacketColumns#info}) as {@link String#compareTo} orders them, ties in their
 * given order, in either direction. The texts of as many rows as a run holds are kept in one buffer of chars with an
 * offset per row and ordered there; when the rows' texts need more than one run (100M rows of RoCE traffic hold about
 * 4.5 GB of text, more than a heap beside their index), each run is written, in its order, to a file in a temporary
 * folder, and the runs are merged: memory holds one run and the result, the disk the rest, for as long as the sort
 * lasts. No String, boxed Integer or other object is kept per row in memory.
 */
final class InfoOrder {

    /** Rows between two looks at whether the sort is still wanted. */
    private static final int CHECK_EVERY = 8192;
    /**
     * An Info text is compared on at most this many chars once written to a run ({@link DataOutputStream#writeUTF}
     * holds at most 65,535 bytes); Info texts are one line of a few dozen.
     */
    private static final int MOST_CHARS_COMPARED = 20_000;

    private final IndexedFrames frames;
    private final int[] rows;
    private final int count;
    private final boolean descending;
    private final BooleanSupplier current;
    private final int runChars;
    private final Path spillParent;
    private final FastDissector fast;
    private final PacketSummary summary = new PacketSummary();
    private final StringBuilder text = new StringBuilder(128);
    private int runsWritten;

    /**
     * @param rows        the rows to order, or null for 0 … count-1; not changed
     * @param runChars    the most chars of text one run keeps in memory
     * @param spillParent where the folder of the runs' files is made
     */
    InfoOrder(IndexedFrames frames, int[] rows, int count, boolean descending, DissectorOptions options,
              BooleanSupplier current, int runChars, Path spillParent) {
        this.frames = frames;
        this.rows = rows;
        this.count = rows != null ? rows.length : count;
        this.descending = descending;
        this.current = current;
        this.runChars = runChars;
        this.spillParent = spillParent;
        this.fast = new FastDissector(options);
    }

    /** The most chars of text a run keeps: an eighth of the heap free now (a quarter in bytes), at most 2^31 - 1024. */
    static int runCharsForHeap() {
        Runtime runtime = Runtime.getRuntime();
        long free = runtime.maxMemory() - (runtime.totalMemory() - runtime.freeMemory());
        return (int) Math.max(1 << 20, Math.min(Integer.MAX_VALUE - 1024, free / 8));
    }

    /** The ordered rows, or null when {@code current} turned false; the runs' files are gone when it returns. */
    int[] order() {
        Path spill = null;
        try {
            char[] chars = new char[(int) Math.min(count * 48L + 64, runChars)];
            int[] starts = new int[Math.min(count, 1 << 16) + 1];
            List<Run> runs = new ArrayList<>();
            int runFrom = 0;
            int used = 0;
            for (int i = 0; i < count; i++) {
                if (i % CHECK_EVERY == CHECK_EVERY - 1 && !current.getAsBoolean()) {
                    return null;
                }
                info(row(i));
                if (used + text.length() > runChars && i > runFrom) {
                    if (spill == null) {
                        spill = Files.createTempDirectory(spillParent, "rocelens-info-sort");
                    }
                    starts[i - runFrom] = used;
                    runs.add(write(spill.resolve("run" + runs.size()), runFrom, i - runFrom, chars, starts));
                    runFrom = i;
                    used = 0;
                }
                if (used + text.length() > chars.length) {
                    chars = Arrays.copyOf(chars, (int) Math.min(Math.max(2L * chars.length, used + text.length()),
                            Math.max(runChars, used + text.length())));
                }
                if (i - runFrom + 1 >= starts.length) {
                    starts = Arrays.copyOf(starts, (int) Math.min(2L * starts.length, count + 1L));
                }
                starts[i - runFrom] = used;
                text.getChars(0, text.length(), chars, used);
                used += text.length();
            }
            int last = count - runFrom;
            starts[last] = used;
            if (runs.isEmpty()) {
                int[] order = ordered(chars, starts, last);
                int[] sorted = new int[count];
                for (int i = 0; i < count; i++) {
                    sorted[i] = row(order[i]);
                }
                return sorted;
            }
            runs.add(write(spill.resolve("run" + runs.size()), runFrom, last, chars, starts));
            chars = null;   // the merge needs the room
            starts = null;
            return merge(runs);
        } catch (IOException failure) {
            throw new UncheckedIOException(new IOException("sorting by Info needs room for its texts in "
                    + spillParent + ": " + CaptureOpenException.reason(failure), failure));
        } finally {
            delete(spill);
        }
    }

    /** The runs the last {@link #order} wrote to disk: 0 when the texts fitted in memory. */
    int runsWritten() {
        return runsWritten;
    }

    private int row(int i) {
        return rows != null ? rows[i] : i;
    }

    /** The row's Info text, into {@link #text}. */
    private void info(int row) {
        fast.summarize(IndexPasses.read(frames, row), summary);
        text.setLength(0);
        PacketColumns.info(summary, text);
    }

    /** The positions 0 … n-1 of a run's texts, ordered; text i is {@code chars[starts[i] … starts[i + 1])}. */
    private int[] ordered(char[] chars, int[] starts, int n) {
        IntBinaryOperator byText = (x, y) -> compare(chars, starts[x], starts[x + 1], starts[y], starts[y + 1]);
        int[] order = new int[n];
        Arrays.setAll(order, i -> i);
        mergeSort(order, new int[n], 0, n, descending ? (x, y) -> byText.applyAsInt(y, x) : byText);
        return order;
    }

    /** A run written to its file: each row, then its text, in the run's order. */
    private record Run(Path file, int rows) {
    }

    private Run write(Path file, int runFrom, int n, char[] chars, int[] starts) throws IOException {
        runsWritten++;
        int[] order = ordered(chars, starts, n);
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file),
                1 << 20))) {
            for (int position : order) {
                int from = starts[position];
                int length = Math.min(starts[position + 1] - from, MOST_CHARS_COMPARED);
                out.writeInt(row(runFrom + position));
                out.writeUTF(new String(chars, from, length));
            }
        }
        return new Run(file, n);
    }

    /** The runs merged: the least text of the runs' next ones first, a tie to the earlier run (its rows came first). */
    private int[] merge(List<Run> runs) throws IOException {
        int k = runs.size();
        DataInputStream[] in = new DataInputStream[k];
        String[] texts = new String[k];
        int[] heads = new int[k];
        int[] left = new int[k];
        PriorityQueue<Integer> next = new PriorityQueue<>(k, (a, b) -> {
            int byText = descending ? texts[b].compareTo(texts[a]) : texts[a].compareTo(texts[b]);
            return byText != 0 ? byText : Integer.compare(a, b);
        });
        try {
            for (int r = 0; r < k; r++) {
                in[r] = new DataInputStream(new BufferedInputStream(Files.newInputStream(runs.get(r).file()),
                        1 << 16));
                left[r] = runs.get(r).rows();
                if (advance(in[r], r, heads, texts, left)) {
                    next.add(r);
                }
            }
            int[] sorted = new int[count];
            for (int i = 0; i < count; i++) {
                if (i % CHECK_EVERY == CHECK_EVERY - 1 && !current.getAsBoolean()) {
                    return null;
                }
                int r = next.poll();
                sorted[i] = heads[r];
                if (advance(in[r], r, heads, texts, left)) {
                    next.add(r);
                }
            }
            return sorted;
        } finally {
            for (DataInputStream stream : in) {
                if (stream != null) {
                    stream.close();
                }
            }
        }
    }

    /** Reads run r's next row and text; false when the run has none left. */
    private static boolean advance(DataInputStream in, int r, int[] heads, String[] texts, int[] left)
            throws IOException {
        if (left[r] == 0) {
            return false;
        }
        left[r]--;
        heads[r] = in.readInt();
        texts[r] = in.readUTF();
        return true;
    }

    private static void delete(Path folder) {
        if (folder == null) {
            return;
        }
        try (Stream<Path> files = Files.list(folder)) {
            for (Path file : files.toList()) {
                Files.deleteIfExists(file);
            }
            Files.deleteIfExists(folder);
        } catch (IOException ignored) {
            // a file left in the temporary folder is the system's to clear; the sort's answer stands
        }
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
