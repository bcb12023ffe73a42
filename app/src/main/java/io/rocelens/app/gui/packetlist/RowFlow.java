package io.rocelens.app.gui.packetlist;

import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Orientation;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.TableRow;
import javafx.scene.control.skin.VirtualFlow;

/**
 * The packet list's flow: its rows, styled again only when what styles them changed. JavaFX's flow applies the
 * styles of every row it gives an index and that needs a layout, which a row whose text changed always does: with
 * auto-scroll every row on screen, twice at each growth of the list (once when the flow learns the new row count,
 * once in the layout pass), and a row's styles applied anew are those of each of its cells too. That was the largest share of the
 * JavaFX thread in a live capture (JFR: {@code VirtualFlow.setCellIndex} → {@code Node.applyCss}, a quarter to a
 * third of its samples at 10,000 frames/s). A row whose pseudo-classes (odd, even, selected, empty …), style
 * classes and style, and those of its cells, are as before keeps its styles; any other row, and a new one, is
 * styled as JavaFX does. Only once the rows' height is fixed: until then the flow measures rows, which needs their
 * styles.
 *
 * <p>When the table holds a page of a longer list ({@link RowList}), a scroll bar over the whole list takes the place
 * of the flow's own, which then would scroll only the page: the flow's bar keeps its room and is laid out as always,
 * but is drawn transparent, under the whole list's bar.
 */
final class RowFlow extends VirtualFlow<TableRow<Integer>> {
    /**
     * What styled the row before and after its index changed, refilled at each call: copies of every node's sets
     * and lists were a tenth of what a live capture allocated (JFR, 10,000 frames/s).
     */
    private final List<Object> before = new ArrayList<>();
    private final List<Object> after = new ArrayList<>();
    /** True while a row's index changes: a row placed meanwhile (were it to happen) is styled as JavaFX does. */
    private boolean placing;

    private final ScrollBar wholeList = new ScrollBar();
    private boolean wholeListShown;
    private Runnable laidOut = () -> { };

    RowFlow() {
        wholeList.setOrientation(Orientation.VERTICAL);
        wholeList.setUnitIncrement(1);      // a row: the bar's values are rows of the whole list
        wholeList.setManaged(false);
        wholeList.setVisible(false);
        wholeList.setId("whole-list-bar");
        getChildren().add(wholeList);
    }

    /** The scroll bar over the whole list, shown while the table holds a page of it. */
    ScrollBar wholeList() {
        return wholeList;
    }

    void showWholeList(boolean shown) {
        if (shown != wholeListShown) {
            wholeListShown = shown;
            requestLayout();
        }
    }

    /** Run after each layout of the rows, which follows every scroll step. */
    void setOnLaidOut(Runnable laidOut) {
        this.laidOut = laidOut;
    }

    @Override
    protected void layoutChildren() {
        super.layoutChildren();
        ScrollBar pageBar = getVbar();
        boolean whole = wholeListShown && pageBar.isVisible();
        pageBar.setOpacity(whole ? 0 : 1);
        pageBar.setMouseTransparent(whole);
        wholeList.setVisible(whole);
        if (whole) {
            wholeList.resizeRelocate(pageBar.getLayoutX(), pageBar.getLayoutY(), pageBar.getWidth(),
                    pageBar.getHeight());
        }
        laidOut.run();
    }

    @Override
    protected void setCellIndex(TableRow<Integer> row, int index) {
        if (placing || getFixedCellSize() <= 0 || row.getSkin() == null || row.getScene() == null) {
            super.setCellIndex(row, index);
            return;
        }
        placing = true;
        try {
            styling(row, before);
            row.updateIndex(index);
            styling(row, after);
        } finally {
            placing = false;
        }
        if (!after.equals(before)) {
            row.applyCss();
        }
    }

    /** What styles a row: its pseudo-classes, style classes and style, and those of its cells. */
    private static void styling(TableRow<Integer> row, List<Object> styling) {
        styling.clear();
        add(styling, row);
        for (javafx.scene.Node child : row.getChildrenUnmodifiable()) {
            add(styling, child);
        }
    }

    /**
     * A node's pseudo-classes (a bit set's, in the order of their bits: equal sets give equal sequences) and style
     * classes, each preceded by its count so that no two nodes' can be taken for each other's, then its style.
     */
    private static void add(List<Object> styling, javafx.scene.Node node) {
        javafx.collections.ObservableSet<javafx.css.PseudoClass> states = node.getPseudoClassStates();
        styling.add(states.size());
        for (javafx.css.PseudoClass state : states) {
            styling.add(state);
        }
        List<String> classes = node.getStyleClass();
        styling.add(classes.size());
        for (int i = 0; i < classes.size(); i++) {
            styling.add(classes.get(i));
        }
        styling.add(node.getStyle());
    }
}
