package io.rocelens.dissect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import io.rocelens.testing.Samples;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pipeline dissects batches on several threads but must hand the summaries over in capture order, each one
 * what a single dissector gives for that frame, over many batches (2048 frames each) and with a frame limit.
 */
class SummaryPipelineTest {

    private static final ExecutorService POOL = Executors.newFixedThreadPool(3);

    @TempDir
    static Path temp;
    static Path capture;

    /** The sample captures' frames (RoCE, PFC, ARP, TCP, cut by the snap length), 5 times over: 11,530 frames. */
    @BeforeAll
    static void writeCapture() throws IOException {
        capture = Samples.repeated(temp.resolve("samples.pcap"), 5);
    }

    /** What identifies a frame's dissection: number, kinds, opcode, destination QP, PSN, ICRC status. */
    private static String key(PacketSummary p) {
        return p.number + " " + p.kinds + " " + p.opcode + " " + p.destQp + " " + p.psn + " " + p.icrcStatus;
    }

    private static List<String> oneThread(long limit) throws IOException {
        List<String> keys = new ArrayList<>();
        FastDissector dissector = new FastDissector(DissectorOptions.defaults());
        PacketSummary summary = new PacketSummary();
        try (CaptureReader reader = CaptureReaders.open(capture)) {
            Frame frame;
            while (keys.size() < limit && (frame = reader.next()) != null) {
                dissector.summarize(frame, summary);
                keys.add(key(summary));
            }
        }
        return keys;
    }

    private static List<String> pipeline(int workers, long limit) throws IOException {
        List<String> keys = new ArrayList<>();
        try (CaptureReader reader = CaptureReaders.open(capture)) {
            long delivered = new SummaryPipeline(DissectorOptions.defaults(), POOL, workers)
                    .run(reader, limit, summary -> keys.add(key(summary)));
            assertEquals(keys.size(), delivered);
        }
        return keys;
    }

    @Test
    void summariesArriveInCaptureOrderAsOneThreadMakesThem() throws IOException {
        List<String> expected = oneThread(Long.MAX_VALUE);
        assertEquals(11_530, expected.size());
        assertEquals(expected, pipeline(3, Long.MAX_VALUE));
        assertEquals(expected, pipeline(1, Long.MAX_VALUE));
    }

    @Test
    void theLimitStopsThePassInsideABatch() throws IOException {
        assertEquals(oneThread(5_000), pipeline(3, 5_000));
        assertEquals(List.of(), pipeline(2, 0));
    }

    @AfterAll
    static void stopWorkers() {
        POOL.shutdownNow();
    }

    @Test
    void onTheCallingThreadTheSummariesAreTheSame() throws IOException {
        List<String> keys = new ArrayList<>();
        try (CaptureReader reader = CaptureReaders.open(capture)) {
            new SummaryPipeline(DissectorOptions.defaults(), Runnable::run, 1)
                    .run(reader, Long.MAX_VALUE, summary -> keys.add(key(summary)));
        }
        assertEquals(oneThread(Long.MAX_VALUE), keys);
    }

    /** The pass stops after the batch whose end said so: 2 batches of 2048 frames, the frames in order. */
    @Test
    void falseAfterABatchStopsThePass() throws IOException {
        List<String> keys = new ArrayList<>();
        List<Long> batchEnds = new ArrayList<>();
        try (CaptureReader reader = CaptureReaders.open(capture)) {
            long delivered = new SummaryPipeline(DissectorOptions.defaults(), POOL, 3).run(reader, Long.MAX_VALUE,
                    summary -> keys.add(key(summary)), frames -> {
                        batchEnds.add(frames);
                        return frames < 4096;
                    });
            assertEquals(4096, delivered);
        }
        assertEquals(List.of(2048L, 4096L), batchEnds);
        assertEquals(oneThread(4096), keys);
    }
}
