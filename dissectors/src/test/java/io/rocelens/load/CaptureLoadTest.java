package io.rocelens.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.analysis.AnalysisOptions;
import io.rocelens.analysis.AnalysisResult;
import io.rocelens.analysis.RoceAnalyzer;
import io.rocelens.capture.CaptureFile;
import io.rocelens.capture.CaptureOpenException;
import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.FastDissector;
import io.rocelens.dissect.PacketSummary;
import io.rocelens.dissect.SummaryPipeline;
import io.rocelens.export.JsonSummary;
import io.rocelens.index.PacketIndex;
import io.rocelens.testing.Samples;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The loading task on the calling thread (the pipeline's executor runs each batch inline), against a plain pass of
 * the fast dissector and the analyzer over the same frames.
 */
class CaptureLoadTest {

    private static final SummaryPipeline INLINE = new SummaryPipeline(DissectorOptions.defaults(), Runnable::run, 1);

    @TempDir
    static Path temp;
    /** 3 rounds of the samples: 6,918 frames, four batches. */
    static Path capture;
    static List<Frame> frames;

    @BeforeAll
    static void writeCapture() throws IOException {
        capture = Samples.repeated(temp.resolve("samples.pcap"), 3);
        frames = new ArrayList<>();
        try (CaptureReader reader = CaptureReaders.open(capture)) {
            for (Frame f = reader.next(); f != null; f = reader.next()) {
                frames.add(f);
            }
        }
    }

    private static CaptureLoad.Options indexed() {
        return new CaptureLoad.Options(AnalysisOptions.defaults(), true, Long.MAX_VALUE);
    }

    /** The analysis of a plain single-threaded pass over the first {@code count} frames, as JSON. */
    private static String plainAnalysis(Path file, long count) throws IOException {
        return json(parse(file, count));
    }

    private static String json(AnalysisResult result) throws IOException {
        StringWriter out = new StringWriter();
        JsonSummary.write(result, out, true);
        return out.toString();
    }

    @Test
    void loadsAnalysesAndIndexesEveryFrame() throws IOException {
        List<CaptureLoad.Progress> progress = new ArrayList<>();
        List<Integer> rowsAtProgress = new ArrayList<>();
        CaptureLoad[] self = new CaptureLoad[1];
        try (CaptureLoad load = CaptureLoad.open(List.of(capture), indexed(), INLINE, p -> {
            progress.add(p);
            rowsAtProgress.add(self[0].index().size());
        })) {
            self[0] = load;
            LoadResult result = load.run();
            assertEquals(frames.size(), result.packets());
            assertFalse(result.cancelled());
            assertEquals(1, result.files().size());
            FileRead read = result.files().get(0);
            assertEquals(frames.size(), read.packets());
            assertNull(read.problem());
            assertEquals(plainAnalysis(capture, Long.MAX_VALUE), json(result.analysis()));

            PacketIndex index = load.index();
            assertEquals(frames.size(), index.size());
            CaptureFile file = load.files().get(0);
            for (int row = 0; row < index.size(); row += 97) {
                Frame again = file.frameAt(index.fileOffset(row), index.number(row));
                Frame expected = frames.get(row);
                assertEquals(expected.timestampNanos(), again.timestampNanos());
                assertEquals(expected.data(), again.data());
            }
        }
        // the first report comes after the first batch, before the file is read; the last one at its end
        assertEquals(2048, progress.get(0).packets());
        assertTrue(progress.get(0).fraction() < 0.5);
        CaptureLoad.Progress last = progress.get(progress.size() - 1);
        assertEquals(frames.size(), last.packets());
        assertEquals(Files.size(capture), last.bytesRead());
        assertEquals(1.0, last.fraction());
        for (int i = 0; i < progress.size(); i++) {
            assertTrue(rowsAtProgress.get(i) >= progress.get(i).packets());
        }
    }

    /** Snapshots while loading: each is the analysis of the frames read so far, and the end is unchanged. */
    /**
     * The window's load (issue 21 item 2): frames nested hundreds of times in GRE and VXLAN once overflowed the stack
     * here and the window stayed on "Loading…"; now every frame is read, indexed and analysed, the three too deep
     * ones malformed.
     */
    @Test
    void aDeepTunnelNestLoadsWholly() throws IOException {
        Path nest = Path.of("src/test/resources/tshark/encap/deep-nest.pcap");
        try (CaptureLoad load = CaptureLoad.open(List.of(nest), indexed(), INLINE, p -> { })) {
            LoadResult result = load.run();
            assertEquals(6, result.packets());
            assertEquals(6, load.index().size());
            assertEquals(3, result.analysis().malformed());
        }
    }

    @Test
    void snapshotsWhileLoadingAreTheAnalysisSoFar() throws IOException {
        List<Long> packetsAtProgress = new ArrayList<>();
        List<AnalysisResult> snapshots = new ArrayList<>();
        CaptureLoad.Listener listener = new CaptureLoad.Listener() {
            @Override
            public void progress(CaptureLoad.Progress progress) {
                packetsAtProgress.add(progress.packets());
            }

            @Override
            public void analysis(AnalysisResult soFar) {
                snapshots.add(soFar);
            }
        };
        CaptureLoad.Options options = new CaptureLoad.Options(AnalysisOptions.defaults(), true, true, Long.MAX_VALUE);
        try (CaptureLoad load = CaptureLoad.open(List.of(capture), options, INLINE, listener)) {
            LoadResult result = load.run();
            assertEquals(plainAnalysis(capture, Long.MAX_VALUE), json(result.analysis()));
            assertEquals(snapshots.size(), result.snapshots());
        }
        assertTrue(snapshots.size() >= 1);
        for (AnalysisResult snapshot : snapshots) {
            assertTrue(packetsAtProgress.contains(snapshot.packets()));
            assertEquals(plainAnalysis(capture, snapshot.packets()), json(snapshot));
        }
        assertEquals(2048, snapshots.get(0).packets());
    }

    @Test
    void cancellingKeepsWhatWasRead() throws IOException {
        CaptureLoad[] self = new CaptureLoad[1];
        try (CaptureLoad load = CaptureLoad.open(List.of(capture), indexed(), INLINE, p -> self[0].cancel())) {
            self[0] = load;
            LoadResult result = load.run();
            assertTrue(result.cancelled());
            assertEquals(2048, result.packets());
            assertEquals(2048, load.index().size());
            assertEquals(plainAnalysis(capture, 2048), json(result.analysis()));
        }
    }

    @Test
    void aFileCutShortKeepsTheFramesBeforeTheDamage() throws IOException {
        byte[] whole = Files.readAllBytes(capture);
        Frame cutInside = frames.get(5000);
        Path cut = Files.write(temp.resolve("cut.pcap"), Arrays.copyOf(whole, (int) cutInside.fileOffset() + 20));
        try (CaptureLoad load = CaptureLoad.open(List.of(cut), indexed(), INLINE, CaptureLoad.Listener.NONE)) {
            LoadResult result = load.run();
            FileRead read = result.files().get(0);
            assertEquals(5000, read.packets());
            assertEquals("file is cut short inside frame 5001 (record at byte " + cutInside.fileOffset() + " needs "
                    + (16 + cutInside.capturedLength()) + " bytes, 20 remain)", read.problem());
            assertEquals(5000, load.index().size());
            assertEquals(plainAnalysis(cut, Long.MAX_VALUE), json(result.analysis()));
        }
    }

    @Test
    void severalFilesMergeAndTheLimitCountsOverAll() throws IOException {
        Path mixed = Samples.DIRECTORY.resolve("mixed.pcapng");
        CaptureLoad.Options options = new CaptureLoad.Options(AnalysisOptions.defaults(), false, frames.size() + 100);
        try (CaptureLoad load = CaptureLoad.open(List.of(capture, mixed), options, INLINE, CaptureLoad.Listener.NONE)) {
            LoadResult result = load.run();
            assertEquals(frames.size() + 100, result.packets());
            assertEquals(100, result.files().get(1).packets());
            AnalysisResult expected = new RoceAnalyzer().result();
            assertEquals(json(expected.merge(parse(capture, Long.MAX_VALUE)).merge(parse(mixed, 100))),
                    json(result.analysis()));
            assertNull(load.index());
        }
    }

    private static AnalysisResult parse(Path file, long count) throws IOException {
        RoceAnalyzer analyzer = new RoceAnalyzer(AnalysisOptions.defaults());
        FastDissector dissector = new FastDissector(DissectorOptions.defaults());
        PacketSummary summary = new PacketSummary();
        try (CaptureReader reader = CaptureReaders.open(file)) {
            Frame f;
            for (long n = 0; n < count && (f = reader.next()) != null; n++) {
                dissector.summarize(f, summary);
                analyzer.accept(summary);
            }
        }
        return analyzer.result();
    }

    @Test
    void aFileThatCannotBeOpenedIsNamedInOneLine() throws IOException {
        Path missing = temp.resolve("missing.pcap");
        CaptureOpenException noFile = assertThrows(CaptureOpenException.class, () -> CaptureLoad.open(
                List.of(capture, missing), indexedNot(), INLINE, CaptureLoad.Listener.NONE));
        assertEquals(missing + ": no such file", noFile.getMessage());
        Path text = Files.writeString(temp.resolve("notes.txt"), "Hello, world");
        assertEquals("notes.txt is not a pcap or pcapng capture file (starts with 0x48656c6c)",
                assertThrows(CaptureOpenException.class, () -> CaptureLoad.open(List.of(text), indexedNot(), INLINE,
                        CaptureLoad.Listener.NONE)).getMessage());
        assertEquals("the file name is empty", assertThrows(CaptureOpenException.class, () -> CaptureLoad.open(
                List.of(Path.of("")), indexedNot(), INLINE, CaptureLoad.Listener.NONE)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> CaptureLoad.open(List.of(capture, capture), indexed(),
                INLINE, CaptureLoad.Listener.NONE));
    }

    private static CaptureLoad.Options indexedNot() {
        return new CaptureLoad.Options(AnalysisOptions.defaults(), false, Long.MAX_VALUE);
    }

    /** Started on an executor with dissection on worker threads: the same outcome as on the calling thread. */
    @Test
    void startedOnAnExecutorGivesTheSameResult() throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(3);
        try (CaptureLoad load = CaptureLoad.open(List.of(capture), indexed(),
                new SummaryPipeline(DissectorOptions.defaults(), threads, 2), CaptureLoad.Listener.NONE)) {
            LoadResult result = load.start(threads).get();
            assertEquals(plainAnalysis(capture, Long.MAX_VALUE), json(result.analysis()));
            assertEquals(frames.size(), load.index().size());
        } finally {
            threads.shutdownNow();
        }
    }

    /**
     * A live capture's frames (LiveFrames, fed as a capture would) load as a file does: what came before a pause is
     * reported and indexed during the pause, and at the end the analysis is that of a plain pass over every frame.
     */
    @Test
    void aLiveCaptureLoadsItsFramesAsTheyComeAndEndsWhenItFinishes() throws Exception {
        io.rocelens.live.LiveFrames live = new io.rocelens.live.LiveFrames();
        List<Long> reported = java.util.Collections.synchronizedList(new ArrayList<>());
        List<AnalysisResult> snapshots = java.util.Collections.synchronizedList(new ArrayList<>());
        CaptureLoad load = CaptureLoad.live(Path.of("live"), live,
                new CaptureLoad.Options(AnalysisOptions.defaults(), true, true, Long.MAX_VALUE),
                SummaryPipeline.forThisMachine(DissectorOptions.defaults()), new CaptureLoad.Listener() {
                    @Override
                    public void progress(CaptureLoad.Progress progress) {
                        reported.add(progress.packets());
                    }

                    @Override
                    public void analysis(AnalysisResult soFar) {
                        snapshots.add(soFar);
                    }
                });
        ExecutorService loader = Executors.newSingleThreadExecutor();
        try {
            var result = load.start(loader);
            int before = 100;
            frames.subList(0, before).forEach(live::frame);
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (!reported.contains((long) before) && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertTrue(reported.contains((long) before), "the first frames are reported before more come: "
                    + reported);
            assertEquals(before, load.index().size());
            assertFalse(result.isDone(), "the pass waits for the capture");
            frames.subList(before, frames.size()).forEach(live::frame);
            live.finished();
            LoadResult done = result.get();
            assertEquals(frames.size(), done.packets());
            assertEquals(frames.size(), load.index().size());
            assertEquals(plainAnalysis(capture, Long.MAX_VALUE), json(done.analysis()));
            assertFalse(snapshots.isEmpty(), "analysis snapshots while it ran");
        } finally {
            loader.shutdownNow();
        }
    }
}
