package io.rocelens.app.gui;

import static io.rocelens.app.gui.Fx.fx;
import static io.rocelens.app.gui.Fx.click;
import static io.rocelens.app.gui.Fx.node;
import static io.rocelens.app.gui.Fx.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import javafx.scene.Node;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/**
 * The window without the mouse, as a Wireshark user drives it: Alt and a letter open a menu and a letter picks its
 * item, and Tab goes from the display filter to the packet list, the details and the bytes.
 */
class KeyboardTest {

    private static final Path MIXED = Path.of("../sample-captures/mixed.pcapng").toAbsolutePath();

    @TempDir
    static Path folder;

    @RegisterExtension
    final WindowOnCapture sample = new WindowOnCapture(folder.resolve("config"), MIXED, 401);

    /**
     * Every menu and every item of the menus Wireshark has (Statistics aside: its items come from the views) has an
     * Alt mnemonic, none twice in one menu.
     */
    @Test
    void everyMenuAndItemHasItsOwnMnemonic() {
        List<String> missing = fx(() -> {
            List<String> problems = new ArrayList<>();
            MenuBar bar = (MenuBar) sample.stage().getScene().lookup("#menu-bar");
            check(bar.getMenus().stream().map(MenuItem.class::cast).toList(), "menu bar", problems);
            for (Menu menu : bar.getMenus()) {
                if (!menu.getText().equals("_Statistics")) {
                    check(menu.getItems(), menu.getText(), problems);
                }
            }
            return problems;
        });
        assertEquals(List.of(), missing);
    }

    private static void check(List<MenuItem> items, String where, List<String> problems) {
        Set<Character> taken = new HashSet<>();
        for (MenuItem item : items) {
            if (item instanceof SeparatorMenuItem || item.getText() == null) {
                continue;
            }
            int at = item.getText().indexOf('_');
            if (at < 0 || at + 1 >= item.getText().length()) {
                problems.add(where + " › " + item.getText() + ": no mnemonic");
            } else if (!taken.add(Character.toLowerCase(item.getText().charAt(at + 1)))) {
                problems.add(where + " › " + item.getText() + ": mnemonic taken twice");
            }
        }
    }

    /** Alt+G opens Go; the arrows move to its Last Packet and Enter selects the last frame. */
    @Test
    void altAndALetterOpenAMenuAndTheArrowsAndEnterPickAnItem(FxRobot robot) throws TimeoutException {
        click(robot, "#filter-field");
        robot.press(KeyCode.ALT).type(KeyCode.G).release(KeyCode.ALT);
        Menu go = (Menu) Fx.item(sample.stage(), "Go");
        waitUntil(go::isShowing, () -> "the Go menu is not showing");
        for (int i = 0; i < 10 && !fx(KeyboardTest::focusedMenuItem).equals("Last Packet"); i++) {
            robot.type(KeyCode.DOWN);
        }
        assertEquals("Last Packet", fx(KeyboardTest::focusedMenuItem));
        robot.type(KeyCode.ENTER);
        waitUntil(() -> selectedFrame(robot).equals("401"), () -> "selected " + selectedFrame(robot));
        assertTrue(fx(() -> !go.isShowing()), "the menu closed after its item");
    }

    /** The text of the menu item the keys are on, in an open menu ("" for none). */
    private static String focusedMenuItem() {
        for (javafx.stage.Window window : javafx.stage.Window.getWindows()) {
            if (window instanceof javafx.stage.PopupWindow && window.isShowing() && window.getScene() != null) {
                for (Node node : window.getScene().getRoot().lookupAll(".menu-item")) {
                    if (node.getPseudoClassStates().contains(javafx.css.PseudoClass.getPseudoClass("focused"))
                            && node.lookup(".label") instanceof javafx.scene.control.Label label) {
                        return label.getText().replace("_", "");
                    }
                }
            }
        }
        return "";
    }

    /** Tab: filter → packet list → details → bytes; Shift+Tab goes back. */
    @Test
    void tabGoesFromTheFilterToTheListTheDetailsAndTheBytes(FxRobot robot) throws TimeoutException {
        robot.press(KeyCode.CONTROL).type(KeyCode.SLASH).release(KeyCode.CONTROL);
        waitUntil(() -> focused().equals("filter-field"), this::focused);
        List<String> order = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            robot.type(KeyCode.TAB);
            order.add(fx(this::focused));
        }
        assertEquals(List.of("packet-list", "details", "bytes"), order);
        robot.press(KeyCode.SHIFT).type(KeyCode.TAB).release(KeyCode.SHIFT);
        waitUntil(() -> focused().equals("details"), this::focused);
        robot.press(KeyCode.SHIFT).type(KeyCode.TAB).release(KeyCode.SHIFT);
        waitUntil(() -> focused().equals("packet-list"), this::focused);
        robot.press(KeyCode.SHIFT).type(KeyCode.TAB).release(KeyCode.SHIFT);
        waitUntil(() -> focused().equals("filter-field"), this::focused);
    }

    /** The id of the node with the focus, or of its nearest parent with one. */
    private String focused() {
        for (Node at = sample.stage().getScene().getFocusOwner(); at != null; at = at.getParent()) {
            if (at.getId() != null) {
                return at.getId();
            }
        }
        return "(none)";
    }

    @SuppressWarnings("unchecked")
    private static String selectedFrame(FxRobot robot) {
        return fx(() -> {
            TableView<Integer> table = node(robot, "#packet-list");
            int row = table.getSelectionModel().getSelectedIndex();
            return row < 0 ? "" : String.valueOf(table.getColumns().get(0).getCellData(row));
        });
    }
}
