package io.rocelens.app.gui.common.model;

import java.util.List;

/**
 * Where the main window goes on start, as Wireshark remembers it: the last size and position of the window when it
 * was not maximised, and whether it was maximised, kept in the preferences. Restored never smaller than the usable
 * minimum, and never off every screen: saved bounds that no screen shows (a monitor unplugged, a smaller display)
 * give the default size centred on the primary screen.
 *
 * @param x         left edge, screen coordinates
 * @param y         top edge
 * @param width     the window's width when not maximised
 * @param height    its height when not maximised
 * @param maximized whether it is maximised (over those bounds)
 */
public record WindowPlacement(double x, double y, double width, double height, boolean maximized) {

    public static final String X = "window.x";
    public static final String Y = "window.y";
    public static final String WIDTH = "window.width";
    public static final String HEIGHT = "window.height";
    public static final String MAXIMIZED = "window.maximized";

    /** The size a first start opens at, when the screen is that large. */
    public static final double DEFAULT_WIDTH = 1280;
    public static final double DEFAULT_HEIGHT = 860;
    /** The smallest window whose menus, filter bar and status line read whole. */
    public static final double MIN_WIDTH = 800;
    public static final double MIN_HEIGHT = 500;
    /** How much of the window's top edge (its title bar) a screen must show for the saved place to be kept. */
    private static final double VISIBLE_WIDTH = 100;
    private static final double VISIBLE_HEIGHT = 20;

    /** A rectangle of the screens' coordinate space: a screen's visual bounds. */
    public record Area(double x, double y, double width, double height) {

        double overlapWidth(double left, double width) {
            return Math.min(x + this.width, left + width) - Math.max(x, left);
        }

        double overlapHeight(double top, double height) {
            return Math.min(y + this.height, top + height) - Math.max(y, top);
        }
    }

    /** Saves this placement into the preferences (in memory; the window writes the file). */
    public void saveTo(Preferences preferences) {
        preferences.put(X, format(x));
        preferences.put(Y, format(y));
        preferences.put(WIDTH, format(width));
        preferences.put(HEIGHT, format(height));
        preferences.put(MAXIMIZED, Boolean.toString(maximized));
    }

    /**
     * The placement to start with on these screens (their visual bounds, the primary one first): the saved one, made
     * at least the minimum size and at most the size of the screen that shows it, else the default size centred on
     * the primary screen (maximised if it was).
     */
    public static WindowPlacement restore(Preferences preferences, List<Area> screens) {
        Area primary = screens.get(0);
        boolean maximized = Boolean.parseBoolean(preferences.get(MAXIMIZED, "false"));
        double width = number(preferences, WIDTH);
        double height = number(preferences, HEIGHT);
        double x = number(preferences, X);
        double y = number(preferences, Y);
        if (width > 0 && height > 0 && !Double.isNaN(x) && !Double.isNaN(y)) {
            for (Area screen : screens) {
                // the title bar's strip must be on this screen for the user to reach the window
                if (screen.overlapWidth(x, width) >= Math.min(VISIBLE_WIDTH, width)
                        && screen.overlapHeight(y, VISIBLE_HEIGHT) >= VISIBLE_HEIGHT) {
                    double w = clamp(width, Math.min(MIN_WIDTH, screen.width()), screen.width());
                    double h = clamp(height, Math.min(MIN_HEIGHT, screen.height()), screen.height());
                    // a window made smaller than saved, or larger than its screen, stays whole on that screen
                    double left = clamp(x, screen.x(), screen.x() + screen.width() - w);
                    double top = clamp(y, screen.y(), screen.y() + screen.height() - h);
                    return new WindowPlacement(left, top, w, h, maximized);
                }
            }
        }
        return centred(primary, maximized);
    }

    /** The default size, centred on that screen. */
    public static WindowPlacement centred(Area screen, boolean maximized) {
        double w = Math.min(DEFAULT_WIDTH, screen.width());
        double h = Math.min(DEFAULT_HEIGHT, screen.height());
        return new WindowPlacement(screen.x() + (screen.width() - w) / 2, screen.y() + (screen.height() - h) / 2, w, h,
                maximized);
    }

    private static double clamp(double value, double min, double max) {
        return Math.max(min, Math.min(max, value));
    }

    private static double number(Preferences preferences, String key) {
        try {
            double value = Double.parseDouble(preferences.get(key, "").strip());
            return Double.isFinite(value) ? value : Double.NaN;
        } catch (NumberFormatException notSet) {
            return Double.NaN;
        }
    }

    private static String format(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }
}
