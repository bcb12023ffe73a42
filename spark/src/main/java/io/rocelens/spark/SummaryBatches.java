package io.rocelens.spark;

import io.rocelens.analysis.SummaryCodec;
import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureSplit;
import io.rocelens.capture.Frame;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.FastDissector;
import io.rocelens.dissect.PacketSummary;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.function.Consumer;

import org.apache.spark.Partitioner;
import org.apache.spark.TaskContext;
import scala.Tuple2;

/**
 * The job's frames, dissected once where they are read: a split's frames summarised by the library's fast dissector
 * and packed with {@link SummaryCodec} (only what the analysis reads, about 28 bytes a RoCE frame) into byte arrays of
 * about {@link #BATCH_BYTES}, one series per partition of the analysis, so Spark moves and sorts a record per batch
 * instead of per frame and the analysis side only decodes and analyses. A frame's partition is chosen by its point
 * and conversation (the unordered host pair of a RoCE frame; all the other frames of a point are one conversation
 * too): a flow's requests, its responses and its CNPs meet. Each split's frames of one partition are in capture order
 * in their series, so a partition that sorts its batches by point, file, split and sequence ({@link #ORDER}) meets
 * every frame in capture order, with no merging of conversations.
 *
 * <p>A split's frames are numbered within it, and the analysis of a point must know where its capture starts and
 * ends: so each split also sends every partition a record of its frame count and first and latest timestamp, which
 * sorts before every batch of its point; {@link #replay} numbers the frames through the point's stream from them.
 * The job then needs no pass over the files before this one.
 */
final class SummaryBatches {

    static final int BATCH_BYTES = 64 * 1024;
    /** The conversation of the frames that belong to no flow. */
    static final long NO_CONVERSATION = 0x5EED_0F_0F_F10E_5L;

    private SummaryBatches() {
    }

    /** The {@link Key#file()} of a split's record of its frames (see the class comment): before every file's. */
    static final int SPLIT_RECORD = -1;

    /** A batch's partition and its place in the order. */
    record Key(int point, int partition, int file, long splitStart, int sequence) implements Serializable {
    }

    /** The partition is the key's: the map task chose it from each frame's point and conversation. */
    static final class ByPartition extends Partitioner {
        private final int partitions;

        ByPartition(int partitions) {
            this.partitions = partitions;
        }

        @Override
        public int numPartitions() {
            return partitions;
        }

        @Override
        public int getPartition(Object key) {
            return ((Key) key).partition();
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof ByPartition o && o.partitions == partitions;
        }

        @Override
        public int hashCode() {
            return partitions;
        }
    }

    /** Point, file, split, then sequence: the capture order of a partition's frames. */
    static final Comparator<Key> ORDER = (Comparator<Key> & Serializable) (a, b) -> {
        int c = Integer.compare(a.point(), b.point());
        c = c != 0 ? c : Integer.compare(a.file(), b.file());
        c = c != 0 ? c : Long.compare(a.splitStart(), b.splitStart());
        return c != 0 ? c : Integer.compare(a.sequence(), b.sequence());
    };

    /** The partition of a dissected frame of a point: by its conversation (see {@link FrameColumns#conversation}). */
    static int partition(int point, PacketSummary s, int partitions) {
        long conversation = s.isRoce() ? FrameColumns.conversation(s.ipSrcHi, s.ipSrcLo, s.ipDstHi, s.ipDstLo)
                : NO_CONVERSATION;
        return Math.floorMod(31 * Long.hashCode(conversation) + point, partitions);
    }

    /**
     * Reads a split, dissects its frames and packs their summaries by partition, as the batches fill (a split's
     * frames are never all in memory), numbered from 1 in the split; at its end, the split's record to every partition,
     * and what the split held (frames, times, damage) to {@code read}.
     */
    static Iterator<Tuple2<Key, byte[]>> read(CaptureFiles.Split split, Set<Integer> rocePorts, int partitions,
                                              Consumer<AnalyzeJob.SplitStats> read) throws IOException {
        return new Packing(split, rocePorts, partitions, read);
    }

    private static final class Packing implements Iterator<Tuple2<Key, byte[]>> {
        private final CaptureFiles.Split split;
        private final CaptureReader reader;
        private final FastDissector dissector;
        private final PacketSummary summary = new PacketSummary();
        private final SummaryCodec.Writer[] writers;
        private final int[] sequences;
        private final ArrayDeque<Tuple2<Key, byte[]>> ready = new ArrayDeque<>();
        private final Consumer<AnalyzeJob.SplitStats> read;
        private long frames;
        private long firstTs = Long.MIN_VALUE;
        private long maxTs = Long.MIN_VALUE;
        private boolean done;
        private boolean closed;

        Packing(CaptureFiles.Split split, Set<Integer> rocePorts, int partitions,
                Consumer<AnalyzeJob.SplitStats> read) throws IOException {
            this.split = split;
            this.read = read;
            this.reader = CaptureSplit.open(Path.of(split.file().path()), split.start(), split.end());
            TaskContext task = TaskContext.get();
            if (task != null) {
                // a task killed before the end of its split leaves no file open
                task.addTaskCompletionListener((org.apache.spark.util.TaskCompletionListener) context -> close());
            }
            this.dissector = new FastDissector(new DissectorOptions(rocePorts));
            this.writers = new SummaryCodec.Writer[partitions];
            this.sequences = new int[partitions];
        }

        @Override
        public boolean hasNext() {
            while (ready.isEmpty() && !done) {
                step();
            }
            return !ready.isEmpty();
        }

        @Override
        public Tuple2<Key, byte[]> next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            return ready.poll();
        }

        private void step() {
            Frame frame;
            try {
                frame = reader.next();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            if (frame == null) {
                String problem = reader.problem();
                close();
                for (int p = 0; p < writers.length; p++) {
                    if (writers[p] != null && writers[p].frames() > 0) {
                        emit(p);
                    }
                }
                byte[] record = ByteBuffer.allocate(36).putInt(split.file().id()).putLong(split.start())
                        .putLong(frames).putLong(firstTs).putLong(maxTs).array();
                for (int p = 0; p < writers.length; p++) {
                    ready.add(new Tuple2<>(new Key(split.file().pointId(), p, SPLIT_RECORD, 0, 0), record));
                }
                read.accept(new AnalyzeJob.SplitStats(split, frames, firstTs, maxTs, problem));
                return;
            }
            if (frames++ == 0) {
                firstTs = frame.timestampNanos();
            }
            maxTs = Math.max(maxTs, frame.timestampNanos());
            dissector.summarize(frame, summary);
            int p = partition(split.file().pointId(), summary, writers.length);
            SummaryCodec.Writer writer = writers[p];
            if (writer == null) {
                writer = new SummaryCodec.Writer(BATCH_BYTES + 1024);
                writers[p] = writer;
            }
            writer.write(summary);
            if (writer.size() >= BATCH_BYTES) {
                emit(p);
            }
        }

        private void emit(int p) {
            ready.add(new Tuple2<>(new Key(split.file().pointId(), p, split.file().id(), split.start(), sequences[p]++),
                    writers[p].toByteArray()));
            writers[p].reset();
        }

        private void close() {
            done = true;
            if (closed) {
                return;
            }
            closed = true;
            try {
                reader.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** What {@link #replay} hands on: a point's frames, in capture order. */
    interface Sink {
        /** The partition's frames of a point start: its capture's first timestamp and its latest. */
        void point(int point, long captureStartNanos, long captureEndNanos);

        /** The point's next frame, numbered through its stream; the summary is reused for the next. */
        void frame(PacketSummary summary);

        /** The partition's frames of the point have all come. */
        void end();
    }

    /**
     * The frames of one partition's batches, sorted by {@link #ORDER}, to the sink: point by point, numbered through
     * each point's stream (its files in id order, each file's splits in order).
     */
    static void replay(Iterator<Tuple2<Key, byte[]>> batches, Sink sink) {
        SummaryCodec.Reader reader = new SummaryCodec.Reader();
        PacketSummary summary = new PacketSummary();
        List<long[]> records = new ArrayList<>();
        Stream stream = null;
        int point = -1;
        int file = SPLIT_RECORD;
        long splitStart = -1;
        long numberBefore = 0;
        while (batches.hasNext()) {
            Tuple2<Key, byte[]> batch = batches.next();
            Key key = batch._1();
            if (key.point() != point) {
                if (stream != null) {
                    sink.end();
                }
                point = key.point();
                records.clear();
                stream = null;
                file = SPLIT_RECORD;
            }
            if (key.file() == SPLIT_RECORD) {
                ByteBuffer r = ByteBuffer.wrap(batch._2());
                records.add(new long[] {r.getInt(), r.getLong(), r.getLong(), r.getLong(), r.getLong()});
                continue;
            }
            if (stream == null) {
                stream = new Stream(records);
                sink.point(point, stream.startNanos, stream.endNanos);
            }
            if (key.file() != file || key.splitStart() != splitStart) {
                file = key.file();
                splitStart = key.splitStart();
                numberBefore = stream.numberBefore(file, splitStart);
            }
            reader.reset(batch._2());
            while (reader.next(summary)) {
                summary.number += numberBefore;
                sink.frame(summary);
            }
        }
        if (stream != null) {
            sink.end();
        }
    }

    /** A point's splits as their records tell them (file, start, frames, first and latest timestamp), in order. */
    private static final class Stream {
        private final long[] files;
        private final long[] starts;
        private final long[] before;
        private long startNanos = Long.MIN_VALUE;
        private long endNanos = Long.MIN_VALUE;
        private boolean started;

        Stream(List<long[]> records) {
            records.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
            files = new long[records.size()];
            starts = new long[records.size()];
            before = new long[records.size()];
            long frames = 0;
            for (int i = 0; i < records.size(); i++) {
                long[] r = records.get(i);
                files[i] = r[0];
                starts[i] = r[1];
                before[i] = frames;
                frames += r[2];
                if (r[2] > 0) {
                    startNanos = started ? startNanos : r[3];
                    endNanos = started ? Math.max(endNanos, r[4]) : r[4];
                    started = true;
                }
            }
        }

        long numberBefore(int file, long start) {
            int low = 0;
            int high = files.length - 1;
            while (low <= high) {
                int mid = (low + high) >>> 1;
                int c = files[mid] != file ? Long.compare(files[mid], file) : Long.compare(starts[mid], start);
                if (c == 0) {
                    return before[mid];
                }
                if (c < 0) {
                    low = mid + 1;
                } else {
                    high = mid - 1;
                }
            }
            throw new IllegalStateException("no record of the split of file " + file + " at byte " + start);
        }
    }
}
