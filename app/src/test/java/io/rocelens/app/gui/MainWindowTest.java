package io.rocelens.app.gui;

import static io.rocelens.app.gui.Fx.fx;
import static io.rocelens.app.gui.Fx.click;
import static io.rocelens.app.gui.Fx.node;
import static io.rocelens.app.gui.Fx.waitUntil;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.app.gui.details.HexView;
import io.rocelens.app.gui.details.model.FrameDetails;
import io.rocelens.app.gui.packetlist.PacketRowSkin;
import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.MenuBar;
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
 * The real window, headless on Monocle, driven as a user would: open the sample capture, filter, pick fields and
 * bytes, sort, go to a packet, export. Expected values come from tshark 4.0.17 on the same file (commands beside
 * each number) and from the IB spec's header layout.
 */
class MainWindowTest {

    private static final Path MIXED = Path.of("../sample-captures/mixed.pcapng").toAbsolutePath();
    private static final int MIXED_FRAMES = 401;

    @TempDir
    static Path folder;

    @RegisterExtension
    final WindowOnCapture sample = new WindowOnCapture(folder.resolve("config"), MIXED, MIXED_FRAMES);

    /** The guard the window tests run with: a frame read from the file on the JavaFX thread is refused and told. */
    @Test
    void readingAFrameOnTheJavaFxThreadFailsTheWindowTests() {
        assertTrue(io.rocelens.app.gui.packetlist.model.FrameReadGuard.isOn(), "the build turns the guard on");
        String refused = fx(() -> {
            try {
                sample.window().packets().table().frame(0);
                return "read";
            } catch (IllegalStateException guard) {
                return guard.getMessage();
            }
        });
        assertEquals("frame 1 read from the capture file on the JavaFX thread", refused);
        List<String> seen = io.rocelens.app.gui.packetlist.model.FrameReadGuard.takeViolations();
        assertEquals(1, seen.size(), seen.toString());
    }

    @Test
    void opensTheFileWithWiresharksMenusAndNamesItInTheTitle(FxRobot robot) {
        MenuBar bar = node(robot, "#menu-bar");
        assertEquals("File Edit View Go Capture Analyze Statistics Help",
                String.join(" ", bar.getMenus().stream().map(m -> m.getText().replace("_", "")).toList()));
        assertEquals("RoCE Lens — mixed.pcapng", sample.stage().getTitle());
        assertEquals(MIXED_FRAMES, rows(robot));
        assertEquals("Packets: 401 · Displayed: 401 (100.0%)", text(robot, "#status-counts"));
    }

    @Test
    void aFilterShrinksTheListAndABadOneTurnsRedWithItsMessage(FxRobot robot) throws TimeoutException {
        click(robot, "#filter-field").write("bth.dqpn == 0x55").type(KeyCode.ENTER);
        // tshark -r mixed.pcapng -Y "infiniband.bth.destqp == 0x55" | wc -l
        waitUntil(() -> rows(robot) == 49, () -> "filter field: " + robot.lookup("#filter-field")
                .queryAs(TextField.class).getText() + ", rows: " + rows(robot));
        assertEquals("Packets: 401 · Displayed: 49 (12.2%)", text(robot, "#status-counts"));
        // what is drawn, not only what the table holds: tshark's first frame to QP 0x55 is 53
        waitUntil(() -> shownCell(robot, 0, 0).equals("53"), () -> "first row shows " + shownCell(robot, 0, 0));
        assertTrue(Fx.<javafx.scene.Node>node(robot, "#filter-field").getStyleClass().contains("filter-valid"));

        TextField field = node(robot, "#filter-field");
        fx(() -> {
            field.clear();
            return null;
        });
        robot.clickOn(field).write("bth.psn >").type(KeyCode.ENTER);
        assertTrue(field.getStyleClass().contains("filter-invalid"));
        String message = text(robot, "#filter-message");
        assertTrue(message.contains("column"), message);
        assertEquals(49, rows(robot), "a filter that does not compile leaves the list as it was");
    }

    @Test
    void aFieldLightsItsBytesAndAByteSelectsItsField(FxRobot robot) throws TimeoutException {
        selectFrame(robot, 2);
        TreeView<FrameDetails.Node> tree = node(robot, "#details");
        TreeItem<FrameDetails.Node> psn = fx(() -> {
            for (TreeItem<FrameDetails.Node> layer : tree.getRoot().getChildren()) {
                for (TreeItem<FrameDetails.Node> field : layer.getChildren()) {
                    if (field.getValue().filter().startsWith("bth.psn")) {
                        layer.setExpanded(true);
                        tree.scrollTo(tree.getRow(field));
                        return field;
                    }
                }
            }
            throw new AssertionError("no bth.psn in the tree");
        });
        // the tree lays out its new rows on a later pulse
        waitUntil(() -> robot.lookup(psn.getValue().label()).tryQuery().isPresent());
        robot.clickOn(psn.getValue().label());
        // BTH at byte 42 (Ethernet 14 + IPv4 20 + UDP 8); the PSN is its bytes 9-11
        waitUntil(() -> highlighted(robot).equals(List.of(51, 52, 53)));

        click(robot, "#byte-47");
        // byte 47 is the BTH's byte 5: the destination QP (bytes 5-7), 0x000022 in frame 2 (tshark)
        waitUntil(() -> selectedFilter(tree).equals("bth.dqpn == 0x22"));
        assertEquals(List.of(47, 48, 49), highlighted(robot));
    }

    @Test
    void theDetailsOfAFrameGiveItsTimesInTheCapture(FxRobot robot) throws TimeoutException {
        selectFrame(robot, 3);
        TreeView<FrameDetails.Node> tree = node(robot, "#details");
        java.util.concurrent.Callable<List<String>> frameLines = () -> fx(() -> tree.getRoot().getChildren().get(0)
                .getChildren().stream().map(item -> item.getValue().label()).toList());
        // tshark -r mixed.pcapng -Y frame.number==3 -T fields -e frame.time_delta -e frame.time_relative:
        // 0.000002287, 0.000004421 (the details are shown again once the load's analysis is known: wait for them)
        waitUntil(() -> frameLines.call().contains("Time delta from previous captured frame: 0.000002287 seconds")
                && frameLines.call().contains("Time since reference or first frame: 0.000004421 seconds"),
                () -> frameLines.call().toString());
    }

    @Test
    void sortByAColumnThenGoToAPacket(FxRobot robot) throws TimeoutException {
        click(robot, "Length");
        click(robot, "Length");
        // tshark -r mixed.pcapng -T fields -e frame.number -e frame.len | sort -k2 -n -r -s | head -1: 114, 1118
        waitUntil(() -> cell(robot, 0, 0).equals("114"));
        // the frame selected at opening stays selected and in view; Go › First Packet shows the top of the list
        robot.press(KeyCode.CONTROL).type(KeyCode.HOME).release(KeyCode.CONTROL);
        waitUntil(() -> shownCell(robot, 0, 0).equals("114"), () -> "first row shows " + shownCell(robot, 0, 0));
        assertEquals("1118", cell(robot, 0, 5));

        robot.press(KeyCode.CONTROL).type(KeyCode.G).release(KeyCode.CONTROL);
        Fx.<TextField>node(robot, "#go-to-field");
        click(robot, "#go-to-field").write("100").type(KeyCode.ENTER);
        waitUntil(() -> selectedCell(robot, 0).equals("100"));
        assertEquals(MIXED_FRAMES, rows(robot));
    }

    /** Find opens with the focus in its field, not on the mode box, and says when the search went round the end. */
    @Test
    void findTakesTheTypingAtOnceAndSaysWhenItWentRound(FxRobot robot) throws TimeoutException {
        // tshark -r mixed.pcapng -Y "infiniband.bth.destqp == 0x55": frames 53 … 396
        selectFrame(robot, 397);
        robot.press(KeyCode.CONTROL).type(KeyCode.F).release(KeyCode.CONTROL);
        waitUntil(() -> robot.lookup("#find-field").tryQuery().map(field -> fx(field::isFocused)).orElse(false),
                () -> "the find field has no focus");
        // (Monocle hands keys to the window clicked last, so the robot clicks where a user's typing would go)
        click(robot, "#find-field").write("bth.dqpn == 0x55").type(KeyCode.ENTER);
        waitUntil(() -> selectedCell(robot, 0).equals("53"), () -> "selected " + selectedCell(robot, 0) + ", field "
                + fx(() -> robot.lookup("#find-field").queryAs(TextField.class).getText()) + ", message "
                + text(robot, "#find-message"));
        assertEquals("Found packet 53 (the search went past the last packet, on from the first).",
                text(robot, "#find-message"));
    }

    /** The selection is a frame, not a row: a sort and a filter keep it, and the details keep showing it. */
    @Test
    void theSelectedFrameStaysSelectedAcrossSortAndFilter(FxRobot robot) throws TimeoutException {
        selectFrame(robot, 100);
        click(robot, "Length");
        click(robot, "Length");
        // tshark -r mixed.pcapng -T fields -e frame.number -e frame.len | sort -k2 -n -r -s | head -1: 114, 1118
        waitUntil(() -> cell(robot, 0, 0).equals("114"));
        waitUntil(() -> selectedCell(robot, 0).equals("100"), () -> "selected after the sort: " + selectedCell(robot, 0));
        assertTrue(detailsTitle(robot).contains("Frame 100:"), detailsTitle(robot));

        click(robot, "#filter-field").write("frame.number >= 90").type(KeyCode.ENTER);
        waitUntil(() -> rows(robot) == MIXED_FRAMES - 89, () -> "rows " + rows(robot));
        waitUntil(() -> selectedCell(robot, 0).equals("100"), () -> "selected after the filter: "
                + selectedCell(robot, 0));
        assertTrue(detailsTitle(robot).contains("Frame 100:"), detailsTitle(robot));
    }

    /** In the dark theme the filter field's prompt stands out from the field (it was all but invisible). */
    @Test
    void theFilterPromptReadsInTheDarkTheme(FxRobot robot) {
        sample.menu("View", "Theme", "Dark");
        TextField field = node(robot, "#filter-field");
        java.util.function.Supplier<Double> prompt = () -> fx(() -> field.lookupAll(".text").stream()
                .filter(node -> node instanceof javafx.scene.text.Text text && field.getPromptText().equals(text.getText()))
                .map(node -> ((javafx.scene.paint.Color) ((javafx.scene.text.Text) node).getFill()).getBrightness())
                .findFirst().orElseThrow());
        // the field's background in the dark theme: rocelens.css's -fx-control-inner-background, #232528
        double background = javafx.scene.paint.Color.web("#232528").getBrightness();
        // the dark stylesheet reaches the prompt at the next CSS pass, which a loaded machine may not have run yet
        waitUntil(() -> prompt.get() - background > 0.3, () -> "prompt " + prompt.get() + " on background " + background);
    }

    /** Only the left button sorts by a column, as in Wireshark: a right-click on a header leaves the order. */
    @Test
    void aRightClickOnAColumnHeaderDoesNotSort(FxRobot robot) throws TimeoutException {
        waitUntil(() -> rows(robot) == MIXED_FRAMES);
        // the header is looked up on the JavaFX thread: a lookup from here can meet the table changing under it
        javafx.scene.Node length = fx(() -> robot.lookup("Length").query());
        robot.clickOn(length, javafx.scene.input.MouseButton.SECONDARY);
        robot.type(KeyCode.ESCAPE);
        robot.clickOn(length, javafx.scene.input.MouseButton.SECONDARY);
        robot.type(KeyCode.ESCAPE);
        // a left click sorts: tshark -r mixed.pcapng -T fields -e frame.number -e frame.len | sort -k2 -n -s | head -1
        // gives frame 1 (60 bytes) first, so the test looks at the descending order: frame 114, 1118 bytes
        assertEquals("1", cell(robot, 0, 0));
        robot.clickOn(length).clickOn(length);
        waitUntil(() -> cell(robot, 0, 0).equals("114"));
    }

    /** Date and Time of Day is three times as long as seconds: the Time column widens and no time is cut. */
    @Test
    void theTimeColumnWidensForTheDateAndTimeOfDay(FxRobot robot) throws TimeoutException {
        sample.menu("View", "Time Display Format", "Date and Time of Day");
        // what the rows draw: the time, or the time cut with an ellipsis when the column is too narrow for it
        waitUntil(() -> {
            List<String> shown = shownColumn(robot, "column-time");
            return !shown.isEmpty() && shown.stream().allMatch(time -> time.matches(
                    "\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d{9}"));
        }, () -> "times drawn: " + shownColumn(robot, "column-time").stream().limit(3).toList());
    }

    /**
     * A column made narrower than its texts shows each cut with an ellipsis, as a table cell does; made wide again,
     * whole. The Info column takes up the width Source gives, so the rows keep their width: only the column moved.
     */
    @Test
    void aNarrowColumnCutsItsTextsWithAnEllipsis(FxRobot robot) throws TimeoutException {
        waitUntil(() -> !shownColumn(robot, "column-source").isEmpty());
        List<String> whole = shownColumn(robot, "column-source");
        TableColumn<?, ?> source = fx(() -> Fx.packetList(robot).getVisibleLeafColumns().stream()
                .filter(column -> "column-source".equals(column.getId())).findFirst().orElseThrow());
        double wide = fx(source::getWidth);
        fx(() -> {
            source.setPrefWidth(40);
            return null;
        });
        waitUntil(() -> {
            List<String> cut = shownColumn(robot, "column-source");
            for (int row = 0; row < Math.min(cut.size(), whole.size()); row++) {
                String shown = cut.get(row);
                if (!shown.endsWith("…") || !whole.get(row).startsWith(shown.substring(0, shown.length() - 1))) {
                    return false;
                }
            }
            return cut.size() == whole.size();
        }, () -> "narrow Source column draws " + shownColumn(robot, "column-source").stream().limit(3).toList());
        fx(() -> {
            source.setPrefWidth(wide);
            return null;
        });
        waitUntil(() -> shownColumn(robot, "column-source").equals(whole),
                () -> "wide Source column draws " + shownColumn(robot, "column-source").stream().limit(3).toList());
    }

    /** {@code ${field}} reads the packet selected when the filter is applied, as in Wireshark. */
    @Test
    void aFieldReferenceReadsTheSelectedPacket(FxRobot robot) throws TimeoutException {
        // tshark -r mixed.pcapng -Y frame.number==57 -T fields -e infiniband.bth.destqp: 0x000044
        selectFrame(robot, 57);
        click(robot, "#filter-field").write("infiniband.bth.destqp == ${infiniband.bth.destqp}").type(KeyCode.ENTER);
        // tshark -r mixed.pcapng -Y "infiniband.bth.destqp == 0x44" | wc -l: 20
        waitUntil(() -> rows(robot) == 20, () -> "rows " + rows(robot) + ", status: " + sample.status());
    }

    private static String detailsTitle(FxRobot robot) {
        TreeView<?> tree = node(robot, "#details");
        return fx(() -> tree.getRoot().getChildren().isEmpty() ? ""
                : tree.getRoot().getChildren().get(0).getValue().toString());
    }

    @Test
    void exportsTheDisplayedPacketsAndTheFileReadsBack(FxRobot robot) throws TimeoutException, IOException {
        click(robot, "#filter-field").write("bth.dqpn == 0x55").type(KeyCode.ENTER);
        waitUntil(() -> rows(robot) == 49, () -> "filter field: " + robot.lookup("#filter-field")
                .queryAs(TextField.class).getText() + ", rows: " + rows(robot) + ", status: " + sample.status());
        Path output = folder.resolve("qp55.pcapng");
        fx(() -> {
            sample.window().exportTo(output);
            return null;
        });
        waitUntil(() -> sample.status().startsWith("Exported 49 packets"));

        List<Long> wanted = new ArrayList<>();
        List<byte[]> wantedBytes = new ArrayList<>();
        try (CaptureReader source = CaptureReaders.open(MIXED)) {
            for (Frame frame; (frame = source.next()) != null; ) {
                // tshark -r mixed.pcapng -Y "infiniband.bth.destqp == 0x55" -T fields -e frame.number: 53 … 
                if (frame.number() >= 53 && bytes(frame).length > 49 && (bytes(frame)[47] & 0xff) == 0
                        && (bytes(frame)[48] & 0xff) == 0 && (bytes(frame)[49] & 0xff) == 0x55
                        && (bytes(frame)[12] & 0xff) == 0x08) {
                    wanted.add(frame.timestampNanos());
                    wantedBytes.add(bytes(frame));
                }
            }
        }
        assertEquals(49, wanted.size(), "the frames to QP 0x55 by their BTH bytes");
        try (CaptureReader exported = CaptureReaders.open(output)) {
            int i = 0;
            for (Frame frame; (frame = exported.next()) != null; i++) {
                assertEquals(wanted.get(i), frame.timestampNanos());
                assertArrayEquals(wantedBytes.get(i), bytes(frame));
            }
            assertEquals(49, i);
            assertEquals(null, exported.problem());
        }
    }

    @Test
    void theAboutBoxNamesTheVersionAndTheCommitGitReports() throws Exception {
        Path root = Path.of(System.getProperty("user.dir")).getParent();
        String commit = "unknown";
        if (Files.exists(root.resolve(".git"))) {
            Process git = new ProcessBuilder("git", "rev-parse", "--short=12", "HEAD").directory(root.toFile()).start();
            commit = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            assertEquals(0, git.waitFor());
        }
        sample.menu("Help", "About RoCE Lens");
        waitUntil(() -> messageBox() != null);
        DialogPane about = fx(MainWindowTest::messageBox);
        String heading = fx(about::getHeaderText);
        fx(() -> {
            ((Button) about.lookupButton(ButtonType.OK)).fire();
            return null;
        });
        assertTrue(heading.matches("RoCE Lens \\d+\\.\\d+\\.\\d+(-SNAPSHOT)? \\(commit " + commit
                + "(-dirty)?\\)"), heading);
    }

    // ---------------------------------------------------------------------------------------------- helpers

    private void selectFrame(FxRobot robot, int number) throws TimeoutException {
        robot.press(KeyCode.CONTROL).type(KeyCode.G).release(KeyCode.CONTROL);
        click(robot, "#go-to-field").write(Integer.toString(number)).type(KeyCode.ENTER);
        waitUntil(() -> selectedCell(robot, 0).equals(Integer.toString(number)));
        TreeView<?> tree = node(robot, "#details");
        waitUntil(() -> !tree.getRoot().getChildren().isEmpty()
                && tree.getRoot().getChildren().get(0).getValue().toString().contains("Frame " + number + ":"));
    }

    /** The message box on screen, or null when none is. */
    private static DialogPane messageBox() {
        for (Window open : Window.getWindows()) {
            if (open.getScene() != null && open.getScene().lookup("#message-dialog") instanceof DialogPane pane) {
                return pane;
            }
        }
        return null;
    }

    private static List<Integer> highlighted(FxRobot robot) {
        return fx(() -> robot.lookup(".hex-byte").queryAll().stream()
                .filter(node -> node.getStyleClass().contains(HexView.HIGHLIGHT))
                .map(node -> (Integer) node.getUserData()).sorted().toList());
    }

    private static String selectedFilter(TreeView<FrameDetails.Node> tree) {
        return fx(() -> {
            TreeItem<FrameDetails.Node> item = tree.getSelectionModel().getSelectedItem();
            return item == null ? "" : item.getValue().filter();
        });
    }

    private static int rows(FxRobot robot) {
        return fx(() -> robot.lookup("#packet-list").queryAs(TableView.class).getItems().size());
    }

    @SuppressWarnings("unchecked")
    private static String cell(FxRobot robot, int row, int column) {
        return fx(() -> {
            TableView<Integer> table = node(robot, "#packet-list");
            return String.valueOf(table.getColumns().get(column).getCellData(row));
        });
    }

    /** The text a row draws on screen in a column ("" when that row is not on screen). */
    private static String shownCell(FxRobot robot, int row, int column) {
        return fx(() -> {
            TableView<?> table = node(robot, "#packet-list");
            int shownAt = table.getVisibleLeafColumns().indexOf(table.getColumns().get(column));
            for (Node node : table.lookupAll(".table-row-cell")) {
                if (node instanceof javafx.scene.control.TableRow<?> drawn && drawn.getIndex() == row
                        && drawn.isVisible() && drawn.getSkin() instanceof PacketRowSkin skin
                        && skin.drawnTexts().size() > shownAt) {
                    return skin.drawnTexts().get(shownAt);
                }
            }
            return "";
        });
    }

    /** The texts the rows on screen draw in the column with this id. */
    private static List<String> shownColumn(FxRobot robot, String id) {
        return fx(() -> {
            TableView<?> table = node(robot, "#packet-list");
            List<String> shown = new ArrayList<>();
            for (int at = 0; at < table.getVisibleLeafColumns().size(); at++) {
                if (id.equals(table.getVisibleLeafColumns().get(at).getId())) {
                    for (Node node : table.lookupAll(".table-row-cell")) {
                        if (node instanceof javafx.scene.control.TableRow<?> row && !row.isEmpty() && row.isVisible()
                                && row.getSkin() instanceof PacketRowSkin skin && skin.drawnTexts().size() > at) {
                            shown.add(skin.drawnTexts().get(at));
                        }
                    }
                }
            }
            return shown;
        });
    }

    @SuppressWarnings("unchecked")
    private static String selectedCell(FxRobot robot, int column) {
        return fx(() -> {
            TableView<Integer> table = node(robot, "#packet-list");
            int row = table.getSelectionModel().getSelectedIndex();
            return row < 0 ? "" : String.valueOf(table.getColumns().get(column).getCellData(row));
        });
    }

    private static String text(FxRobot robot, String query) {
        return fx(() -> Fx.<Label>node(robot, query).getText());
    }

    private static byte[] bytes(Frame frame) {
        ByteBuffer data = frame.data().duplicate();
        byte[] bytes = new byte[data.remaining()];
        data.get(bytes);
        return bytes;
    }
}
