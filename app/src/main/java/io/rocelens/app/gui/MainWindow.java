package io.rocelens.app.gui;

import io.rocelens.app.BuildInfo;
import io.rocelens.app.gui.model.Background;
import io.rocelens.app.gui.model.CaptureSession;
import io.rocelens.app.gui.model.ColouringRules;
import io.rocelens.app.gui.model.FilterBarModel;
import io.rocelens.app.gui.model.FrameDetails;
import io.rocelens.app.gui.model.LatestWins;
import io.rocelens.app.gui.model.PacketColumn;
import io.rocelens.app.gui.model.PacketExport;
import io.rocelens.app.gui.model.PacketListModel;
import io.rocelens.app.gui.model.PacketTable;
import io.rocelens.app.gui.model.Preferences;
import io.rocelens.app.gui.model.TimeFormat;
import io.rocelens.analysis.AnalysisResult;
import io.rocelens.app.gui.stats.Capture;
import io.rocelens.app.gui.stats.PacketListLink;
import io.rocelens.app.gui.stats.StatsViews;
import io.rocelens.capture.CaptureFormat;
import io.rocelens.capture.CaptureOpenException;
import io.rocelens.capture.OverwriteCheck;
import io.rocelens.capture.Frame;
import io.rocelens.dissect.Dissection;
import io.rocelens.dissect.Dissector;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.filter.DisplayFilter;
import io.rocelens.live.CaptureException;
import io.rocelens.live.CaptureInterface;
import io.rocelens.live.CaptureOptions;
import io.rocelens.live.CaptureOutput;
import io.rocelens.live.InterfaceStatistics;
import io.rocelens.live.LiveCapture;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.TimeUnit;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.util.Duration;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javafx.application.Platform;
import javafx.geometry.Orientation;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextInputDialog;
import javafx.scene.control.ToggleGroup;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Stage;
import org.controlsfx.control.StatusBar;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The main window, laid out as Wireshark's: menus, the display filter bar, the packet list, the details tree and
 * the bytes pane one above the other, and the status bar. It wires the views to the view models; the work is
 * theirs, and everything that reads the file runs on background threads.
 */
final class MainWindow {

    static final String TITLE = "RoCE Lens";
    private static final Logger LOG = LoggerFactory.getLogger(MainWindow.class);
    private static final int MAX_RECENT = 10;
    private static final int MIN_FONT = 8;
    private static final int MAX_FONT = 32;
    private static final KeyCombination START_OR_STOP = KeyCombination.keyCombination("Shortcut+E");

    private final Stage stage;
    private final Preferences preferences;
    private final Background background;
    /** The selected packet's details: read and dissected in the background, the latest selection wins. */
    private final LatestWins detailReads;
    /** Exports, one after the other. */
    private final LatestWins writes;
    private final BorderPane root = new BorderPane();
    private final CaptureSession session;
    private final PacketListModel packets;
    private final PacketListView packetList;
    private final FilterBarModel filterModel;
    private final FilterBar filterBar;
    private final DetailsView details;
    private final HexView bytes;
    private final StatsViews stats;
    private final StatusBar status = new StatusBar();
    private final Label counts = new Label();
    private final Label loadTime = new Label();
    private final Button cancel = new Button("Cancel");
    private final Menu openRecent = new Menu("Open _Recent");
    private final List<MenuItem> needsCapture = new ArrayList<>();
    private final Label captureCounts = new Label();
    private final Timeline captureTicker = new Timeline(new KeyFrame(Duration.millis(250), e -> showCaptureCounts()));
    private final CheckMenuItem autoScroll = new CheckMenuItem("_Auto Scroll in Live Capture");
    private final MenuItem saveItem = item("_Save…", "Shortcut+S", this::save);
    private final MenuItem saveAsItem = item("Save _As…", "Shortcut+Shift+S", this::saveAs);
    private MenuItem startItem;
    private MenuItem stopItem;
    private MenuItem restartItem;
    /** The options of the last capture (or the Options dialog's defaults), used by Capture › Start. */
    private CaptureOptions captureOptions;
    /** The open capture is a live capture's temporary file the user has not saved. */
    private boolean unsavedCapture;
    private boolean capturing;
    private int fontSize;
    private CaptureSession.Outcome outcome;
    /** What the command line asked for once the file is loaded: a frame to select. */
    private Long frameToSelect;

    MainWindow(Stage stage, Preferences preferences) {
        this.stage = stage;
        this.preferences = preferences;
        background = new Background(Platform::runLater, this::tellFailure);
        detailReads = background.line("rocelens-detail");
        writes = background.line("rocelens-write");
        session = new CaptureSession(background, preferences.dissectorOptions(), preferences.analysisOptions());
        packets = new PacketListModel(background);
        packets.setTimeFormat(preferences.getEnum(Preferences.TIME_FORMAT, TimeFormat.SINCE_FIRST),
                ZoneId.systemDefault());
        packets.setColours(ColouringRules.from(preferences), true);
        packetList = new PacketListView(packets, this::sort, this::showDetails, this::listChanged);
        filterModel = new FilterBarModel(preferences.getList(Preferences.FILTER_HISTORY));
        filterBar = new FilterBar(filterModel, this::applyFilter);
        details = new DetailsView(filterBar::applyNow, filterBar::prepare);
        bytes = new HexView(details::selectByte);
        details.control().getSelectionModel().selectedItemProperty().addListener((seen, old, item) -> {
            if (item != null && item.getValue() != null) {
                bytes.highlight(item.getValue().offset(), item.getValue().length());
            } else {
                bytes.highlight(0, 0);
            }
        });
        packetList.control().setContextMenu(packetMenu());
        stats = new StatsViews(stage, new PacketListLink() {
            @Override
            public void selectFrame(long frame) {
                goTo(frame);
            }

            @Override
            public void applyFilter(String displayFilter) {
                filterBar.applyNow(displayFilter);
            }

            @Override
            public String displayFilter() {
                return packets.filter() == null ? "" : packets.filter().text();
            }
        }, packets::displayedRowsInFrameOrder, preferences, background);

        SplitPane panes = new SplitPane(packetList.control(), details.control(), bytes.control());
        panes.setOrientation(Orientation.VERTICAL);
        panes.setDividerPositions(0.5, 0.78);
        root.setTop(new VBox(menus(), filterBar.control()));
        root.setCenter(panes);
        root.setBottom(statusBar());

        javafx.geometry.Rectangle2D screen = javafx.stage.Screen.getPrimary().getVisualBounds();
        Scene scene = new Scene(root, Math.min(1280, screen.getWidth()), Math.min(860, screen.getHeight()));
        scene.getStylesheets().add(MainWindow.class.getResource("rocelens.css").toExternalForm());
        stage.setScene(scene);
        stage.setTitle(TITLE);
        fontSize = preferences.getInt(Preferences.FONT_SIZE, Preferences.DEFAULT_FONT_SIZE);
        applyFont();
        applyTheme(preferences.get(Preferences.THEME, "light"));
        acceptDroppedFiles(scene);
        // Start and Stop both show Ctrl+E, as in Wireshark, but a key is one accelerator of one item: handle it here,
        // before the menus' accelerators see it
        scene.addEventFilter(KeyEvent.KEY_PRESSED, event -> {
            if (START_OR_STOP.match(event)) {
                event.consume();
                if (capturing) {
                    session.stopCapture();
                } else {
                    startCapture();
                }
            }
        });
        showCounts();
        enableCaptureItems(false);
        showCaptureState();
        captureTicker.setCycleCount(Timeline.INDEFINITE);
        stage.setOnCloseRequest(event -> {
            if (!confirmDiscard("before quitting")) {
                event.consume();
            }
        });
    }

    /** The one place a failure of background work reaches the user (logged once, by {@link Background}). */
    private void tellFailure(String heading, String words) {
        status.setProgress(0);
        status.setText(heading + ": " + words);
        Dialogs.error(stage, heading, words);
    }

    // ---------------------------------------------------------------------------------------------- opening

    /** Opens a capture; the filter and frame come from the command line and may be null. */
    void open(Path file, String displayFilter, Long goToFrame) {
        frameToSelect = goToFrame;
        outcome = null;
        details.show(null);
        bytes.show(null);
        if (displayFilter != null) {
            filterBar.field().setText(displayFilter);
            FilterBarModel.Check check = FilterBarModel.check(displayFilter);
            if (check.state() == FilterBarModel.State.INVALID) {
                Dialogs.error(stage, "The display filter is not valid", displayFilter + ": " + check.message());
            } else {
                filterModel.applied(displayFilter);
                packets.applyFilter(check.filter(), null, () -> { });
            }
        }
        long opening = System.nanoTime();
        boolean[] firstRows = {false};
        status.setText("Loading " + file.getFileName() + " …");
        status.setProgress(0);
        cancel.setVisible(true);
        session.open(file, new CaptureSession.Listener() {
            @Override
            public void opened(Path path, PacketTable table) {
                stage.setTitle(TITLE + " — " + path.getFileName());
                rememberRecent(path);
                packets.open(table, session.dissectorOptions());
                enableCaptureItems(true);
                // as in Wireshark, the keys move through the packets once a file is open
                packetList.control().requestFocus();
            }

            @Override
            public void progress(double fraction, long count) {
                status.setProgress(fraction);
                status.setText("Loading " + file.getFileName() + ": " + count + " packets");
                packets.grew();
                showCounts();
                if (!firstRows[0] && packets.size() > 0) {
                    firstRows[0] = true;
                    LOG.info("first {} packets listed {} s after opening {}", packets.size(),
                            String.format(Locale.ROOT, "%.2f", (System.nanoTime() - opening) / 1e9), file);
                }
            }

            @Override
            public void analysis(AnalysisResult soFar) {
                stats.loading(new Capture(file, packets.table(), soFar, session.dissectorOptions(),
                        System.nanoTime() - opening, null));
            }

            @Override
            public void finished(CaptureSession.Outcome ended) {
                outcome = ended;
                status.setProgress(0);
                cancel.setVisible(false);
                packets.loaded(ended.marks());
                showCounts();
                String notice = ended.notice();
                status.setText(notice != null ? notice : ended.file().getFileName() + ": " + ended.summary());
                loadTime.setText(String.format(Locale.ROOT, "Load time: %.2f s", ended.elapsedNanos() / 1e9));
                stats.loaded(new Capture(ended.file(), packets.table(), ended.analysis(), session.dissectorOptions(),
                        ended.elapsedNanos(), ended.problem()));
                if (ended.problem() != null) {
                    Dialogs.warning(stage, "The file is damaged", notice);
                }
                if (frameToSelect != null) {
                    goTo(frameToSelect);
                    frameToSelect = null;
                } else {
                    selectSomething();
                }
            }

            @Override
            public void abandoned() {
                cancel.setVisible(false);
            }

            @Override
            public void failed(String heading, String message) {
                status.setProgress(0);
                cancel.setVisible(false);
                status.setText(message);
                Dialogs.error(stage, heading, message);
            }
        });
    }

    private void reload() {
        Path file = session.file();
        if (file != null && !capturing) {
            open(file, null, null);
        }
    }

    /** File › Close, Open and the others that replace what is open: asks first about an unsaved capture. */
    private void closeAsked() {
        if (confirmDiscard("before closing")) {
            close();
        }
    }

    private void openAsked(Path file) {
        if (confirmDiscard("before opening another file")) {
            open(file, null, null);
        }
    }

    private void close() {
        session.close();
        capturing = false;
        captureTicker.stop();
        captureCounts.setText("");
        showCaptureState();
        stats.closed();
        packets.close();
        outcome = null;
        stage.setTitle(TITLE);
        details.show(null);
        bytes.show(null);
        status.setText("");
        status.setProgress(0);
        cancel.setVisible(false);
        loadTime.setText("");
        showCounts();
        enableCaptureItems(false);
    }

    Stage stage() {
        return stage;
    }

    /** The RoCE statistics views of this window. */
    StatsViews stats() {
        return stats;
    }

    void shutdown() {
        LiveCapture running = capturing ? session.liveCapture() : null;
        session.close();
        if (running != null) {
            awaitFileClosed(running);       // before the JVM exits
        }
        preferences.putList(Preferences.FILTER_HISTORY, filterModel.history());
        savePreferences();
        background.shutdown();
    }

    // ---------------------------------------------------------------------------------------------- live capture

    /** Capture › Options: the dialog, then a capture with what was chosen. */
    private void captureOptionsDialog() {
        if (capturing) {
            return;
        }
        Optional<CaptureOptions> chosen;
        try {
            chosen = CaptureOptionsDialog.show(stage, captureOptions != null ? captureOptions : defaultCaptureOptions());
        } catch (CaptureException failure) {
            captureFailed(failure);
            return;
        }
        chosen.ifPresent(options -> {
            captureOptions = options;
            preferences.putList(Preferences.CAPTURE_INTERFACES, options.interfaces());
            preferences.put(Preferences.CAPTURE_FILTER, options.filter());
            savePreferences();
            startCapture(options);
        });
    }

    /** Capture › Start (Ctrl+E): with the last options, or through the Options dialog the first time. */
    private void startCapture() {
        if (captureOptions == null) {
            captureOptionsDialog();
        } else {
            startCapture(captureOptions);
        }
    }

    /** The interfaces and filter of the last session (preferences), else the first interface that is up. */
    private CaptureOptions defaultCaptureOptions() throws CaptureException {
        List<String> remembered = preferences.getList(Preferences.CAPTURE_INTERFACES);
        List<String> names = remembered;
        if (names.isEmpty()) {
            names = LiveCapture.interfaces().stream()
                    .filter(device -> device.up() && !device.loopback() && !device.name().equals("any"))
                    .map(CaptureInterface::name).limit(1).toList();
        }
        CaptureOptions options = CaptureOptions.of(names.isEmpty() ? List.of("any") : names);
        return options.withFilter(preferences.get(Preferences.CAPTURE_FILTER, options.filter()));
    }

    /** Starts capturing; what was open closes (after asking about an unsaved capture). */
    void startCapture(CaptureOptions options) {
        if (capturing) {
            return;
        }
        Path named = options.output() instanceof CaptureOutput.NamedFile file ? file.path() : null;
        if (named != null && writesOverOpenCapture(named, "The capture could not start")) {
            return;
        }
        if (!confirmDiscard("before starting a new capture")) {
            return;
        }
        captureOptions = options;
        long started = System.nanoTime();
        String where = String.join(", ", options.interfaces());
        LiveCapture capture;
        try {
            capture = session.capture(options, new CaptureSession.Listener() {
                @Override
                public void opened(Path path, PacketTable table) {
                    packets.open(table, session.dissectorOptions());
                    enableCaptureItems(true);
                    packetList.control().requestFocus();
                }

                @Override
                public void progress(double fraction, long count) {
                    packets.grew();
                    showCounts();
                    if (autoScroll.isSelected()) {
                        packetList.showLast();
                    }
                }

                @Override
                public void analysis(AnalysisResult soFar) {
                    stats.capturing(new Capture(session.file(), packets.table(), soFar, session.dissectorOptions(),
                            System.nanoTime() - started, null));
                }

                @Override
                public void finished(CaptureSession.Outcome ended) {
                    captureEnded(ended);
                }

                @Override
                public void abandoned() {
                    capturing = false;
                    captureTicker.stop();
                    showCaptureState();
                }

                @Override
                public void failed(String heading, String message) {
                    capturing = false;
                    captureTicker.stop();
                    showCaptureState();
                    status.setText(message);
                    Dialogs.error(stage, heading, message);
                }
            });
        } catch (CaptureException failure) {
            captureFailed(failure);     // what was open stays open
            return;
        }
        outcome = null;
        stats.closed();
        details.show(null);
        bytes.show(null);
        capturing = true;
        unsavedCapture = options.output() instanceof CaptureOutput.TemporaryFile;
        stage.setTitle(TITLE + " — Capturing from " + where);
        status.setText("Capturing from " + where + (capture.files().isEmpty() ? ""
                : options.output() instanceof CaptureOutput.RingBuffer ? " into a ring buffer of files"
                : " into " + capture.files().get(0).getFileName()));
        loadTime.setText("");
        showCaptureState();
        showCaptureCounts();
        captureTicker.play();
    }

    /** The capture stopped and its last frame is in the list: the views get the final analysis. */
    private void captureEnded(CaptureSession.Outcome ended) {
        LiveCapture capture = session.liveCapture();
        capturing = false;
        captureTicker.stop();
        outcome = ended;
        packets.loaded(ended.marks());
        showCounts();
        showCaptureState();
        List<Path> files = capture.files();
        Path file = files.isEmpty() ? null : files.get(files.size() - 1);
        boolean ring = captureOptions.output() instanceof CaptureOutput.RingBuffer;
        stage.setTitle(TITLE + " — " + (file == null ? "capture" : ring ? files.size() + " ring buffer files"
                : file.getFileName()) + (unsavedCapture ? " (not saved)" : ""));
        status.setText("Captured " + ended.packets() + " packets" + (file == null ? ""
                : ring ? " into " + files.size() + " files, the newest " + file
                : " into " + file + (unsavedCapture ? " (temporary: File › Save keeps it)" : "")));
        if (ring && file != null) {
            // as Wireshark: the ring's newest file is opened, whose every packet can be read again (the list of the
            // whole capture could not show the frames of the files it deleted)
            open(file, null, null);
        } else {
            stats.loaded(new Capture(session.file(), packets.table(), ended.analysis(), session.dissectorOptions(),
                    ended.elapsedNanos(), null));
            selectSomething();
        }
        if (capture.problem() != null) {
            Dialogs.warning(stage, "The capture stopped", capture.problem() + ". " + (file == null ? ""
                    : "The " + ended.packets() + " packets captured before are kept in " + file + "."));
        }
    }

    /** Capture › Restart: the running capture's packets are dropped (its temporary file deleted) and it starts again. */
    private void restartCapture() {
        if (!capturing) {
            return;
        }
        discardCapture();
        startCapture(captureOptions);
    }

    /** A capture that could not start, in plain words, with what to do about it. */
    private void captureFailed(CaptureException failure) {
        String heading = switch (failure.kind()) {
            case LIBPCAP_MISSING -> "libpcap is not installed";
            case PERMISSION -> "No permission to capture";
            case NO_SUCH_INTERFACE -> "No such interface";
            case BAD_FILTER -> "The capture filter is not valid";
            case OUTPUT -> "The capture file cannot be written";
            case LIBPCAP -> "The capture could not start";
        };
        status.setText(failure.getMessage());
        Dialogs.error(stage, heading, failure.getMessage());
    }

    /**
     * Packets captured (the engine's running count, so never fewer than the list shows) and dropped (libpcap's
     * pcap_stats, polled every 200 ms: by the kernel and by the interface), all interfaces.
     */
    private void showCaptureCounts() {
        LiveCapture capture = session.liveCapture();
        if (capture == null) {
            captureCounts.setText("");
            return;
        }
        long captured = capture.framesCaptured();
        long dropped = 0;
        for (InterfaceStatistics one : capture.statistics()) {
            dropped += one.dropped() + one.ifDropped();
        }
        captureCounts.setText((capturing ? "Capturing · " : "") + "Captured: " + captured + " · Dropped: " + dropped);
    }

    private void showCaptureState() {
        if (startItem == null) {
            return;
        }
        startItem.setDisable(capturing);
        stopItem.setDisable(!capturing);
        restartItem.setDisable(!capturing);
        saveItem.setDisable(capturing || !unsavedCapture);
        saveAsItem.setDisable(capturing || session.file() == null
                || captureOptions != null && session.liveCapture() != null
                && captureOptions.output() instanceof CaptureOutput.RingBuffer);
    }

    // ---------------------------------------------------------------------------------------------- saving

    /** File › Save: an unsaved capture gets a name (as Save As); a file already saved has nothing to save. */
    private void save() {
        if (unsavedCapture) {
            saveAs();
        }
    }

    private void saveAs() {
        Path target = chooseSaveTarget();
        if (target != null) {
            saveTo(target);
        }
    }

    private Path chooseSaveTarget() {
        if (capturing || session.file() == null) {
            return null;
        }
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Save Capture File As");
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("pcapng", "*.pcapng"));
        chooser.setInitialFileName(unsavedCapture ? "capture.pcapng" : session.file().getFileName().toString());
        var chosen = chooser.showSaveDialog(stage);
        if (chosen == null) {
            return null;
        }
        Path target = chosen.toPath();
        return target.getFileName().toString().indexOf('.') < 0
                ? target.resolveSibling(target.getFileName() + ".pcapng") : target;
    }

    /**
     * Keeps the open capture under this name: a temporary capture file is moved there, any other file copied; the
     * window then shows the saved file (title, Reload and Open Recent name it).
     *
     * @return true when it was saved
     */
    boolean saveTo(Path target) {
        Path current = session.file();
        if (capturing || current == null) {
            return false;
        }
        if (!current.toAbsolutePath().equals(target.toAbsolutePath())
                && writesOverOpenCapture(target, "The capture could not be saved")) {
            return false;
        }
        try {
            if (!current.toAbsolutePath().equals(target.toAbsolutePath())) {
                if (unsavedCapture) {
                    Files.move(current, target, StandardCopyOption.REPLACE_EXISTING);
                } else {
                    Files.copy(current, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        } catch (IOException failure) {
            Dialogs.error(stage, "The capture could not be saved", "Cannot write " + target + ": "
                    + CaptureOpenException.reason(failure) + ".");
            return false;
        }
        unsavedCapture = false;
        open(target, null, null);
        return true;
    }

    /**
     * True when nothing unsaved would be lost by what comes next; for an unsaved capture, asks Save / Don't Save /
     * Cancel as Wireshark does (stopping a running capture first). Don't Save deletes the temporary file.
     */
    boolean confirmDiscard(String when) {
        if (!unsavedCapture) {
            return true;
        }
        Alert ask = new Alert(Alert.AlertType.CONFIRMATION);
        ask.initOwner(stage);
        ask.setTitle("RoCE Lens");
        ask.setHeaderText("Do you want to " + (capturing ? "stop the capture and " : "") + "save the captured packets "
                + when + "?");
        ask.setContentText("Your captured packets will be lost if you don't save them.");
        ask.getDialogPane().setId("unsaved-capture");
        ButtonType save = new ButtonType("Save", ButtonBar.ButtonData.YES);
        ButtonType discard = new ButtonType("Don't Save", ButtonBar.ButtonData.NO);
        ask.getButtonTypes().setAll(save, discard, ButtonType.CANCEL);
        ButtonType answer = ask.showAndWait().orElse(ButtonType.CANCEL);
        if (answer == ButtonType.CANCEL) {
            return false;
        }
        if (capturing) {
            LiveCapture running = session.liveCapture();
            session.stopCapture();
            awaitFileClosed(running);
            capturing = false;
        }
        if (answer == save) {
            Path target = chooseSaveTarget();
            return target != null && saveTo(target);
        }
        discardCapture();
        return true;
    }

    /** A stopped capture writes its statistics blocks and closes its file: waits a little for that. */
    private static void awaitFileClosed(LiveCapture running) {
        try {
            running.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Closes the capture and deletes its temporary file if that was not saved. */
    private void discardCapture() {
        Path temporary = unsavedCapture ? session.file() : null;
        close();
        unsavedCapture = false;
        deleteQuietly(temporary);
    }

    private static void deleteQuietly(Path file) {
        if (file != null) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException stays) {
                LOG.warn("cannot delete the temporary capture {}: {}", file, stays.toString());
            }
        }
    }

    // ---------------------------------------------------------------------------------------------- list

    private void applyFilter(DisplayFilter filter) {
        status.setProgress(0);
        preferences.putList(Preferences.FILTER_HISTORY, filterModel.history());
        long started = System.nanoTime();
        packets.applyFilter(filter, status::setProgress, () -> {
            status.setProgress(0);
            showCounts();
            LOG.debug("filter {} applied in {} ms", filter == null ? "(none)" : filter.text(),
                    (System.nanoTime() - started) / 1_000_000);
            selectSomething();
        });
    }

    /** The displayed rows changed: counts follow, and once loaded a packet is selected if none is. */
    private void listChanged() {
        showCounts();
        stats.displayedChanged();
        if (!session.isLoading() && packets.table() != null && packetList.selectedIndex() < 0 && packets.size() > 0) {
            packetList.select(0);
        }
    }

    /** Keeps a packet selected with its details shown, as Wireshark does after loading or filtering. */
    private void selectSomething() {
        int index = packetList.selectedIndex();
        if (index < 0 && packets.size() > 0) {
            packetList.select(0);
        } else if (index >= 0 && index < packets.size()) {
            showDetails(index);
        }
    }

    private void sort(PacketColumn column, boolean descending) {
        packets.sort(column, descending, status::setProgress, () -> status.setProgress(0));
    }

    private void showCounts() {
        int total = packets.total();
        int shown = packets.size();
        String share = total > 0 ? String.format(Locale.ROOT, " (%.1f%%)", 100.0 * shown / total) : "";
        counts.setText("Packets: " + total + " · Displayed: " + shown + share);
        showCaptureCounts();    // after the list's count: the engine counted every frame before the list got it
    }

    /** Reads the selected frame again and dissects it, off the UI thread; a newer selection wins. */
    private void showDetails(int index) {
        PacketTable table = packets.table();
        if (table == null) {
            return;
        }
        int row = packets.rowAt(index);
        DissectorOptions options = session.dissectorOptions();
        detailReads.submit("The packet's details could not be shown", request -> {
            Frame frame;
            try {
                frame = table.frame(row);
            } catch (IOException unreadable) {
                throw new IOException("cannot read frame " + (row + 1) + " again: "
                        + CaptureOpenException.reason(unreadable), unreadable);
            }
            ByteBuffer data = frame.data().duplicate();
            byte[] frameBytes = new byte[data.remaining()];
            data.get(frameBytes);
            Dissection dissection = new Dissector(options).dissect(frame);
            table.times(row, dissection.summary());
            return new FrameDetails(dissection, frameBytes);
        }, frameDetails -> {
            details.show(frameDetails);
            bytes.show(frameDetails.bytes());
        });
    }

    private void goTo(long frame) {
        int index = packets.indexOfFrame(frame);
        if (index < 0) {
            Dialogs.information(stage, "Packet " + frame + " is not shown", frame < 1 || frame > packets.total()
                    ? "The capture has packets 1 to " + packets.total() + "."
                    : "Packet " + frame + " is hidden by the display filter.");
            return;
        }
        packetList.select(index);
    }

    private void askGoTo() {
        TextInputDialog ask = new TextInputDialog();
        ask.initOwner(stage);
        ask.setTitle("Go to Packet");
        ask.setHeaderText(null);
        ask.setContentText("Packet number:");
        ask.getEditor().setId("go-to-field");
        Optional<String> answer = ask.showAndWait();
        answer.map(String::strip).filter(text -> !text.isEmpty()).ifPresent(text -> {
            try {
                goTo(Long.parseLong(text));
            } catch (NumberFormatException notANumber) {
                Dialogs.error(stage, "Not a packet number", "\"" + text + "\" is not a whole number.");
            }
        });
    }

    private void step(int by) {
        int size = packets.size();
        if (size == 0) {
            return;
        }
        int now = packetList.selectedIndex();
        int next = now < 0 ? 0 : Math.max(0, Math.min(size - 1, now + by));
        packetList.select(next);
    }

    private void find() {
        FindDialog.show(stage, packets, packetList::selectedIndex, packetList::select);
    }

    // ---------------------------------------------------------------------------------------------- copying

    private ContextMenu packetMenu() {
        MenuItem summary = item("Copy Summary Line", null, this::copySummary);
        MenuItem text = item("Copy Packet Details as Text", null, this::copyDetails);
        MenuItem hex = item("Copy Bytes as Hex Dump", null, this::copyBytes);
        return new ContextMenu(summary, text, hex);
    }

    private void copySummary() {
        int index = packetList.selectedIndex();
        if (index < 0 || index >= packets.size()) {
            return;
        }
        StringBuilder line = new StringBuilder();
        for (PacketColumn column : PacketColumn.values()) {
            line.append(line.length() > 0 ? "\t" : "").append(packets.text(index, column));
        }
        copy(line.toString());
    }

    private void copyDetails() {
        if (details.details() != null) {
            copy(details.details().text());
        }
    }

    private void copyBytes() {
        if (details.details() != null) {
            copy(details.details().bytes().text());
        }
    }

    private static void copy(String text) {
        ClipboardContent content = new ClipboardContent();
        content.putString(text);
        Clipboard.getSystemClipboard().setContent(content);
    }

    // ---------------------------------------------------------------------------------------------- export

    /**
     * True, after a dialog saying so, when {@code output} is the capture open in the window under another name (a
     * hard link, a symbolic link): writing there would destroy the file being read. Nothing is written or closed.
     */
    private boolean writesOverOpenCapture(Path output, String heading) {
        Path open = session.file();
        Path input = open == null ? null : OverwriteCheck.inputAt(output, List.of(open));
        if (input == null) {
            return false;
        }
        Dialogs.error(stage, heading, output + " is the capture open in this window" + (input.toString()
                .equals(output.toString()) ? "" : " (" + input + ")") + ": writing there would destroy it. "
                + "Choose another file name; nothing was written.");
        return true;
    }

    private void export() {
        if (packets.table() == null) {
            return;
        }
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Export Specified Packets (the " + packets.size() + " displayed)");
        chooser.getExtensionFilters().addAll(
                new FileChooser.ExtensionFilter("pcapng", "*.pcapng"),
                new FileChooser.ExtensionFilter("pcap", "*.pcap"));
        var chosen = chooser.showSaveDialog(stage);
        if (chosen == null) {
            return;
        }
        Path output = chosen.toPath();
        if (output.getFileName().toString().indexOf('.') < 0) {
            output = output.resolveSibling(output.getFileName() + (chooser.getSelectedExtensionFilter() != null
                    && chooser.getSelectedExtensionFilter().getDescription().equals("pcap") ? ".pcap" : ".pcapng"));
        }
        exportTo(output);
    }

    /** Writes the displayed packets, in frame order, in the background. */
    void exportTo(Path output) {
        if (writesOverOpenCapture(output, "The packets could not be exported")) {
            return;
        }
        PacketTable table = packets.table();
        int[] rows = packets.displayedRowsInFrameOrder();
        CaptureFormat format = PacketExport.formatOf(output);
        status.setText("Exporting " + rows.length + " packets to " + output.getFileName() + " …");
        writes.submit("The packets could not be exported", request -> {
            try {
                return PacketExport.write(table, rows, output, format,
                        fraction -> request.progress(status::setProgress, fraction), () -> false);
            } catch (IOException failure) {
                throw new IOException("cannot write " + output + ": " + CaptureOpenException.reason(failure),
                        failure);
            }
        }, written -> {
            status.setProgress(0);
            status.setText("Exported " + written + " packets to " + output);
        });
    }

    // ---------------------------------------------------------------------------------------------- menus

    private MenuBar menus() {
        MenuBar bar = new MenuBar(fileMenu(), editMenu(), viewMenu(), goMenu(), captureMenu(), analyzeMenu(),
                statisticsMenu(), helpMenu());
        bar.setId("menu-bar");
        return bar;
    }

    private Menu fileMenu() {
        MenuItem open = item("_Open…", "Shortcut+O", this::chooseAndOpen);
        fillRecent();
        MenuItem export = capture(item("_Export Specified Packets…", null, this::export));
        MenuItem close = capture(item("_Close", "Shortcut+W", this::closeAsked));
        MenuItem quit = item("_Quit", "Shortcut+Q", () -> {
            if (confirmDiscard("before quitting")) {
                stage.close();
            }
        });
        Menu exportStatistics = new Menu("E_xport", null, stats.exportQpCsvItem());
        return new Menu("_File", null, open, openRecent, new SeparatorMenuItem(), saveItem, saveAsItem,
                new SeparatorMenuItem(), export, exportStatistics, new SeparatorMenuItem(), close, quit);
    }

    private Menu editMenu() {
        Menu copy = new Menu("_Copy", null,
                capture(item("Summary Line", "Shortcut+Shift+C", this::copySummary)),
                capture(item("Packet Details as Text", null, this::copyDetails)),
                capture(item("Bytes as Hex Dump", null, this::copyBytes)));
        MenuItem find = capture(item("_Find Packet…", "Shortcut+F", this::find));
        MenuItem preferencesItem = item("_Preferences…", "Shortcut+Shift+P", () -> PreferencesDialog.show(stage,
                preferences, this::preferencesChanged));
        return new Menu("_Edit", null, copy, find, new SeparatorMenuItem(), preferencesItem);
    }

    private Menu viewMenu() {
        Menu time = new Menu("_Time Display Format");
        ToggleGroup formats = new ToggleGroup();
        for (TimeFormat format : TimeFormat.values()) {
            RadioMenuItem choice = new RadioMenuItem(format.label());
            choice.setToggleGroup(formats);
            choice.setSelected(format == packets.timeFormat());
            choice.setOnAction(e -> {
                preferences.put(Preferences.TIME_FORMAT, format.name());
                packets.setTimeFormat(format, ZoneId.systemDefault());
            });
            time.getItems().add(choice);
        }
        CheckMenuItem colourize = new CheckMenuItem("Colori_ze Packet List");
        colourize.setSelected(true);
        colourize.setOnAction(e -> packets.setColours(packets.colours(), colourize.isSelected()));
        MenuItem rules = item("_Colouring Rules…", null, () -> ColouringRulesDialog.show(stage, packets.colours(),
                this::colouringRulesChanged));
        MenuItem legend = item("Colouring _Legend", null, () -> ColouringRulesDialog.legend(stage, packets.colours()));
        Menu theme = new Menu("T_heme");
        ToggleGroup themes = new ToggleGroup();
        for (String name : List.of("light", "dark")) {
            RadioMenuItem choice = new RadioMenuItem(name.equals("light") ? "Light" : "Dark");
            choice.setToggleGroup(themes);
            choice.setSelected(name.equals(preferences.get(Preferences.THEME, "light")));
            choice.setOnAction(e -> applyTheme(name));
            theme.getItems().add(choice);
        }
        MenuItem zoomIn = item("Zoom _In", "Shortcut+Plus", () -> zoom(fontSize + 1));
        MenuItem zoomOut = item("Zoom _Out", "Shortcut+Minus", () -> zoom(fontSize - 1));
        MenuItem normal = item("_Normal Size", "Shortcut+0", () -> zoom(Preferences.DEFAULT_FONT_SIZE));
        MenuItem reload = capture(item("_Reload", "F5", this::reload));
        autoScroll.setSelected(Boolean.parseBoolean(preferences.get(Preferences.CAPTURE_AUTO_SCROLL, "true")));
        autoScroll.setOnAction(e -> preferences.put(Preferences.CAPTURE_AUTO_SCROLL,
                Boolean.toString(autoScroll.isSelected())));
        return new Menu("_View", null, time, new SeparatorMenuItem(), colourize, rules, legend,
                new SeparatorMenuItem(), theme, zoomIn, zoomOut, normal, new SeparatorMenuItem(), autoScroll, reload);
    }

    private Menu goMenu() {
        return new Menu("_Go", null,
                capture(item("_Go to Packet…", "Shortcut+G", this::askGoTo)),
                capture(item("_Next Packet", "Shortcut+Down", () -> step(1))),
                capture(item("_Previous Packet", "Shortcut+Up", () -> step(-1))),
                capture(item("_First Packet", "Shortcut+Home", () -> step(-Integer.MAX_VALUE))),
                capture(item("_Last Packet", "Shortcut+End", () -> step(Integer.MAX_VALUE))));
    }

    private Menu captureMenu() {
        MenuItem options = item("_Options…", "Shortcut+K", this::captureOptionsDialog);
        startItem = item("_Start", START_OR_STOP.getName(), this::startCapture);
        stopItem = item("S_top", START_OR_STOP.getName(), session::stopCapture);
        restartItem = item("_Restart", "Shortcut+R", this::restartCapture);
        return new Menu("_Capture", null, options, startItem, stopItem, restartItem);
    }

    private Menu analyzeMenu() {
        MenuItem apply = capture(item("_Apply as Filter", "Shortcut+Shift+A", () -> {
            if (details.selected() != null) {
                filterBar.applyNow(details.selected().filter());
            }
        }));
        MenuItem prepare = capture(item("_Prepare as Filter", "Shortcut+Shift+R", () -> {
            if (details.selected() != null) {
                filterBar.prepare(details.selected().filter());
            }
        }));
        MenuItem focus = item("Display _Filter", "Shortcut+Slash", filterBar::focus);
        return new Menu("_Analyze", null, focus, apply, prepare, new SeparatorMenuItem(), stats.expertItem());
    }

    private Menu statisticsMenu() {
        Menu menu = new Menu("_Statistics");
        menu.getItems().addAll(stats.statisticsItems());
        return menu;
    }

    private Menu helpMenu() {
        MenuItem keys = item("_Keyboard Shortcuts", null, () -> Dialogs.information(stage, "Keyboard shortcuts",
                "Ctrl+O open · Ctrl+W close · Ctrl+Q quit · F5 reload · Ctrl+G go to packet · Ctrl+F find ·"
                        + " Ctrl+/ display filter · Ctrl+↑/↓ previous/next packet · Ctrl+Home/End first/last ·"
                        + " Ctrl+Shift+C copy summary · Ctrl++/- zoom · Ctrl+K capture options · Ctrl+E start or"
                        + " stop capturing · Ctrl+R restart · Ctrl+S save"));
        MenuItem about = item("_About RoCE Lens", null, () -> Dialogs.information(stage,
                new BuildInfo().getVersion()[0], "A Wireshark-style analyzer for RoCEv2 captures. The same engine runs"
                        + " headless: rocelens analyze, decode and generate."));
        return new Menu("_Help", null, keys, about);
    }

    static MenuItem item(String text, String accelerator, Runnable action) {
        MenuItem item = new MenuItem(text);
        if (accelerator != null) {
            item.setAccelerator(KeyCombination.keyCombination(accelerator));
        }
        item.setOnAction(e -> action.run());
        return item;
    }

    /** An item that needs an open capture. */
    private MenuItem capture(MenuItem item) {
        needsCapture.add(item);
        return item;
    }

    private void enableCaptureItems(boolean open) {
        for (MenuItem item : needsCapture) {
            item.setDisable(!open);
        }
    }

    // ---------------------------------------------------------------------------------------------- status

    private StatusBar statusBar() {
        status.setId("status-bar");
        counts.setId("status-counts");
        loadTime.setId("status-load-time");
        cancel.setId("cancel-loading");
        cancel.setVisible(false);
        cancel.setOnAction(e -> session.cancel());
        status.getLeftItems().add(cancel);
        captureCounts.setId("status-capture");
        // the counts stay whole; a long file name in the status text gives way instead
        captureCounts.setMinWidth(Region.USE_PREF_SIZE);
        counts.setMinWidth(Region.USE_PREF_SIZE);
        status.getRightItems().addAll(captureCounts, new Label("   "), counts, new Label("   "), loadTime);
        return status;
    }

    // ---------------------------------------------------------------------------------------------- files

    private void chooseAndOpen() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Open Capture File");
        chooser.getExtensionFilters().addAll(
                new FileChooser.ExtensionFilter("Capture files (pcap, pcapng)", "*.pcap", "*.pcapng", "*.cap"),
                new FileChooser.ExtensionFilter("All files", "*"));
        List<String> recent = preferences.getList(Preferences.RECENT_FILES);
        if (!recent.isEmpty()) {
            Path folder = Path.of(recent.get(0)).getParent();
            if (folder != null && folder.toFile().isDirectory()) {
                chooser.setInitialDirectory(folder.toFile());
            }
        }
        var chosen = chooser.showOpenDialog(stage);
        if (chosen != null) {
            openAsked(chosen.toPath());
        }
    }

    private void acceptDroppedFiles(Scene scene) {
        scene.setOnDragOver(event -> {
            if (event.getDragboard().hasFiles()) {
                event.acceptTransferModes(TransferMode.COPY);
            }
            event.consume();
        });
        scene.setOnDragDropped(event -> {
            boolean done = event.getDragboard().hasFiles() && !event.getDragboard().getFiles().isEmpty();
            if (done) {
                Path dropped = event.getDragboard().getFiles().get(0).toPath();
                Platform.runLater(() -> openAsked(dropped));     // not inside the drop: it may ask first
            }
            event.setDropCompleted(done);
            event.consume();
        });
    }

    private void rememberRecent(Path file) {
        String name = file.toAbsolutePath().normalize().toString();
        List<String> recent = new ArrayList<>(preferences.getList(Preferences.RECENT_FILES));
        recent.remove(name);
        recent.add(0, name);
        preferences.putList(Preferences.RECENT_FILES, recent.subList(0, Math.min(MAX_RECENT, recent.size())));
        fillRecent();
        savePreferences();
    }

    private void fillRecent() {
        openRecent.getItems().clear();
        for (String name : preferences.getList(Preferences.RECENT_FILES)) {
            MenuItem recent = item(name, null, () -> openAsked(Path.of(name)));
            recent.setMnemonicParsing(false);
            openRecent.getItems().add(recent);
        }
        openRecent.setDisable(openRecent.getItems().isEmpty());
    }

    // ---------------------------------------------------------------------------------------------- settings

    private void colouringRulesChanged(ColouringRules rules) {
        rules.saveTo(preferences);
        savePreferences();
        packets.setColours(rules, packets.colouring());
    }

    private void preferencesChanged() {
        savePreferences();
        session.setOptions(preferences.dissectorOptions(), preferences.analysisOptions());
        if (session.file() != null) {
            reload();
        }
    }

    private void zoom(int size) {
        fontSize = Math.max(MIN_FONT, Math.min(MAX_FONT, size));
        preferences.put(Preferences.FONT_SIZE, Integer.toString(fontSize));
        applyFont();
    }

    private void applyFont() {
        root.setStyle("-fx-font-size: " + fontSize + "px;");
        packetList.fontChanged();
    }

    private void applyTheme(String name) {
        preferences.put(Preferences.THEME, name);
        root.getStyleClass().remove("dark");
        if (name.equals("dark")) {
            root.getStyleClass().add("dark");
        }
    }

    private void savePreferences() {
        try {
            preferences.save();
        } catch (IOException failure) {
            LOG.warn("cannot save the preferences to {}: {}", preferences.file(), failure.toString());
        }
    }
}
