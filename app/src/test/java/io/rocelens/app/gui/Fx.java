package io.rocelens.app.gui;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.scene.Node;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.stage.Stage;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/** Running code on the JavaFX thread and waiting for what the window shows, for the window tests. */
final class Fx {

    private Fx() {
    }

    /**
     * Starts the JavaFX toolkit for a program that is not a test (screenshots, benches): it stays up, windows closed
     * or not, until {@code Platform.exit()}.
     */
    static void startToolkit() throws Exception {
        GuiLauncher.renderingSettings();    // rendered as the program renders
        java.util.concurrent.CompletableFuture<Void> started = new java.util.concurrent.CompletableFuture<>();
        javafx.application.Platform.startup(() -> started.complete(null));
        started.get();
        javafx.application.Platform.setImplicitExit(false);
    }

    /** A main window with its preferences in {@code config}, shown on a new stage. */
    static MainWindow showWindow(java.nio.file.Path config) {
        return fx(() -> {
            MainWindow made = new MainWindow(new Stage(), io.rocelens.app.gui.common.model.Preferences.load(config));
            made.stage().show();
            return made;
        });
    }

    /**
     * Runs the action on the JavaFX thread and returns its result (or throws what it threw); on that thread already
     * (a {@link #waitUntil} condition), runs it there and then.
     */
    static <T> T fx(Callable<T> action) {
        if (javafx.application.Platform.isFxApplicationThread()) {
            try {
                return action.call();
            } catch (RuntimeException | Error failure) {
                throw failure;
            } catch (Exception failure) {
                throw new RuntimeException(failure);
            }
        }
        return WaitForAsyncUtils.waitForAsyncFx(60_000, action);
    }

    /**
     * The first node the query finds, looked up on the JavaFX thread. TestFX looks nodes up on the calling thread,
     * which races with the scene graph's changes (an IndexOutOfBoundsException in {@code Parent.lookupAll} while a
     * table fills): every window test looks up through here. A visible node is preferred, as TestFX's own
     * {@code clickOn(query)} does.
     *
     * @throws org.testfx.service.query.EmptyNodeQueryException when no node matches
     */
    static <T extends Node> T node(FxRobot robot, String query) {
        // a visible one first, as TestFX's clickOn(query) picks: a list keeps cells out of sight to reuse them
        return fx(() -> robot.lookup(query).match(org.testfx.util.NodeQueryUtils.isVisible()).<T>tryQuery()
                .orElseGet(() -> robot.lookup(query).query()));
    }

    /**
     * Clicks the first node the query finds, looked up on the JavaFX thread (see {@link #node}), once there is one: a
     * table's rows exist only after the layout pass that follows its items, which a loaded machine delays.
     */
    static org.testfx.api.FxRobotInterface click(FxRobot robot, String query) {
        waitUntil(() -> robot.lookup(query).tryQuery().isPresent(), () -> "no node matches " + query);
        return robot.clickOn(Fx.<Node>node(robot, query));
    }

    /**
     * Double-clicks the node. JavaFX counts two clicks as one double-click only when the second press reaches its
     * thread within 500 ms of the first; FxRobot's doubleClickOn waits for the JavaFX thread between the events, which
     * on a loaded machine takes longer, and the view then sees two single clicks. Here the pointer moves to the node
     * first, then both clicks go to the platform's robot at once, so they arrive together as a user's would.
     */
    static void doubleClickOn(FxRobot robot, Node node) {
        robot.moveTo(node);
        fx(() -> {
            javafx.scene.robot.Robot glass = new javafx.scene.robot.Robot();
            glass.mouseClick(javafx.scene.input.MouseButton.PRIMARY);
            glass.mouseClick(javafx.scene.input.MouseButton.PRIMARY);
            return null;
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Whether the query finds a node, looked up on the JavaFX thread (see {@link #node}). */
    static boolean present(FxRobot robot, String query) {
        return fx(() -> robot.lookup(query).tryQuery().isPresent());
    }

    /** Waits up to a minute for the condition, tested on the JavaFX thread. */
    static void waitUntil(Callable<Boolean> condition) throws TimeoutException {
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> fx(condition));
    }

    /** As {@link #waitUntil(Callable)}, saying what was seen when the condition never came. */
    static void waitUntil(Callable<Boolean> condition, Callable<String> seen) {
        try {
            waitUntil(condition);
        } catch (TimeoutException timeout) {
            throw new AssertionError("timed out; " + fx(seen), timeout);
        }
    }

    /** The frame numbers the packet list shows, in its order (its first column). */
    static List<Long> listedFrames(javafx.scene.control.TableView<?> packets) {
        return fx(() -> {
            List<Long> numbers = new ArrayList<>();
            for (int i = 0; i < packets.getItems().size(); i++) {
                numbers.add(Long.parseLong(String.valueOf(packets.getColumns().get(0).getCellData(i))));
            }
            return numbers;
        });
    }

    /** The menu item at the path of texts ("Statistics", "PFC"), mnemonics and ellipses ignored. */
    static MenuItem item(Stage stage, String... path) {
        MenuBar bar = (MenuBar) stage.getScene().lookup("#menu-bar");
        List<MenuItem> items = new ArrayList<>(bar.getMenus());
        MenuItem found = null;
        for (String name : path) {
            found = items.stream().filter(i -> i.getText() != null
                            && i.getText().replace("_", "").replace("…", "").equals(name))
                    .findFirst().orElseThrow(() -> new AssertionError("no menu item " + name));
            if (found instanceof Menu menu) {
                items = menu.getItems();
            }
        }
        return found;
    }

    /** Types a display filter into the window's filter bar and presses Enter, as a user applies one. */
    static void filter(FxRobot robot, javafx.stage.Stage stage, String text) {
        javafx.scene.control.TextField field = fx(() -> (javafx.scene.control.TextField) stage.getScene()
                .lookup("#filter-field"));
        fx(() -> {
            field.setText(text);
            return null;
        });
        robot.clickOn(field).type(javafx.scene.input.KeyCode.ENTER);
    }

    /** Selects a frame as a user does, with Go to Packet (Ctrl+G), and waits until the list shows it selected. */
    static void selectFrame(FxRobot robot, int number) {
        robot.press(javafx.scene.input.KeyCode.CONTROL).type(javafx.scene.input.KeyCode.G)
                .release(javafx.scene.input.KeyCode.CONTROL);
        click(robot, "#go-to-field").write(Integer.toString(number)).type(javafx.scene.input.KeyCode.ENTER);
        waitUntil(() -> selectedFrame(robot) == number, () -> "selected " + selectedFrame(robot));
    }

    /** The frame number of the packet list's selected row, or -1 with none selected. */
    static long selectedFrame(FxRobot robot) {
        return fx(() -> {
            javafx.scene.control.TableView<?> table = node(robot, "#packet-list");
            int row = table.getSelectionModel().getSelectedIndex();
            return row < 0 ? -1 : Long.parseLong(String.valueOf(table.getColumns().get(0).getCellData(row)));
        });
    }

    /** The window's packet list. */
    static javafx.scene.control.TableView<Integer> packetList(FxRobot robot) {
        return node(robot, "#packet-list");
    }
}
