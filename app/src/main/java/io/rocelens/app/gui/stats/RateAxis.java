package io.rocelens.app.gui.stats;

import io.rocelens.analysis.Formats;
import io.rocelens.app.gui.common.ChartColours;
import io.rocelens.app.gui.stats.model.Axes;
import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.text.Font;
import javafx.scene.text.TextAlignment;

/** The vertical axis of a rate chart (RoCE Bandwidth, Congestion): grid lines, ticks in one unit, a turned title. */
public final class RateAxis {

    private static final String[] UNITS = {"b/s", "kb/s", "Mb/s", "Gb/s", "Tb/s"};

    private RateAxis() {
    }

    /**
     * Draws the axis of a plot at ({@code left}, {@code top}), {@code width} × {@code height} pixels, from 0 at the
     * bottom to {@code topBps} at the top, labelled in the one unit that keeps the numbers below 1000.
     *
     * @param title the axis title; the unit is added in parentheses
     */
    public static void draw(GraphicsContext g, ChartColours colours, double left, double top, int width, int height,
                            double topBps, String title) {
        int unit = 0;
        while (unit < UNITS.length - 1 && topBps / Math.pow(1000, unit) >= 1000) {
            unit++;
        }
        double scale = Math.pow(1000, unit);
        g.setFont(Font.font(12));
        g.setLineWidth(1);
        g.setTextAlign(TextAlignment.RIGHT);
        g.setTextBaseline(VPos.CENTER);
        for (double tick : Axes.ticks(0, topBps / scale, Math.max(2, height / 50))) {
            double y = top + height - tick * scale / topBps * height;
            g.setStroke(colours.grid());
            g.strokeLine(left, y, left + width, y);
            g.setFill(colours.text());
            g.fillText(trim(tick), left - 6, y);
        }
        g.save();
        g.translate(16, top + height / 2.0);
        g.rotate(-90);
        g.setTextAlign(TextAlignment.CENTER);
        g.fillText(title + " (" + UNITS[unit] + ")", 0, 0);
        g.restore();
    }

    /** A tick value without trailing zeros: 2, 2.5, 0.125. */
    public static String trim(double value) {
        return value == Math.rint(value) ? String.format(Formats.DIGITS, "%.0f", value)
                : String.format(Formats.DIGITS, "%.3f", value).replaceAll("0+$", "");
    }
}
