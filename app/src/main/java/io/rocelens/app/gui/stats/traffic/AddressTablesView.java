package io.rocelens.app.gui.stats.traffic;

import io.rocelens.app.gui.common.model.LatestWins;
import io.rocelens.app.gui.stats.StatsWindow;
import io.rocelens.app.gui.stats.Tables;
import io.rocelens.app.gui.stats.model.AnalysedCapture;
import io.rocelens.app.gui.stats.model.PacketListLink;
import io.rocelens.app.gui.stats.traffic.model.AddressTables;
import io.rocelens.stats.Conversations;
import io.rocelens.stats.StatsText;
import java.util.EnumMap;
import java.util.Map;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.input.MouseButton;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.stage.Window;

/**
 * Statistics › Conversations and Statistics › Endpoints, as Wireshark's: a tab each for Ethernet, IPv4, IPv6 and UDP,
 * sortable by any column, limited to the packet list's display filter on request; a double-click or "Apply as Filter"
 * filters the packet list to a row's frames. The numbers are tshark's {@code -z conv} and {@code -z endpoints}
 * ({@code rocelens decode -z}), counted on a background thread.
 */
public final class AddressTablesView extends StatsWindow {

    private final boolean endpoints;
    private final PacketListLink link;
    private final LatestWins work;
    private final TabPane tabs = new TabPane();
    private final Map<Conversations.Kind, TableView<Conversations.Conversation>> conversationTables =
            new EnumMap<>(Conversations.Kind.class);
    private final Map<Conversations.Kind, TableView<Conversations.Endpoint>> endpointTables =
            new EnumMap<>(Conversations.Kind.class);
    private final Map<Conversations.Kind, Tab> tabByKind = new EnumMap<>(Conversations.Kind.class);
    private final CheckBox limit = new CheckBox("Limit to display filter");
    private final Label status = new Label();
    private AnalysedCapture capture;

    /** @param endpoints Endpoints (true) or Conversations */
    public AddressTablesView(Window owner, PacketListLink link, LatestWins work, boolean endpoints) {
        super(owner, endpoints ? "Endpoints" : "Conversations", new BorderPane(), endpoints ? 1000 : 1320, 480);
        this.endpoints = endpoints;
        this.link = link;
        this.work = work;
        String id = endpoints ? "endpoints" : "address-conversations";
        BorderPane root = (BorderPane) stage().getScene().getRoot();
        for (Conversations.Kind kind : Conversations.Kind.values()) {
            TableView<?> table = endpoints ? endpointTable(kind) : conversationTable(kind);
            table.setId(id + "-" + kind.tsharkName());
            table.setPlaceholder(new Label("No " + kind.title() + " " + (endpoints ? "endpoints" : "conversations")));
            Tab tab = new Tab(kind.title(), table);
            tab.setClosable(false);
            tabByKind.put(kind, tab);
            tabs.getTabs().add(tab);
        }
        tabs.setId(id + "-tabs");
        limit.setId(id + "-limit");
        limit.setOnAction(e -> count());
        status.setId(id + "-status");
        HBox bottom = new HBox(12, limit, status);
        bottom.setAlignment(Pos.CENTER_LEFT);
        bottom.setPadding(new Insets(6));
        root.setCenter(tabs);
        root.setBottom(bottom);
    }

    /** The tab of that kind, for the tests. */
    public TableView<?> table(Conversations.Kind kind) {
        return endpoints ? endpointTables.get(kind) : conversationTables.get(kind);
    }

    @Override
    protected void fill(AnalysedCapture newCapture) {
        boolean sameFile = AnalysedCapture.sameFile(capture, newCapture);
        capture = newCapture;
        if (!sameFile) {
            limit.setSelected(false);
        }
        count();
    }

    /** Counts the capture again (all of it, or what the display filter passes) in the background. */
    private void count() {
        if (capture == null) {
            work.cancel();
            conversationTables.values().forEach(t -> t.getItems().clear());
            endpointTables.values().forEach(t -> t.getItems().clear());
            status.setText("");
            return;
        }
        String filter = limit.isSelected() ? link.displayFilter() : "";
        AnalysedCapture from = capture;
        status.setText("counting" + (filter.isBlank() ? "" : " the packets of \"" + filter + "\"") + " …");
        work.submitTellingView("The " + (endpoints ? "endpoints" : "conversations") + " could not be counted",
                request -> AddressTables.of(from, filter, () -> !request.isCurrent()), this::show, status::setText);
    }

    private void show(AddressTables counted) {
        for (Conversations.Kind kind : Conversations.Kind.values()) {
            int rows;
            if (endpoints) {
                rows = counted.endpoints(kind).size();
                endpointTables.get(kind).getItems().setAll(counted.endpoints(kind));
            } else {
                rows = counted.conversations(kind).size();
                conversationTables.get(kind).getItems().setAll(counted.conversations(kind));
            }
            tabByKind.get(kind).setText(kind.title() + (rows == 0 ? "" : " · " + rows));
        }
        status.setText(counted.filter().isEmpty() ? (limit.isSelected() ? "no display filter applied: all packets" : "")
                : "limited to \"" + counted.filter() + "\"");
    }

    private TableView<Conversations.Conversation> conversationTable(Conversations.Kind kind) {
        TableView<Conversations.Conversation> table = new TableView<>(FXCollections.observableArrayList());
        boolean ports = kind == Conversations.Kind.UDP;
        text(table, "Address A", Conversations.Conversation::addressA);
        if (ports) {
            number(table, "Port A", Conversations.Conversation::portA);
        }
        text(table, "Address B", Conversations.Conversation::addressB);
        if (ports) {
            number(table, "Port B", Conversations.Conversation::portB);
        }
        number(table, "Packets", Conversations.Conversation::frames);
        number(table, "Bytes", Conversations.Conversation::bytes);
        number(table, "Packets A → B", Conversations.Conversation::framesAToB);
        number(table, "Bytes A → B", Conversations.Conversation::bytesAToB);
        number(table, "Packets B → A", Conversations.Conversation::framesBToA);
        number(table, "Bytes B → A", Conversations.Conversation::bytesBToA);
        table.getColumns().add(Tables.column("Rel Start", Conversations.Conversation::startNanos,
                n -> StatsText.seconds(n, 6)));
        table.getColumns().add(Tables.column("Duration", Conversations.Conversation::durationNanos,
                n -> StatsText.seconds(n, 6)));
        table.getColumns().get(0).setPrefWidth(ports ? 150 : 280);
        table.getColumns().get(ports ? 2 : 1).setPrefWidth(ports ? 150 : 280);
        applying(table, c -> AddressTables.filterFor(kind, c));
        conversationTables.put(kind, table);
        return table;
    }

    private TableView<Conversations.Endpoint> endpointTable(Conversations.Kind kind) {
        TableView<Conversations.Endpoint> table = new TableView<>(FXCollections.observableArrayList());
        text(table, "Address", Conversations.Endpoint::address);
        table.getColumns().get(0).setPrefWidth(280);
        if (kind == Conversations.Kind.UDP) {
            number(table, "Port", Conversations.Endpoint::port);
        }
        number(table, "Packets", Conversations.Endpoint::frames);
        number(table, "Bytes", Conversations.Endpoint::bytes);
        number(table, "Tx Packets", Conversations.Endpoint::txFrames);
        number(table, "Tx Bytes", Conversations.Endpoint::txBytes);
        number(table, "Rx Packets", Conversations.Endpoint::rxFrames);
        number(table, "Rx Bytes", Conversations.Endpoint::rxBytes);
        applying(table, e -> AddressTables.filterFor(kind, e));
        endpointTables.put(kind, table);
        return table;
    }

    /** A double-click, or the row menu's "Apply as Filter", filters the packet list to the row's frames. */
    private <S> void applying(TableView<S> table, Function<S, String> filter) {
        table.setRowFactory(view -> {
            TableRow<S> row = new TableRow<>();
            MenuItem apply = new MenuItem("Apply as Filter");
            apply.setOnAction(e -> link.applyFilter(filter.apply(row.getItem())));
            ContextMenu menu = new ContextMenu(apply);
            row.contextMenuProperty().bind(javafx.beans.binding.Bindings.when(row.emptyProperty())
                    .then((ContextMenu) null).otherwise(menu));
            row.setOnMouseClicked(click -> {
                if (click.getButton() == MouseButton.PRIMARY && click.getClickCount() == 2 && !row.isEmpty()) {
                    link.applyFilter(filter.apply(row.getItem()));
                }
            });
            return row;
        });
    }

    private static <S> void text(TableView<S> table, String title, Function<S, String> value) {
        TableColumn<S, String> column = new TableColumn<>(title);
        column.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(value.apply(cell.getValue())));
        table.getColumns().add(column);
    }

    private static <S, N extends Number> void number(TableView<S> table, String title, Function<S, N> value) {
        TableColumn<S, N> column = Tables.column(title, value, Object::toString);
        column.setPrefWidth(Math.max(70, title.length() * 9 + 24));   // the whole title readable, as in Wireshark
        table.getColumns().add(column);
    }
}
