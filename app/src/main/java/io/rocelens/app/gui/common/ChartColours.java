package io.rocelens.app.gui.common;

import javafx.scene.Node;
import javafx.scene.paint.Color;

/**
 * The colours the canvases paint with (the PSN ladder, the PFC timeline, the bandwidth chart), in the window's two
 * themes: a canvas is not styled by CSS, so it asks here, at each redraw, for the theme its scene shows. One priority
 * palette (Tableau 10's first eight) serves every view that colours by priority, and reads on both backgrounds.
 *
 * @param background  the plot's background
 * @param text        labels and axis titles
 * @param quietText   second lines of labels
 * @param frame       the plot's frame and axis ticks
 * @param grid        grid lines
 * @param stripe      every other row of a table drawn on the canvas
 * @param alarm       what went wrong: a storm, a PSN gap
 * @param alarmShade  a storm's window, behind the rows
 * @param mark        a retransmission's ring
 * @param selection   the range brushed with the mouse
 */
public record ChartColours(Color background, Color text, Color quietText, Color frame, Color grid, Color stripe,
                           Color alarm, Color alarmShade, Color mark, Color selection) {

    private static final Color[] PRIORITIES = {
            Color.web("#4e79a7"), Color.web("#f28e2b"), Color.web("#59a14f"), Color.web("#e15759"),
            Color.web("#76b7b2"), Color.web("#edc948"), Color.web("#b07aa1"), Color.web("#9c755f")};
    /** Frames of no priority (802.3x PAUSE, a frame with neither PCP nor DSCP). */
    private static final Color NO_PRIORITY = Color.web("#8a8a8a");

    public static final ChartColours LIGHT = new ChartColours(Color.WHITE, Color.BLACK, Color.web("#444444"),
            Color.GRAY, Color.web("#e4e4e4"), Color.web("#f4f6f8"), Color.web("#c00000"), Color.web("#ff000033"),
            Color.BLACK, Color.color(0.2, 0.4, 0.9, 0.18));
    /** The dark theme's: the background is rocelens.css's -fx-control-inner-background. */
    public static final ChartColours DARK = new ChartColours(Color.web("#232528"), Color.web("#e6e6e6"),
            Color.web("#b4b4b4"), Color.web("#8c8c8c"), Color.web("#3a3d42"), Color.web("#292b2f"),
            Color.web("#ff6060"), Color.web("#ff404040"), Color.web("#f0f0f0"), Color.color(0.4, 0.6, 1.0, 0.25));

    /** The colours of the theme the node's scene shows (the scene's root carries the class "dark"). */
    public static ChartColours of(Node node) {
        return node.getScene() != null && node.getScene().getRoot().getStyleClass().contains("dark") ? DARK : LIGHT;
    }

    /** A colour made to stand out from the background: darker on the light one, brighter on the dark. */
    public Color strong(Color colour) {
        return this == DARK ? colour.brighter() : colour.darker();
    }

    /** The colour of a chart's n-th series (the I/O Graph's graphs): the same palette, round again after eight. */
    public static Color series(int index) {
        return PRIORITIES[Math.floorMod(index, PRIORITIES.length)];
    }

    /** The colour of a priority, 0 to 7; any other (-1: none) is grey. */
    public static Color priority(int priority) {
        return priority >= 0 && priority < PRIORITIES.length ? PRIORITIES[priority] : NO_PRIORITY;
    }
}
