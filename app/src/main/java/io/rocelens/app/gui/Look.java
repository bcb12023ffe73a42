package io.rocelens.app.gui;

import io.rocelens.app.gui.common.model.Preferences;
import java.util.List;
import javafx.scene.layout.Region;

/** How the window looks: the theme (light or dark) and the font size (View › Zoom), kept in the preferences. */
final class Look {

    static final List<String> THEMES = List.of("light", "dark");
    private static final int MIN_FONT = 8;
    private static final int MAX_FONT = 32;

    private final Region root;
    private final Preferences preferences;
    private final Runnable fontChanged;
    private int fontSize;

    /** @param fontChanged told after the font size changed (the packet list's row height follows it) */
    Look(Region root, Preferences preferences, Runnable fontChanged) {
        this.root = root;
        this.preferences = preferences;
        this.fontChanged = fontChanged;
        fontSize = preferences.getInt(Preferences.FONT_SIZE, Preferences.DEFAULT_FONT_SIZE);
        applyFont();
        theme(theme());
    }

    String theme() {
        return preferences.get(Preferences.THEME, "light");
    }

    /** Switches the theme of the window and of every window it opened (the RoCE views, dialogs). */
    void theme(String name) {
        preferences.put(Preferences.THEME, name);
        apply(root, name);
        for (javafx.stage.Window shown : javafx.stage.Window.getWindows()) {
            if (shown.getScene() != null && shown.getScene().getRoot() != root) {
                apply(shown.getScene().getRoot(), name);
            }
        }
    }

    private static void apply(javafx.scene.Parent root, String name) {
        if (name.equals("dark") != root.getStyleClass().contains("dark")) {
            root.getStyleClass().remove("dark");
            if (name.equals("dark")) {
                root.getStyleClass().add("dark");
            }
        }
    }

    void zoomIn() {
        zoom(fontSize + 1);
    }

    void zoomOut() {
        zoom(fontSize - 1);
    }

    void normalSize() {
        zoom(Preferences.DEFAULT_FONT_SIZE);
    }

    private void zoom(int size) {
        fontSize = Math.max(MIN_FONT, Math.min(MAX_FONT, size));
        preferences.put(Preferences.FONT_SIZE, Integer.toString(fontSize));
        applyFont();
    }

    private void applyFont() {
        root.setStyle("-fx-font-size: " + fontSize + "px;");
        fontChanged.run();
    }
}
