package io.rocelens.app.gui.packetlist;

import io.rocelens.app.gui.packetlist.model.ColouringRules;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.beans.value.ObservableValue;
import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.SkinBase;
import javafx.scene.layout.Background;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import javafx.scene.text.TextAlignment;

/**
 * A packet list row drawn on one canvas: each shown column's text at the column's place, cut with an ellipsis when it
 * is wider than the column, in the colours of the row's colouring rule. JavaFX's own row holds a cell per column, each
 * a control with its styles, skin and text layout: while a live capture grew the list ten times a second, every row on
 * screen took a new index at each growth, and styling and laying out those cells was most of the JavaFX thread's work
 * (JFR, bench/capture-window.sh). The row itself keeps its styles (stripes, selection, marked and ignored rows come from
 * the style sheet as before); only the cells are gone.
 */
public final class PacketRowSkin extends SkinBase<TableRow<Integer>> {

    /** What a row shows: each column's text and how it is aligned, and the colouring rule's colours. */
    interface Content {
        String text(TableColumn<Integer, ?> column, int index);

        PacketListView.Align align(TableColumn<Integer, ?> column);

        /** The colouring rule whose colours the row is drawn in, or null for the row's own colours. */
        ColouringRules.Rule colouring(TableRow<Integer> row);
    }

    /** A cell's padding on each side, as modena's table cells: 0.166667em, 2 px in a 12 px font. */
    private static final double PADDING_EM = 0.166667;
    private static final String ELLIPSIS = "…";
    /** JavaFX's default cell size (CellSkinBase's -fx-cell-size), the least height of a table's rows. */
    private static final double DEFAULT_ROW_HEIGHT = 24;
    private static final Map<String, Color> COLOURS = new HashMap<>();

    private final Canvas canvas = new Canvas();
    private final Content content;
    /** The texts last drawn, one per shown column, in the columns' order. */
    private final List<String> drawn = new ArrayList<>();
    private Paint drawnTextFill;
    private boolean stale = true;

    PacketRowSkin(TableRow<Integer> row, Content content, ObservableValue<?> columnsChanged) {
        super(row);
        this.content = content;
        canvas.setManaged(false);
        getChildren().setAll(canvas);
        registerChangeListener(row.textFillProperty(), seen -> redrawLater());
        registerChangeListener(row.fontProperty(), seen -> redrawLater());
        registerChangeListener(row.selectedProperty(), seen -> redrawLater());
        registerChangeListener(columnsChanged, seen -> redrawLater());
    }

    private void redrawLater() {
        stale = true;
        getSkinnable().requestLayout();
    }

    @Override
    protected void layoutChildren(double x, double y, double w, double h) {
        TableRow<Integer> row = getSkinnable();
        if (canvas.getWidth() != row.getWidth() || canvas.getHeight() != row.getHeight()) {
            canvas.setWidth(row.getWidth());
            canvas.setHeight(row.getHeight());
            stale = true;
        }
        if (stale) {
            draw();
        }
    }

    /**
     * As tall as JavaFX's own row: at least its default cell size, else its cells' height (a line of text, their
     * padding and their 1 px border above and below), which a larger font (View › Zoom) makes taller.
     */
    @Override
    protected double computePrefHeight(double width, double top, double right, double bottom, double left) {
        Font font = getSkinnable().getFont();
        return Math.max(DEFAULT_ROW_HEIGHT, Math.ceil(TextWidths.of(font).lineHeight + 2 * PADDING_EM * font.getSize()
                + 2));
    }

    @Override
    protected double computePrefWidth(double height, double top, double right, double bottom, double left) {
        double width = 0;
        TableView<Integer> table = getSkinnable().getTableView();
        if (table != null) {
            for (TableColumn<Integer, ?> column : table.getVisibleLeafColumns()) {
                width += column.getWidth();
            }
        }
        return width;
    }

    /** Draws the row's texts as they are now (the row's item changed, or its look). */
    void draw() {
        stale = false;
        drawn.clear();
        GraphicsContext graphics = canvas.getGraphicsContext2D();
        double width = canvas.getWidth();
        double height = canvas.getHeight();
        graphics.clearRect(0, 0, width, height);
        TableRow<Integer> row = getSkinnable();
        TableView<Integer> table = row.getTableView();
        if (table == null || width <= 0 || height <= 0) {
            drawnTextFill = null;
            return;
        }
        if (row.isEmpty() || row.getItem() == null) {
            // the empty rows below the last packet keep the column lines, as empty cells draw them
            drawnTextFill = null;
            drawColumnLines(graphics, table, height);
            return;
        }
        Paint textFill = row.getTextFill();
        ColouringRules.Rule rule = row.isSelected() ? null : content.colouring(row);
        if (rule != null) {
            graphics.setFill(colour(rule.background()));
            // the row's bottom line (modena's cell border) stays visible, as it does under a row drawn by the cells
            graphics.fillRect(0, 0, width, height - 1);
            textFill = colour(rule.foreground());
        }
        drawnTextFill = textFill;
        Font font = row.getFont();
        TextWidths widths = TextWidths.of(font);
        // inside each column, as inside a cell: its 1 px border and its padding on both sides
        double inset = 1 + Math.round(PADDING_EM * font.getSize());
        graphics.setFill(textFill);
        graphics.setFont(font);
        graphics.setTextAlign(TextAlignment.LEFT);
        graphics.setTextBaseline(VPos.CENTER);
        double left = 0;
        double middle = Math.round(height / 2);
        int index = row.getItem();
        for (TableColumn<Integer, ?> column : table.getVisibleLeafColumns()) {
            double columnWidth = column.getWidth();
            String text = widths.fit(content.text(column, index), columnWidth - 2 * inset, ELLIPSIS);
            drawn.add(text);
            if (!text.isEmpty()) {
                double textWidth = widths.width(text);
                double at = switch (content.align(column)) {
                    case LEFT -> left + inset;
                    case CENTER -> left + (columnWidth - textWidth) / 2;
                    case RIGHT -> left + columnWidth - inset - textWidth;
                };
                graphics.fillText(text, Math.round(at), middle);
            }
            left += columnWidth;
        }
        drawColumnLines(graphics, table, height);
    }

    /**
     * The lines between columns, which modena draws as each cell's right border: its -fx-table-cell-border-color,
     * which is also the first of the row's background fills (the row's bottom line).
     */
    private void drawColumnLines(GraphicsContext graphics, TableView<Integer> table, double height) {
        Background background = getSkinnable().getBackground();
        if (background == null || background.getFills().isEmpty()) {
            return;
        }
        graphics.setFill(background.getFills().get(0).getFill());
        double right = 0;
        for (TableColumn<Integer, ?> column : table.getVisibleLeafColumns()) {
            right += column.getWidth();
            graphics.fillRect(Math.round(right) - 1, 0, 1, height - 1);
        }
    }

    /** The texts the row drew last, one per shown column in their order ("" for an empty one). */
    public List<String> drawnTexts() {
        return List.copyOf(drawn);
    }

    /** The colour the row drew its texts in last; null when it drew none. */
    public Paint drawnTextFill() {
        return drawnTextFill;
    }

    private static Color colour(String web) {
        return COLOURS.computeIfAbsent(web, Color::web);
    }

    /**
     * The widths of texts in one font, from each character's advance measured once: a Text node's layout for every
     * text drawn would be the cost the canvas saves. JavaFX lays out a line of text by adding advances (no kerning), so
     * the sum is the width it draws.
     */
    static final class TextWidths {
        private static final Map<Font, TextWidths> FONTS = new HashMap<>();
        private final Font font;
        private final double[] ascii = new double[128];
        private final Map<Character, Double> others = new HashMap<>();
        private final double lineHeight;

        private TextWidths(Font font) {
            this.font = font;
            Text line = new Text("Xg");
            line.setFont(font);
            lineHeight = line.getLayoutBounds().getHeight();
            for (char c = ' '; c < 127; c++) {
                ascii[c] = measure(c);
            }
        }

        static TextWidths of(Font font) {
            return FONTS.computeIfAbsent(font, TextWidths::new);
        }

        /** One character's advance: the width of a text with it between two others, less theirs (a lone space has none). */
        private double measure(char c) {
            return layoutWidth("x" + c + "x") - layoutWidth("xx");
        }

        private double layoutWidth(String text) {
            Text probe = new Text(text);
            probe.setFont(font);
            return probe.getLayoutBounds().getWidth();
        }

        double width(String text) {
            double width = 0;
            for (int i = 0; i < text.length(); i++) {
                width += advance(text.charAt(i));
            }
            return width;
        }

        private double advance(char c) {
            return c < ascii.length ? ascii[c] : others.computeIfAbsent(c, this::measure);
        }

        /** The text when it fits in this width, else as much of its start as fits with the ellipsis after it. */
        String fit(String text, double room, String ellipsis) {
            if (text == null || text.isEmpty()) {
                return "";
            }
            if (width(text) <= room) {
                return text;
            }
            double left = room - width(ellipsis);
            int end = 0;
            while (end < text.length() && left - advance(text.charAt(end)) >= 0) {
                left -= advance(text.charAt(end));
                end++;
            }
            return left < 0 ? "" : text.substring(0, end) + ellipsis;
        }
    }
}
