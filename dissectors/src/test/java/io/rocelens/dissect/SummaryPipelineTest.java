package io.rocelens.dissect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import io.rocelens.testing.Samples;
import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.nio.file.Files;
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
        return pipeline(new SummaryPipeline(DissectorOptions.defaults(), POOL, workers), limit);
    }

    private static List<String> pipeline(SummaryPipeline pipeline, long limit) throws IOException {
        List<String> keys = new ArrayList<>();
        try (CaptureReader reader = CaptureReaders.open(capture)) {
            long delivered = pipeline.run(reader, limit, summary -> keys.add(key(summary)));
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
        assertEquals(expected, pipeline(
                new SummaryPipeline(DissectorOptions.defaults(), POOL, 3).readingOnCallingThread(), Long.MAX_VALUE));
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

    /** A file's frames are read ahead on a thread of their own when there are workers to spare; none outlives a pass. */
    private static boolean readingThreadAlive() {
        return Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.getName().equals("rocelens-read"));
    }

    @Test
    void aPassStoppedEarlyLeavesNoReadingThread() throws IOException {
        falseAfterABatchStopsThePass();
        assertFalse(readingThreadAlive());
        theLimitStopsThePassInsideABatch();
        assertFalse(readingThreadAlive());
    }

    /**
     * A file cut inside a frame: every frame before the cut arrives, in order, and the reader says where it stopped
     * once the pass is over, as when read on the calling thread.
     */
    @Test
    void aCutFileGivesEveryFrameBeforeTheCutAndItsProblem() throws IOException {
        byte[] whole = Files.readAllBytes(capture);
        Path cut = temp.resolve("cut.pcap");
        Files.write(cut, java.util.Arrays.copyOf(whole, whole.length * 2 / 3));
        List<String> alone = new ArrayList<>();
        String problemAlone;
        try (CaptureReader reader = CaptureReaders.open(cut)) {
            new SummaryPipeline(DissectorOptions.defaults(), Runnable::run, 1)
                    .run(reader, Long.MAX_VALUE, summary -> alone.add(key(summary)));
            problemAlone = reader.problem();
        }
        List<String> ahead = new ArrayList<>();
        try (CaptureReader reader = CaptureReaders.open(cut)) {
            new SummaryPipeline(DissectorOptions.defaults(), POOL, 3)
                    .run(reader, Long.MAX_VALUE, summary -> ahead.add(key(summary)));
            assertNotNull(reader.problem());
            assertTrue(reader.problem().startsWith("file is cut short inside frame "), reader.problem());
            assertEquals(problemAlone, reader.problem());
        }
        assertEquals(wholeRecords(whole, whole.length * 2 / 3), alone.size());
        assertEquals(alone, ahead);
    }

    /** A read that fails (here: the file's reader was closed) reaches the caller as the I/O failure it is. */
    @Test
    void aFailedReadReachesTheCaller() throws IOException {
        CaptureReader reader = CaptureReaders.open(capture);
        reader.close();
        assertThrows(ClosedChannelException.class, () -> new SummaryPipeline(DissectorOptions.defaults(), POOL, 3)
                .run(reader, Long.MAX_VALUE, summary -> { }));
        assertFalse(readingThreadAlive());
    }

    /**
     * A failure the reading thread cannot queue (as when memory runs out again while queuing it; here its thread is
     * interrupted, so queuing fails at once) still reaches the caller instead of leaving the pass waiting for a chunk
     * that never comes.
     */
    @Test
    void aFailureThatCannotBeQueuedStillReachesTheCaller() throws IOException {
        try (CaptureReader file = CaptureReaders.open(capture)) {
            CaptureReader failingAfter3000 = new CaptureReader() {
                private int read;

                @Override
                public Frame next() throws IOException {
                    if (read++ == 3000) {
                        Thread.currentThread().interrupt();
                        throw new IOException("disk gone");
                    }
                    return file.next();
                }

                @Override
                public boolean fromFile() {
                    return true;
                }

                @Override
                public io.rocelens.capture.CaptureFormat format() {
                    return file.format();
                }

                @Override
                public int linkType() {
                    return file.linkType();
                }

                @Override
                public String problem() {
                    return file.problem();
                }

                @Override
                public void close() {
                }
            };
            IOException failure = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
                    java.time.Duration.ofSeconds(30), () -> assertThrows(IOException.class,
                            () -> new SummaryPipeline(DissectorOptions.defaults(), POOL, 3)
                                    .run(failingAfter3000, Long.MAX_VALUE, summary -> { })));
            assertEquals("disk gone", failure.getMessage());
        }
        assertFalse(readingThreadAlive());
    }

    /** The pcap records that end within the first {@code length} bytes, counted from the record headers. */
    private static int wholeRecords(byte[] pcap, int length) {
        java.nio.ByteBuffer bytes = java.nio.ByteBuffer.wrap(pcap).order(pcap[0] == (byte) 0xd4 || pcap[0] == 0x4d
                ? java.nio.ByteOrder.LITTLE_ENDIAN : java.nio.ByteOrder.BIG_ENDIAN);
        int records = 0;
        int at = 24;
        while (at + 16 <= length && at + 16 + bytes.getInt(at + 8) <= length) {
            at += 16 + bytes.getInt(at + 8);
            records++;
        }
        return records;
    }
}
