package io.rocelens.load;

import io.rocelens.analysis.AnalysisMarks;
import io.rocelens.analysis.AnalysisOptions;
import io.rocelens.analysis.AnalysisResult;
import io.rocelens.analysis.RoceAnalyzer;
import io.rocelens.capture.CaptureFile;
import io.rocelens.capture.CaptureOpenException;
import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import io.rocelens.dissect.Dissection;
import io.rocelens.dissect.Dissector;
import io.rocelens.dissect.PacketSummary;
import io.rocelens.dissect.SummaryPipeline;
import io.rocelens.filter.DisplayFilter;
import io.rocelens.index.PacketIndex;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * Loading captures, for the command line and the window alike: open every file, run the bulk pass over each
 * (dissection on the pipeline's workers, analysis and the packet index on the loading thread), and merge the
 * analyses. Progress goes to a {@link Listener} after the first batch and then about ten times a second, so a
 * packet list can show the first rows while the rest of the file is read.
 *
 * <p>A damaged file is data, not an exception: reading stops at the damage, everything before it is analysed and
 * indexed, and the file's {@link FileRead#problem()} says where. {@link #cancel()} stops loading at the next batch
 * (2048 frames) with the same kept-so-far outcome.
 *
 * <p>A path of "-" is standard input, read once as it arrives ({@link CaptureReaders#open(java.io.InputStream,
 * String)}): it is analysed like a file but has no {@link CaptureFile} to read frames from again.
 *
 * <p>Use: {@link #open} (fails at once, in one line, on a file that is missing or not a capture), then {@link #run()}
 * on the loading thread or {@link #start(Executor)}, then {@link #close()} when the frames are no longer needed.
 */
public final class CaptureLoad implements AutoCloseable {

    /** How often progress is reported while loading a file. */
    private static final long PROGRESS_INTERVAL_NANOS = 100_000_000L;
    /**
     * How often while reading a stream (a live capture, standard input), whose reader hands on what it has many times
     * between two reports: the window's packet list grows at each report, and with 100 ms between two, the next
     * batch ending just after that, it grew nine times a second, not the ten it should at least.
     */
    private static final long STREAM_PROGRESS_INTERVAL_NANOS = 80_000_000L;
    /** Measures the snapshots in CPU time: on a busy machine wall-clock time says more about the others. */
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /**
     * @param analysis  the analysis options; also the DSCP map of the index's Priority column
     * @param index     keep a {@link PacketIndex} of every frame (one file only)
     * @param snapshots hand the {@link Listener} the analysis so far while loading, about ten times a second
     * @param limit     stop after this many frames over all files
     */
    public record Options(AnalysisOptions analysis, boolean index, boolean snapshots, long limit) {
        /** Without snapshots. */
        public Options(AnalysisOptions analysis, boolean index, long limit) {
            this(analysis, index, false, limit);
        }
    }

    /** Receives the loading's progress, on the loading thread: hand what it gets to the thread that shows it. */
    public interface Listener {
        Listener NONE = progress -> {
        };

        /**
         * After the first batch of each file, then about ten times a second, and once when the file is done. The
         * index (if kept) has at least {@code progress.packets()} rows of this file when this is called.
         */
        void progress(Progress progress);

        /**
         * With {@link Options#snapshots()}: the analysis of every frame read so far (earlier files merged in), after
         * the first batch and then about ten times a second. Immutable; it may go to another thread as it is.
         */
        default void analysis(AnalysisResult soFar) {
        }
    }

    /**
     * @param file      the file being read
     * @param bytesRead where in the file reading has got to (the file's size once it is done)
     * @param fileSize  the file's size, or -1 for standard input
     * @param packets   frames read so far, over all files
     */
    public record Progress(Path file, long bytesRead, long fileSize, long packets) {
        /** Share of the file read, 0 to 1. */
        public double fraction() {
            return fileSize > 0 ? Math.min(1.0, (double) bytesRead / fileSize) : 1.0;
        }
    }

    /** One input: a capture file, or standard input's reader. */
    private record Input(Path path, CaptureFile file, CaptureReader stream) {
        CaptureReader reader() throws IOException {
            return file != null ? file.reader() : stream;
        }

        long size() {
            return file != null ? file.size() : -1;
        }

        void close() throws IOException {
            if (file != null) {
                file.close();
            } else {
                stream.close();
            }
        }
    }

    private final List<Input> inputs;
    private final Options options;
    private final SummaryPipeline pipeline;
    private final Listener listener;
    private final PacketIndex index;
    private volatile boolean cancelled;
    private DisplayFilter filter;
    /** Frames the user ignores (left out of the analysis), or null. */
    private java.util.function.LongPredicate ignored;
    private volatile AnalysisMarks marks;
    private int snapshots;
    private long snapshotNanos;

    private CaptureLoad(List<Input> inputs, Options options, SummaryPipeline pipeline, Listener listener) {
        this.inputs = inputs;
        this.options = options;
        this.pipeline = pipeline;
        this.listener = listener;
        this.index = options.index() ? new PacketIndex(options.analysis()) : null;
    }

    /**
     * Opens every file (so a wrong name is reported before a long pass over the others).
     *
     * @throws CaptureOpenException naming the first file that cannot be opened as a capture
     */
    public static CaptureLoad open(List<Path> paths, Options options, SummaryPipeline pipeline, Listener listener)
            throws CaptureOpenException {
        if (options.index() && paths.size() != 1) {
            throw new IllegalArgumentException("a packet index covers one file, not " + paths.size());
        }
        List<Input> opened = new ArrayList<>();
        try {
            for (Path path : paths) {
                CaptureOpenException.checkName(path);
                try {
                    opened.add(CaptureReaders.isStandardInput(path)
                            ? new Input(path, null, CaptureReaders.openFileOrStandardInput(path))
                            : new Input(path, CaptureFile.open(path), null));
                } catch (IOException failure) {
                    throw CaptureOpenException.of(path, failure);
                }
            }
        } catch (CaptureOpenException | RuntimeException failure) {
            closeAll(opened);
            throw failure;
        }
        return new CaptureLoad(List.copyOf(opened), options, pipeline, listener);
    }

    /**
     * Loads a live capture as it runs, as a file is loaded: {@code frames} is the capture's {@code
     * io.rocelens.live.LiveFrames} (or any reader that may be {@link CaptureReader#waiting()}), {@code name} the file
     * the capture writes (it names the input in progress and results). The pass ends once the capture has ended and
     * its last frame is read, or at {@link #cancel()}. There is no file to read frames again from ({@link #files()}
     * is empty): open the capture's file for that.
     */
    public static CaptureLoad live(Path name, CaptureReader frames, Options options, SummaryPipeline pipeline,
                                   Listener listener) {
        return new CaptureLoad(List.of(new Input(name, null, frames)), options, pipeline, listener);
    }

    /**
     * The opened files, for reading frames again ({@link CaptureFile#frameAt}) during and after loading; standard
     * input is not among them.
     */
    public List<CaptureFile> files() {
        return inputs.stream().map(Input::file).filter(java.util.Objects::nonNull).toList();
    }

    /** The packet index, growing while loading; null unless {@link Options#index()}. */
    public PacketIndex index() {
        return index;
    }

    /**
     * Analyses (and indexes) only the frames the display filter passes, as {@code analyze -Y} does. A filter on
     * {@code roce.analysis.*} first runs an unfiltered analysis pass over each file for the marks it tests. Call
     * before {@link #run()}.
     *
     * @throws IllegalArgumentException when the filter tests {@code roce.analysis.*} and an input is standard
     *                                  input, which cannot be read twice
     */
    public void filter(DisplayFilter displayFilter) {
        if (displayFilter.needsMarks() && inputs.stream().anyMatch(input -> input.file() == null)) {
            throw new IllegalArgumentException("a filter on roce.analysis.*, roce.flow or udp.stream reads the capture "
                    + "twice: give a file, not standard input");
        }
        this.filter = displayFilter.isEmpty() ? null : displayFilter;
    }

    /**
     * Leaves these frames (numbers from 1) out of the analysis, as Wireshark dissects no ignored frame: they are
     * still indexed (listed), but no flow, PSN, rate or expert event counts them. Call before {@link #run()}.
     */
    public void ignore(java.util.function.LongPredicate frames) {
        this.ignored = frames;
    }

    /**
     * What the analysis found per frame (for {@code roce.analysis.*} filters and row colours), filled while loading:
     * of the file being loaded, the last one when there are several. Null before loading starts, and when loading
     * builds no index (only the window's filters and colours read them).
     */
    public AnalysisMarks marks() {
        return marks;
    }

    /** Stops loading at the next batch; what was read so far is kept, analysed and indexed. */
    public void cancel() {
        cancelled = true;
    }

    /** Runs {@link #run()} on the executor. */
    public CompletableFuture<LoadResult> start(Executor executor) {
        CompletableFuture<LoadResult> result = new CompletableFuture<>();
        executor.execute(() -> {
            try {
                result.complete(run());
            } catch (Throwable failure) {
                result.completeExceptionally(failure);
            }
        });
        return result;
    }

    /**
     * Loads every file on the calling thread.
     *
     * @throws IOException only when the operating system fails to read a file (damage is a {@link FileRead#problem})
     */
    public LoadResult run() throws IOException {
        long start = System.nanoTime();
        List<FileRead> read = new ArrayList<>();
        AnalysisResult merged = null;
        long left = options.limit();
        long before = 0;
        for (Input input : inputs) {
            AnalysisMarks filterMarks = filter != null && filter.needsMarks() ? unfilteredMarks(input, left) : null;
            Pass pass = new Pass(input, before, filterMarks, merged);
            marks = pass.marks;
            try (CaptureReader reader = input.reader()) {
                long frames = cancelled ? 0 : pipeline.run(reader, left, pass, pass::afterBatch);
                left -= frames;
                before += frames;
                listener.progress(new Progress(input.path(), Math.max(input.size(), pass.lastOffset), input.size(),
                        before));
                read.add(new FileRead(input.path(), reader.format(), reader.linkType(), frames, reader.problem()));
            }
            AnalysisResult one = pass.analyzer.result();
            merged = merged == null ? one : merged.merge(one);
        }
        return new LoadResult(List.copyOf(read), merged, before, cancelled, System.nanoTime() - start, snapshots,
                snapshotNanos);
    }

    private AnalysisMarks unfilteredMarks(Input input, long limit) throws IOException {
        AnalysisMarks unfiltered = new AnalysisMarks();
        RoceAnalyzer analyzer = new RoceAnalyzer(options.analysis(), unfiltered);
        try (CaptureReader reader = input.reader()) {
            pipeline.run(reader, limit, analyzer::accept, delivered -> !cancelled);
        }
        analyzer.result();
        return unfiltered;
    }

    @Override
    public void close() throws IOException {
        closeAll(inputs);
    }

    private static void closeAll(List<Input> inputs) {
        for (Input input : inputs) {
            try {
                input.close();
            } catch (IOException ignored) {
                // closing a file opened for reading loses nothing
            }
        }
    }

    /** One file's pass: the consumer of its summaries, and what happens between two batches. */
    private final class Pass implements SummaryPipeline.FrameConsumer {
        /** Only the window reads them (filters and colours over its index); analyze would pay for them per frame. */
        final AnalysisMarks marks = options.index() ? new AnalysisMarks() : null;
        final RoceAnalyzer analyzer = new RoceAnalyzer(options.analysis(), marks);
        private final Input input;
        private final long framesBefore;
        /** The marks the filter tests: of an unfiltered pass, or null when it tests none. */
        private final AnalysisMarks filterMarks;
        /** The analysis of the files before this one, or null. */
        private final AnalysisResult before;
        private Dissector dissector;
        private long lastOffset;
        private long lastReport = Long.MIN_VALUE;
        private long lastDelivered;

        Pass(Input input, long framesBefore, AnalysisMarks filterMarks, AnalysisResult before) {
            this.input = input;
            this.framesBefore = framesBefore;
            this.filterMarks = filterMarks;
            this.before = before;
        }

        @Override
        public void accept(Frame frame, PacketSummary summary) {
            if (filter != null && !filter.matches(summary, filterMarks, () -> detail(frame))) {
                lastOffset = summary.fileOffset;
                return;
            }
            if (ignored == null || !ignored.test(summary.number)) {
                analyzer.accept(summary);
            }
            if (index != null) {
                index.append(summary);
                index.comments(summary.number, frame.comments());
            }
            lastOffset = summary.fileOffset;
        }

        /** The frame dissected in detail, for a filter field the summary does not hold. */
        private Dissection detail(Frame frame) {
            if (dissector == null) {
                dissector = new Dissector(pipeline.options());
            }
            return dissector.dissect(frame);
        }

        boolean afterBatch(long delivered) {
            long now = System.nanoTime();
            // a live capture with no new frame has nothing new to report
            if (lastReport == Long.MIN_VALUE
                    || delivered != lastDelivered && now - lastReport >= (input.file() == null
                    ? STREAM_PROGRESS_INTERVAL_NANOS : PROGRESS_INTERVAL_NANOS)) {
                lastReport = now;
                lastDelivered = delivered;
                listener.progress(new Progress(input.path(), lastOffset, input.size(), framesBefore + delivered));
                if (options.snapshots()) {
                    // between two batches the analyzer is consistent; the snapshot leaves it able to go on
                    long cpu = THREADS.getCurrentThreadCpuTime();
                    AnalysisResult soFar = analyzer.result();
                    snapshots++;
                    snapshotNanos += THREADS.getCurrentThreadCpuTime() - cpu;
                    listener.analysis(before == null ? soFar : before.merge(soFar));
                }
            }
            return !cancelled;
        }
    }
}
