package io.rocelens.app.gui;

import io.rocelens.analysis.AnalysisResult;
import io.rocelens.app.gui.capture.CaptureOptionsDialog;
import io.rocelens.app.gui.capture.model.OpenCapture;
import io.rocelens.app.gui.capture.model.UnsavedCaptureGuard;
import io.rocelens.app.gui.common.Dialogs;
import io.rocelens.app.gui.common.model.Background;
import io.rocelens.app.gui.common.model.LatestWins;
import io.rocelens.app.gui.common.model.Preferences;
import io.rocelens.app.gui.packetlist.model.PacketTable;
import io.rocelens.app.gui.stats.model.AnalysedCapture;
import io.rocelens.live.CaptureException;
import io.rocelens.live.CaptureInterface;
import io.rocelens.live.CaptureOptions;
import io.rocelens.live.CaptureOutput;
import io.rocelens.live.InterfaceStatistics;
import io.rocelens.live.LiveCapture;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.scene.control.CheckMenuItem;
import javafx.util.Duration;

/**
 * The Capture menu's work: the Options dialog, Start (with the last options), Stop, Restart, the capture's counts in
 * the status bar while it runs, and what the window shows once it ends. The capture itself is the library's engine,
 * loaded as it runs by the same pass as a file ({@link OpenCapture#capture}).
 */
final class LiveCaptureController {

    private final MainWindow window;
    private final Preferences preferences;
    private final OpenCapture session;
    private final StatusLine status;
    private final UnsavedCaptureGuard guard;
    private final Timeline ticker = new Timeline(new KeyFrame(Duration.millis(250), e -> showCounts()));
    private final CheckMenuItem autoScroll = new CheckMenuItem("_Auto Scroll in Live Capture");
    /** The options of the last capture (or the Options dialog's defaults), used by Capture › Start. */
    private CaptureOptions options;
    private boolean capturing;
    /** A capture was asked for and libpcap is opening it (in the background). */
    private boolean starting;
    /** Listing the interfaces for the Options dialog (libpcap's pcap_findalldevs), in the background. */
    private final LatestWins listings;
    /** The Options dialog's capture filter, checked by libpcap as it is typed, in the background. */
    private final LatestWins filterChecks;
    /** Waiting for a stopped capture to close its file, before what comes next. */
    private final LatestWins stops;
    /** The Options dialog's sparklines: the interfaces' counters read from /sys. */
    private final LatestWins sampling;

    LiveCaptureController(MainWindow window, Background background, Preferences preferences, OpenCapture session,
                          StatusLine status, UnsavedCaptureGuard guard) {
        this.window = window;
        listings = background.line("rocelens-interfaces");
        filterChecks = background.line("rocelens-capture-filter");
        stops = background.line("rocelens-capture-stop");
        sampling = background.line("rocelens-interface-counters");
        this.preferences = preferences;
        this.session = session;
        this.status = status;
        this.guard = guard;
        ticker.setCycleCount(Timeline.INDEFINITE);
        autoScroll.setSelected(Boolean.parseBoolean(preferences.get(Preferences.CAPTURE_AUTO_SCROLL, "true")));
        autoScroll.setOnAction(e -> preferences.put(Preferences.CAPTURE_AUTO_SCROLL,
                Boolean.toString(autoScroll.isSelected())));
    }

    boolean capturing() {
        return capturing;
    }

    /** View › Auto Scroll in Live Capture. */
    CheckMenuItem autoScrollItem() {
        return autoScroll;
    }

    /** The last capture wrote a ring buffer of files (nothing to save: they are named). */
    boolean ringBuffer() {
        return options != null && session.liveCapture() != null
                && options.output() instanceof CaptureOutput.RingBuffer;
    }

    /** Ctrl+E: Start, or Stop while capturing. */
    void startOrStop() {
        if (capturing) {
            stop();
        } else {
            start();
        }
    }

    void stop() {
        session.stopCapture();
    }

    /** Capture › Options: the interfaces are listed in the background, then the dialog, then a capture. */
    void optionsDialog() {
        if (capturing || starting) {
            return;
        }
        CaptureOptions last = options;
        listings.submit("The interfaces could not be listed", request -> {
            try {
                List<CaptureInterface> found = LiveCapture.interfaces();
                return new Listed(found, last != null ? last : defaultOptions(found), null);
            } catch (CaptureException failure) {
                return new Listed(List.of(), null, failure);
            }
        }, this::optionsDialog);
    }

    /** The interfaces libpcap lists and the options the dialog starts from; or why they could not be listed. */
    private record Listed(List<CaptureInterface> found, CaptureOptions start, CaptureException failure) {
    }

    private void optionsDialog(Listed listed) {
        if (listed.failure() != null) {
            failed(listed.failure());
            return;
        }
        if (capturing || starting) {
            return;
        }
        CaptureOptionsDialog.show(window.stage(), listed.found(), listed.start(), filterChecks, sampling)
                .ifPresent(picked -> {
                    options = picked;
                    preferences.putList(Preferences.CAPTURE_INTERFACES, picked.interfaces());
                    preferences.put(Preferences.CAPTURE_FILTER, picked.filter());
                    window.savePreferences();
                    start(picked);
                });
    }

    /** Capture › Start (Ctrl+E): with the last options, or through the Options dialog the first time. */
    void start() {
        if (options == null) {
            optionsDialog();
        } else {
            start(options);
        }
    }

    /** The interfaces and filter of the last session (preferences), else the first interface that is up. */
    private CaptureOptions defaultOptions(List<CaptureInterface> found) {
        List<String> names = preferences.getList(Preferences.CAPTURE_INTERFACES);
        if (names.isEmpty()) {
            names = found.stream()
                    .filter(device -> device.up() && !device.loopback() && !device.name().equals("any"))
                    .map(CaptureInterface::name).limit(1).toList();
        }
        CaptureOptions defaults = CaptureOptions.of(names.isEmpty() ? List.of("any") : names);
        return defaults.withFilter(preferences.get(Preferences.CAPTURE_FILTER, defaults.filter()));
    }

    /** Starts capturing; what was open closes (after asking about an unsaved capture). */
    void start(CaptureOptions chosen) {
        if (capturing || starting) {
            return;
        }
        Path named = chosen.output() instanceof CaptureOutput.NamedFile file ? file.path() : null;
        if (named != null && window.writesOverOpenCapture(named, "The capture could not start")) {
            return;
        }
        guard.then("before starting a new capture", () -> startConfirmed(chosen));
    }

    private void startConfirmed(CaptureOptions chosen) {
        options = chosen;
        long started = System.nanoTime();
        String where = String.join(", ", chosen.interfaces());
        starting = true;
        status.say("Starting the capture on " + where + " …");
        session.capture(chosen, new OpenCapture.Listener() {
                @Override
                public void opened(Path path, PacketTable table) {
                    window.listOpened(table);
                }

                @Override
                public void progress(double fraction, long count) {
                    window.listGrew(autoScroll.isSelected());
                }

                @Override
                public void analysis(AnalysisResult soFar) {
                    window.analysisKnown(soFar, null);
                    window.stats().capturing(new AnalysedCapture(session.file(), window.packets().table(), soFar,
                            null, session.dissectorOptions(), System.nanoTime() - started, null));
                }

                @Override
                public void finished(OpenCapture.Outcome ended) {
                    ended(ended);
                }

                @Override
                public void abandoned() {
                    stopped();
                }

                @Override
                public void failed(String heading, String message) {
                    stopped();
                    status.say(message);
                    Dialogs.error(window.stage(), heading, message);
                }
            }, capture -> started(chosen, capture, where), failure -> {
                starting = false;
                failed(failure);     // what was open stays open
            });
    }

    private void started(CaptureOptions chosen, LiveCapture capture, String where) {
        starting = false;
        window.cleared();
        capturing = true;
        guard.captureStarted(chosen.output() instanceof CaptureOutput.TemporaryFile);
        window.stage().setTitle(MainWindow.TITLE + " — Capturing from " + where);
        status.say("Capturing from " + where + (capture.files().isEmpty() ? ""
                : chosen.output() instanceof CaptureOutput.RingBuffer ? " into a ring buffer of files"
                : " into " + capture.files().get(0).getFileName()));
        status.clearLoadTime();
        window.refreshState();
        showCounts();
        ticker.play();
    }

    private void stopped() {
        starting = false;
        capturing = false;
        ticker.stop();
        window.listUnfollowed();
        window.refreshState();
    }

    /** The capture stopped and its last frame is in the list: the views get the final analysis. */
    private void ended(OpenCapture.Outcome ended) {
        LiveCapture capture = session.liveCapture();
        capturing = false;
        ticker.stop();
        window.packets().loaded(ended.marks());
        window.analysisKnown(ended.analysis(), ended.marks());
        window.showCounts();
        window.refreshState();
        List<Path> files = capture.files();
        Path file = files.isEmpty() ? null : files.get(files.size() - 1);
        boolean ring = options.output() instanceof CaptureOutput.RingBuffer;
        boolean unsaved = guard.temporary();
        window.stage().setTitle(MainWindow.TITLE + " — " + (file == null ? "capture" : ring
                ? files.size() + " ring buffer files" : file.getFileName()) + (unsaved ? " (not saved)" : ""));
        status.say("Captured " + ended.packets() + " packets" + (file == null ? ""
                : ring ? " into " + files.size() + " files, the newest " + file
                : " into " + file + (unsaved ? " (temporary: File › Save keeps it)" : "")));
        if (ring && file != null) {
            // as Wireshark: the ring's newest file is opened, whose every packet can be read again (the list of the
            // whole capture could not show the frames of the files it deleted)
            window.open(file, null, null);
        } else {
            window.stats().loaded(new AnalysedCapture(session.file(), window.packets().table(), ended.analysis(),
                    ended.marks(), session.dissectorOptions(), ended.elapsedNanos(), null));
            window.selectSomething();
        }
        if (capture.problem() != null) {
            Dialogs.warning(window.stage(), "The capture stopped", capture.problem() + ". " + (file == null ? ""
                    : "The " + ended.packets() + " packets captured before are kept in " + file + "."));
        }
    }

    /** Capture › Restart: the running capture's packets are dropped (its temporary file deleted) and it starts again. */
    void restart() {
        if (!capturing) {
            return;
        }
        window.discardCapture();
        start(options);
    }

    /**
     * Stops a running capture, then runs {@code stopped} on the UI thread once its file is closed (before saving it,
     * or quitting): the wait is on a background thread, the window keeps answering.
     */
    void stopThen(Runnable stopped) {
        if (!capturing) {
            stopped.run();
            return;
        }
        LiveCapture running = session.liveCapture();
        session.stopCapture();
        capturing = false;
        ticker.stop();
        stops.submit("The capture could not be stopped", request -> {
            awaitFileClosed(running);
            return running;
        }, closed -> stopped.run());
    }

    /** The window closes: a running capture is stopped; closing waits a little for its file. */
    void shutdown(Runnable closeSession) {
        LiveCapture running = capturing ? session.liveCapture() : null;
        closeSession.run();
        if (running != null) {
            awaitFileClosed(running);       // before the JVM exits
        }
    }

    /** What was open is closed. */
    void closed() {
        capturing = false;
        ticker.stop();
        status.captureCounts("");
    }

    /** A stopped capture writes its statistics blocks and closes its file: waits a little for that. */
    private static void awaitFileClosed(LiveCapture running) {
        try {
            running.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** A capture that could not start, in plain words, with what to do about it. */
    private void failed(CaptureException failure) {
        String heading = switch (failure.kind()) {
            case LIBPCAP_MISSING -> "libpcap is not installed";
            case PERMISSION -> "No permission to capture";
            case NO_SUCH_INTERFACE -> "No such interface";
            case BAD_FILTER -> "The capture filter is not valid";
            case OUTPUT -> "The capture file cannot be written";
            case LIBPCAP -> "The capture could not start";
        };
        status.say(failure.getMessage());
        Dialogs.error(window.stage(), heading, failure.getMessage());
    }

    /**
     * Packets captured (the engine's running count, so never fewer than the list shows) and dropped (libpcap's
     * pcap_stats, polled every 200 ms: by the kernel and by the interface), all interfaces.
     */
    void showCounts() {
        LiveCapture capture = session.liveCapture();
        if (capture == null) {
            status.captureCounts("");
            return;
        }
        long captured = capture.framesCaptured();
        long dropped = 0;
        for (InterfaceStatistics one : capture.statistics()) {
            dropped += one.dropped() + one.ifDropped();
        }
        status.captureCounts((capturing ? "Capturing · " : "") + "Captured: " + captured + " · Dropped: " + dropped);
    }
}
