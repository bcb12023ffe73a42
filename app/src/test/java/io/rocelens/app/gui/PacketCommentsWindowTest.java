package io.rocelens.app.gui;

import static io.rocelens.app.gui.Fx.click;
import static io.rocelens.app.gui.Fx.fx;
import static io.rocelens.app.gui.Fx.node;
import static io.rocelens.app.gui.Fx.present;
import static io.rocelens.app.gui.Fx.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.app.gui.details.model.FrameDetails;
import io.rocelens.app.gui.packetlist.model.PacketExport;
import io.rocelens.capture.CaptureFormat;
import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javafx.application.Platform;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableView;
import javafx.scene.control.TreeView;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/**
 * Packet comments in the real window, on a copy of dissectors' {@code packet-comments.pcapng} (70 frames of
 * mixed.pcapng; comments on frames 2, 5 (two), 63 and 70). Expected values: TShark 4.0.17's
 * {@code -Y frame.comment -T fields -e frame.number -e frame.comment} of it ({@code packet-comments.tsv} beside it)
 * and its {@code -V} tree ("Packet comments", each comment with its "[Expert Info (Comment/Comment): …]"); the file
 * saved from the window is read back by the library's reader, which reads that fixture as tshark does.
 */
class PacketCommentsWindowTest {

    private static final Path FIXTURE =
            Path.of("../dissectors/src/test/resources/capture/packet-comments.pcapng").toAbsolutePath();

    @TempDir
    static Path folder;

    @BeforeAll
    static void copy() throws IOException {
        Files.copy(FIXTURE, folder.resolve("commented.pcapng"), StandardCopyOption.REPLACE_EXISTING);
    }

    @RegisterExtension
    final WindowOnCapture sample = new WindowOnCapture(folder.resolve("config"), folder.resolve("commented.pcapng"),
            70);

    @Test
    void theFilesCommentsShowAsWiresharksTreeAndFilterAsFrameComment(FxRobot robot) throws Exception {
        Fx.selectFrame(robot, 5);
        waitUntil(() -> topLines(robot).size() > 1 && topLines(robot).get(1).startsWith("Frame 5:"),
                () -> "tree " + topLines(robot));
        assertEquals("Packet comments", topLines(robot).get(0));
        assertEquals(List.of("needs a look: PSN gap?", "second comment on five"), comments(robot));
        assertEquals(List.of("[Expert Info (Comment/Comment): needs a look: PSN gap?]"), fx(() ->
                tree(robot).getRoot().getChildren().get(0).getChildren().get(0).getChildren().stream()
                        .map(item -> item.getValue().label()).toList()));
        Fx.selectFrame(robot, 4);
        waitUntil(() -> topLines(robot).get(0).startsWith("Frame 4:"), () -> "tree " + topLines(robot));
        Fx.filter(robot, sample.stage(), "frame.comment");
        List<Long> expected = tshark().keySet().stream().toList();
        waitUntil(() -> Fx.listedFrames(Fx.packetList(robot)).equals(expected), () -> "listed "
                + Fx.listedFrames(Fx.packetList(robot)));
    }

    @Test
    void commentsAddedEditedAndDeletedAreFilteredAndSavedAsPcapng(FxRobot robot) throws Exception {
        assertTrue(fx(() -> Fx.item(sample.stage(), "File", "Save").isDisable()), "nothing to save yet");
        // add one with Wireshark's key, Ctrl+Alt+C
        Fx.selectFrame(robot, 3);
        robot.press(KeyCode.CONTROL, KeyCode.ALT).type(KeyCode.C).release(KeyCode.ALT, KeyCode.CONTROL);
        editDialog(robot, 0, "added in the window");
        waitUntil(() -> comments(robot).equals(List.of("added in the window")), () -> "tree " + topLines(robot));
        assertFalse(fx(() -> Fx.item(sample.stage(), "File", "Save").isDisable()), "the capture is unsaved");
        Fx.filter(robot, sample.stage(), "frame.comment contains \"window\"");
        waitUntil(() -> Fx.listedFrames(Fx.packetList(robot)).equals(List.of(3L)), () -> "listed "
                + Fx.listedFrames(Fx.packetList(robot)));
        Fx.filter(robot, sample.stage(), "");
        waitUntil(() -> Fx.packetList(robot).getItems().size() == 70);

        // edit frame 5's: its first comment emptied is deleted, the second kept; from the list's context menu
        Fx.selectFrame(robot, 5);
        waitUntil(() -> comments(robot).size() == 2, () -> "tree " + topLines(robot));
        Platform.runLater(() -> contextItem(robot, "Packet Comment…").fire());
        editDialog(robot, 0, null);
        waitUntil(() -> comments(robot).equals(List.of("second comment on five")), () -> "tree " + topLines(robot));
        // delete frame 63's
        Fx.selectFrame(robot, 63);
        waitUntil(() -> comments(robot).size() == 1, () -> "tree " + topLines(robot));
        sample.menu("Edit", "Delete Packet Comments");
        waitUntil(() -> topLines(robot).get(0).startsWith("Frame 63:"), () -> "tree " + topLines(robot));

        Path saved = folder.resolve("saved.pcapng");
        assertTrue(fx(() -> sample.window().saveTo(saved)));
        waitUntil(() -> sample.stage().getTitle().contains("saved.pcapng") && sample.status().contains("70 packets in"),
                sample::status);
        assertTrue(fx(() -> Fx.item(sample.stage(), "File", "Save").isDisable()), "saved");
        Map<Long, String> expected = new LinkedHashMap<>(tshark());
        expected.put(3L, "added in the window");
        expected.put(5L, "second comment on five");
        expected.remove(63L);
        assertEquals(new java.util.TreeMap<>(expected), readComments(saved));
        // the file that was open is left as it was
        assertEquals(tshark(), readComments(folder.resolve("commented.pcapng")));

        // pcap has no place for them: Wireshark asks before writing (checkSaveAsWithComments); Cancel writes nothing
        Path pcap = folder.resolve("saved.pcap");
        Platform.runLater(() -> sample.window().exportTo(pcap));
        DialogPane question = commentsQuestion(robot);
        assertEquals("This capture file contains comments.", fx(question::getHeaderText));
        assertEquals("The file format you chose doesn't support comments. Do you want to save the capture in a format"
                + " that supports comments or discard the comments and save in the format you chose?",
                fx(question::getContentText));
        assertEquals(List.of("Save in another format", "Discard comments and save", "Cancel"),
                fx(() -> question.getButtonTypes().stream().map(ButtonType::getText).toList()));
        assertFalse(Files.exists(pcap), "nothing is written before the answer");
        robot.clickOn(button(question, "Cancel"));
        waitUntil(() -> !present(robot, "#comments-question"));
        assertFalse(Files.exists(pcap), "cancelled: nothing written");
        // Discard comments and save: the 70 frames as pcap, and no warning after
        Platform.runLater(() -> sample.window().exportTo(pcap));
        robot.clickOn(button(commentsQuestion(robot), "Discard comments and save"));
        waitUntil(() -> sample.status().startsWith("Exported 70 packets"), sample::status);
        assertEquals(70, frameCount(pcap));
        assertFalse(present(robot, "#message-dialog"), "no warning after writing");
        // Save As a .pcap asks the same; discarded, the window then shows the pcap file saved, with no comment
        Path savedPcap = folder.resolve("as.pcap");
        Platform.runLater(() -> sample.window().saveTo(savedPcap));
        robot.clickOn(button(commentsQuestion(robot), "Discard comments and save"));
        waitUntil(() -> sample.stage().getTitle().contains("as.pcap") && sample.status().contains("70 packets in"),
                sample::status);
        assertEquals(CaptureFormat.PCAP, PacketExport.formatOf(savedPcap));
        try (CaptureReader reader = CaptureReaders.open(savedPcap)) {
            assertEquals(CaptureFormat.PCAP, reader.format(), "written as pcap, not pcapng bytes under a .pcap name");
        }
        assertEquals(70, frameCount(savedPcap));
    }

    /**
     * Expert Info lists the comments as Wireshark's does (ui/qt/models/expert_info_model.cpp: last, a group of
     * severity Comment saying "Packet comments listed below.", group Comment, protocol Frame, each comment on a line
     * under it with its frame); the five comments are tshark's ({@code -z expert,comment}: "Comments (5)", and the
     * {@code -T fields} file). Edit › Delete All Packet Comments removes them all: Expert Info follows, the capture
     * is unsaved, and saved it has none.
     */
    @Test
    void expertInfoListsTheCommentsAndDeleteAllRemovesThem(FxRobot robot) throws Exception {
        sample.menu("Analyze", "Expert Information");
        @SuppressWarnings("unchecked")
        TreeTableView<Object> expert = node(robot, "#expert-info");
        waitUntil(() -> fx(() -> expert.getRoot() != null && !expert.getRoot().getChildren().isEmpty()));
        List<String> last = fx(() -> cells(expert, expert.getRoot().getChildren()
                .get(expert.getRoot().getChildren().size() - 1)));
        assertEquals(List.of("Comment", "Packet comments listed below.", "Comment", "Frame", "5", ""), last);
        List<String> listed = fx(() -> {
            TreeItem<Object> group = expert.getRoot().getChildren().get(expert.getRoot().getChildren().size() - 1);
            return group.getChildren().stream().map(line -> cells(expert, line).get(5) + "\t"
                    + cells(expert, line).get(1)).toList();
        });
        List<String> expected = tshark().entrySet().stream().flatMap(e -> (e.getKey() == 5
                ? List.of("needs a look: PSN gap?", "second comment on five") : List.of(e.getValue())).stream()
                .map(text -> e.getKey() + "\t" + text)).toList();
        assertEquals(expected, listed);
        assertTrue(fx(() -> ((Label) node(robot, "#expert-footer")).getText()).endsWith(", 5 packet comments"));

        sample.menu("Edit", "Delete All Packet Comments");
        waitUntil(() -> fx(() -> expert.getRoot().getChildren().stream()
                .noneMatch(group -> cells(expert, group).get(0).equals("Comment"))), () -> "still a Comment group");
        assertFalse(fx(() -> Fx.item(sample.stage(), "File", "Save").isDisable()), "the capture is unsaved");
        Path saved = folder.resolve("none.pcapng");
        assertTrue(fx(() -> sample.window().saveTo(saved)));
        waitUntil(() -> sample.stage().getTitle().contains("none.pcapng"), sample::status);
        assertEquals(Map.of(), readComments(saved));
    }

    /** The six cells of an Expert Info line: Severity, Summary, Group, Protocol, Count, No. */
    private static List<String> cells(TreeTableView<Object> expert, TreeItem<Object> line) {
        return expert.getColumns().stream().map(column -> String.valueOf(column.getCellData(line))).toList();
    }

    @Test
    void closingAskedAboutTheChangesAndDontSaveLeavesTheFile(FxRobot robot) throws Exception {
        Fx.selectFrame(robot, 2);
        robot.press(KeyCode.CONTROL, KeyCode.ALT).type(KeyCode.C).release(KeyCode.ALT, KeyCode.CONTROL);
        editDialog(robot, 0, "changed");
        waitUntil(() -> comments(robot).equals(List.of("changed")), () -> "tree " + topLines(robot));
        Platform.runLater(() -> Fx.item(sample.stage(), "File", "Close").fire());
        waitUntil(() -> robot.lookup("#unsaved-capture").tryQuery()
                .map(pane -> pane.getScene() != null && pane.getScene().getWindow().isShowing()).orElse(false));
        DialogPane question = node(robot, "#unsaved-capture");
        assertEquals("Do you want to save the changes you've made to the capture file before closing?",
                fx(question::getHeaderText));
        Button dontSave = fx(() -> question.getButtonTypes().stream().filter(t -> t.getText().equals("Don't Save"))
                .map(t -> (Button) question.lookupButton(t)).findFirst().orElseThrow());
        robot.clickOn(dontSave);
        waitUntil(() -> Fx.packetList(robot).getItems().isEmpty());
        assertEquals(tshark(), readComments(folder.resolve("commented.pcapng")));
    }

    // ---------------------------------------------------------------------------------------------- helpers

    /** Waits for the question before comments would be lost, and gives it. */
    private static DialogPane commentsQuestion(FxRobot robot) {
        waitUntil(() -> robot.lookup("#comments-question").tryQuery()
                .map(pane -> pane.getScene() != null && pane.getScene().getWindow().isShowing()).orElse(false),
                () -> "no question about the comments");
        return node(robot, "#comments-question");
    }

    private static Button button(DialogPane pane, String text) {
        return fx(() -> pane.getButtonTypes().stream().filter(t -> t.getText().equals(text))
                .map(t -> (Button) pane.lookupButton(t)).findFirst().orElseThrow());
    }

    private static long frameCount(Path file) throws IOException {
        long frames = 0;
        try (CaptureReader reader = CaptureReaders.open(file)) {
            for (Frame frame = reader.next(); frame != null; frame = reader.next()) {
                assertTrue(frame.comments().isEmpty(), "a pcap frame has no comment");
                frames++;
            }
        }
        return frames;
    }

    /**
     * In the Packet Comments dialog: clears the comment area {@code number} and types {@code text} (null: leaves it
     * empty), then OK.
     */
    private static void editDialog(FxRobot robot, int number, String text) {
        waitUntil(() -> robot.lookup("#packet-comments").tryQuery()
                .map(pane -> pane.getScene() != null && pane.getScene().getWindow().isShowing()).orElse(false),
                () -> "no Packet Comments dialog");
        TextArea area = node(robot, "#packet-comment-" + number);
        fx(() -> {
            area.clear();
            return null;
        });
        if (text != null) {
            robot.clickOn(area).write(text);
        }
        DialogPane pane = node(robot, "#packet-comments");
        robot.clickOn(fx(() -> pane.lookupButton(ButtonType.OK)));
    }

    private static javafx.scene.control.MenuItem contextItem(FxRobot robot, String text) {
        TableView<?> list = fx(() -> node(robot, "#packet-list"));
        return list.getContextMenu().getItems().stream()
                .filter(item -> item.getText() != null && item.getText().replace("_", "").equals(text))
                .findFirst().orElseThrow();
    }

    /** Frame → its comments joined by commas (tshark's -T fields), of the frames that have any. */
    private static Map<Long, String> tshark() throws IOException {
        Map<Long, String> expected = new LinkedHashMap<>();
        for (String line : Files.readAllLines(FIXTURE.resolveSibling("packet-comments.tsv"), StandardCharsets.UTF_8)) {
            String[] cells = line.split("\t", 2);
            expected.put(Long.parseLong(cells[0]), cells[1]);
        }
        return expected;
    }

    private static Map<Long, String> readComments(Path file) throws IOException {
        Map<Long, String> found = new java.util.TreeMap<>();
        try (CaptureReader reader = CaptureReaders.open(file)) {
            for (Frame frame = reader.next(); frame != null; frame = reader.next()) {
                if (!frame.comments().isEmpty()) {
                    found.put(frame.number(), String.join(",", frame.comments()));
                }
            }
        }
        return found;
    }

    @SuppressWarnings("unchecked")
    private static TreeView<FrameDetails.Node> tree(FxRobot robot) {
        return node(robot, "#details");
    }

    private static List<String> topLines(FxRobot robot) {
        return fx(() -> tree(robot).getRoot() == null ? List.<String>of() : tree(robot).getRoot().getChildren()
                .stream().map(item -> item.getValue().label()).toList());
    }

    /** The comments under "Packet comments" of the frame shown, or none. */
    private static List<String> comments(FxRobot robot) {
        return fx(() -> {
            if (tree(robot).getRoot() == null || tree(robot).getRoot().getChildren().isEmpty()) {
                return List.<String>of();
            }
            TreeItem<FrameDetails.Node> first = tree(robot).getRoot().getChildren().get(0);
            return first.getValue().label().equals("Packet comments")
                    ? first.getChildren().stream().map(item -> item.getValue().label()).toList() : List.<String>of();
        });
    }
}
