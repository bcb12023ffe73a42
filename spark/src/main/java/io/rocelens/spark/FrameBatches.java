package io.rocelens.spark;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureSplit;
import io.rocelens.capture.Frame;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.FastDissector;
import io.rocelens.dissect.PacketSummary;

import java.io.IOException;
import java.io.Serializable;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.function.Consumer;

import org.apache.spark.Partitioner;
import scala.Tuple2;

/**
 * The job's frames in batches: a split's frames of one conversation (the unordered host pair of a RoCE frame; all
 * the other frames of a point are one conversation too) packed into byte arrays of about {@link #BATCH_BYTES}, so
 * Spark moves, sorts and serialises a record per batch instead of per frame. The batches of a conversation go to one
 * partition ({@link ByConversation}); a partition sorts them by point, file, split and sequence, and {@link #frames}
 * puts each split's frames back into file order (the order of their frame numbers) across conversations, so every
 * part of the analysis meets its frames in capture order.
 */
final class FrameBatches {

    static final int BATCH_BYTES = 64 * 1024;
    /** The conversation of the frames that belong to no flow. */
    static final long NO_CONVERSATION = 0x5EED_0F_0F_F10E_5L;

    private FrameBatches() {
    }

    /** Where a batch goes and its place in the order. */
    record Key(int point, long conversation, int file, long splitStart, int sequence) implements Serializable {
    }

    /** Point and conversation decide the partition. */
    static final class ByConversation extends Partitioner {
        private final int partitions;

        ByConversation(int partitions) {
            this.partitions = partitions;
        }

        @Override
        public int numPartitions() {
            return partitions;
        }

        @Override
        public int getPartition(Object key) {
            Key k = (Key) key;
            return Math.floorMod(31 * Long.hashCode(k.conversation()) + k.point(), partitions);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof ByConversation o && o.partitions == partitions;
        }

        @Override
        public int hashCode() {
            return partitions;
        }
    }

    /** Point, file, split, then conversation and sequence: each split's batches together. */
    static final Comparator<Key> ORDER = (Comparator<Key> & Serializable) (a, b) -> {
        int c = Integer.compare(a.point(), b.point());
        c = c != 0 ? c : Integer.compare(a.file(), b.file());
        c = c != 0 ? c : Long.compare(a.splitStart(), b.splitStart());
        c = c != 0 ? c : Long.compare(a.conversation(), b.conversation());
        return c != 0 ? c : Integer.compare(a.sequence(), b.sequence());
    };

    /** A growing batch of packed frames. */
    private static final class Packer {
        final int sequence;
        ByteBuffer buffer = ByteBuffer.allocate(BATCH_BYTES + 1024);

        Packer(int sequence) {
            this.sequence = sequence;
        }

        void add(long number, Frame f) {
            ByteBuffer data = f.data().duplicate();
            data.position(0);
            int need = 44 + data.limit();
            if (buffer.remaining() < need) {
                buffer = ByteBuffer.allocate(Math.max(buffer.capacity() * 2, buffer.position() + need))
                        .put(buffer.flip());
            }
            buffer.putLong(number).putLong(f.timestampNanos()).putInt(f.originalLength()).putInt(f.linkType())
                    .putInt(f.interfaceId()).putLong(f.fileOffset()).putInt(data.limit()).put(data);
        }

        byte[] bytes() {
            return Arrays.copyOf(buffer.array(), buffer.position());
        }
    }

    /** Reads a split and packs its frames by conversation; frame numbers are the point stream's. */
    static Iterator<Tuple2<Key, byte[]>> read(CaptureFiles.Split split, long numberBefore,
                                              java.util.Set<Integer> rocePorts) throws IOException {
        List<Tuple2<Key, byte[]>> out = new ArrayList<>();
        Map<Long, Packer> open = new HashMap<>();
        Map<Long, Integer> sequences = new HashMap<>();
        ConversationKey conversations = new ConversationKey(rocePorts,
                new FastDissector(new DissectorOptions(rocePorts)));
        int point = split.file().pointId();
        int file = split.file().id();
        try (CaptureReader reader = CaptureSplit.open(Path.of(split.file().path()), split.start(), split.end())) {
            Frame f;
            while ((f = reader.next()) != null) {
                long conversation = conversations.of(f);
                Packer packer = open.get(conversation);
                if (packer == null) {
                    packer = new Packer(sequences.merge(conversation, 1, Integer::sum));
                    open.put(conversation, packer);
                }
                packer.add(numberBefore + f.number(), f);
                if (packer.buffer.position() >= BATCH_BYTES) {
                    out.add(new Tuple2<>(new Key(point, conversation, file, split.start(), packer.sequence),
                            packer.bytes()));
                    open.remove(conversation);
                }
            }
        }
        open.forEach((conversation, packer) -> out.add(new Tuple2<>(
                new Key(point, conversation, file, split.start(), packer.sequence), packer.bytes())));
        return out.iterator();
    }

    /** One batch being read back. */
    private static final class Cursor {
        final ByteBuffer in;
        long number;

        Cursor(byte[] batch) {
            in = ByteBuffer.wrap(batch);
            number = in.getLong(0);
        }

        Frame next() {
            long n = in.getLong();
            long ts = in.getLong();
            int original = in.getInt();
            int linkType = in.getInt();
            int interfaceId = in.getInt();
            long offset = in.getLong();
            int length = in.getInt();
            ByteBuffer data = in.slice(in.position(), length);
            in.position(in.position() + length);
            number = in.hasRemaining() ? in.getLong(in.position()) : Long.MAX_VALUE;
            return new Frame(n, ts, original, linkType, interfaceId, offset, data);
        }
    }

    /**
     * The frames of one split's batches (of several conversations) in frame-number order.
     */
    static void frames(List<byte[]> batches, Consumer<Frame> consumer) {
        PriorityQueue<Cursor> queue = new PriorityQueue<>(Comparator.comparingLong(c -> c.number));
        for (byte[] batch : batches) {
            if (batch.length > 0) {
                queue.add(new Cursor(batch));
            }
        }
        while (!queue.isEmpty()) {
            Cursor c = queue.poll();
            consumer.accept(c.next());
            if (c.number != Long.MAX_VALUE) {
                queue.add(c);
            }
        }
    }
}
