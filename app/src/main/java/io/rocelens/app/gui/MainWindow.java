package io.rocelens.app.gui;

import io.rocelens.analysis.AnalysisMarks;
import io.rocelens.analysis.AnalysisResult;
import io.rocelens.analysis.FrameAnalysis;
import io.rocelens.app.gui.capture.model.OpenCapture;
import io.rocelens.app.gui.capture.model.UnsavedCaptureGuard;
import io.rocelens.app.gui.common.Dialogs;
import io.rocelens.app.gui.common.model.Background;
import io.rocelens.app.gui.common.model.LatestWins;
import io.rocelens.app.gui.common.model.Preferences;
import io.rocelens.app.gui.details.DetailsPane;
import io.rocelens.app.gui.filterbar.FilterBar;
import io.rocelens.app.gui.filterbar.model.FilterBarModel;
import io.rocelens.app.gui.packetlist.ColouringRulesDialog;
import io.rocelens.app.gui.packetlist.PacketListView;
import io.rocelens.app.gui.packetlist.model.ColouringRules;
import io.rocelens.app.gui.packetlist.model.PacketColumn;
import io.rocelens.app.gui.packetlist.model.PacketListModel;
import io.rocelens.app.gui.packetlist.model.PacketTable;
import io.rocelens.app.gui.packetlist.model.TimeFormat;
import io.rocelens.app.gui.stats.StatsViews;
import io.rocelens.app.gui.stats.model.PacketListLink;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.filter.DisplayFilter;
import io.rocelens.live.CaptureOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import javafx.application.Platform;
import javafx.geometry.Orientation;
import javafx.scene.Scene;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The main window, laid out as Wireshark's: menus, the display filter bar, the packet list, the details tree and
 * the bytes pane one above the other, and the status bar. This is the layout and the opening and closing of a
 * capture; each other job is a part of its own (the menus, the live capture, saving and exporting, the details, the
 * status bar, recent files, the look), and everything that reads the file runs through {@link Background}.
 */
final class MainWindow {

    static final String TITLE = "RoCE Lens";
    private static final Logger LOG = LoggerFactory.getLogger(MainWindow.class);

    private final Stage stage;
    private final Preferences preferences;
    private final Background background;
    private final LatestWins preferenceWrites;
    private final BorderPane root = new BorderPane();
    private final OpenCapture session;
    private final PacketListModel packets;
    private final PacketListView packetList;
    private final FilterBarModel filterModel;
    private final FilterBar filterBar;
    private final DetailsPane details;
    private final StatsViews stats;
    private final StatusLine status;
    private final WindowState state = new WindowState();
    private final UnsavedCaptureGuard guard;
    private final PacketComments comments;
    private final Printing printing;
    private final LiveCaptureController liveCapture;
    private final SaveAndExport files;
    private final FileMerge merging;
    private final DissectionExporting dissections;
    private final RecentFiles recent;
    private final Look look;
    private final PacketNavigation navigation;
    private final PacketFlagging flagging;
    private final PacketCopy copying;
    private final ConversationColouring conversationColouring;
    private final FileOpening opening;
    private final CorrelatedCaptures correlated;
    /** What the capture's analysis knows per frame, for the details tree: a snapshot while loading, then the end's. */
    private volatile FrameAnalysis frameAnalysis;
    /** The analysis of the capture once loaded (the packet list's Follow QP pairs a QP's directions with it). */
    private AnalysisResult loadedAnalysis;

    MainWindow(Stage stage, Preferences preferences) {
        this.stage = stage;
        this.preferences = preferences;
        status = new StatusLine(this::cancelLoading);
        background = new Background(Platform::runLater, this::tellFailure);
        preferenceWrites = background.line("rocelens-preferences");
        session = new OpenCapture(background, preferences.dissectorOptions(), preferences.analysisOptions());
        packets = new PacketListModel(background);
        packets.setTimeFormat(preferences.getEnum(Preferences.TIME_FORMAT, TimeFormat.SINCE_FIRST),
                ZoneId.systemDefault());
        packets.setColours(ColouringRules.from(preferences), true);
        packetList = new PacketListView(packets, this::sort, this::showDetails, this::listChanged);
        filterModel = new FilterBarModel(preferences.getList(Preferences.FILTER_HISTORY));
        filterBar = new FilterBar(filterModel, this::applyFilter);
        details = new DetailsPane(background, filterBar::applyNow, filterBar::prepare, () -> frameAnalysis,
                frame -> navigation().goTo(frame));
        navigation = new PacketNavigation(stage, packets, packetList);
        flagging = new PacketFlagging(packets, packetList, this::redissect);
        copying = new PacketCopy(packets, packetList, details, filterBar, () -> loadedAnalysis);
        stats = new StatsViews(stage, new PacketListLink() {
            @Override
            public void selectFrame(long frame) {
                navigation.goTo(frame);
                // the views are windows of their own: the list comes forward to show the frame selected from one
                stage.toFront();
            }

            @Override
            public void applyFilter(String displayFilter) {
                filterBar.applyNow(displayFilter);
                stage.toFront();
            }

            @Override
            public String displayFilter() {
                return packets.filter() == null ? "" : packets.filter().text();
            }
        }, packets::displayedRowsInFrameOrder, preferences, this::savePreferences, background);
        guard = new UnsavedCaptureGuard(new UnsavedCaptureDialog(this));
        comments = new PacketComments(this, background, packets, packetList, guard, status, () -> {
            refreshState();
            stats.commentsChanged();
            int selected = packetList.selectedIndex();
            if (selected >= 0 && selected < packets.size()) {
                showDetails(selected);
            }
        });
        conversationColouring = new ConversationColouring(packets, copying, status, background,
                session::dissectorOptions, filter ->
                ColouringRulesDialog.show(stage, packets.colours().plus(ConversationColouring.rule(filter)),
                        this::colouringRulesChanged));
        packetList.control().setContextMenu(copying.menu(flagging, comments, conversationColouring.contextMenu(),
                this::decodeAs));
        liveCapture = new LiveCaptureController(this, background, preferences, session, status, guard);
        files = new SaveAndExport(this, background, session, packets, status, guard);
        merging = new FileMerge(this, background, session, status, guard);
        DisplayedPackets displayed = new DisplayedPackets(this, session, packets, packetList, status,
                () -> frameAnalysis);
        dissections = new DissectionExporting(displayed, background);
        printing = new Printing(displayed, background);
        recent = new RecentFiles(preferences, this::openAsked, this::savePreferences);
        opening = new FileOpening(stage, recent, this::openAsked);
        look = new Look(root, preferences, packetList::fontChanged);
        correlated = new CorrelatedCaptures(this, background, status);
        // the columns as saved (the list tells the status bar and the capture's counts of the change: after them)
        packetList.restoreColumns(preferences.getList(Preferences.COLUMNS_CUSTOM),
                preferences.getList(Preferences.COLUMNS_HIDDEN), preferences.getList(Preferences.COLUMNS_ALIGNED));
        packetList.setColumnActions(this::columnsChanged, () -> ColumnPreferencesDialog.show(stage,
                packets.customColumns(), fields -> {
                    packetList.setCustomColumns(fields);
                    columnsChanged();
                }));
        MenuItem applyAsColumn = new MenuItem("Apply as _Column");
        applyAsColumn.setOnAction(e -> applyAsColumn());
        details.tree().control().getContextMenu().getItems().add(2, applyAsColumn);

        SplitPane panes = new SplitPane(packetList.control(), details.tree().control(), details.bytes().control());
        panes.setOrientation(Orientation.VERTICAL);
        panes.setDividerPositions(0.5, 0.78);
        root.setTop(new VBox(new WindowMenus(this, state, preferences, packets, stats).bar(), filterBar.control()));
        root.setCenter(panes);
        root.setBottom(status.control());

        Scene scene = new Scene(root);
        scene.getStylesheets().add(Dialogs.STYLESHEET);
        stage.setScene(scene);
        new WindowPlacing(stage, preferences);
        stage.setTitle(TITLE);
        opening.acceptDroppedFiles(scene);
        // Start and Stop both show Ctrl+E, as in Wireshark, but a key is one accelerator of one item: handle it here,
        // before the menus' accelerators see it
        scene.addEventFilter(KeyEvent.KEY_PRESSED, event -> {
            if (WindowMenus.START_OR_STOP.match(event)) {
                event.consume();
                liveCapture.startOrStop();
            } else if (ConversationColouring.RESET.match(event)) {
                // the packet list would take Ctrl+Space first, to toggle its row's selection
                event.consume();
                conversationColouring.reset();
            }
        });
        showCounts();
        refreshState();
        stage.addEventHandler(javafx.stage.WindowEvent.WINDOW_HIDDEN, hidden -> stats.closeWindows());
        stage.setOnCloseRequest(event -> {
            if (guard.unsaved()) {
                event.consume();
                guard.then("before quitting", stage::close);
            }
        });
    }

    // ---------------------------------------------------------------------------------------------- parts

    Stage stage() {
        return stage;
    }

    /** The RoCE statistics views of this window. */
    StatsViews stats() {
        return stats;
    }

    PacketListModel packets() {
        return packets;
    }

    DetailsPane details() {
        return details;
    }

    FilterBar filterBar() {
        return filterBar;
    }

    SaveAndExport files() {
        return files;
    }

    FileMerge merging() {
        return merging;
    }

    DissectionExporting dissections() {
        return dissections;
    }

    LiveCaptureController liveCapture() {
        return liveCapture;
    }

    FileOpening opening() {
        return opening;
    }

    CorrelatedCaptures correlated() {
        return correlated;
    }

    RecentFiles recent() {
        return recent;
    }

    Look look() {
        return look;
    }

    PacketNavigation navigation() {
        return navigation;
    }

    PacketFlagging flagging() {
        return flagging;
    }

    PacketComments comments() {
        return comments;
    }

    Printing printing() {
        return printing;
    }

    PacketCopy copying() {
        return copying;
    }

    ConversationColouring conversationColouring() {
        return conversationColouring;
    }

    DissectorOptions dissectorOptions() {
        return session.dissectorOptions();
    }

    boolean capturing() {
        return liveCapture.capturing();
    }

    /** The menus follow what is open, captured and saved. */
    void refreshState() {
        state.set(liveCapture.capturing(), guard.unsaved(), session.file() != null && !liveCapture.ringBuffer());
    }

    /** The one place a failure of background work reaches the user (logged once, by {@link Background}). */
    private void tellFailure(String heading, String words) {
        status.progress(0);
        status.say(heading + ": " + words);
        Dialogs.error(stage, heading, words);
    }

    // ---------------------------------------------------------------------------------------------- opening

    /** Opens a capture; the filter and frame come from the command line and may be null. */
    void open(Path file, String displayFilter, Long goToFrame) {
        correlated.forget();
        packets.flags().clear();
        load(file, displayFilter, goToFrame);
    }

    /** Opens the captures of one path, the first in the packet list, and correlates them in the background. */
    void openCorrelated(io.rocelens.app.gui.stats.journey.model.CorrelationRequest request) {
        correlated.open(request, null, null);
    }

    /** As {@link #openCorrelated}, with the command line's filter and frame (may be null). */
    void openCorrelated(io.rocelens.app.gui.stats.journey.model.CorrelationRequest request, String displayFilter,
                        Long goToFrame) {
        correlated.open(request, displayFilter, goToFrame);
    }

    /** File › Open Correlated Captures…, asking first about an unsaved capture. */
    void chooseCorrelated() {
        guard.then("before opening other files", () -> CorrelatedCapturesDialog.chooseAndOpen(stage,
                recent.lastFolder(), session.dissectorOptions(), this::openCorrelated));
    }

    /** Loads a capture into the list, keeping a correlation it is part of. */
    void load(Path file, String displayFilter, Long goToFrame) {
        details.clear();
        session.ignore(packets.flags().ignoredNow());
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
        session.open(file, new LoadingFile(this, file, status, goToFrame));
        refreshState();
    }

    /** The rows of a capture (a file, or a live capture) start coming. */
    void listOpened(PacketTable table) {
        packets.open(table, session.dissectorOptions());
        state.open(true);
        // as in Wireshark, the keys move through the packets once a file is open
        packetList.control().requestFocus();
    }

    /** More rows came; a live capture may follow the newest. */
    void listGrew(boolean showNewest) {
        if (showNewest) {
            packets.grewFollowing(packetList.rowsOnScreen(), packetList::showLast);
        } else {
            packets.grew();
            packetList.showAll();
        }
        showCounts();
    }

    /** A live capture is no longer followed (it stopped): the list shows every row again, not only the newest. */
    void listUnfollowed() {
        packetList.showAll();
    }

    /** A live capture replaces what was shown: the views and the panes start empty. */
    void cleared() {
        frameAnalysis = null;
        loadedAnalysis = null;
        packets.flags().clear();
        correlated.forget();
        stats.closed();
        details.clear();
    }

    void reload() {
        Path file = session.file();
        if (file != null && !liveCapture.capturing()) {
            load(file, null, null);
        }
    }

    /**
     * Reads the capture again keeping the marks, ignores and references, as Wireshark dissects every frame again when
     * one is ignored; the selected frame stays selected.
     */
    private void redissect() {
        Path file = session.file();
        if (file != null && !liveCapture.capturing()) {
            int index = packetList.selectedIndex();
            load(file, null, index >= 0 && index < packets.size() ? packets.rowAt(index) + 1L : null);
        }
    }

    private void cancelLoading() {
        session.cancel();
    }

    // ---------------------------------------------------------------------------------------------- closing

    /** File › Close, Open and the others that replace what is open: ask first about an unsaved capture. */
    void closeAsked() {
        guard.then("before closing", this::close);
    }

    void openAsked(Path file) {
        guard.then("before opening another file", () -> open(file, null, null));
    }

    void quitAsked() {
        guard.then("before quitting", stage::close);
    }

    void close() {
        correlated.forget();
        session.close();
        liveCapture.closed();
        stats.closed();
        packets.close();
        packets.flags().clear();
        loadedAnalysis = null;
        stage.setTitle(TITLE);
        details.clear();
        status.clear();
        showCounts();
        state.open(false);
        refreshState();
    }

    /** Closes the capture and deletes its temporary file if that was not saved. */
    void discardCapture() {
        Path temporary = guard.temporary() ? session.file() : null;
        close();
        guard.settled();
        refreshState();
        if (temporary != null) {
            try {
                Files.deleteIfExists(temporary);
            } catch (IOException stays) {
                LOG.warn("cannot delete the temporary capture {}: {}", temporary, stays.toString());
            }
        }
    }

    void shutdown() {
        liveCapture.shutdown(session::close);
        preferences.putList(Preferences.FILTER_HISTORY, filterModel.history());
        savePreferencesNow();       // before the JVM exits
        background.shutdown();
    }

    // ---------------------------------------------------------------------------------------------- for the tests

    /** File › Save As to this name, without the file chooser; false when refused at once. */
    boolean saveTo(Path target) {
        return files.saveTo(target, saved -> { });
    }

    /** File › Export Specified Packets to this name, without the file chooser. */
    void exportTo(Path output) {
        files.exportTo(output);
    }

    /** Capture › Start with these options, without the dialog. */
    void startCapture(CaptureOptions options) {
        liveCapture.start(options);
    }

    boolean writesOverOpenCapture(Path output, String heading) {
        return files.writesOverOpenCapture(output, heading);
    }

    // ---------------------------------------------------------------------------------------------- list

    private void applyFilter(DisplayFilter filter) {
        if (filter != null && filter.refersToSelected()) {
            // ${field} reads the packet selected when the filter is applied, as in Wireshark
            filter = filter.selecting(details.shown() == null ? null : details.shown().dissection());
        }
        DisplayFilter applied = filter;
        status.progress(0);
        preferences.putList(Preferences.FILTER_HISTORY, filterModel.history());
        long started = System.nanoTime();
        packets.applyFilter(applied, status::progress, () -> {
            status.progress(0);
            showCounts();
            LOG.debug("filter {} applied in {} ms", applied == null ? "(none)" : applied.text(),
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
    void selectSomething() {
        int index = packetList.selectedIndex();
        if (index < 0 && packets.size() > 0) {
            packetList.select(0);
        } else if (index >= 0 && index < packets.size()) {
            showDetails(index);
        }
    }

    private void sort(PacketColumn column, boolean descending) {
        packets.sort(column, descending, status::progress, () -> status.progress(0));
    }

    void showCounts() {
        status.counts(packets.total(), packets.size());
        liveCapture.showCounts();    // after the list's count: the engine counted every frame before the list got it
    }

    /**
     * The analysis known now (a snapshot while loading or capturing: marks null; at the end with the pass's marks)
     * for the details tree; at the end, the selected packet's details are shown again with it.
     */
    void analysisKnown(AnalysisResult result, AnalysisMarks marks) {
        frameAnalysis = result == null && marks == null ? null : FrameAnalysis.of(result, marks, packets.table());
        if (marks != null) {
            loadedAnalysis = result;
        }
        int index = packetList.selectedIndex();
        if (marks != null && index >= 0 && index < packets.size()) {
            showDetails(index);
        }
    }

    private void showDetails(int index) {
        PacketTable table = packets.table();
        if (table != null) {
            int row = packets.rowAt(index);
            details.show(table, row, session.dissectorOptions(), packets.flags().ignored(row + 1L));
            correlated.selected(row + 1L);
        }
    }

    // ---------------------------------------------------------------------------------------------- settings

    void colouringRulesChanged(ColouringRules rules) {
        rules.saveTo(preferences);
        savePreferences();
        packets.setColours(rules, packets.colouring());
    }

    /** The user changed the packet list's columns: they are saved with the preferences. */
    private void columnsChanged() {
        preferences.putList(Preferences.COLUMNS_CUSTOM, packets.customColumns());
        preferences.putList(Preferences.COLUMNS_HIDDEN, packetList.hiddenColumns());
        preferences.putList(Preferences.COLUMNS_ALIGNED, packetList.alignments());
        savePreferences();
    }

    /** The details tree's Apply as Column: the selected field becomes a custom column, as in Wireshark. */
    private void applyAsColumn() {
        if (details.selected() == null || details.selected().filter() == null) {
            return;
        }
        String field = details.selected().filter().split("[\\s=!<>]", 2)[0];
        if (!field.isEmpty() && io.rocelens.export.TsharkFields.known(field)
                && !packets.customColumns().contains(field)) {
            java.util.List<String> fields = new java.util.ArrayList<>(packets.customColumns());
            fields.add(field);
            packetList.setCustomColumns(fields);
            columnsChanged();
        }
    }

    /** Analyze › Decode As…, offering the selected packet's UDP destination port. */
    void decodeAs() {
        Integer port = null;
        if (details.shown() != null && details.shown().dissection().field("udp.dstport") != null
                && details.shown().dissection().field("udp.dstport").value() instanceof Number number) {
            port = number.intValue();
        }
        DecodeAsDialog.show(stage, preferences, port, this::preferencesChanged);
    }

    void preferencesChanged() {
        savePreferences();
        session.setOptions(preferences.dissectorOptions(), preferences.analysisOptions());
        if (session.file() != null) {
            reload();
        }
    }

    /** Writes the preferences file in the background; the latest state wins. */
    void savePreferences() {
        preferenceWrites.submit("The preferences could not be saved", request -> {
            savePreferencesNow();
            return preferences;
        }, saved -> { });
    }

    private void savePreferencesNow() {
        try {
            preferences.save();
        } catch (IOException failure) {
            LOG.warn("cannot save the preferences to {}: {}", preferences.file(), failure.toString());
        }
    }
}
