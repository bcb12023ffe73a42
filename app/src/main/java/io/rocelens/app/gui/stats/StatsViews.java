package io.rocelens.app.gui.stats;

import io.rocelens.analysis.AnalysisOptions;
import io.rocelens.analysis.AnalysisResult;
import io.rocelens.analysis.RoceAnalyzer;
import io.rocelens.app.gui.common.Dialogs;
import io.rocelens.app.gui.common.model.Background;
import io.rocelens.app.gui.common.model.LatestWins;
import io.rocelens.app.gui.common.model.Preferences;
import io.rocelens.app.gui.packetlist.model.PacketTable;
import io.rocelens.app.gui.stats.bandwidth.BandwidthView;
import io.rocelens.app.gui.stats.congestion.CongestionView;
import io.rocelens.app.gui.stats.conversations.ConversationsView;
import io.rocelens.app.gui.stats.conversations.model.Conversation;
import io.rocelens.app.gui.stats.conversations.model.Conversations;
import io.rocelens.app.gui.stats.expert.ExpertInfoView;
import io.rocelens.app.gui.stats.journey.PacketJourneyView;
import io.rocelens.app.gui.stats.journey.model.PacketJourneys;
import io.rocelens.app.gui.stats.latency.LatencyView;
import io.rocelens.app.gui.stats.model.AnalysedCapture;
import io.rocelens.app.gui.stats.model.PacketListLink;
import io.rocelens.app.gui.stats.pfc.PfcView;
import io.rocelens.app.gui.stats.properties.CapturePropertiesView;
import io.rocelens.app.gui.stats.psnladder.PsnLadderView;
import io.rocelens.app.gui.stats.psnladder.model.PsnLadder;
import io.rocelens.app.gui.stats.traffic.AddressTablesView;
import io.rocelens.app.gui.stats.traffic.IoGraphView;
import io.rocelens.app.gui.stats.traffic.ProtocolHierarchyView;
import io.rocelens.capture.CaptureOpenException;
import io.rocelens.capture.OverwriteCheck;
import io.rocelens.dissect.FastDissector;
import io.rocelens.dissect.PacketSummary;
import io.rocelens.export.CsvExport;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.animation.PauseTransition;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.KeyCombination;
import javafx.stage.FileChooser;
import javafx.stage.Stage;
import javafx.util.Duration;

/**
 * The statistics views of the main window (Wireshark's Protocol Hierarchy, Conversations, Endpoints and I/O Graph,
 * and the RoCE ones): their menu items, the windows (one of each, made when first
 * opened), and what they share: the loaded capture and its analysis, and a background thread for the work that
 * reads the file again (an analysis limited to the displayed packets, or with another link speed).
 */
public final class StatsViews {

    private final Stage owner;
    private final PacketListLink link;
    private final Supplier<int[]> displayedRows;
    private final Preferences preferences;
    /** Writes the preferences to their file, in the background. */
    private final Runnable savePreferences;
    /** The ladder's points, gathered from the index: the latest conversation asked for wins. */
    private final LatestWins ladders;
    /** An analysis limited to the displayed packets (QP Conversations), on the same thread. */
    private final LatestWins limited;
    /** The PFC view's analysis at another link speed, on the same thread. */
    private final LatestWins reanalysed;
    /** File › Export › Per-QP Statistics CSV, written in the background. */
    private final LatestWins csvWrites;
    /** The Congestion view's model (rates and DCQCN reactions), on the same thread. */
    private final LatestWins congestionModels;
    /** Conversations, Endpoints, Protocol Hierarchy and I/O Graph count on a thread of their own, each its latest. */
    private final LatestWins addressCounts;
    private final LatestWins endpointCounts;
    private final LatestWins hierarchyCounts;
    private final LatestWins ioCounts;
    private final List<MenuItem> needCapture = new ArrayList<>();
    private final List<StatsWindow> made = new ArrayList<>();
    private static final long REFRESH_NANOS = 1_000_000_000L;

    private AnalysedCapture capture;
    private long lastRefresh;
    private PauseTransition pendingRefresh;
    private ConversationsView conversations;
    private ExpertInfoView expert;
    private PsnLadderView ladder;
    private PfcView pfc;
    private BandwidthView bandwidth;
    private CapturePropertiesView properties;
    private LatencyView latency;
    private CongestionView congestion;
    private PacketJourneyView journey;
    private AddressTablesView addressConversations;
    private AddressTablesView endpoints;
    private ProtocolHierarchyView hierarchy;
    private IoGraphView ioGraph;
    /** The correlation of the open capture with the others of its path, or null; the list shows point listPoint. */
    private PacketJourneys journeys;
    private int listPoint;
    private String correlationState;
    private java.util.function.IntConsumer showPoint = point -> { };

    /**
     * @param displayedRows the packet list's displayed rows (0-based) in frame order
     * @param preferences     where the views keep what the user typed into them
     * @param savePreferences writes them to their file
     */
    public StatsViews(Stage owner, PacketListLink link, Supplier<int[]> displayedRows, Preferences preferences,
                      Runnable savePreferences, Background background) {
        this.owner = owner;
        ladders = background.line("rocelens-stats");
        limited = background.sameThreadAs(ladders);
        reanalysed = background.sameThreadAs(ladders);
        csvWrites = background.sameThreadAs(ladders);
        congestionModels = background.sameThreadAs(ladders);
        addressCounts = background.line("rocelens-traffic");
        endpointCounts = background.sameThreadAs(addressCounts);
        hierarchyCounts = background.sameThreadAs(addressCounts);
        ioCounts = background.sameThreadAs(addressCounts);
        this.link = link;
        this.displayedRows = displayedRows;
        this.preferences = preferences;
        this.savePreferences = savePreferences;
    }

    /** The items of the Statistics menu. */
    public List<MenuItem> statisticsItems() {
        MenuItem properties = item("Capture File _Properties", () -> properties().open(capture));
        properties.setAccelerator(KeyCombination.keyCombination("Shortcut+Alt+Shift+C"));
        return List.of(properties,
                item("Protocol _Hierarchy", () -> hierarchy().open(capture)),
                item("Co_nversations", () -> addressConversations().open(capture)),
                item("_Endpoints", () -> endpoints().open(capture)),
                item("_I/O Graph", () -> ioGraph().open(capture)),
                new SeparatorMenuItem(),
                item("QP _Conversations", () -> conversations().open(capture)),
                item("PSN _Ladder", this::openLadder),
                item("P_FC", () -> pfc().open(capture)),
                item("RoCE _Bandwidth", () -> bandwidth().open(capture)),
                item("_Latency", () -> latency().open(capture)),
                item("Con_gestion (DCQCN)", () -> congestion().open(capture)),
                item("Packet _Journey", this::openJourney));
    }

    /** The Packet Journey view's choice of the capture point the packet list shows: the window opens it. */
    public void onShowPoint(java.util.function.IntConsumer action) {
        showPoint = action;
    }

    /** A correlation of captures started; the journey view says so until it ends. */
    public void correlating(String what) {
        journeys = null;
        correlationState = what;
        if (journey != null) {
            journey.correlating(what);
        }
    }

    /** The correlation could not be made, in one line. */
    public void correlationFailed(String message) {
        journeys = null;
        correlationState = message;
        if (journey != null) {
            journey.failed(message);
        }
    }

    /** A correlation is done (null: none any more); the packet list shows the capture of {@code point}. */
    public void correlated(PacketJourneys found, int point) {
        journeys = found;
        listPoint = point;
        correlationState = null;
        if (journey != null) {
            journey.show(found, point);
        }
    }

    /** The packet list selected this frame: the journey view follows it. */
    public void follow(long frame) {
        if (journey != null && journeys != null) {
            journey.follow(frame);
        }
    }

    private void openJourney() {
        PacketJourneyView view = journey();
        view.open(capture);
        if (journeys == null && correlationState != null) {
            view.correlating(correlationState);
        } else {
            view.show(journeys, listPoint);
        }
    }

    private PacketJourneyView journey() {
        if (journey == null) {
            journey = remember(new PacketJourneyView(owner, link, point -> showPoint.accept(point)));
        }
        return journey;
    }

    /** Analyze › Expert Information. */
    public MenuItem expertItem() {
        return item("_Expert Information", () -> expert().open(capture));
    }

    /** File › Export › Per-QP Statistics CSV. */
    public MenuItem exportQpCsvItem() {
        return item("Per-QP Statistics _CSV…", this::chooseQpCsv);
    }

    /**
     * The analysis so far of a capture still loading: the open views show it, at most once a second (each refresh
     * rebuilds their tables), and the menus open views on it.
     */
    public void loading(AnalysedCapture soFar) {
        long now = System.nanoTime();
        if (capture == null || now - lastRefresh >= REFRESH_NANOS) {
            lastRefresh = now;
            loaded(soFar);
        } else {
            capture = soFar;
        }
    }

    /**
     * The analysis so far of a live capture: the open views show it once a second, as while a file loads (Wireshark's
     * statistics dialogs: every 3 s by default). Each refresh lays out and draws their tables again: at twice a
     * second QP Conversations' refreshes were a quarter of the JavaFX thread's samples at 10,000 frames/s.
     */
    public void capturing(AnalysedCapture soFar) {
        long wait = lastRefresh + REFRESH_NANOS - System.nanoTime();
        capture = soFar;
        if (wait <= 0 || made.isEmpty()) {
            showLive();
        } else if (pendingRefresh == null) {
            // the capture may go quiet after this snapshot: show it once the wait is over
            pendingRefresh = new PauseTransition(Duration.millis(wait / 1e6));
            pendingRefresh.setOnFinished(e -> showLive());
            pendingRefresh.play();
        }
    }

    private void showLive() {
        pendingRefresh = null;
        if (capture != null) {
            lastRefresh = System.nanoTime();
            loaded(capture);
        }
    }

    /** A capture finished loading: every open view shows it. */
    public void loaded(AnalysedCapture loaded) {
        capture = loaded;
        enable(true);
        made.forEach(view -> view.show(loaded));
    }

    /**
     * The packet list's displayed rows changed: a QP Conversations limited to the display filter analyses them again
     * (the list filters new rows after the snapshot that brought them, so a refresh alone would lag it).
     */
    public void displayedChanged() {
        if (conversations != null && capture != null) {
            conversations.displayedChanged();
        }
    }

    /** The user changed packet comments: an open Expert Info lists them as they are now. */
    public void commentsChanged() {
        if (expert != null && capture != null) {
            expert.show(capture);
        }
    }

    /** The capture was closed. */
    public void closed() {
        if (pendingRefresh != null) {
            pendingRefresh.stop();
            pendingRefresh = null;
        }
        capture = null;
        ladders.cancel();
        addressCounts.cancel();
        endpointCounts.cancel();
        hierarchyCounts.cancel();
        ioCounts.cancel();
        limited.cancel();
        reanalysed.cancel();
        congestionModels.cancel();
        lastRefresh = 0;
        enable(false);
        made.forEach(view -> view.show(null));
    }

    /** The main window closed: its views close with it. */
    public void closeWindows() {
        made.forEach(view -> view.stage().close());
    }

    /** Writes the per-QP CSV of the loaded capture: the bytes {@code rocelens analyze --qp-csv} writes. */
    public void exportQpCsv(Path output) throws IOException {
        exportQpCsv(capture, output);
    }

    private static void exportQpCsv(AnalysedCapture from, Path output) throws IOException {
        OverwriteCheck.check(output, java.util.List.of(from.file()));
        try (Writer out = Files.newBufferedWriter(output, StandardCharsets.UTF_8)) {
            CsvExport.writeQps(from.analysis(), out);
        }
    }

    private void chooseQpCsv() {
        if (capture == null) {
            return;
        }
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Export Per-QP Statistics CSV");
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("CSV", "*.csv"));
        chooser.setInitialFileName(capture.file().getFileName().toString().replaceFirst("\\.[^.]*$", "") + "-qps.csv");
        var chosen = Dialogs.save(chooser, owner);
        if (chosen == null) {
            return;
        }
        AnalysedCapture from = capture;
        Path output = chosen.toPath();
        csvWrites.submit("The per-QP statistics could not be exported", request -> {
            try {
                exportQpCsv(from, output);
            } catch (IOException failure) {
                throw new IOException("cannot write " + output + ": " + CaptureOpenException.reason(failure), failure);
            }
            return output;
        }, written -> { });
    }

    private ConversationsView conversations() {
        if (conversations == null) {
            conversations = remember(new ConversationsView(owner, link, this::openLadder, this::limitTo,
                    this::chooseQpCsv));
        }
        return conversations;
    }

    private ExpertInfoView expert() {
        if (expert == null) {
            expert = remember(new ExpertInfoView(owner, link));
        }
        return expert;
    }

    private PsnLadderView ladder() {
        if (ladder == null) {
            ladder = remember(new PsnLadderView(owner, link));
        }
        return ladder;
    }

    private PfcView pfc() {
        if (pfc == null) {
            pfc = remember(new PfcView(owner, link, (from, options, done, failed) ->
                    reanalysed.submitTellingView("The PFC analysis failed",
                            request -> analyse(from, allRows(from.table()), options), done, failed)));
        }
        return pfc;
    }

    private BandwidthView bandwidth() {
        if (bandwidth == null) {
            bandwidth = remember(new BandwidthView(owner, link, preferences));
        }
        return bandwidth;
    }

    private LatencyView latency() {
        if (latency == null) {
            latency = remember(new LatencyView(owner, link));
        }
        return latency;
    }

    private CongestionView congestion() {
        if (congestion == null) {
            congestion = remember(new CongestionView(owner, link, congestionModels));
        }
        return congestion;
    }

    private AddressTablesView addressConversations() {
        if (addressConversations == null) {
            addressConversations = remember(new AddressTablesView(owner, link, addressCounts, false));
        }
        return addressConversations;
    }

    private AddressTablesView endpoints() {
        if (endpoints == null) {
            endpoints = remember(new AddressTablesView(owner, link, endpointCounts, true));
        }
        return endpoints;
    }

    private ProtocolHierarchyView hierarchy() {
        if (hierarchy == null) {
            hierarchy = remember(new ProtocolHierarchyView(owner, link, hierarchyCounts));
        }
        return hierarchy;
    }

    private IoGraphView ioGraph() {
        if (ioGraph == null) {
            ioGraph = remember(new IoGraphView(owner, ioCounts, preferences, savePreferences));
        }
        return ioGraph;
    }

    private CapturePropertiesView properties() {
        if (properties == null) {
            properties = remember(new CapturePropertiesView(owner));
        }
        return properties;
    }

    /** Statistics › PSN Ladder: the conversation selected in QP Conversations, else the one with most packets. */
    private void openLadder() {
        Conversation selected = conversations == null ? null
                : conversations.table().getSelectionModel().getSelectedItem();
        if (selected == null && capture != null) {
            selected = Conversations.of(capture.analysis()).stream()
                    .max(java.util.Comparator.comparingLong(Conversation::packets)).orElse(null);
        }
        if (selected == null) {
            ladder().open(capture);
        } else {
            openLadder(selected);
        }
    }

    /** Draws a conversation's ladder; the points are gathered from the packet index in the background. */
    void openLadder(Conversation conversation) {
        PsnLadderView view = ladder();
        view.open(capture);
        AnalysedCapture from = capture;
        view.building(conversation);
        ladders.submitTellingView("The PSN ladder could not be drawn",
                request -> PsnLadder.of(from.table(), conversation, from.analysis()), view::show, view::failed);
    }

    private static int[] allRows(PacketTable table) {
        int[] rows = new int[table.size()];
        java.util.Arrays.setAll(rows, i -> i);
        return rows;
    }

    private <V extends StatsWindow> V remember(V view) {
        made.add(view);
        return view;
    }

    /**
     * Analyses the displayed packets alone, on the background thread: each is read again from the file and given
     * to the same analysis as the loading pass, in frame order.
     */
    private void limitTo(AnalysedCapture from, String filter, Consumer<AnalysisResult> done, Consumer<String> failed) {
        int[] rows = displayedRows.get();
        limited.submitTellingView("The analysis of the displayed packets failed",
                request -> analyse(from, rows, from.analysis().options()), done, failed);
    }

    static AnalysisResult analyse(AnalysedCapture from, int[] rows, AnalysisOptions options) throws IOException {
        RoceAnalyzer analyzer = new RoceAnalyzer(options);
        FastDissector dissector = new FastDissector(from.dissectorOptions());
        PacketSummary summary = new PacketSummary();
        PacketTable table = from.table();
        for (int row : rows) {
            dissector.summarize(table.frame(row), summary);
            analyzer.accept(summary);
        }
        return analyzer.result();
    }

    private MenuItem item(String text, Runnable action) {
        MenuItem item = new MenuItem(text);
        item.setOnAction(e -> action.run());
        item.setDisable(capture == null);
        needCapture.add(item);
        return item;
    }

    private void enable(boolean open) {
        needCapture.forEach(item -> item.setDisable(!open));
    }
}
