package io.rocelens.app.gui;

import static io.rocelens.app.gui.Fx.fx;
import static io.rocelens.app.gui.Fx.click;
import static io.rocelens.app.gui.Fx.node;
import static io.rocelens.app.gui.Fx.waitUntil;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocelens.app.Main;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeoutException;
import javafx.collections.ObservableList;
import javafx.scene.Node;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableRow;
import javafx.scene.control.TreeTableView;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The RoCE views through the real window, headless on Monocle: opened from the menus, linked back to the packet
 * list. Expected frames come from tshark 4.0.17 on the same file (commands beside them) and the generator's truth.
 */
class StatsViewsTest {

    private static final Path MIXED = Path.of("../sample-captures/mixed.pcapng").toAbsolutePath();

    @TempDir
    static Path folder;

    @RegisterExtension
    final WindowOnCapture sample = new WindowOnCapture(folder.resolve("config"), MIXED, 401);

    /**
     * The canvases paint in the window's theme and follow View › Theme while open: the plot's corner is white, then
     * rocelens.css's dark -fx-control-inner-background (#232528), then white again.
     */
    @Test
    void theCanvasesFollowTheTheme(FxRobot robot) {
        sample.menu("Statistics", "PFC");
        sample.menu("Statistics", "PSN Ladder");
        sample.menu("Statistics", "RoCE Bandwidth");
        List<String> canvases = List.of("#pfc-timeline", "#psn-ladder", "#bandwidth-chart");
        for (String theme : List.of("Light", "Dark", "Light")) {
            sample.menu("View", "Theme", theme);
            String expected = theme.equals("Dark") ? "0x232528ff" : "0xffffffff";
            for (String id : canvases) {
                javafx.scene.canvas.Canvas canvas = node(robot, id);
                waitUntil(() -> corner(canvas).equals(expected), () -> id + " in " + theme + ": " + corner(canvas));
            }
        }
    }

    /** The colour of the canvas's top-left pixel, as JavaFX writes it (0xrrggbbaa). */
    private static String corner(javafx.scene.canvas.Canvas canvas) {
        return fx(() -> canvas.snapshot(null, null).getPixelReader().getColor(1, 1).toString());
    }

    @Test
    void sortTheConversationsThenFollowQpShowsExactlyThatConversation(FxRobot robot) throws TimeoutException {
        sample.menu("Statistics", "QP Conversations");
        TableView<?> conversations = node(robot, "#conversations");
        // the truth (mixed.json) has 20 flows in 11 conversations
        waitUntil(() -> conversations.getItems().size() == 11);
        TableColumn<?, ?> bytes = column(conversations, "Bytes");
        fx(() -> {
            bytes.setSortType(TableColumn.SortType.DESCENDING);
            sortOrder(conversations).setAll(bytes);
            conversations.getSelectionModel().select(0);
            return null;
        });
        // the most bytes: 10.0.0.3 QP 0x000044 <-> 10.0.0.4 QP 0x000055, 44594 + 1240 bytes in the truth
        assertEquals("10.0.0.3", cell(conversations, "Address A", 0));
        assertEquals("0x000055", cell(conversations, "QP B", 0));
        assertEquals("45834", cell(conversations, "Bytes", 0));
        click(robot, "#follow-qp");
        // tshark -r mixed.pcapng -Y "(ip.src==10.0.0.3 && ip.dst==10.0.0.4 && infiniband.bth.destqp==0x55) ||
        //   (ip.src==10.0.0.4 && ip.dst==10.0.0.3 && infiniband.bth.destqp==0x44)" -T fields -e frame.number
        List<String> expected = List.of("53", "54", "55", "56", "57", "58", "59", "60", "61", "62", "63", "64", "65",
                "66", "67", "68", "168", "169", "182", "183", "187", "188", "189", "190", "206", "207", "229", "230",
                "231", "232", "236", "237", "238", "257", "258", "271", "272", "273", "274", "290", "291", "292",
                "293", "294", "295", "296", "297", "316", "317", "318", "319", "325", "326", "327", "328", "335",
                "336", "337", "338", "344", "345", "352", "353", "378", "379", "394", "395", "396", "397");
        TableView<?> packets = node(robot, "#packet-list");
        waitUntil(() -> packets.getItems().size() == expected.size());
        assertEquals(expected, fx(() -> {
            List<String> numbers = new ArrayList<>();
            for (int i = 0; i < packets.getItems().size(); i++) {
                numbers.add(String.valueOf(packets.getColumns().get(0).getCellData(i)));
            }
            return numbers;
        }));
    }

    @Test
    void theConversationSearchNarrowsAndItsClearButtonShowsAllAgain(FxRobot robot) throws TimeoutException {
        sample.menu("Statistics", "QP Conversations");
        TableView<?> conversations = node(robot, "#conversations");
        waitUntil(() -> conversations.getItems().size() == 11);
        click(robot, "#conversation-search").write("10.0.0.3");
        // the truth (mixed.json): 5 of the 11 conversations have 10.0.0.3 at one end
        waitUntil(() -> conversations.getItems().size() == 5);
        robot.clickOn(Fx.<javafx.scene.Node>node(robot, "#conversation-search .clear-button"));
        waitUntil(() -> conversations.getItems().size() == 11);
    }

    @Test
    void doubleClickANakInExpertInfoSelectsItsFrame(FxRobot robot) throws TimeoutException {
        sample.menu("Analyze", "Expert Information");
        @SuppressWarnings("unchecked")
        TreeTableView<Object> tree = node(robot, "#expert-info");
        waitUntil(() -> tree.getRoot() != null && !tree.getRoot().getChildren().isEmpty());
        int row = fx(() -> {
            TreeItem<Object> nak = find(tree.getRoot(), "NAK");
            nak.setExpanded(true);
            TreeItem<Object> code = find(nak, "NAK: PSN sequence error");
            code.setExpanded(true);
            TreeItem<Object> event = code.getChildren().get(0);
            int index = tree.getRow(event);
            tree.scrollTo(index);
            return index;
        });
        // tshark -r mixed.pcapng -Y "infiniband.aeth.syndrome != 31" -T fields -e frame.number
        //   -e infiniband.aeth.syndrome: frame 63, syndrome 96 (NAK, PSN sequence error)
        TableView<?> packets = node(robot, "#packet-list");
        Callable<Boolean> frame63Selected = () -> packets.getSelectionModel().getSelectedIndex() >= 0 && "63".equals(
                String.valueOf(packets.getColumns().get(0).getCellData(packets.getSelectionModel().getSelectedIndex())));
        // the row is looked up once laid out: a loaded machine lays the tree out again after the scroll
        waitUntil(() -> rowShown(robot, row).isPresent());
        Fx.doubleClickOn(robot, fx(() -> rowShown(robot, row).orElseThrow()));
        waitUntil(frame63Selected);
    }

    /** The tree's row showing {@code index}, once laid out and visible. */
    private static java.util.Optional<Node> rowShown(FxRobot robot, int index) {
        return robot.lookup(".tree-table-row-cell").match(node -> node instanceof TreeTableRow<?> r
                && r.getIndex() == index && r.isVisible() && r.getScene() != null).tryQuery();
    }

    /**
     * The views are windows of their own, not owned by the main window (an owned window stays above it, and is
     * minimised with it): a double-click in Expert Info brings the main window forward over the view, with the frame
     * selected; opening the view again from the menu brings it forward again. Which window is in front is what takes a
     * click where both are.
     */
    @Test
    void theMainWindowComesForwardWhenAViewSelectsAFrameAndTheViewWhenOpenedAgain(FxRobot robot)
            throws TimeoutException {
        sample.menu("Analyze", "Expert Information");
        @SuppressWarnings("unchecked")
        TreeTableView<Object> tree = node(robot, "#expert-info");
        javafx.stage.Stage view = (javafx.stage.Stage) fx(() -> tree.getScene().getWindow());
        assertNull(fx(view::getOwner), "the view is not owned by the main window");
        waitUntil(() -> tree.getRoot() != null && !tree.getRoot().getChildren().isEmpty());
        int row = fx(() -> {
            TreeItem<Object> nak = find(tree.getRoot(), "NAK");
            nak.setExpanded(true);
            TreeItem<Object> code = find(nak, "NAK: PSN sequence error");
            code.setExpanded(true);
            int index = tree.getRow(code.getChildren().get(0));
            tree.scrollTo(index);
            return index;
        });
        WaitForAsyncUtils.waitForFxEvents();
        Node line = fx(() -> robot.lookup(".tree-table-row-cell").match(node -> node instanceof TreeTableRow<?> r
                && r.getIndex() == row).query());
        // where the view's line is, the main window is behind it
        javafx.geometry.Point2D both = fx(() -> line.localToScreen(line.getLayoutBounds().getWidth() / 2,
                line.getLayoutBounds().getHeight() / 2));
        assertEquals("view", inFrontAt(robot, both, view));
        Fx.doubleClickOn(robot, line);
        TableView<?> packets = node(robot, "#packet-list");
        waitUntil(() -> packets.getSelectionModel().getSelectedIndex() >= 0 && "63".equals(String.valueOf(
                packets.getColumns().get(0).getCellData(packets.getSelectionModel().getSelectedIndex()))));
        assertEquals("main", inFrontAt(robot, both, view), "the main window came forward with frame 63");
        sample.menu("Analyze", "Expert Information");
        assertEquals("view", inFrontAt(robot, both, view), "opened again, the view came forward");
    }

    /** Which window, the main one or the view, takes a press of the mouse at that point of the screen. */
    private String inFrontAt(FxRobot robot, javafx.geometry.Point2D point, javafx.stage.Window view) {
        List<String> pressed = new ArrayList<>();
        javafx.event.EventHandler<javafx.scene.input.MouseEvent> main = e -> pressed.add("main");
        javafx.event.EventHandler<javafx.scene.input.MouseEvent> other = e -> pressed.add("view");
        fx(() -> {
            sample.stage().getScene().addEventFilter(javafx.scene.input.MouseEvent.MOUSE_PRESSED, main);
            view.getScene().addEventFilter(javafx.scene.input.MouseEvent.MOUSE_PRESSED, other);
            return null;
        });
        robot.moveTo(point).press(javafx.scene.input.MouseButton.SECONDARY)
                .release(javafx.scene.input.MouseButton.SECONDARY);
        WaitForAsyncUtils.waitForFxEvents();
        fx(() -> {
            sample.stage().getScene().removeEventFilter(javafx.scene.input.MouseEvent.MOUSE_PRESSED, main);
            view.getScene().removeEventFilter(javafx.scene.input.MouseEvent.MOUSE_PRESSED, other);
            return null;
        });
        robot.press(javafx.scene.input.KeyCode.ESCAPE).release(javafx.scene.input.KeyCode.ESCAPE);
        return String.join(",", pressed);
    }

    /** Closing the main window closes its views (they are not owned by it, which used to close them). */
    @Test
    void theViewsCloseWithTheMainWindow() {
        MainWindow other = Fx.showWindow(folder.resolve("config-closing"));
        javafx.stage.Stage view = fx(() -> {
            Fx.item(other.stage(), "Statistics", "PFC").fire();
            return (javafx.stage.Stage) javafx.stage.Window.getWindows().stream()
                    .filter(w -> w.isShowing() && w.getScene().lookup("#pfc-timeline") != null
                            && ((javafx.stage.Stage) w).getOwner() != sample.stage())
                    .reduce((first, last) -> last).orElseThrow();
        });
        assertTrue(fx(view::isShowing));
        fx(() -> {
            other.stage().close();
            other.shutdown();
            return null;
        });
        assertFalse(fx(view::isShowing), "the PFC view closed with its main window");
    }

    @Test
    void thePerQpCsvExportedFromTheWindowIsTheCommandLinesByteForByte() throws Exception {
        Path fromWindow = folder.resolve("window-qps.csv");
        Path fromCli = folder.resolve("cli-qps.csv");
        MenuItem export = fx(() -> Fx.item(sample.stage(), "File", "Export", "Per-QP Statistics CSV"));
        assertEquals(false, export.isDisable());
        fx(() -> {
            sample.window().stats().exportQpCsv(fromWindow);
            return null;
        });
        assertEquals(0, Main.run("analyze", "--qp-csv", fromCli.toString(), MIXED.toString()));
        assertArrayEquals(Files.readAllBytes(fromCli), Files.readAllBytes(fromWindow));
    }

    @Test
    void thePfcViewShowsThePausedTimePerPriorityOfThePfcStormSample(FxRobot robot) throws Exception {
        Path storm = Path.of("../sample-captures/pfc-storm.pcap").toAbsolutePath();
        sample.open(storm, 802);
        sample.menu("Statistics", "PFC");
        TableView<?> priorities = node(robot, "#pfc-priorities");
        waitUntil(() -> priorities.getItems().size() == 2);
        JsonNode truth = new ObjectMapper().readTree(Path.of("../sample-captures/pfc-storm.json").toFile()).get("pfc");
        for (int row = 0; row < 2; row++) {
            String priority = cell(priorities, "Priority", row);
            JsonNode expected = truth.get(priority);
            assertEquals(String.format(Locale.ROOT, "%.3f", expected.get("paused_us").asDouble()),
                    shown(priorities, "Paused (µs)", row), "priority " + priority);
            assertEquals(expected.get("xoff").asText(), cell(priorities, "XOFF", row));
            assertEquals(expected.get("xon").asText(), cell(priorities, "XON", row));
        }

        // at 25 Gb/s a quantum lasts four times longer: the numbers are analyze --link-speed 25G's
        javafx.scene.control.TextField speed = node(robot, "#pfc-link-speed");
        assertEquals("100G", fx(speed::getText));
        fx(() -> {
            speed.setText("25G");
            return null;
        });
        click(robot, "#pfc-recompute");
        JsonNode at25 = new ObjectMapper().readTree(captureOut("analyze", "--json", "--link-speed", "25G",
                storm.toString())).get("pfc");
        String priority3 = String.format(Locale.ROOT, "%.3f", at25.get("3").get("paused_us").asDouble());
        waitUntil(() -> shown(priorities, "Paused (µs)", 0).equals(priority3));
        assertEquals(String.format(Locale.ROOT, "%.3f", at25.get("4").get("paused_us").asDouble()),
                shown(priorities, "Paused (µs)", 1));
    }

    // ---------------------------------------------------------------------------------------------- helpers

    /** The text a table cell shows (its cell factory's format), read from the cell on screen. */
    private static String shown(TableView<?> table, String title, int row) {
        return fx(() -> {
            TableColumn<?, ?> column = column(table, title);
            for (Node node : table.lookupAll(".table-cell")) {
                if (node instanceof javafx.scene.control.TableCell<?, ?> cell && cell.getTableColumn() == column
                        && cell.getIndex() == row) {
                    return cell.getText();
                }
            }
            return "";
        });
    }

    private static synchronized String captureOut(String... args) {
        java.io.PrintStream saved = System.out;
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        try {
            System.setOut(new java.io.PrintStream(out, true, java.nio.charset.StandardCharsets.UTF_8));
            assertEquals(0, Main.run(args));
        } finally {
            System.setOut(saved);
        }
        return out.toString(java.nio.charset.StandardCharsets.UTF_8);
    }

    private static TreeItem<Object> find(TreeItem<Object> parent, String summary) {
        return parent.getChildren().stream().filter(item -> item.getValue().toString().contains("summary=" + summary + ","))
                .findFirst().orElseThrow(() -> new AssertionError("no " + summary));
    }

    private static TableColumn<?, ?> column(TableView<?> table, String title) {
        return table.getColumns().stream().filter(c -> c.getText().equals(title)).findFirst().orElseThrow();
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static ObservableList<TableColumn<?, ?>> sortOrder(TableView<?> table) {
        return (ObservableList) table.getSortOrder();
    }

    private static String cell(TableView<?> table, String title, int row) {
        return fx(() -> {
            TableColumn<?, ?> column = column(table, title);
            Object value = column.getCellData(row);
            return String.valueOf(value);
        });
    }
}
