package io.rocelens.app.gui.packetlist;

import io.rocelens.app.gui.packetlist.model.ColouringRules;
import io.rocelens.app.gui.packetlist.model.PacketColumn;
import io.rocelens.app.gui.packetlist.model.PacketListModel;
import io.rocelens.app.gui.packetlist.model.TimeFormat;
import java.util.List;
import java.util.function.IntConsumer;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.ObservableListBase;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.layout.Region;

/**
 * The packet list: a table whose items are only the places 0 … n-1 of the list. Each cell asks the model for its
 * text when it comes on screen, so ten million packets cost no more than the rows in view. Sorting is the
 * model's (on the index, in the background): the table's own sort only records which column was clicked.
 */
public final class PacketListView {

    private final PacketListModel model;
    private final TableView<Integer> table = new TableView<>();
    private RowList rows = new RowList(0);
    private boolean sortFromModel;
    /** True while the list is swapped for the model's new one. */
    private boolean replacing;
    /** The time format the Time column's width was fitted to. */
    private TimeFormat shownTimeFormat;
    /** A cell's padding on both sides and a little air, in pixels (modena: 0.25em each side). */
    private static final double TIME_CELL_PADDING = 16;
    /** The frame the user selected (its number), kept across sorts and filters; -1 for none. */
    private long selectedFrame = -1;

    /**
     * @param sortRequested told when the user clicks a column header: the column (null for frame order) and whether
     *                      descending
     * @param changed       run after the displayed rows changed
     */
    public PacketListView(PacketListModel model, SortRequest sortRequested, IntConsumer selected, Runnable changed) {
        this.model = model;
        table.setId("packet-list");
        table.getStyleClass().add("packet-list");
        table.getSelectionModel().setSelectionMode(SelectionMode.SINGLE);
        table.setItems(rows);
        for (PacketColumn column : PacketColumn.values()) {
            table.getColumns().add(column(column));
        }
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        fillWidthWithInfo();
        table.setRowFactory(view -> new ColouredRow());
        // JavaFX sorts on a release of any mouse button over a column header; Wireshark sorts on the left button only
        table.addEventFilter(javafx.scene.input.MouseEvent.MOUSE_RELEASED, event -> {
            if (event.getButton() != javafx.scene.input.MouseButton.PRIMARY && onColumnHeader(event.getPickResult()
                    .getIntersectedNode())) {
                event.consume();
            }
        });
        table.setSortPolicy(view -> {
            if (!sortFromModel) {
                List<TableColumn<Integer, ?>> order = view.getSortOrder();
                PacketColumn column = order.isEmpty() ? null : (PacketColumn) order.get(0).getUserData();
                boolean descending = !order.isEmpty()
                        && order.get(0).getSortType() == TableColumn.SortType.DESCENDING;
                if (column != model.sortColumn() || descending != model.descending()) {
                    sortRequested.sort(column, descending);
                }
            }
            return true;
        });
        table.getSelectionModel().selectedIndexProperty().addListener((seen, old, index) -> {
            if (replacing) {
                return;     // the list is being swapped: the frame selected before stays the one to select again
            }
            if (index != null && index.intValue() >= 0 && index.intValue() < model.size()) {
                selectedFrame = model.rowAt(index.intValue()) + 1L;
                selected.accept(index.intValue());
            } else {
                selectedFrame = -1;
            }
        });
        model.setListener(new PacketListModel.Listener() {
            @Override
            public void grown(int oldSize, int newSize) {
                fixRowHeight();
                rows.grow(oldSize, newSize);
                changed.run();
            }

            @Override
            public void replaced() {
                replace();
                changed.run();
            }

            @Override
            public void looksReady() {
                // the rows on screen drew a placeholder for Info and no colour: draw them again from the cache
                table.refresh();
            }

        });
    }

    private static boolean onColumnHeader(javafx.scene.Node node) {
        for (javafx.scene.Node at = node; at != null; at = at.getParent()) {
            if (at.getStyleClass().contains("column-header")) {
                return true;
            }
        }
        return false;
    }

    /** A column header click asks for an order. */
    public interface SortRequest {
        void sort(PacketColumn column, boolean descending);
    }

    public TableView<Integer> control() {
        return table;
    }

    private TableColumn<Integer, String> column(PacketColumn column) {
        TableColumn<Integer, String> tableColumn = new TableColumn<>(column.title());
        tableColumn.setUserData(column);
        tableColumn.setId("column-" + column.name().toLowerCase(java.util.Locale.ROOT));
        tableColumn.setCellValueFactory(cell -> new ReadOnlyStringWrapper(cell.getValue() < model.size()
                ? model.text(cell.getValue(), column) : ""));
        tableColumn.setCellFactory(view -> new TableCell<>() {
            @Override
            protected void updateItem(String text, boolean empty) {
                super.updateItem(text, empty);
                setText(empty ? null : text);
            }
        });
        if (column.numeric()) {
            tableColumn.setStyle("-fx-alignment: CENTER-RIGHT;");
        }
        tableColumn.setPrefWidth(column.width());
        return tableColumn;
    }

    /** The Info column takes the width the others leave (at least its preferred width), as in Wireshark. */
    private void fillWidthWithInfo() {
        TableColumn<Integer, ?> info = table.getColumns().get(table.getColumns().size() - 1);
        double infoWidth = info.getPrefWidth();
        javafx.beans.InvalidationListener fit = seen -> {
            double others = 0;
            for (TableColumn<Integer, ?> column : table.getColumns()) {
                if (column != info) {
                    others += column.getWidth();
                }
            }
            info.setPrefWidth(Math.max(infoWidth, table.getWidth() - others - 18));
        };
        table.widthProperty().addListener(fit);
        for (TableColumn<Integer, ?> column : table.getColumns()) {
            if (column != info) {
                column.widthProperty().addListener(fit);
            }
        }
    }

    /**
     * Shows the model's list anew, keeping the selected frame selected when it is still displayed. The frame is the
     * one remembered when it was selected: by now the model's list is the new one, whose row at the old place is
     * another frame.
     */
    private void replace() {
        long frame = selectedFrame;
        rows = new RowList(model.size());
        sortFromModel = true;
        replacing = true;
        try {
            // setting the items makes the table sort again; the model's order is already the one asked for
            table.setItems(rows);
        } finally {
            sortFromModel = false;
            replacing = false;
        }
        // the items are places 0 … n-1, equal from one list to the next: cells would keep their old text
        table.refresh();
        if (model.timeFormat() != shownTimeFormat) {
            shownTimeFormat = model.timeFormat();
            fitTimeColumn();
        }
        showSortOrder();
        if (frame > 0) {
            int index = model.indexOfFrame(frame);
            if (index >= 0) {
                table.getSelectionModel().select(index);
                table.scrollTo(Math.max(0, index - 3));
            }
        }
    }

    /** The header arrows follow the model's order (also after a sort asked for from elsewhere). */
    private void showSortOrder() {
        sortFromModel = true;
        try {
            table.getSortOrder().clear();
            if (model.sortColumn() != null) {
                for (TableColumn<Integer, ?> column : table.getColumns()) {
                    if (column.getUserData() == model.sortColumn()) {
                        column.setSortType(model.descending() ? TableColumn.SortType.DESCENDING
                                : TableColumn.SortType.ASCENDING);
                        table.getSortOrder().add(column);
                    }
                }
            }
        } finally {
            sortFromModel = false;
        }
    }

    /**
     * Once a row has been laid out, gives every row its height: without a fixed height JavaFX's list measures rows
     * (styles applied to each) whenever the row count changes, which took most of the JavaFX thread's time while a
     * live capture or a load grew the list ten times a second.
     */
    private void fixRowHeight() {
        if (table.getFixedCellSize() > 0) {
            return;
        }
        for (javafx.scene.Node node : table.lookupAll(".table-row-cell")) {
            if (node instanceof TableRow<?> row && !row.isEmpty() && row.getHeight() > 0) {
                table.setFixedCellSize(row.getHeight());
                return;
            }
        }
    }

    /** The font size changed: the rows' height is measured again, and the Time column fits its text again. */
    public void fontChanged() {
        table.setFixedCellSize(Region.USE_COMPUTED_SIZE);
        fitTimeColumn();
    }

    /**
     * The Time column takes the width of its longest text in the current format and font (a date and time of day
     * is three times as long as seconds), as Wireshark resizes the column when the format changes.
     */
    private void fitTimeColumn() {
        String longest = model.timeFormat().format(0, 0, java.time.ZoneOffset.UTC);
        javafx.scene.text.Font font = table.lookup(".table-row-cell .table-cell") instanceof javafx.scene.control.Labeled
                cell ? cell.getFont() : javafx.scene.text.Font.getDefault();
        javafx.scene.text.Text probe = new javafx.scene.text.Text(longest);
        probe.setFont(font);
        double width = Math.ceil(probe.getLayoutBounds().getWidth()) + TIME_CELL_PADDING;
        for (TableColumn<Integer, ?> column : table.getColumns()) {
            if (column.getUserData() == PacketColumn.TIME) {
                column.setPrefWidth(Math.max(PacketColumn.TIME.width(), width));
            }
        }
    }

    /**
     * Shows the last row at the bottom of the list (auto scroll in a live capture). Through the list's virtual flow:
     * TableView.scrollTo puts the row at the top and measures the rows below it, which ten times a second took a
     * third of the JavaFX thread's time in a capture at 2000 frames/s.
     */
    public void showLast() {
        if (table.lookup(".virtual-flow") instanceof VirtualFlow<?> flow && !table.getItems().isEmpty()) {
            flow.scrollTo(table.getItems().size() - 1);
        }
    }

    public void select(int index) {
        if (index < 0 || index >= rows.size) {
            return;
        }
        table.getSelectionModel().clearAndSelect(index);
        table.scrollTo(Math.max(0, index - 3));
        table.requestFocus();
    }

    /** The rows' marks, ignores or time references changed: they are drawn again. */
    public void flagsChanged() {
        table.refresh();
    }

    public int selectedIndex() {
        return table.getSelectionModel().getSelectedIndex();
    }

    /** The places 0 … size-1, nothing stored. */
    private static final class RowList extends ObservableListBase<Integer> {
        private int size;

        RowList(int size) {
            this.size = size;
        }

        void grow(int oldSize, int newSize) {
            if (newSize <= size) {
                return;
            }
            int from = size;
            size = newSize;
            beginChange();
            nextAdd(from, newSize);
            endChange();
        }

        @Override
        public Integer get(int index) {
            if (index < 0 || index >= size) {
                throw new IndexOutOfBoundsException(index);
            }
            return index;
        }

        @Override
        public int size() {
            return size;
        }
    }

    /**
     * A row in the colours of the first colouring rule its frame matches; as in Wireshark, an ignored frame's row is
     * greyed and a marked one's is drawn in the marked colours, before any rule.
     */
    private final class ColouredRow extends TableRow<Integer> {
        @Override
        protected void updateItem(Integer index, boolean empty) {
            super.updateItem(index, empty);
            boolean shown = !empty && index != null && index < model.size();
            long frame = shown ? model.rowAt(index) + 1L : -1;
            boolean ignored = shown && model.flags().ignored(frame);
            boolean marked = shown && !ignored && model.flags().marked(frame);
            setClass("ignored", ignored);
            setClass("marked", marked);
            ColouringRules.Rule colour = !shown || ignored || marked || !model.colouring() ? null
                    : model.look(index).colour();
            setClass("coloured", colour != null);
            setStyle(colour == null ? null
                    : "-rl-row-background: " + colour.background() + "; -rl-row-text: " + colour.foreground() + ";");
        }

        private void setClass(String name, boolean on) {
            if (!on) {
                getStyleClass().remove(name);
            } else if (!getStyleClass().contains(name)) {
                getStyleClass().add(name);
            }
        }
    }
}
