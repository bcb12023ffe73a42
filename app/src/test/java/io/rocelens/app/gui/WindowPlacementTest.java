package io.rocelens.app.gui;

import static io.rocelens.app.gui.Fx.fx;
import static io.rocelens.app.gui.Fx.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.app.gui.common.model.Preferences;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;
import javafx.application.Platform;
import javafx.geometry.Point2D;
import javafx.geometry.Rectangle2D;
import javafx.scene.input.MouseEvent;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.stage.WindowEvent;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;

/**
 * The main window's size, position and maximised state: remembered in the preferences file, restored on start,
 * never below 800×500 nor off every screen, and kept when a dialog opens. The real window on Monocle, whose one
 * screen is 1600×1000 (the build's headless.geometry); a new stage for each window, as each start of the program.
 */
class WindowPlacementTest {

    @TempDir
    Path config;

    private final List<MainWindow> shown = new ArrayList<>();

    @BeforeAll
    static void toolkit() throws TimeoutException {
        FxToolkit.registerPrimaryStage();
    }

    @AfterEach
    void closeWindows() {
        fx(() -> {
            for (Window open : new ArrayList<>(Window.getWindows())) {
                if (open != FxToolkit.toolkitContext().getRegisteredStage()) {
                    open.hide();
                }
            }
            return null;
        });
    }

    @Test
    void aFirstStartIsTheDefaultSizeCentred() {
        Stage stage = start().stage();
        assertEquals("160 70 1280 860", bounds(stage));
    }

    @Test
    void startsWhereItWasLeftAndMaximisedIfItWas() throws IOException, TimeoutException {
        MainWindow first = start();
        fx(() -> {
            first.stage().setX(120);
            first.stage().setY(60);
            first.stage().setWidth(1100);
            first.stage().setHeight(720);
            return null;
        });
        waitUntil(() -> bounds(first.stage()).equals("120 60 1100 720"), () -> bounds(first.stage()));
        quit(first);
        assertEquals("120 60 1100 720 false", saved());

        MainWindow second = start();
        assertEquals("120 60 1100 720", bounds(second.stage()));
        fx(() -> {
            second.stage().setMaximized(true);
            return null;
        });
        waitUntil(() -> second.stage().getWidth() == 1600, () -> bounds(second.stage()));
        quit(second);
        // the bounds it goes back to when no longer maximised, and that it was
        assertEquals("120 60 1100 720 true", saved());

        MainWindow third = start();
        assertEquals("0 0 1600 1000 maximised", bounds(third.stage()));
        fx(() -> {
            third.stage().setMaximized(false);
            return null;
        });
        waitUntil(() -> bounds(third.stage()).equals("120 60 1100 720"), () -> bounds(third.stage()));
    }

    @Test
    void neverSmallerThanTheMinimum() throws IOException {
        write("window.x=10\nwindow.y=10\nwindow.width=200\nwindow.height=200\n");
        Stage stage = start().stage();
        assertEquals("10 10 800 500", bounds(stage));
        assertEquals(800, stage.getMinWidth());
        assertEquals(500, stage.getMinHeight());
    }

    @Test
    void boundsOffEveryScreenGiveTheDefaultSizeCentred() throws IOException {
        Rectangle2D screen = fx(() -> Screen.getPrimary().getVisualBounds());
        assertEquals(1600, screen.getWidth());
        // where a second monitor, now unplugged, was
        write("window.x=1700\nwindow.y=100\nwindow.width=1000\nwindow.height=700\n");
        assertEquals("160 70 1280 860", bounds(start().stage()));
    }

    /**
     * Under a window manager a maximised window fell back to a small size whenever a dialog opened (JavaFX froze the
     * disabled owner's size; openbox then took its maximised state away). The dialogs no longer disable the owner's
     * native window, but they are as modal as before: the owner takes no input while one shows. Monocle has no window
     * manager to take the state away, so here this checks the window stays maximised and modal; the size under
     * openbox was checked with xdotool.
     */
    @Test
    void aMaximisedWindowStaysMaximisedWhenADialogOpensAndTakesNoInputWhileItShows() throws TimeoutException {
        MainWindow window = start();
        fx(() -> {
            window.stage().setMaximized(true);
            return null;
        });
        waitUntil(() -> window.stage().getWidth() == 1600, () -> bounds(window.stage()));
        java.util.concurrent.atomic.AtomicInteger pressed = new java.util.concurrent.atomic.AtomicInteger();
        fx(() -> {
            window.stage().getScene().getRoot().addEventFilter(MouseEvent.MOUSE_PRESSED, e -> pressed.incrementAndGet());
            return null;
        });
        FxRobot robot = new FxRobot();
        // the bytes pane, bottom left, away from the dialog in the middle
        robot.clickOn(new Point2D(40, 900));
        assertEquals(1, pressed.get(), "a click reaches the window before the dialog");

        // Go › Go to Packet waits for its answer: fire it later, and wait for the dialog
        Platform.runLater(() -> Fx.item(window.stage(), "Go", "Go to Packet").fire());
        waitUntil(() -> goToDialog() != null);
        robot.clickOn(new Point2D(40, 900));
        assertEquals(1, pressed.get(), "a click on the window while the dialog shows is held back");
        assertFalse(fx(() -> {
            window.stage().fireEvent(new WindowEvent(window.stage(), WindowEvent.WINDOW_CLOSE_REQUEST));
            return !window.stage().isShowing();
        }), "the close button does nothing while the dialog shows");
        assertEquals("0 0 1600 1000 maximised", bounds(window.stage()));

        fx(() -> {
            goToDialog().hide();
            return null;
        });
        robot.clickOn(new Point2D(40, 900));
        assertEquals(2, pressed.get(), "a click reaches the window once the dialog is gone");
        assertEquals("0 0 1600 1000 maximised", bounds(window.stage()));
    }

    private static Window goToDialog() {
        return fx(() -> Window.getWindows().stream().filter(w -> w.isShowing() && w.getScene() != null
                && w.getScene().lookup("#go-to-field") != null).findFirst().orElse(null));
    }

    private MainWindow start() {
        MainWindow window = Fx.showWindow(config);
        shown.add(window);
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
        return window;
    }

    /** Closes the window as quitting does, and the program writes its preferences. */
    private static void quit(MainWindow window) {
        fx(() -> {
            window.stage().close();
            window.shutdown();
            return null;
        });
    }

    private String saved() {
        Preferences saved = Preferences.load(config);
        return String.join(" ", saved.get("window.x", "-"), saved.get("window.y", "-"),
                saved.get("window.width", "-"), saved.get("window.height", "-"), saved.get("window.maximized", "-"));
    }

    private void write(String preferences) throws IOException {
        Files.createDirectories(config);
        Files.writeString(config.resolve("preferences.properties"), preferences);
    }

    private static String bounds(Stage stage) {
        return fx(() -> String.format(java.util.Locale.ROOT, "%.0f %.0f %.0f %.0f", stage.getX(), stage.getY(),
                stage.getWidth(), stage.getHeight()) + (stage.isMaximized() ? " maximised" : ""));
    }
}
