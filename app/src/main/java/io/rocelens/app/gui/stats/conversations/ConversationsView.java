package io.rocelens.app.gui.stats.conversations;

import io.rocelens.analysis.AnalysisResult;
import io.rocelens.analysis.FlowStats;
import io.rocelens.analysis.Formats;
import io.rocelens.app.gui.stats.StatsWindow;
import io.rocelens.app.gui.stats.Tables;
import io.rocelens.app.gui.stats.conversations.model.Conversation;
import io.rocelens.app.gui.stats.conversations.model.Conversations;
import io.rocelens.app.gui.stats.model.AnalysedCapture;
import io.rocelens.app.gui.stats.model.PacketListLink;
import io.rocelens.export.TextSummary;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;
import javafx.collections.transformation.SortedList;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.stage.Window;
import org.controlsfx.control.textfield.TextFields;

/**
 * Statistics › QP Conversations: one row per conversation (both directions, both QPs) with the per-QP CSV's
 * counters, sortable by any column, narrowed by a text box or to the displayed packets. Follow QP (or a
 * double-click) filters the packet list to the conversation; PSN Ladder draws it.
 */
public final class ConversationsView extends StatsWindow {

    private final ObservableList<Conversation> all = FXCollections.observableArrayList();
    private final FilteredList<Conversation> matching = new FilteredList<>(all);
    private final TableView<Conversation> table = new TableView<>();
    /** ControlsFX's search field with a clear button inside, as Wireshark's Conversations dialog's filter box. */
    private final TextField search = TextFields.createClearableTextField();
    private final CheckBox limit = new CheckBox("Limit to display filter");
    private final Label shown = new Label();
    private final Label note = new Label();
    private final PacketListLink link;
    private final Consumer<Conversation> ladder;
    private final Limiter limiter;
    private AnalysedCapture capture;
    private long firstTs;
    /** A limited analysis is running on the background thread. */
    private boolean analysing;
    /** The capture was refreshed while a limited analysis ran: analyse its displayed packets once that one ends. */
    private boolean refreshedMeanwhile;

    /** Analyses the capture again over the frames a display filter passes. */
    public interface Limiter {
        void analyse(AnalysedCapture capture, String displayFilter, Consumer<AnalysisResult> done, Consumer<String> failed);
    }

    public ConversationsView(Window owner, PacketListLink link, Consumer<Conversation> ladder, Limiter limiter,
                      Runnable exportCsv) {
        super(owner, "QP Conversations", new BorderPane(), 1560, 520);
        this.link = link;
        this.ladder = ladder;
        this.limiter = limiter;
        BorderPane root = (BorderPane) stage().getScene().getRoot();

        table.setId("conversations");
        table.getSelectionModel().setSelectionMode(SelectionMode.SINGLE);
        SortedList<Conversation> sorted = new SortedList<>(matching);
        sorted.comparatorProperty().bind(table.comparatorProperty());
        table.setItems(sorted);
        table.setPlaceholder(new Label("No RoCE conversations"));
        addColumns();
        table.setRowFactory(view -> {
            TableRow<Conversation> row = new TableRow<>();
            row.setOnMouseClicked(click -> {
                if (click.getButton() == MouseButton.PRIMARY && click.getClickCount() == 2 && !row.isEmpty()) {
                    follow(row.getItem());
                }
            });
            return row;
        });

        search.setId("conversation-search");
        search.setPromptText("address or QP, e.g. 10.0.0.1 or 0x000011");
        search.textProperty().addListener((seen, old, text) -> {
            matching.setPredicate(c -> c.matches(text));
            showCount();
        });
        HBox.setHgrow(search, Priority.ALWAYS);
        limit.setId("conversation-limit");
        limit.setOnAction(e -> limitChanged());
        HBox top = new HBox(8, new Label("Filter:"), search, limit);
        top.setAlignment(Pos.CENTER_LEFT);
        top.setPadding(new Insets(6));

        Button follow = new Button("Follow QP");
        follow.setId("follow-qp");
        follow.setTooltip(new Tooltip("Filter the packet list to this conversation's packets"));
        follow.setOnAction(e -> selected(this::follow));
        Button psn = new Button("PSN Ladder");
        psn.setId("open-ladder");
        psn.setOnAction(e -> selected(ladder));
        Button copy = new Button("Copy as CSV");
        copy.setId("copy-csv");
        copy.setTooltip(new Tooltip("The shown conversations' flows, in the columns of rocelens analyze --qp-csv"));
        copy.setOnAction(e -> {
            ClipboardContent content = new ClipboardContent();
            content.putString(Conversations.csv(List.copyOf(table.getItems())));
            Clipboard.getSystemClipboard().setContent(content);
        });
        Button export = new Button("Export Per-QP CSV…");
        export.setOnAction(e -> exportCsv.run());
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        shown.setId("conversation-count");
        note.setId("conversation-note");
        HBox bottom = new HBox(8, shown, note, gap, follow, psn, copy, export);
        bottom.setAlignment(Pos.CENTER_LEFT);
        bottom.setPadding(new Insets(6));

        root.setTop(top);
        root.setCenter(table);
        root.setBottom(bottom);
    }

    @Override
    protected void fill(AnalysedCapture newCapture) {
        boolean sameFile = AnalysedCapture.sameFile(capture, newCapture);
        capture = newCapture;
        if (sameFile && limit.isSelected()) {
            // a refresh (a live capture, a file still loading): the limit stays, over the packets displayed now
            limitChanged();
            return;
        }
        limit.setSelected(false);
        note.setText("");
        show(newCapture == null ? null : newCapture.analysis());
    }

    /** The packet list's displayed rows changed (grown while capturing or loading, or filtered again). */
    public void displayedChanged() {
        if (limit.isSelected()) {
            limitChanged();
        }
    }

    /** The table, for the tests and the ladder. */
    public TableView<Conversation> table() {
        return table;
    }

    private void show(AnalysisResult result) {
        firstTs = result == null ? 0 : result.firstTs();
        Conversation selected = table.getSelectionModel().getSelectedItem();
        all.setAll(result == null ? List.of() : Conversations.of(result));
        if (selected != null) {
            // the same conversation with newer numbers (a live capture refreshes them twice a second)
            FlowStats flow = selected.forward();
            table.getItems().stream().filter(c -> c.flows().stream().anyMatch(f -> f.srcIp().equals(flow.srcIp())
                            && f.dstIp().equals(flow.dstIp()) && f.dstQp() == flow.dstQp()
                            && f.senderQp() == flow.senderQp()))
                    .findFirst().ifPresent(c -> table.getSelectionModel().select(c));
        }
        showCount();
    }

    private void limitChanged() {
        if (capture == null) {
            return;
        }
        String filter = link.displayFilter();
        if (!limit.isSelected() || filter.isBlank()) {
            note.setText(limit.isSelected() ? "(no display filter applied)" : "");
            show(capture.analysis());
            return;
        }
        if (!note.getText().startsWith("limited to")) {
            note.setText("analysing the packets of \"" + filter + "\" …");
        }
        if (analysing) {
            refreshedMeanwhile = true;
            return;
        }
        analysing = true;
        AnalysedCapture asked = capture;
        limiter.analyse(asked, filter, result -> {
            analysing = false;
            if (limit.isSelected() && capture != null && capture.file().equals(asked.file())) {
                note.setText("limited to \"" + filter + "\"");
                show(result);
            }
            analyseAgainIfRefreshed();
        }, message -> {
            analysing = false;
            note.setText(message);
            limit.setSelected(false);
            refreshedMeanwhile = false;
        });
    }

    private void analyseAgainIfRefreshed() {
        if (refreshedMeanwhile) {
            refreshedMeanwhile = false;
            if (limit.isSelected()) {
                limitChanged();
            }
        }
    }

    private void follow(Conversation conversation) {
        link.applyFilter(conversation.displayFilter());
    }

    private void selected(Consumer<Conversation> action) {
        Conversation conversation = table.getSelectionModel().getSelectedItem();
        if (conversation == null && table.getItems().size() == 1) {
            conversation = table.getItems().get(0);
        }
        if (conversation != null) {
            action.accept(conversation);
        }
    }

    private void showCount() {
        shown.setText(matching.size() == all.size() ? all.size() + " conversations"
                : matching.size() + " of " + all.size() + " conversations");
    }

    private void addColumns() {
        text("Address A", Conversation::addressA);
        text("QP A", c -> Conversation.qpText(c.qpA()));
        text("Address B", Conversation::addressB);
        text("QP B", c -> Conversation.qpText(c.qpB()));
        text("CM service", Conversation::connectionText);
        number("Priority", Conversation::priority, Object::toString);
        number("Packets", Conversation::packets, Object::toString);
        number("Packets A → B", Conversation::packetsAtoB, Object::toString);
        number("Packets B → A", Conversation::packetsBtoA, Object::toString);
        number("Bytes", Conversation::bytes, Object::toString);
        number("Bytes A → B", Conversation::bytesAtoB, Object::toString);
        number("Bytes B → A", Conversation::bytesBtoA, Object::toString);
        number("Rate A → B", Conversation::throughputAtoB, n -> TextSummary.rate(n.doubleValue()));
        number("Rate B → A", Conversation::throughputBtoA, n -> TextSummary.rate(n.doubleValue()));
        number("Messages", Conversation::messages, Object::toString);
        number("PSN gaps", Conversation::psnGaps, Object::toString);
        number("Missing", Conversation::missingPsns, Object::toString);
        number("Retransmitted", Conversation::retransmitted, Object::toString);
        number("NAKs", Conversation::naks, Object::toString);
        number("RNR NAKs", Conversation::rnrNaks, Object::toString);
        number("CNPs", Conversation::cnps, Object::toString);
        number("ECN CE", Conversation::ecnCe, Object::toString);
        number("Bad ICRC", Conversation::icrcErrors, Object::toString);
        number("Rel start (s)", c -> (c.firstTs() - firstTs) / 1e9,
                n -> String.format(Formats.DIGITS, "%.6f", n.doubleValue()));
        number("Duration (s)", c -> (c.lastTs() - c.firstTs()) / 1e9,
                n -> String.format(Formats.DIGITS, "%.6f", n.doubleValue()));
    }

    private void text(String title, Function<Conversation, String> value) {
        TableColumn<Conversation, String> column = new TableColumn<>(title);
        column.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(value.apply(cell.getValue())));
        table.getColumns().add(column);
    }

    /** A numeric column: sorts by the number, shows it formatted, right-aligned. */
    private <N extends Number> void number(String title, Function<Conversation, N> value,
                                           Function<Number, String> format) {
        table.getColumns().add(Tables.column(title, value, format::apply));
    }
}
