package io.rocelens.app.gui.packetlist;

import io.rocelens.app.gui.packetlist.model.ColouringRules;
import io.rocelens.app.gui.packetlist.model.PacketColumn;
import io.rocelens.app.gui.packetlist.model.PacketListModel;
import io.rocelens.app.gui.packetlist.model.TimeFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.scene.control.CheckMenuItem;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.ToggleGroup;
import java.util.function.IntConsumer;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.layout.Region;

/**
 * The packet list: a table whose items are only the places 0 … n-1 of the list. Each row asks the model for its
 * texts when it comes on screen, so ten million packets cost no more than the rows in view. Sorting is the
 * model's (on the index, in the background): the table's own sort only records which column was clicked.
 */
public final class PacketListView {

    private final PacketListModel model;
    private final TableView<Integer> table = new TableView<>() {
        @Override
        protected javafx.scene.control.Skin<?> createDefaultSkin() {
            return new javafx.scene.control.skin.TableViewSkin<>(this) {
                @Override
                protected VirtualFlow<TableRow<Integer>> createVirtualFlow() {
                    rowFlow = new RowFlow();
                    followScrolling(rowFlow);
                    return rowFlow;
                }
            };
        }
    };
    private RowList rows = new RowList(0, 0);
    /** The table's flow, once its skin has made it. */
    private RowFlow rowFlow;
    /** True while the table holds only the newest rows of a followed live capture ({@link #FOLLOWED_ROWS}). */
    private boolean followWindow;
    /** True while the whole list's scroll bar is moved to where the list is: it then scrolls nothing itself. */
    private boolean barFollowsList;
    /** True while a move of the page to where the list is scrolled waits for its turn on the JavaFX thread. */
    private boolean pageMoveAsked;
    /** Changes whenever the rows must be drawn anew: a column's width, alignment, order or visibility changed. */
    private final javafx.beans.property.IntegerProperty columnsLook = new javafx.beans.property.SimpleIntegerProperty();
    /** What the rows draw, from the model. */
    private final PacketRowSkin.Content rowContent = new PacketRowSkin.Content() {
        @Override
        public String text(TableColumn<Integer, ?> column, int index) {
            return columnText(column, index);
        }

        @Override
        public Align align(TableColumn<Integer, ?> column) {
            return alignment(column);
        }

        @Override
        public ColouringRules.Rule colouring(TableRow<Integer> row) {
            return row instanceof ColouredRow coloured ? coloured.rule : null;
        }
    };
    /**
     * The most rows the table holds while a live capture follows its newest packet; past twice this it keeps only the
     * newest this many. JavaFX 21's list (VirtualFlow) walks every row to place the newest at the bottom, several times
     * at each growth: at 10,000 frames/s its JavaFX thread took 0.14 core over a capture of 60,000 frames and 0.32 over
     * 300,000 (bench/capture-window.sh), growing with the capture until the window falls behind. With Auto Scroll on
     * the list shows the newest rows anyway; turning it off, the end of the capture, a filter or a sort shows them all.
     */
    private static final int FOLLOWED_ROWS = 8192;
    private boolean sortFromModel;
    /**
     * True when the user's last header click asked for No. ascending: the model's order is then its frame order, which
     * has no sort column, and the header keeps its arrow (without it the next click asked for ascending again, and No.
     * could never be sorted descending).
     */
    private boolean numberAscendingAsked;
    /** True while the list is swapped for the model's new one. */
    private boolean replacing;
    /** The time format the Time column's width was fitted to. */
    private TimeFormat shownTimeFormat;
    /** A cell's padding on both sides and a little air, in pixels (modena: 0.25em each side). */
    private static final double TIME_CELL_PADDING = 16;
    /** The frame the user selected (its number), kept across sorts and filters; -1 for none. */
    private long selectedFrame = -1;
    /** The selected frame's place in the model's list (also when the table's page does not hold it); -1 for none. */
    private int selectedPlace = -1;
    /** The custom columns, between the built-in ones and Info, one per field of {@link PacketListModel#customColumns}. */
    private final List<TableColumn<Integer, String>> custom = new ArrayList<>();
    /** Keeps Info as wide as the space the other shown columns leave. */
    private javafx.beans.InvalidationListener fitInfo;
    /** Run when the user changed the columns (shown, aligned, custom): the window saves them. */
    private Runnable columnsChanged = () -> { };
    /** Opens the column preferences (the custom columns). */
    private Runnable columnPreferences = () -> { };

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
        table.getVisibleLeafColumns().addListener(
                (javafx.collections.ListChangeListener<TableColumn<Integer, ?>>) change -> columnsLook.set(
                        columnsLook.get() + 1));
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
                numberAscendingAsked = column == PacketColumn.NUMBER && !descending;
                if (column != model.sortColumn() || descending != model.descending()) {
                    sortRequested.sort(column, descending);
                }
            }
            return true;
        });
        table.addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, this::keyOnPage);
        table.getSelectionModel().selectedIndexProperty().addListener((seen, old, index) -> {
            if (replacing) {
                return;     // the list is being swapped: the frame selected before stays the one to select again
            }
            int place = index == null || index.intValue() < 0 ? -1 : rows.first + index.intValue();
            if (place >= 0 && place < model.size()) {
                selectedFrame = model.rowAt(place) + 1L;
                selectedPlace = place;
                selected.accept(place);
            } else {
                selectedFrame = -1;
                selectedPlace = -1;
            }
        });
        model.setListener(new PacketListModel.Listener() {
            @Override
            public void grown(int oldSize, int newSize) {
                fixRowHeight();
                rows.grow(newSize);
                showWholeListBar();
                changed.run();
            }

            @Override
            public void replaced() {
                replace();
                changed.run();
            }

            @Override
            public void looksReady() {
                // the rows on screen drew a placeholder for Info and no colour: they draw again from the cache, in
                // place. A refresh of the table made every row anew and laid the list out at each batch of looks, and
                // a layout of a 100M-row list walks its rows from the first (JavaFX's VirtualFlow): after Ctrl+End
                // the JavaFX thread was still laying out seconds later
                for (javafx.scene.Node node : table.lookupAll(".table-row-cell")) {
                    if (node instanceof ColouredRow row) {
                        row.drawFromModel();
                    }
                }
            }

        });
    }

    /**
     * Keys that go past the table's page when it holds a page of a longer list: Home and End go to the first and last
     * packet of the whole list, and a step from a selected packet the page holds not (the list was scrolled away from
     * it with the whole list's bar) starts from that packet, its page shown again first.
     */
    private void keyOnPage(javafx.scene.input.KeyEvent key) {
        if (rows.size == model.size() || key.isShiftDown() || key.isShortcutDown() || key.isAltDown()) {
            return;
        }
        switch (key.getCode()) {
            case HOME -> {
                select(0);
                key.consume();
            }
            case END -> {
                select(model.size() - 1);
                key.consume();
            }
            case UP, DOWN, PAGE_UP, PAGE_DOWN -> {
                if (table.getSelectionModel().getSelectedIndex() < 0 && selectedFrame > 0 && selectedPlace >= 0) {
                    showPageAround(selectedPlace);
                }
            }
            default -> { }
        }
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
        showText(tableColumn, index -> model.text(index, column));
        align(tableColumn, column.numeric() ? Align.RIGHT : Align.LEFT);
        tableColumn.setPrefWidth(column.width());
        tableColumn.setContextMenu(headerMenu(tableColumn));
        return tableColumn;
    }

    /**
     * The column shows this text of the model's row: drawn by the rows ({@link PacketRowSkin}), and given as the
     * column's cell value (which the header's resize to fit, a double click on its edge, measures).
     */
    private void showText(TableColumn<Integer, String> column, ColumnText text) {
        column.getProperties().put(ColumnText.class, text);
        column.setCellValueFactory(cell -> new ReadOnlyStringWrapper(columnText(column, cell.getValue())));
        column.setCellFactory(view -> new TextCell());
        // a change listener: an invalidation listener would hear no second change until the width is read again
        column.widthProperty().addListener((seen, was, now) -> columnsLook.set(columnsLook.get() + 1));
    }

    private interface ColumnText {
        String of(int index);
    }

    private String columnText(TableColumn<Integer, ?> column, int index) {
        return index < model.size() && column.getProperties().get(ColumnText.class) instanceof ColumnText text
                ? text.of(index) : "";
    }

    /** A cell showing its value as text: the header's resize to fit measures these (the rows draw without cells). */
    private static final class TextCell extends TableCell<Integer, String> {
        @Override
        protected void updateItem(String text, boolean empty) {
            super.updateItem(text, empty);
            setText(empty ? null : text);
        }
    }

    /** Align Left, Center and Right of the column header menu. */
    public enum Align {
        LEFT("CENTER-LEFT"), CENTER("CENTER"), RIGHT("CENTER-RIGHT");

        private final String css;

        Align(String css) {
            this.css = css;
        }
    }

    private void align(TableColumn<Integer, ?> column, Align align) {
        column.getProperties().put(Align.class, align);
        column.setStyle("-fx-alignment: " + align.css + ";");
        columnsLook.set(columnsLook.get() + 1);
    }

    private static Align alignment(TableColumn<Integer, ?> column) {
        return (Align) column.getProperties().getOrDefault(Align.class, Align.LEFT);
    }

    /** A custom column: a field's values, as tshark prints them, read with the row's look in the background. */
    private TableColumn<Integer, String> customColumn(String field, int place) {
        TableColumn<Integer, String> column = new TableColumn<>(field);
        column.setId("custom-" + field);
        column.setSortable(false);
        showText(column, index -> model.customText(index, place));
        align(column, Align.LEFT);
        column.setPrefWidth(100);
        column.setContextMenu(headerMenu(column));
        return column;
    }

    /**
     * The column header's context menu, as Wireshark's: align, resize to contents, column preferences, the columns
     * shown, hide this one (and remove it, for a custom column).
     */
    private ContextMenu headerMenu(TableColumn<Integer, String> column) {
        ToggleGroup aligns = new ToggleGroup();
        List<RadioMenuItem> alignItems = new ArrayList<>();
        for (Align align : Align.values()) {
            String name = align.name().charAt(0) + align.name().substring(1).toLowerCase(Locale.ROOT);
            RadioMenuItem item = new RadioMenuItem("Align _" + name);
            item.setToggleGroup(aligns);
            item.setOnAction(e -> {
                align(column, align);
                columnsChanged.run();
            });
            alignItems.add(item);
        }
        MenuItem resize = new MenuItem("Re_size to Contents");
        resize.setOnAction(e -> resizeToContents(column));
        MenuItem preferences = new MenuItem("Column _Preferences…");
        preferences.setOnAction(e -> columnPreferences.run());
        Menu shown = new Menu("_Displayed Columns");
        MenuItem hide = new MenuItem("_Hide Column");
        hide.setOnAction(e -> {
            column.setVisible(false);
            columnsChanged.run();
        });
        MenuItem remove = new MenuItem("Re_move This Column");
        remove.setOnAction(e -> {
            List<String> fields = new ArrayList<>(model.customColumns());
            fields.remove(custom.indexOf(column));
            setCustomColumns(fields);
            columnsChanged.run();
        });
        ContextMenu menu = new ContextMenu();
        menu.getItems().addAll(alignItems);
        menu.getItems().addAll(new SeparatorMenuItem(), resize, preferences, new SeparatorMenuItem(), shown, hide);
        menu.setOnShowing(e -> {
            alignItems.get(alignment(column).ordinal()).setSelected(true);
            shown.getItems().clear();
            for (TableColumn<Integer, ?> each : table.getColumns()) {
                CheckMenuItem item = new CheckMenuItem(each.getText());
                item.setMnemonicParsing(false);
                item.setSelected(each.isVisible());
                item.setOnAction(shownOrHidden -> {
                    each.setVisible(item.isSelected());
                    columnsChanged.run();
                });
                shown.getItems().add(item);
            }
            if (custom.contains(column) != menu.getItems().contains(remove)) {
                if (custom.contains(column)) {
                    menu.getItems().add(remove);
                } else {
                    menu.getItems().remove(remove);
                }
            }
        });
        return menu;
    }

    /** Resize to Contents: as wide as the header and the longest text of the rows on screen. */
    private void resizeToContents(TableColumn<Integer, ?> column) {
        javafx.scene.text.Font font = rowFont();
        double widest = textWidth(column.getText(), font) + TIME_CELL_PADDING;
        for (javafx.scene.Node node : table.lookupAll(".table-row-cell")) {
            if (node instanceof TableRow<?> row && !row.isEmpty() && row.isVisible()
                    && row.getItem() instanceof Integer place) {
                widest = Math.max(widest, textWidth(columnText(column, place), font));
            }
        }
        column.setPrefWidth(Math.ceil(widest) + TIME_CELL_PADDING);
    }

    /** The font the rows draw in (the style sheet's, which the font size preference sets). */
    private javafx.scene.text.Font rowFont() {
        return table.lookup(".table-row-cell") instanceof javafx.scene.control.Labeled row ? row.getFont()
                : javafx.scene.text.Font.getDefault();
    }

    private static double textWidth(String text, javafx.scene.text.Font font) {
        javafx.scene.text.Text probe = new javafx.scene.text.Text(text);
        probe.setFont(font);
        return probe.getLayoutBounds().getWidth();
    }

    /** The window hears of column changes (to save them) and opens the column preferences from the header menu. */
    public void setColumnActions(Runnable changed, Runnable preferences) {
        columnsChanged = changed;
        columnPreferences = preferences;
    }

    /** Shows these fields as custom columns, before Info. */
    public void setCustomColumns(List<String> fields) {
        table.getColumns().removeAll(custom);
        custom.clear();
        model.setCustomColumns(fields);
        for (int i = 0; i < fields.size(); i++) {
            TableColumn<Integer, String> column = customColumn(fields.get(i), i);
            custom.add(column);
            watch(column);
        }
        table.getColumns().addAll(table.getColumns().size() - 1, custom);
    }

    /** The ids of the columns the user hid. */
    public List<String> hiddenColumns() {
        return table.getColumns().stream().filter(column -> !column.isVisible()).map(TableColumn::getId).toList();
    }

    /** "id=ALIGN" for each column whose alignment is not its own default. */
    public List<String> alignments() {
        List<String> aligned = new ArrayList<>();
        for (TableColumn<Integer, ?> column : table.getColumns()) {
            boolean numeric = column.getUserData() instanceof PacketColumn builtIn && builtIn.numeric();
            if (alignment(column) != (numeric ? Align.RIGHT : Align.LEFT)) {
                aligned.add(column.getId() + "=" + alignment(column).name());
            }
        }
        return aligned;
    }

    /** Shows the columns as saved: the custom ones, those hidden, and their alignments. */
    public void restoreColumns(List<String> fields, List<String> hidden, List<String> aligned) {
        setCustomColumns(fields);
        for (TableColumn<Integer, ?> column : table.getColumns()) {
            column.setVisible(!hidden.contains(column.getId()));
            for (String entry : aligned) {
                int at = entry.lastIndexOf('=');
                if (at > 0 && entry.substring(0, at).equals(column.getId())) {
                    try {
                        align(column, Align.valueOf(entry.substring(at + 1)));
                    } catch (IllegalArgumentException damaged) {
                        // a damaged entry leaves the column's own alignment
                    }
                }
            }
        }
    }

    /** The Info column takes the width the others leave (at least its preferred width), as in Wireshark. */
    private void fillWidthWithInfo() {
        TableColumn<Integer, ?> info = table.getColumns().get(table.getColumns().size() - 1);
        double infoWidth = info.getPrefWidth();
        fitInfo = seen -> {
            double others = 0;
            for (TableColumn<Integer, ?> column : table.getColumns()) {
                if (column != info && column.isVisible()) {
                    others += column.getWidth();
                }
            }
            info.setPrefWidth(Math.max(infoWidth, table.getWidth() - others - 18));
        };
        table.widthProperty().addListener(fitInfo);
        for (TableColumn<Integer, ?> column : table.getColumns()) {
            if (column != info) {
                watch(column);
            }
        }
    }

    private void watch(TableColumn<Integer, ?> column) {
        column.widthProperty().addListener(fitInfo);
        column.visibleProperty().addListener(fitInfo);
    }

    /**
     * Shows the model's list anew, keeping the selected frame selected when it is still displayed. The frame is the
     * one remembered when it was selected: by now the model's list is the new one, whose row at the old place is
     * another frame.
     */
    private void replace() {
        long frame = selectedFrame;
        int index = frame > 0 ? model.indexOfFrame(frame) : -1;
        selectedPlace = index;
        show(RowList.around(Math.max(0, index), model.size()));
        // the items are places 0 … n-1, equal from one list to the next: cells would keep their old text
        table.refresh();
        if (model.timeFormat() != shownTimeFormat) {
            shownTimeFormat = model.timeFormat();
            fitTimeColumn();
        }
        showSortOrder();
        if (index >= 0) {
            table.getSelectionModel().select(index - rows.first);
            table.scrollTo(Math.max(0, index - rows.first - 3));
        }
    }

    /** Gives the table other rows; the frame remembered as selected stays so (the table's selection is cleared). */
    private void show(RowList shown) {
        rows = shown;
        followWindow = false;
        sortFromModel = true;
        replacing = true;
        try {
            // setting the items makes the table sort again; the model's order is already the one asked for
            table.setItems(rows);
        } finally {
            sortFromModel = false;
            replacing = false;
        }
        showWholeListBar();
    }

    /**
     * Shows other rows of the same list (a window onto the model's, or all of it): the selected frame, at the same
     * place of the model's list, stays selected where the table has its row, and nobody is told of a new selection.
     */
    private void showWindow(RowList shown) {
        show(shown);
        int row = selectedFrame > 0 && selectedPlace >= 0 ? selectedPlace - rows.first : -1;
        if (row >= 0 && row < rows.size) {
            replacing = true;
            try {
                table.getSelectionModel().select(row);
            } finally {
                replacing = false;
            }
        }
    }

    /**
     * The table holds a whole page again after it held only the newest rows while a live capture was followed
     * ({@link #FOLLOWED_ROWS}): the newest row stays in view, and the selected frame, when there is one, selected.
     */
    public void showAll() {
        if (!followWindow) {
            return;
        }
        showPageAround(model.size() - 1);
        scrollToLast();
    }

    /** The header arrows follow the model's order (also after a sort asked for from elsewhere). */
    private void showSortOrder() {
        sortFromModel = true;
        try {
            table.getSortOrder().clear();
            PacketColumn sorted = model.sortColumn() == null && numberAscendingAsked ? PacketColumn.NUMBER
                    : model.sortColumn();
            if (sorted != null) {
                for (TableColumn<Integer, ?> column : table.getColumns()) {
                    if (column.getUserData() == sorted) {
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
        double width = Math.ceil(textWidth(longest, rowFont())) + TIME_CELL_PADDING;
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
        if (rows.first + rows.size < model.size() || rows.size > 2 * FOLLOWED_ROWS) {
            keepNewest();
        }
        scrollToLast();
    }

    private void scrollToLast() {
        if (table.lookup(".virtual-flow") instanceof VirtualFlow<?> flow && !table.getItems().isEmpty()) {
            if (flow.getCellCount() == table.getItems().size()) {
                flow.scrollTo(table.getItems().size() - 1);
                return;
            }
            // the flow learns of the new rows at the next layout, and then keeps the rows on screen where they were
            // (the list lagged a growth or more behind the newest frame): it goes to its end once it has them
            lastWanted = true;
            if (followed != flow) {
                followed = flow;
                flow.cellCountProperty().addListener(seen -> {
                    if (lastWanted) {
                        lastWanted = false;
                        flow.setPosition(1);
                    }
                });
            }
        }
    }

    /** The table keeps the newest {@link #FOLLOWED_ROWS} rows, and the selected frame's row when it is among them. */
    private void keepNewest() {
        // from the top of the fewer rows, the flow then going to the bottom: left at the old position, its next layout
        // would look for rows past the new end (JavaFX logs "index exceeds maxCellCount")
        if (table.lookup(".virtual-flow") instanceof VirtualFlow<?> flow) {
            flow.setPosition(0);
        }
        int first = Math.max(0, model.size() - FOLLOWED_ROWS);
        showWindow(new RowList(first, model.size() - first));
        followWindow = true;
    }

    /** The flow whose row count {@link #showLast} listens to, and whether it waits to show the last row. */
    private VirtualFlow<?> followed;
    private boolean lastWanted;

    /** How many rows the list shows (those it lays out, a partly shown one included), at least one. */
    public int rowsOnScreen() {
        return rowsOnScreen(table.lookup(".virtual-flow") instanceof VirtualFlow<?> flow ? flow : null);
    }

    private int rowsOnScreen(VirtualFlow<?> flow) {
        if (flow != null && flow.getFirstVisibleCell() != null && flow.getLastVisibleCell() != null) {
            return flow.getLastVisibleCell().getIndex() - flow.getFirstVisibleCell().getIndex() + 2;
        }
        return Math.max(1, (int) Math.ceil(table.getHeight() / 16));
    }

    /** Selects the row at this place of the model's list. */
    public void select(int index) {
        if (index < 0 || index >= model.size()) {
            return;
        }
        if (!rows.holdsWithMargin(index, model.size())) {
            showPageAround(index);
        }
        int row = index - rows.first;
        table.getSelectionModel().clearAndSelect(row);
        table.scrollTo(Math.max(0, row - 3));
        table.requestFocus();
    }

    /** The rows' marks, ignores or time references changed: they are drawn again. */
    public void flagsChanged() {
        table.refresh();
    }

    public int selectedIndex() {
        int row = table.getSelectionModel().getSelectedIndex();
        if (row >= 0) {
            return rows.first + row;
        }
        // the selected frame's row may lie outside the table's page
        return selectedFrame > 0 ? selectedPlace : -1;
    }

    /** Shows the scroll bar over the whole list while the table holds a page of it, and puts it where the list is. */
    private void showWholeListBar() {
        if (rowFlow != null) {
            rowFlow.showWholeList(rows.size < model.size());
            placeWholeListBar(rowFlow);
        }
    }

    /**
     * Keeps the whole list's bar and the table's page with the rows on screen: after each layout of the rows (every
     * scroll step, key press or click on the flow) the bar moves to the first row on screen, and the page moves once
     * that row comes near one of its edges; a move of the bar scrolls the list to its row.
     */
    private void followScrolling(RowFlow flow) {
        flow.setOnLaidOut(() -> {
            placeWholeListBar(flow);
            int top = firstRowOnScreen(flow);
            if (top >= 0 && !followWindow && !pageMoveAsked && !rows.holdsWithMargin(top, model.size())) {
                // not during the layout: the table's new items lay the flow out again
                pageMoveAsked = true;
                javafx.application.Platform.runLater(() -> {
                    pageMoveAsked = false;
                    int now = firstRowOnScreen(flow);
                    if (now >= 0 && !followWindow && !rows.holdsWithMargin(now, model.size())) {
                        scrollListTo(now);
                    }
                });
            }
        });
        flow.wholeList().valueProperty().addListener((seen, was, now) -> {
            if (!barFollowsList) {
                scrollListTo(Math.max(0, Math.min(model.size() - 1, (int) Math.round(now.doubleValue()))));
            }
        });
    }

    /** The model's place of the first row on screen, partly shown or not; -1 when there is none. */
    private int firstRowOnScreen(RowFlow flow) {
        TableRow<Integer> first = flow.getFirstVisibleCell();
        return first == null || first.getIndex() < 0 || first.getIndex() >= rows.size ? -1 : rows.first
                + first.getIndex();
    }

    /** Shows the page of the model's list with this place in its middle, the selected frame kept selected. */
    private void showPageAround(int place) {
        showWindow(RowList.around(place, model.size()));
    }

    /** Puts the first row on screen at the top of the list, the table's page moving to it when it holds it not. */
    private void scrollListTo(int top) {
        if (!rows.holdsWithMargin(top, model.size())) {
            showPageAround(top);
        }
        table.scrollTo(top - rows.first);
    }

    private void placeWholeListBar(RowFlow flow) {
        int top = firstRowOnScreen(flow);
        if (rows.size == model.size() || top < 0) {
            return;
        }
        int onScreen = Math.max(1, rowsOnScreen(flow) - 2);
        javafx.scene.control.ScrollBar bar = flow.wholeList();
        barFollowsList = true;
        try {
            bar.setMax(Math.max(0, model.size() - onScreen));
            bar.setVisibleAmount(onScreen);
            bar.setBlockIncrement(onScreen);
            bar.setValue(Math.min(top, bar.getMax()));
        } finally {
            barFollowsList = false;
        }
    }


    /**
     * A row in the colours of the first colouring rule its frame matches; as in Wireshark, an ignored frame's row is
     * greyed and a marked one's is drawn in the marked colours (the style sheet's), before any rule. Drawn by
     * {@link PacketRowSkin}, without cells: a press selects the row, as a press on a cell would.
     */
    private final class ColouredRow extends TableRow<Integer> {
        /** The colouring rule the row is drawn in, or null for the row's own colours. */
        private ColouringRules.Rule rule;

        ColouredRow() {
            addEventHandler(javafx.scene.input.MouseEvent.MOUSE_PRESSED, press -> {
                if (!isEmpty() && getIndex() >= 0) {
                    table.requestFocus();
                    table.getSelectionModel().clearAndSelect(getIndex());
                }
            });
        }

        @Override
        protected javafx.scene.control.Skin<?> createDefaultSkin() {
            return new PacketRowSkin(this, rowContent, columnsLook);
        }

        @Override
        protected void updateItem(Integer index, boolean empty) {
            super.updateItem(index, empty);
            drawFromModel();
        }

        /** Takes the row's flags, colouring rule and texts from the model, and draws them. */
        void drawFromModel() {
            Integer index = getItem();
            boolean shown = !isEmpty() && index != null && index < model.size();
            long frame = shown ? model.rowAt(index) + 1L : -1;
            boolean ignored = shown && model.flags().ignored(frame);
            boolean marked = shown && !ignored && model.flags().marked(frame);
            setClass("ignored", ignored);
            setClass("marked", marked);
            rule = !shown || ignored || marked || !model.colouring() ? null : model.look(index).colour();
            if (getSkin() instanceof PacketRowSkin skin) {
                skin.draw();
            }
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
