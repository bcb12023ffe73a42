package io.rocelens.dissect;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.Frame;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * The bulk pass: frames are read on the calling thread, dissected in batches on worker threads (each with its own
 * {@link FastDissector}), and the summaries handed to the consumer on the calling thread in capture order. The
 * consumer, typically the analyzer, therefore sees one ordered stream and needs no locking. Memory is bounded by
 * the batches in flight, not by the capture.
 */
public final class SummaryPipeline {

    private static final int BATCH_SIZE = 2048;

    private final DissectorOptions options;
    private final int workers;

    public SummaryPipeline(DissectorOptions options, int workers) {
        this.options = options;
        this.workers = Math.max(1, workers);
    }

    /** One worker per available core: reading and the consumer are light next to dissection. */
    public static SummaryPipeline forThisMachine(DissectorOptions options) {
        return new SummaryPipeline(options, Runtime.getRuntime().availableProcessors());
    }

    /**
     * Runs the pass. The summary given to the consumer is reused after it returns.
     *
     * @param limit stop after this many frames
     * @return the number of frames passed to the consumer
     */
    public long run(CaptureReader reader, long limit, Consumer<PacketSummary> consumer) throws IOException {
        ExecutorService pool = Executors.newFixedThreadPool(workers, runnable -> {
            Thread thread = new Thread(runnable, "rocelens-dissect");
            thread.setDaemon(true);
            return thread;
        });
        ThreadLocal<FastDissector> dissectors = ThreadLocal.withInitial(() -> new FastDissector(options));
        ArrayDeque<Future<Batch>> inFlight = new ArrayDeque<>();
        ArrayDeque<Batch> spare = new ArrayDeque<>();
        int maxInFlight = (int) Math.min(workers * 2L + 1, Integer.MAX_VALUE);
        long delivered = 0;
        long read = 0;
        boolean more = true;
        try {
            while (more || !inFlight.isEmpty()) {
                while (more && inFlight.size() < maxInFlight) {
                    Batch batch = spare.isEmpty() ? new Batch() : spare.pop();
                    batch.size = 0;
                    Frame frame;
                    while (batch.size < BATCH_SIZE && read < limit && (frame = reader.next()) != null) {
                        batch.frames[batch.size++] = frame;
                        read++;
                    }
                    more = batch.size == BATCH_SIZE && read < limit;
                    if (batch.size == 0) {
                        spare.push(batch);
                        break;
                    }
                    inFlight.add(pool.submit(() -> batch.dissect(dissectors.get())));
                }
                if (inFlight.isEmpty()) {
                    break;
                }
                Batch done = await(inFlight.poll());
                for (int i = 0; i < done.size; i++) {
                    consumer.accept(done.summaries[i]);
                    done.frames[i] = null;
                }
                delivered += done.size;
                spare.push(done);
            }
        } finally {
            pool.shutdownNow();
        }
        return delivered;
    }

    private static Batch await(Future<Batch> future) throws IOException {
        try {
            return future.get();
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while dissecting", interrupted);
        } catch (ExecutionException failed) {
            // the cause in the message too: the user's one line shows only the message of what reaches Main
            throw new IllegalStateException("dissection failed: " + failed.getCause(), failed.getCause());
        }
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
