package io.rocelens.app.gui.model;

import io.rocelens.analysis.AnalysisMarks;
import io.rocelens.analysis.AnalysisOptions;
import io.rocelens.analysis.AnalysisResult;
import io.rocelens.capture.CaptureOpenException;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.SummaryPipeline;
import io.rocelens.load.CaptureLoad;
import io.rocelens.load.FileRead;
import io.rocelens.load.LoadResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The open capture: loads it in the background with the library's loading task (progress, cancel, a packet index
 * that grows while the file is read) and tells the window, on the UI thread, what happened in plain words. A newer
 * open or a close makes the older load's news stale; it is dropped and that load cancelled.
 */
public final class CaptureSession {

    private static final Logger LOG = LoggerFactory.getLogger(CaptureSession.class);

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
            return String.format(Locale.ROOT, "%d packets in %.2f s", packets, elapsedNanos / 1e9);
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

    private final Executor loader;
    private final Executor ui;
    private final AtomicLong generation = new AtomicLong();
    private DissectorOptions dissectorOptions;
    private AnalysisOptions analysisOptions;
    private CaptureLoad load;
    private Path file;
    private boolean loading;

    public CaptureSession(Executor loader, Executor ui, DissectorOptions dissectorOptions,
                          AnalysisOptions analysisOptions) {
        this.loader = loader;
        this.ui = ui;
        this.dissectorOptions = dissectorOptions;
        this.analysisOptions = analysisOptions;
    }

    /** The dissector and analysis settings the next open uses. */
    public void setOptions(DissectorOptions dissector, AnalysisOptions analysis) {
        dissectorOptions = dissector;
        analysisOptions = analysis;
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
        long ticket = generation.incrementAndGet();
        loading = true;
        file = path;
        SummaryPipeline pipeline = SummaryPipeline.forThisMachine(dissectorOptions);
        CaptureLoad.Options options = new CaptureLoad.Options(analysisOptions, true, true, Long.MAX_VALUE);
        loader.execute(() -> {
            CaptureLoad opened;
            try {
                opened = CaptureLoad.open(List.of(path), options, pipeline, new CaptureLoad.Listener() {
                    @Override
                    public void progress(CaptureLoad.Progress progress) {
                        ui.execute(() -> {
                            if (generation.get() == ticket) {
                                listener.progress(progress.fraction(), progress.packets());
                            }
                        });
                    }

                    @Override
                    public void analysis(AnalysisResult soFar) {
                        ui.execute(() -> {
                            if (generation.get() == ticket) {
                                listener.analysis(soFar);
                            }
                        });
                    }
                });
            } catch (CaptureOpenException unreadable) {
                ui.execute(() -> {
                    if (generation.get() == ticket) {
                        loading = false;
                        file = null;
                        listener.failed("The file could not be opened", unreadable.getMessage());
                    }
                });
                return;
            }
            PacketTable table = new IndexedCapture(opened.index(), opened.files().get(0));
            ui.execute(() -> {
                if (generation.get() != ticket) {
                    closeQuietly(opened);
                    return;
                }
                load = opened;
                listener.opened(path, table);
            });
            LoadResult result;
            try {
                result = opened.run();
            } catch (IOException failure) {
                ui.execute(() -> {
                    if (generation.get() == ticket) {
                        loading = false;
                        listener.failed("Reading the file failed", path + ": " + CaptureOpenException.reason(failure)
                                + ". The packets read before are shown.");
                    }
                });
                return;
            }
            FileRead read = result.files().get(0);
            Outcome outcome = new Outcome(path, result.packets(), result.elapsedNanos(), result.cancelled(),
                    read.problem(), result.analysis(), opened.marks());
            LOG.info("opened {}: {}", path, outcome.summary());
            ui.execute(() -> {
                if (generation.get() == ticket) {
                    loading = false;
                    listener.finished(outcome);
                }
            });
        });
    }

    /** Stops loading; what was read is kept. */
    public void cancel() {
        if (load != null) {
            load.cancel();
        }
    }

    /** Stops loading and closes the file. */
    public void close() {
        generation.incrementAndGet();
        loading = false;
        file = null;
        if (load != null) {
            CaptureLoad closing = load;
            load = null;
            closing.cancel();
            // the pass may still be reading: close once it has stopped, on the loading thread
            loader.execute(() -> closeQuietly(closing));
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
