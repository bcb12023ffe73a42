package io.rocelens.app.gui;

import static io.rocelens.app.gui.Fx.fx;
import static io.rocelens.app.gui.Fx.click;
import static io.rocelens.app.gui.Fx.present;
import static io.rocelens.app.gui.Fx.node;
import static io.rocelens.app.gui.Fx.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.app.gui.common.model.Preferences;
import io.rocelens.app.gui.details.model.FrameDetails;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeoutException;
import javafx.scene.Node;
import javafx.scene.control.ButtonType;
import javafx.scene.control.DialogPane;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.input.KeyCode;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/**
 * The column header menu and custom columns, through the real window on mixed.pcapng. Frame 53's values from tshark
 * 4.0: {@code -Y frame.number==53 -T fields -e ip.dsfield.dscp -e infiniband.bth.psn}: 26, 4096.
 */
class ColumnsTest {

    private static final Path MIXED = Path.of("../sample-captures/mixed.pcapng").toAbsolutePath();

    @TempDir
    static Path folder;

    @RegisterExtension
    final WindowOnCapture sample = new WindowOnCapture(folder.resolve("config"), MIXED, 401);

    @Test
    void aRightClickedHeaderHidesItsColumnAndTheWindowRemembersIt(FxRobot robot) throws TimeoutException {
        // the header asks for its menu as a right-click on it does (Monocle's robot makes no context menu request)
        fx(() -> {
            TableView<?> table = node(robot, "#packet-list");
            for (Node node : table.lookupAll(".column-header")) {
                if (node instanceof javafx.scene.control.skin.TableColumnHeader header
                        && header.getTableColumn() == byId(table, "column-source")) {
                    javafx.geometry.Point2D at = header.localToScreen(5, 5);
                    header.fireEvent(new javafx.scene.input.ContextMenuEvent(
                            javafx.scene.input.ContextMenuEvent.CONTEXT_MENU_REQUESTED, 5, 5, at.getX(), at.getY(),
                            false, null));
                }
            }
            return null;
        });
        waitUntil(() -> column(robot, "column-source").getContextMenu().isShowing(), () -> "no header menu");
        fx(() -> {
            column(robot, "column-source").getContextMenu().hide();
            return null;
        });
        fire(robot, "column-source", "Hide Column");
        assertFalse(fx(() -> column(robot, "column-source").isVisible()));
        fire(robot, "column-time", "Align Right");
        assertTrue(fx(() -> column(robot, "column-time").getStyle().contains("CENTER-RIGHT")));

        Path config = folder.resolve("config");
        // both changes saved (each change saves in the background: the hidden column may be on disk before the
        // alignment is)
        waitUntil(() -> Preferences.load(config).getList(Preferences.COLUMNS_HIDDEN).contains("column-source")
                && Preferences.load(config).getList(Preferences.COLUMNS_ALIGNED).stream()
                .anyMatch(aligned -> aligned.startsWith("column-time=")));
        MainWindow again = Fx.showWindow(config);
        try {
            TableView<?> list = fx(() -> (TableView<?>) again.stage().getScene().lookup("#packet-list"));
            assertFalse(fx(() -> byId(list, "column-source").isVisible()), "hidden in a new window too");
            assertTrue(fx(() -> byId(list, "column-time").getStyle().contains("CENTER-RIGHT")));
        } finally {
            fx(() -> {
                again.stage().close();
                return null;
            });
        }
    }

    @Test
    void applyAsColumnAndColumnPreferencesAddFieldColumns(FxRobot robot) throws TimeoutException {
        robot.press(KeyCode.CONTROL).type(KeyCode.G).release(KeyCode.CONTROL);
        click(robot, "#go-to-field").write("53").type(KeyCode.ENTER);
        TreeView<FrameDetails.Node> tree = fx(() -> robot.lookup("#details").queryAs(TreeView.class));
        waitUntil(() -> sample.window().details().shown() != null
                && sample.window().details().shown().frameNumber() == 53);
        fx(() -> {
            for (TreeItem<FrameDetails.Node> layer : tree.getRoot().getChildren()) {
                for (TreeItem<FrameDetails.Node> field : layer.getChildren()) {
                    if (field.getValue().filter() != null && field.getValue().filter().startsWith("bth.psn")) {
                        layer.setExpanded(true);
                        tree.getSelectionModel().select(field);
                        return null;
                    }
                }
            }
            throw new AssertionError("no bth.psn in the tree");
        });
        fx(() -> {
            tree.getContextMenu().getItems().stream().filter(item -> "Apply as Column".equals(
                    item.getText().replace("_", ""))).findFirst().orElseThrow().fire();
            return null;
        });
        waitUntil(() -> selectedCell(robot, "custom-bth.psn").equals("4096"),
                () -> "bth.psn: " + selectedCell(robot, "custom-bth.psn"));

        fire(robot, "column-protocol", "Column Preferences…");
        waitUntil(() -> present(robot, "#custom-column-field"));
        click(robot, "#custom-column-field").write("ip.dsfield.dscp");
        click(robot, "#custom-column-add");
        fx(() -> {
            for (Window window : List.copyOf(Window.getWindows())) {
                if (window.getScene() != null && window.getScene().getRoot() instanceof DialogPane dialog
                        && dialog.lookup("#custom-columns") != null) {
                    ((javafx.scene.control.Button) dialog.lookupButton(ButtonType.OK)).fire();
                }
            }
            return null;
        });
        waitUntil(() -> selectedCell(robot, "custom-ip.dsfield.dscp").equals("26"),
                () -> "dscp: " + selectedCell(robot, "custom-ip.dsfield.dscp"));
        assertEquals("4096", selectedCell(robot, "custom-bth.psn"));
        waitUntil(() -> Preferences.load(folder.resolve("config")).getList(Preferences.COLUMNS_CUSTOM)
                .equals(java.util.List.of("bth.psn", "ip.dsfield.dscp")));
    }

    private static TableColumn<?, ?> column(FxRobot robot, String id) {
        return byId(Fx.<TableView>node(robot, "#packet-list"), id);
    }

    private static TableColumn<?, ?> byId(TableView<?> table, String id) {
        return table.getColumns().stream().filter(c -> id.equals(c.getId())).findFirst()
                .orElseThrow(() -> new AssertionError("no column " + id));
    }

    /** Fires an item of a column's header menu (mnemonics ignored), as a click on it would. */
    private static void fire(FxRobot robot, String columnId, String text) {
        fx(() -> {
            MenuItem item = column(robot, columnId).getContextMenu().getItems().stream()
                    .filter(i -> i.getText() != null && i.getText().replace("_", "").equals(text)).findFirst()
                    .orElseThrow(() -> new AssertionError("no item " + text));
            item.fire();
            return null;
        });
    }

    /** A column's text in the selected row ("" when none or not there yet). */
    private static String selectedCell(FxRobot robot, String columnId) {
        return fx(() -> {
            TableView<?> table = node(robot, "#packet-list");
            int row = table.getSelectionModel().getSelectedIndex();
            TableColumn<?, ?> column = table.getColumns().stream().filter(c -> columnId.equals(c.getId()))
                    .findFirst().orElse(null);
            return row < 0 || column == null ? "" : String.valueOf(column.getCellData(row));
        });
    }
}
