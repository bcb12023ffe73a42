package io.rocelens.app.gui.capture.model;

import io.rocelens.analysis.AnalysisMarks;
import io.rocelens.analysis.AnalysisOptions;
import io.rocelens.analysis.AnalysisResult;
import io.rocelens.analysis.Formats;
import io.rocelens.app.gui.common.model.Background;
import io.rocelens.app.gui.common.model.LatestWins;
import io.rocelens.app.gui.packetlist.model.IndexedCapture;
import io.rocelens.app.gui.packetlist.model.PacketTable;
import io.rocelens.capture.CaptureOpenException;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.SummaryPipeline;
import io.rocelens.live.CaptureException;
import io.rocelens.live.CaptureOptions;
import io.rocelens.live.CaptureOutput;
import io.rocelens.live.LiveCapture;
import io.rocelens.live.LiveFrames;
import io.rocelens.load.CaptureLoad;
import io.rocelens.load.FileRead;
import io.rocelens.load.LoadResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The open capture: loads it in the background with the library's loading task (progress, cancel, a packet index
 * that grows while the file is read), or runs a live capture through the same task, and tells the window, on the UI
 * thread, what happened in plain words. A newer
 * open or a close makes the older load's news stale; it is dropped and that load cancelled.
 */
public final class OpenCapture {

    private static final Logger LOG = LoggerFactory.getLogger(OpenCapture.class);

    /** News of the load, on the UI thread. */
    public interface Listener {
        /** The file is open and its first rows are coming. */
        void opened(Path file, PacketTable table);

        /** Some more of the file is read. */
        void progress(double fraction, long packets);

        /** The analysis of the packets read so far, while loading (about ten times a second). */
        default void analysis(AnalysisResult soFar) {
        }

        /** Loading ended: read to its end, stopped at damage, or cancelled. */
        void finished(Outcome outcome);

        /** The file could not be opened or read at all. */
        void failed(String heading, String message);

        /** Loading stopped on a fault the user has been told of already (by the window's failure handler). */
        default void abandoned() {
        }
    }

    /**
     * How a load ended.
     *
     * @param problem where and why reading stopped early, or null
     * @param marks   what the analysis found per frame: retransmissions, gaps, … (the roce.analysis.* filters)
     */
    public record Outcome(Path file, long packets, long elapsedNanos, boolean cancelled, String problem,
                          AnalysisResult analysis, AnalysisMarks marks) {

        /** "401 packets in 0.05 s", as the log line and the status bar say it. */
        public String summary() {
            return String.format(Formats.DIGITS, "%d packets in %.2f s", packets, elapsedNanos / 1e9);
        }

        /** A notice for the user when the file was not read to its end, else null. */
        public String notice() {
            if (problem != null) {
                return "The file is damaged: " + problem + ". The " + packets + " packets before that point are shown.";
            }
            if (cancelled) {
                return "Loading was cancelled: the first " + packets + " packets are shown.";
            }
            return null;
        }
    }

    private static final String LOAD_FAILED = "Loading the capture failed";

    private final Background background;
    /** The loading pass of what is open: opening another file or closing makes the older load's news stale. */
    private final LatestWins loads;
    /** A live capture starting (libpcap opening its handles): an open or close before it is done cancels it. */
    private final LatestWins starts;
    private DissectorOptions dissectorOptions;
    private AnalysisOptions analysisOptions;
    private CaptureLoad load;
    /** Frames the next file load leaves out of the analysis (the user ignores them), or null. */
    private java.util.function.LongPredicate ignored;
    private Path file;
    private boolean loading;
    private LiveCapture live;
    private LiveFrames liveFrames;
    private LiveFile liveFile;

    public OpenCapture(Background background, DissectorOptions dissectorOptions, AnalysisOptions analysisOptions) {
        this.background = background;
        this.loads = background.line("rocelens-load");
        this.starts = background.line("rocelens-capture-start");
        this.dissectorOptions = dissectorOptions;
        this.analysisOptions = analysisOptions;
    }

    /** The dissector and analysis settings the next open uses. */
    public void setOptions(DissectorOptions dissector, AnalysisOptions analysis) {
        dissectorOptions = dissector;
        analysisOptions = analysis;
    }

    /** The frames (numbers from 1) the next {@link #open} leaves out of the analysis, or null for none. */
    public void ignore(java.util.function.LongPredicate frames) {
        ignored = frames;
    }

    public DissectorOptions dissectorOptions() {
        return dissectorOptions;
    }

    public Path file() {
        return file;
    }

    public boolean isLoading() {
        return loading;
    }

    /** Closes what is open and starts loading {@code path}; the listener hears the rest. */
    public void open(Path path, Listener listener) {
        close();
        loading = true;
        file = path;
        SummaryPipeline pipeline = SummaryPipeline.forThisMachine(dissectorOptions);
        CaptureLoad.Options options = loadOptions();
        java.util.function.LongPredicate leftOut = ignored;
        loads.submit(LOAD_FAILED, request -> {
            CaptureLoad opened;
            try {
                opened = CaptureLoad.open(List.of(path), options, pipeline, forward(request, listener));
            } catch (CaptureOpenException unreadable) {
                request.deliver(() -> {
                    loading = false;
                    file = null;
                    listener.failed("The file could not be opened", unreadable.getMessage());
                });
                return null;
            }
            if (leftOut != null) {
                opened.ignore(leftOut);
            }
            run(request, path, opened, new IndexedCapture(opened.index(), opened.files().get(0)::frameAt), listener);
            return null;
        }, nothing -> { }, () -> abandon(listener));
    }

    private void abandon(Listener listener) {
        loading = false;
        listener.abandoned();
    }

    /**
     * Starts a live capture in the background (libpcap opens its handles there), then, on the UI thread, closes what
     * was open and loads the capture as it runs by the same pass as a file: the packet list and the analysis
     * snapshots grow while it captures, and {@link Listener#finished} comes once it has stopped
     * ({@link #stopCapture()}, a stop condition, or a problem: see {@link #liveCapture()}) and its last frame is read.
     * Frames are read again from memory while new, then from the file the capture writes. An open or close before
     * it has started makes the request stale: the capture is stopped again.
     *
     * @param started told on the UI thread once it runs
     * @param refused told on the UI thread when it cannot start (what was open stays open)
     */
    public void capture(CaptureOptions captureOptions, Listener listener, Consumer<LiveCapture> started,
                        Consumer<CaptureException> refused) {
        LatestWins.Request request = starts.next();
        starts.worker().execute(() -> {
            LiveFrames frames = new LiveFrames();
            LiveFile frameSource = new LiveFile(frames);
            LiveCapture capture;
            try {
                capture = LiveCapture.start(captureOptions, frameSource.listener());
            } catch (CaptureException failure) {
                frameSource.close();
                request.deliver(() -> refused.accept(failure));
                return;
            } catch (RuntimeException fault) {
                frameSource.close();
                request.deliver(() -> {
                    listener.abandoned();
                    background.failed("The capture could not start", fault, null);
                });
                return;
            }
            background.onUi(() -> {
                if (!request.isCurrent()) {
                    capture.stop();
                    frames.close();
                    frameSource.close();
                    return;
                }
                attach(captureOptions, capture, frames, frameSource, listener);
                started.accept(capture);
            });
        });
    }

    /** The capture started: it replaces what was open, and its frames are loaded as they come. */
    private void attach(CaptureOptions captureOptions, LiveCapture started, LiveFrames frames, LiveFile frameSource,
                        Listener listener) {
        close();
        LatestWins.Request request = loads.next();
        loading = true;
        live = started;
        liveFrames = frames;
        file = started.files().isEmpty() ? null : started.files().get(0);
        liveFile = frameSource.writesTo(file, captureOptions.output() instanceof CaptureOutput.RingBuffer);
        Path name = file != null ? file : Path.of(String.join("-", captureOptions.interfaces()));
        CaptureLoad opened = CaptureLoad.live(name, frames, loadOptions(),
                SummaryPipeline.forThisMachine(dissectorOptions), forward(request, listener));
        // the list empties now, not when the loading thread gets to it: the status bar says "Capturing · Captured: 0"
        // from here on, and the rows of the file open before must not stand beside it
        load = opened;
        listener.opened(name, new IndexedCapture(opened.index(), frameSource));
        request.then(LOAD_FAILED, ready -> {
            pass(ready, name, opened, listener);
            return null;
        }, nothing -> { }, () -> {
            stopCapture();
            abandon(listener);
        });
    }

    /** The capture running or last run in this session, or null for a file. */
    public LiveCapture liveCapture() {
        return live;
    }

    /** Asks the live capture to stop; the pass reads its last frames and {@link Listener#finished} follows. */
    public void stopCapture() {
        if (live != null) {
            live.stop();
        }
    }

    private CaptureLoad.Options loadOptions() {
        return new CaptureLoad.Options(analysisOptions, true, true, Long.MAX_VALUE);
    }

    /** The load's progress and snapshots, passed to the UI thread while the load is still the current one. */
    private CaptureLoad.Listener forward(LatestWins.Request request, Listener listener) {
        return new CaptureLoad.Listener() {
            @Override
            public void progress(CaptureLoad.Progress progress) {
                request.deliver(() -> listener.progress(progress.fraction(), progress.packets()));
            }

            @Override
            public void analysis(AnalysisResult soFar) {
                request.deliver(() -> listener.analysis(soFar));
            }
        };
    }

    /** Runs the opened load on the loading thread and tells the listener how it went. */
    private void run(LatestWins.Request request, Path path, CaptureLoad opened, PacketTable table,
                     Listener listener) {
        background.onUi(() -> {
            if (!request.isCurrent()) {
                closeQuietly(opened);
                return;
            }
            load = opened;
            listener.opened(path, table);
        });
        pass(request, path, opened, listener);
    }

    /** Reads, dissects and analyses every frame (on the loading thread); the listener hears how it ended. */
    private void pass(LatestWins.Request request, Path path, CaptureLoad opened, Listener listener) {
        LoadResult result;
        try {
            result = opened.run();
        } catch (IOException failure) {
            request.deliver(() -> {
                loading = false;
                listener.failed("Reading the file failed", path + ": " + CaptureOpenException.reason(failure)
                        + ". The packets read before are shown.");
            });
            return;
        } catch (OutOfMemoryError full) {
            // the heap is too small (or the launcher's GC overhead limit saw it collecting back to back): what the
            // pass held in flight is garbage now; the rows listed so far stay, and a running capture stops
            String message = outOfMemory();
            request.deliver(() -> {
                loading = false;
                stopCapture();
                listener.failed("Out of memory", message);
            });
            return;
        }
        FileRead read = result.files().get(0);
        Outcome outcome = new Outcome(path, result.packets(), result.elapsedNanos(), result.cancelled(),
                read.problem(), result.analysis(), opened.marks());
        LOG.info("{} {}: {}", opened.files().isEmpty() ? "captured" : "opened", path, outcome.summary());
        request.deliver(() -> {
            loading = false;
            listener.finished(outcome);
        });
    }

    /** What the window says when the heap ran out while loading. */
    static String outOfMemory() {
        return "The Java heap (at most " + Runtime.getRuntime().maxMemory() / (1 << 20) + " MiB) is too small for this"
                + " capture: loading stopped, and the packets read so far are kept. Give it more with"
                + " ROCELENS_JAVA_OPTS=-Xmx<size> (e.g. -Xmx8g) and open the file again.";
    }

    /** Stops loading; what was read is kept. */
    public void cancel() {
        if (load != null) {
            load.cancel();
        }
    }

    /** Stops loading (and a live capture) and closes the file. */
    public void close() {
        starts.cancel();
        loads.cancel();
        loading = false;
        file = null;
        if (live != null) {
            live.stop();
            liveFrames.close();
            liveFile.close();
            live = null;
            liveFrames = null;
            liveFile = null;
        }
        if (load != null) {
            CaptureLoad closing = load;
            load = null;
            closing.cancel();
            // the pass may still be reading: close once it has stopped, on the loading thread
            loads.worker().execute(() -> closeQuietly(closing));
        }
    }

    private static void closeQuietly(CaptureLoad load) {
        try {
            load.close();
        } catch (IOException ignored) {
            // a file opened for reading loses nothing when closing fails
        }
    }
}
