package io.rocelens.app.gui;

import io.rocelens.app.gui.common.model.Preferences;
import io.rocelens.app.gui.common.model.WindowPlacement;
import java.util.ArrayList;
import java.util.List;
import javafx.application.Platform;
import javafx.beans.InvalidationListener;
import javafx.event.EventHandler;
import javafx.geometry.Rectangle2D;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.WindowEvent;

/**
 * Puts the main window where it was last left (size, position, maximised) and keeps that in the preferences as it
 * changes, as Wireshark does; the file is written with the other preferences when the program ends.
 */
final class WindowPlacing {

    private final Stage stage;
    private final Preferences preferences;
    /** The bounds the window has when not maximised: what is saved, and restored under the maximised state. */
    private WindowPlacement normal;

    WindowPlacing(Stage stage, Preferences preferences) {
        this.stage = stage;
        this.preferences = preferences;
        List<WindowPlacement.Area> screens = screens();
        WindowPlacement start = WindowPlacement.restore(preferences, screens);
        normal = new WindowPlacement(start.x(), start.y(), start.width(), start.height(), false);
        stage.setMinWidth(Math.min(WindowPlacement.MIN_WIDTH, screens.get(0).width()));
        stage.setMinHeight(Math.min(WindowPlacement.MIN_HEIGHT, screens.get(0).height()));
        place(start);
        // a window manager (openbox) maps the window at GTK's default size first (200×200) and drops the size asked
        // for before that: ask once more, once, when it is shown
        EventHandler<WindowEvent> once = new EventHandler<>() {
            @Override
            public void handle(WindowEvent shown) {
                stage.removeEventHandler(WindowEvent.WINDOW_SHOWN, this);
                Platform.runLater(() -> {
                    if (!start.maximized() || !stage.isMaximized()) {
                        place(start);
                    }
                });
            }
        };
        stage.addEventHandler(WindowEvent.WINDOW_SHOWN, once);
        // a window being maximised may tell its new bounds before its maximised state: look once both have come
        InvalidationListener moved = o -> Platform.runLater(this::remember);
        stage.xProperty().addListener(moved);
        stage.yProperty().addListener(moved);
        stage.widthProperty().addListener(moved);
        stage.heightProperty().addListener(moved);
        stage.maximizedProperty().addListener(moved);
        // the window manager may bring it back to another size than it had (openbox: the size it was mapped at)
        stage.maximizedProperty().addListener((o, was, now) -> {
            if (was && !now) {
                WindowPlacement before = normal;
                Platform.runLater(() -> place(before));
            }
        });
        stage.iconifiedProperty().addListener(moved);
    }

    private void place(WindowPlacement placement) {
        if (!placement.maximized()) {
            stage.setMaximized(false);
        }
        stage.setX(placement.x());
        stage.setY(placement.y());
        stage.setWidth(placement.width());
        stage.setHeight(placement.height());
        if (placement.maximized()) {
            stage.setMaximized(true);
        }
    }

    /** Keeps the window's state in the preferences: its bounds only while it is neither maximised nor minimised. */
    private void remember() {
        if (stage.isIconified() || stage.isFullScreen()) {
            return;
        }
        if (!stage.isMaximized() && stage.isShowing()) {
            normal = new WindowPlacement(stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight(), false);
        }
        new WindowPlacement(normal.x(), normal.y(), normal.width(), normal.height(), stage.isMaximized())
                .saveTo(preferences);
    }

    /** The screens' visual bounds, the primary screen first. */
    private static List<WindowPlacement.Area> screens() {
        List<WindowPlacement.Area> areas = new ArrayList<>();
        areas.add(area(Screen.getPrimary().getVisualBounds()));
        for (Screen screen : Screen.getScreens()) {
            if (!screen.equals(Screen.getPrimary())) {
                areas.add(area(screen.getVisualBounds()));
            }
        }
        return areas;
    }

    private static WindowPlacement.Area area(Rectangle2D bounds) {
        return new WindowPlacement.Area(bounds.getMinX(), bounds.getMinY(), bounds.getWidth(), bounds.getHeight());
    }
}
