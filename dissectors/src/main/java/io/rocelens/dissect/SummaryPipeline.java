package io.rocelens.dissect;

import io.rocelens.capture.FrameSource;
import io.rocelens.capture.Frame;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayDeque;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.function.Consumer;
import java.util.function.LongPredicate;

/**
 * The bulk pass: frames are read on the calling thread (a file's, with more than one worker, on a thread of their own:
 * {@link ReadAhead}, unless {@link #readingOnCallingThread()}), dissected in batches on worker threads (each with its
 * own {@link FastDissector}), and the summaries handed to the consumer on the calling thread in capture order. The
 * consumer, typically the analyzer, therefore sees one ordered stream and needs no locking. Memory is bounded by the
 * batches in flight, not by the capture. The workers come from an executor given to it, shared by every pass. Each run
 * is one capture to the frame times ({@link FrameClock}).
 */
public final class SummaryPipeline {

    private static final int BATCH_SIZE = 2048;

    private final DissectorOptions options;
    private final Executor workers;
    private final int parallelism;
    private final ThreadLocal<FastDissector> dissectors;
    private final boolean readAhead;
    private final boolean layerShapes;

    /**
     * @param workers     runs the dissection of each batch; {@code Runnable::run} dissects on the calling thread
     * @param parallelism how many batches may be dissected at once (their number in flight is twice this, plus one)
     */
    public SummaryPipeline(DissectorOptions options, Executor workers, int parallelism) {
        this(options, workers, parallelism, true, false);
    }

    private SummaryPipeline(DissectorOptions options, Executor workers, int parallelism, boolean readAhead,
                            boolean layerShapes) {
        this.options = options;
        this.workers = workers;
        this.parallelism = Math.max(1, parallelism);
        this.dissectors = ThreadLocal.withInitial(() -> layerShapes ? FastDissector.recordingLayerShapes(options)
                : new FastDissector(options));
        this.readAhead = readAhead;
        this.layerShapes = layerShapes;
    }

    /**
     * This pipeline with a file read on the calling thread between batches, for a consumer lighter than a
     * dissection worker (the analysis alone, the summary lines). With one worker per core, the workers and the
     * calling thread already fill the cores; a reading thread on top only takes turns with them, and each of its
     * hand-offs can leave a core idle. On two cores {@code analyze} of 10M header-only frames took 1.94 - 2.02 s
     * instead of 2.05 - 2.21 s, of 100M frames 11.4 - 12.0 instead of 12.5 s (docs/speed.md); the window's load, which
     * indexes every frame on the calling thread too, keeps its reading thread.
     */
    public SummaryPipeline readingOnCallingThread() {
        return new SummaryPipeline(options, workers, parallelism, false, layerShapes);
    }

    /**
     * This pipeline with each summary holding its frame's layer shape ({@link FastDissector#recordingLayerShapes}),
     * for a consumer that needs each frame's {@code frame.protocols} (Protocol Hierarchy, a filter on it): it then
     * finds it from the summary instead of walking the frame again on its own thread.
     */
    public SummaryPipeline recordingLayerShapes() {
        return new SummaryPipeline(options, workers, parallelism, readAhead, true);
    }

    /** One worker per available core, from one pool of daemon threads shared by every pass of the process. */
    public static SummaryPipeline forThisMachine(DissectorOptions options) {
        return new SummaryPipeline(options, SharedWorkers.POOL, SharedWorkers.SIZE);
    }

    /** As {@link #forThisMachine}, with a chosen number of workers from the shared pool (at most one per core). */
    public static SummaryPipeline withWorkers(DissectorOptions options, int workers) {
        return new SummaryPipeline(options, SharedWorkers.POOL, Math.min(workers, SharedWorkers.SIZE));
    }

    public DissectorOptions options() {
        return options;
    }

    /**
     * Runs the pass. The summary given to the consumer is reused after it returns.
     *
     * @param limit stop after this many frames
     * @return the number of frames passed to the consumer
     */
    public long run(FrameSource reader, long limit, Consumer<PacketSummary> consumer) throws IOException {
        return run(reader, limit, consumer, delivered -> true);
    }

    /**
     * Runs the pass, calling {@code afterBatch} with the number of frames delivered so far after each batch has been
     * handed to the consumer (on the calling thread, between two summaries: the consumer's state is consistent
     * there). When it returns false the pass stops at once, as after the last frame. A reader that is
     * {@link FrameSource#waiting()} ends a batch early, and while it has nothing {@code afterBatch} is called
     * each time it comes back empty-handed.
     *
     * @return the number of frames passed to the consumer
     */
    public long run(FrameSource reader, long limit, Consumer<PacketSummary> consumer, LongPredicate afterBatch)
            throws IOException {
        return run(reader, limit, (FrameConsumer) (frame, summary) -> consumer.accept(summary), afterBatch);
    }

    /**
     * Receives each frame with its summary, in capture order, on the calling thread. The frame is the consumer's
     * during the call only: afterwards a file's reader may read other frames into its bytes
     * ({@link FrameSource#recycleBefore}); what must outlive the call is copied out.
     */
    @FunctionalInterface
    public interface FrameConsumer {
        void accept(Frame frame, PacketSummary summary);
    }

    /**
     * As {@link #run(FrameSource, long, Consumer, LongPredicate)}, handing the consumer each frame too, for what
     * needs its bytes (a detail dissection, a copy to another file).
     */
    public long run(FrameSource reader, long limit, FrameConsumer consumer, LongPredicate afterBatch)
            throws IOException {
        // every frame is given back after its batch (pass): say so before the first is read
        reader.recycleBefore(0);
        if (parallelism < 2 || !readAhead || !reader.fromFile()) {
            return pass(reader, limit, consumer, afterBatch);
        }
        // with a core to spare, a file is read on a thread of its own, ahead of the batches
        try (ReadAhead ahead = new ReadAhead(reader, limit)) {
            return pass(ahead, limit, consumer, afterBatch);
        }
    }

    private long pass(FrameSource reader, long limit, FrameConsumer consumer, LongPredicate afterBatch)
            throws IOException {
        ArrayDeque<FutureTask<Batch>> inFlight = new ArrayDeque<>();
        ArrayDeque<Batch> spare = new ArrayDeque<>();
        int maxInFlight = (int) Math.min(parallelism * 2L + 1, Integer.MAX_VALUE);
        FrameClock clock = new FrameClock();
        long delivered = 0;
        long read = 0;
        boolean more = true;
        // a stream's next frame is still on its way: deliver every batch in flight before waiting for it
        boolean stalled = false;
        while (more || !inFlight.isEmpty()) {
            while (more && !stalled && inFlight.size() < maxInFlight) {
                Batch batch = spare.isEmpty() ? new Batch() : spare.pop();
                batch.size = 0;
                Frame frame;
                while (batch.size < BATCH_SIZE && read < limit) {
                    if ((batch.size > 0 || !inFlight.isEmpty()) && reader.wouldBlock()) {
                        stalled = true;
                        break;
                    }
                    if ((frame = reader.next()) == null) {
                        break;
                    }
                    batch.frames[batch.size++] = frame;
                    read++;
                }
                more = (batch.size == BATCH_SIZE || stalled || reader.waiting()) && read < limit;
                if (batch.size == 0) {
                    spare.push(batch);
                    break;
                }
                // a FutureTask records even an OutOfMemoryError without allocating, so the failure reaches this thread
                FutureTask<Batch> task = new FutureTask<>(() -> batch.dissect(dissectors.get()));
                workers.execute(task);
                inFlight.add(task);
                if (batch.size < BATCH_SIZE) {
                    break;      // a live input has no more for now: hand on what came without waiting for more
                }
            }
            if (inFlight.isEmpty()) {
                if (more && afterBatch.test(delivered)) {
                    continue;   // a live input with nothing new: the caller may still stop the pass
                }
                break;
            }
            Batch done = await(inFlight.poll());
            long lastOffset = done.frames[done.size - 1].fileOffset();
            for (int i = 0; i < done.size; i++) {
                clock.stamp(done.summaries[i]);
                consumer.accept(done.frames[i], done.summaries[i]);
                done.frames[i] = null;
            }
            // the consumer holds no frame past its call: the reader may read new frames into those bytes
            reader.recycleBefore(lastOffset);
            delivered += done.size;
            spare.push(done);
            stalled &= !inFlight.isEmpty();
            if (!afterBatch.test(delivered)) {
                // the batches still in flight finish on their workers and are dropped
                break;
            }
        }
        return delivered;
    }

    private static Batch await(Future<Batch> future) throws IOException {
        try {
            return future.get();
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while dissecting");
        } catch (ExecutionException failed) {
            if (failed.getCause() instanceof Error error) {
                // out of memory in a worker is the same condition as on this thread: let the caller see it as such
                throw error;
            }
            // the cause in the message too: the user's one line shows only the message of what reaches Main
            throw new IllegalStateException("dissection failed: " + failed.getCause(), failed.getCause());
        }
    }

    /** Dissection threads for every pass of the process: daemons, so they never keep it alive. */
    private static final class SharedWorkers {
        static final int SIZE = Runtime.getRuntime().availableProcessors();
        static final ExecutorService POOL = Executors.newFixedThreadPool(SIZE, runnable -> {
            Thread thread = new Thread(runnable, "rocelens-dissect");
            thread.setDaemon(true);
            return thread;
        });
    }

    private static final class Batch {
        final Frame[] frames = new Frame[BATCH_SIZE];
        final PacketSummary[] summaries = new PacketSummary[BATCH_SIZE];
        int size;

        Batch() {
            for (int i = 0; i < BATCH_SIZE; i++) {
                summaries[i] = new PacketSummary();
            }
        }

        Batch dissect(FastDissector dissector) {
            for (int i = 0; i < size; i++) {
                dissector.summarize(frames[i], summaries[i]);
            }
            return this;
        }
    }
}
