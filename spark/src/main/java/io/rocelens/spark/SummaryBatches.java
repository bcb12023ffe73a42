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
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Set;

import org.apache.spark.Partitioner;
import org.apache.spark.TaskContext;
import scala.Tuple2;

/**
 * The job's frames, dissected once where they are read: a split's frames summarised by the library's fast dissector
 * and packed with {@link SummaryCodec} (only what the analysis reads, about 25 bytes a RoCE frame) into byte arrays of
 * about {@link #BATCH_BYTES}, one series per partition of the analysis, so Spark moves and sorts a record per batch
 * instead of per frame and the analysis side only decodes and analyses. A frame's partition is chosen by its point
 * and conversation (the unordered host pair of a RoCE frame; all the other frames of a point are one conversation
 * too): a flow's requests, its responses and its CNPs meet. Each split's frames of one partition are in capture order
 * in their series, so a partition that sorts its batches by point, file, split and sequence ({@link #ORDER}) meets
 * every frame in capture order, with no merging of conversations.
 */
final class SummaryBatches {

    static final int BATCH_BYTES = 64 * 1024;
    /** The conversation of the frames that belong to no flow. */
    static final long NO_CONVERSATION = 0x5EED_0F_0F_F10E_5L;

    private SummaryBatches() {
    }

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
     * frames are never all in memory); frame numbers are the point stream's.
     */
    static Iterator<Tuple2<Key, byte[]>> read(CaptureFiles.Split split, long numberBefore, Set<Integer> rocePorts,
                                              int partitions) throws IOException {
        return new Packing(split, numberBefore, rocePorts, partitions);
    }

    private static final class Packing implements Iterator<Tuple2<Key, byte[]>> {
        private final CaptureFiles.Split split;
        private final CaptureReader reader;
        private final FastDissector dissector;
        private final PacketSummary summary = new PacketSummary();
        private final SummaryCodec.Writer[] writers;
        private final int[] sequences;
        private final ArrayDeque<Tuple2<Key, byte[]>> ready = new ArrayDeque<>();
        private boolean done;
        private boolean closed;

        Packing(CaptureFiles.Split split, long numberBefore, Set<Integer> rocePorts, int partitions)
                throws IOException {
            this.split = split;
            this.reader = CaptureSplit.open(Path.of(split.file().path()), split.start(), split.end(), numberBefore,
                    CaptureSplit.Boundary.SCAN);
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
                close();
                for (int p = 0; p < writers.length; p++) {
                    if (writers[p] != null && writers[p].frames() > 0) {
                        emit(p);
                    }
                }
                return;
            }
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
}
