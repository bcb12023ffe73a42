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
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

import org.apache.spark.Partitioner;
import org.apache.spark.TaskContext;
import scala.Tuple2;

/**
 * The job's frames, dissected once where they are read: a split's frames summarised by the library's fast dissector
 * and packed with {@link SummaryCodec} (only what the analysis reads, about 6 bytes a RoCE frame of a bulk capture)
 * into byte arrays of about {@link #BATCH_BYTES}, one series per partition of the analysis, so Spark moves a record
 * per batch instead of per frame and the analysis side only decodes and analyses. A frame's partition is chosen by its point and
 * conversation (the unordered host pair of a RoCE frame; all the other frames of a point are one conversation too):
 * a flow's requests, its responses and its CNPs meet.
 *
 * <p>A split's frames are numbered within it, and the analysis of a point must know where its capture starts and
 * ends: so each split ends its series to every partition with a record of its frame count, first and latest
 * timestamp and the number of batches it sent there, and each batch carries the timestamp of its split's first
 * frame. {@link #replay} takes a partition's batches in whatever order Spark delivers them and analyses each point's
 * splits in order (the job's splits are numbered in capture order), as their batches come: Spark only moves them,
 * with no sort, and a batch is held only while a split before its own is still to come (in local mode they come in
 * order). The job then needs no pass over the files before this one.
 */
final class SummaryBatches {

    static final int BATCH_BYTES = 64 * 1024;
    /** How often a map task tells its reader which frames it is done with: a frame's bytes are never held. */
    private static final int RECYCLE_EVERY = 1024;
    /** The conversation of the frames that belong to no flow. */
    static final long NO_CONVERSATION = 0x5EED_0F_0F_F10E_5L;

    private SummaryBatches() {
    }

    /** The {@link Key#sequence()} of a split's record of its frames (see the class comment). */
    static final int SPLIT_RECORD = -1;

    /**
     * A batch's partition, its split (by its number in the job, capture order), its place in the split's series to
     * the partition, and the timestamp of the split's first frame. The shuffle's key: a class, since Spark's
     * serializer may be Kryo 4, which cannot build a record.
     */
    static final class Key implements Serializable {
        private final int partition;
        private final int split;
        private final int sequence;
        private final long splitStartNanos;

        Key(int partition, int split, int sequence, long splitStartNanos) {
            this.partition = partition;
            this.split = split;
            this.sequence = sequence;
            this.splitStartNanos = splitStartNanos;
        }

        int partition() {
            return partition;
        }

        int split() {
            return split;
        }

        int sequence() {
            return sequence;
        }

        long splitStartNanos() {
            return splitStartNanos;
        }
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

    /** The partition of a dissected frame of a point: by its conversation (see {@link FrameColumns#conversation}). */
    static int partition(int point, PacketSummary s, int partitions) {
        long conversation = s.isRoce() ? FrameColumns.conversation(s.ipSrcHi, s.ipSrcLo, s.ipDstHi, s.ipDstLo)
                : NO_CONVERSATION;
        long h = (conversation + point) * 0x9E37_79B9_7F4A_7C15L;
        // the top 31 bits of the hash scaled to [0, partitions): no division
        return (int) ((h >>> 33) * partitions >>> 31);
    }

    /**
     * Reads split number {@code index} of the job, dissects its frames and packs their summaries by partition, as
     * the batches fill (a split's frames are never all in memory), numbered from 1 in the split; at its end, the
     * split's record to every partition, and what the split held (frames, times, damage) to {@code read}.
     */
    static Iterator<Tuple2<Key, byte[]>> read(int index, CaptureFiles.Split split, Set<Integer> rocePorts,
                                              int partitions, Consumer<AnalyzeJob.SplitStats> read)
            throws IOException {
        return new Packing(index, split, rocePorts, partitions, read);
    }

    private static final class Packing implements Iterator<Tuple2<Key, byte[]>> {
        private final int index;
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

        Packing(int index, CaptureFiles.Split split, Set<Integer> rocePorts, int partitions,
                Consumer<AnalyzeJob.SplitStats> read) throws IOException {
            this.index = index;
            this.split = split;
            this.read = read;
            this.reader = CaptureSplit.open(Path.of(split.file().path()), split.start(), split.end());
            // each frame is done with before the next is read: its chunk of the file may be read into again, where
            // a new array for each chunk took a thirtieth of the job's time (JFR)
            reader.recycleBefore(0);
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
                for (int p = 0; p < writers.length; p++) {
                    byte[] record = ByteBuffer.allocate(28).putLong(frames).putLong(firstTs).putLong(maxTs)
                            .putInt(sequences[p]).array();
                    ready.add(new Tuple2<>(new Key(p, index, SPLIT_RECORD, firstTs), record));
                }
                read.accept(new AnalyzeJob.SplitStats(split, frames, firstTs, maxTs, problem));
                return;
            }
            if (frames++ == 0) {
                firstTs = frame.timestampNanos();
            }
            maxTs = Math.max(maxTs, frame.timestampNanos());
            dissector.summarize(frame, summary);
            if ((frames & RECYCLE_EVERY - 1) == 0) {
                reader.recycleBefore(frame.fileOffset());
            }
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
            ready.add(new Tuple2<>(new Key(p, index, sequences[p]++, firstTs), writers[p].toByteArray()));
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

    /** What {@link #replay} hands on: each point's frames, in capture order; the points' may interleave. */
    interface Sink {
        /** The partition's frames of a point start: its capture's first timestamp. */
        void start(int point, long captureStartNanos);

        /** The point's next frame, numbered through its stream; the summary is reused for the next. */
        void frame(int point, PacketSummary summary);

        /** The partition's frames of the point have all come: its capture's latest timestamp. */
        void end(int point, long captureEndNanos);
    }

    /**
     * The frames of one partition's batches, in any order, to the sink: each point's in capture order, numbered
     * through the point's stream. {@code pointOfSplit} is the point of each split by its number; a point's splits
     * are numbered in its stream's order (its files in order, each file's splits in order).
     *
     * @throws IllegalStateException when a split's record or batch is missing or comes twice
     */
    static void replay(Iterator<Tuple2<Key, byte[]>> batches, int[] pointOfSplit, Sink sink) {
        Replay replay = new Replay(pointOfSplit, sink);
        while (batches.hasNext()) {
            replay.add(batches.next());
        }
        replay.finish();
    }

    /** A partition's points, each fed its splits in order as their batches come. */
    private static final class Replay {
        private final int[] pointOfSplit;
        private final Sink sink;
        private final Map<Integer, Point> points = new HashMap<>();
        /** What came of the splits not analysed yet, by split. */
        private final Map<Integer, Pending> pending = new HashMap<>();
        private final SummaryCodec.Reader reader = new SummaryCodec.Reader();
        private final PacketSummary summary = new PacketSummary();

        Replay(int[] pointOfSplit, Sink sink) {
            this.pointOfSplit = pointOfSplit;
            this.sink = sink;
        }

        void add(Tuple2<Key, byte[]> batch) {
            Key key = batch._1();
            Pending p = pending.computeIfAbsent(key.split(), s -> new Pending());
            p.startNanos = key.splitStartNanos();
            if (key.sequence() == SPLIT_RECORD) {
                if (p.record != null) {
                    throw new IllegalStateException("split " + key.split() + "'s record came twice");
                }
                ByteBuffer r = ByteBuffer.wrap(batch._2());
                p.record = new long[] {r.getLong(), r.getLong(), r.getLong(), r.getInt()};
            } else if (p.batches.put(key.sequence(), batch._2()) != null) {
                throw new IllegalStateException("split " + key.split() + "'s batch " + key.sequence() + " came twice");
            }
            int point = pointOfSplit[key.split()];
            drain(points.computeIfAbsent(point, id -> new Point(id, firstSplit(id))));
        }

        /** The first split of a point: the splits are in the order of their points. */
        private int firstSplit(int point) {
            int low = 0;
            int high = pointOfSplit.length;
            while (low < high) {
                int mid = (low + high) >>> 1;
                if (pointOfSplit[mid] < point) {
                    low = mid + 1;
                } else {
                    high = mid;
                }
            }
            return low;
        }

        /** The point's splits analysed as far as they have come, in order. */
        private void drain(Point point) {
            while (!point.done()) {
                Pending p = pending.get(point.split);
                if (p == null) {
                    return;
                }
                byte[] batch;
                while ((batch = p.batches.remove(point.sequence)) != null) {
                    analyse(point, p.startNanos, batch);
                    point.sequence++;
                }
                if (p.record == null || p.record[3] != point.sequence) {
                    return;
                }
                if (!p.batches.isEmpty()) {
                    throw new IllegalStateException("split " + point.split + " sent batches beyond its record's");
                }
                pending.remove(point.split);
                long frames = p.record[0];
                if (frames > 0) {
                    point.startNanos = point.anyFrames ? point.startNanos : p.record[1];
                    point.endNanos = point.anyFrames ? Math.max(point.endNanos, p.record[2]) : p.record[2];
                    point.anyFrames = true;
                }
                point.framesBefore += frames;
                point.split++;
                point.sequence = 0;
            }
            if (point.started && !point.ended) {
                point.ended = true;
                sink.end(point.id, point.endNanos);
            }
        }

        private void analyse(Point point, long splitStartNanos, byte[] batch) {
            if (!point.started) {
                point.started = true;
                // the first frame of the point's first split with frames: an earlier one's, or this split's
                sink.start(point.id, point.anyFrames ? point.startNanos : splitStartNanos);
            }
            reader.reset(batch);
            while (reader.next(summary)) {
                summary.number += point.framesBefore;
                sink.frame(point.id, summary);
            }
        }

        void finish() {
            if (!pending.isEmpty()) {
                throw new IllegalStateException("splits " + new TreeMap<>(pending).keySet()
                        + " came in part, or after a split that never came");
            }
            for (Point point : points.values()) {
                if (!point.done()) {
                    throw new IllegalStateException("split " + point.split + " never came");
                }
            }
        }

        private final class Point {
            final int id;
            /** The next split to analyse, and the next batch of it. */
            int split;
            int sequence;
            long framesBefore;
            boolean anyFrames;
            long startNanos;
            long endNanos;
            boolean started;
            boolean ended;

            Point(int id, int firstSplit) {
                this.id = id;
                this.split = firstSplit;
            }

            boolean done() {
                return split == pointOfSplit.length || pointOfSplit[split] != id;
            }
        }
    }

    /** A split's batches by their place in its series, and its record once it has come. */
    private static final class Pending {
        final Map<Integer, byte[]> batches = new HashMap<>();
        long startNanos;
        long[] record;
    }
}
