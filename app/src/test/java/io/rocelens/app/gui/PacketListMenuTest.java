package io.rocelens.app.gui;

import static io.rocelens.app.gui.Fx.fx;
import static io.rocelens.app.gui.Fx.click;
import static io.rocelens.app.gui.Fx.node;
import static io.rocelens.app.gui.Fx.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeoutException;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.Clipboard;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/**
 * The packet list's context menu on frame 53 of mixed.pcapng (10.0.0.3 → 10.0.0.4, QP 0x55; the only flow back
 * between the two hosts goes to QP 0x44), with counts from tshark 4.0:
 * {@code -Y "(ip.src==10.0.0.3 && ip.dst==10.0.0.4 && infiniband.bth.destqp==0x55) || (ip.src==10.0.0.4 &&
 * ip.dst==10.0.0.3 && infiniband.bth.destqp==0x44)"}: 69 frames; {@code -Y "ip.addr==10.0.0.3 &&
 * ip.addr==10.0.0.4"}: 70; {@code -Y frame.number==53 -T fields -e frame.time_relative}: 0.000042877.
 */
class PacketListMenuTest {

    private static final Path MIXED = Path.of("../sample-captures/mixed.pcapng").toAbsolutePath();

    @TempDir
    static Path folder;

    @RegisterExtension
    final WindowOnCapture sample = new WindowOnCapture(folder.resolve("config"), MIXED, 401);

    @Test
    void aRightClickOpensTheMenuAndFollowQpShowsTheConversation(FxRobot robot) throws TimeoutException {
        selectFrame(robot, 53);
        // the list asks for its menu as a right-click does (Monocle's robot makes no context menu request)
        fx(() -> {
            TableView<?> table = node(robot, "#packet-list");
            javafx.geometry.Point2D at = table.localToScreen(40, 40);
            table.fireEvent(new javafx.scene.input.ContextMenuEvent(
                    javafx.scene.input.ContextMenuEvent.CONTEXT_MENU_REQUESTED, 40, 40, at.getX(), at.getY(), false,
                    null));
            return null;
        });
        waitUntil(() -> menu(robot).isShowing(), () -> "no context menu");
        fx(() -> {
            menu(robot).hide();
            return null;
        });
        fire(robot, "Follow QP");
        waitUntil(() -> rows(robot) == 69, () -> "rows " + rows(robot) + ", filter " + filterText(robot));
    }

    @Test
    void applyAsFilterTakesTheIpPair(FxRobot robot) throws TimeoutException {
        selectFrame(robot, 53);
        fire(robot, "Apply as Filter", "IP Pair");
        waitUntil(() -> rows(robot) == 70, () -> "rows " + rows(robot) + ", filter " + filterText(robot));
        assertEquals("ip.addr == 10.0.0.3 && ip.addr == 10.0.0.4", filterText(robot));
    }

    @Test
    void copiesTheSummaryAsCsvAndTheConversationAsAFilter(FxRobot robot) throws TimeoutException {
        selectFrame(robot, 53);
        fire(robot, "Copy", "Summary as CSV");
        String csv = fx(() -> Clipboard.getSystemClipboard().getString());
        assertTrue(csv.startsWith("\"53\",\"0.000042877\",\"10.0.0.3\",\"10.0.0.4\","), csv);
        assertEquals(10, csv.split("\",\"", -1).length, "one quoted cell per column: " + csv);

        fire(robot, "Copy", "As Filter (QP conversation)");
        String filter = fx(() -> Clipboard.getSystemClipboard().getString());
        TextField field = fx(() -> (TextField) sample.stage().getScene().lookup("#filter-field"));
        fx(() -> {
            field.setText(filter);
            return null;
        });
        robot.clickOn(field).type(KeyCode.ENTER);
        waitUntil(() -> rows(robot) == 69, () -> "rows " + rows(robot) + " with " + filter);
    }

    // ---------------------------------------------------------------------------------------------- helpers

    private static ContextMenu menu(FxRobot robot) {
        return Fx.<TableView>node(robot, "#packet-list").getContextMenu();
    }

    /** Fires the context menu's item at the path of texts (mnemonics ignored), as a click on it would. */
    private static void fire(FxRobot robot, String... path) {
        fx(() -> {
            List<MenuItem> items = menu(robot).getItems();
            MenuItem found = null;
            for (String name : path) {
                found = items.stream().filter(i -> i.getText() != null && i.getText().replace("_", "").equals(name))
                        .findFirst().orElseThrow(() -> new AssertionError("no item " + name));
                if (found instanceof Menu menu) {
                    items = menu.getItems();
                }
            }
            found.fire();
            return null;
        });
    }

    private String filterText(FxRobot robot) {
        return fx(() -> ((TextField) sample.stage().getScene().lookup("#filter-field")).getText());
    }

    private static int rows(FxRobot robot) {
        return fx(() -> robot.lookup("#packet-list").queryAs(TableView.class).getItems().size());
    }

    private static long selectedFrame(FxRobot robot) {
        return fx(() -> {
            TableView<?> table = node(robot, "#packet-list");
            int row = table.getSelectionModel().getSelectedIndex();
            return row < 0 ? -1 : Long.parseLong(String.valueOf(table.getColumns().get(0).getCellData(row)));
        });
    }

    private static void selectFrame(FxRobot robot, int number) throws TimeoutException {
        robot.press(KeyCode.CONTROL).type(KeyCode.G).release(KeyCode.CONTROL);
        click(robot, "#go-to-field").write(Integer.toString(number)).type(KeyCode.ENTER);
        waitUntil(() -> selectedFrame(robot) == number, () -> "selected " + selectedFrame(robot));
    }
}
