package io.rocelens.app.gui;

import static io.rocelens.app.gui.Fx.click;
import static io.rocelens.app.gui.Fx.fx;
import static io.rocelens.app.gui.Fx.node;
import static io.rocelens.app.gui.Fx.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.app.gui.details.model.FrameDetails;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeoutException;
import javafx.scene.control.TableView;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/**
 * The analysis in the details tree, in the real window on the capture make-violations.py crafts (its frames, from the
 * script: a WRITE at PSN 12 in frame 4, RNR NAKs in frames 5, 7 and 9 each followed by the WRITE sent again in
 * frames 6, 8 and 10; a SEND Last with AckReq in frame 2 acknowledged by frame 3, 10 µs later).
 */
class DetailsAnalysisTest {

    private static final Path VIOLATIONS =
            Path.of("../dissectors/src/test/resources/analysis/violations.pcap").toAbsolutePath();

    @TempDir
    static Path folder;

    @RegisterExtension
    final WindowOnCapture sample = new WindowOnCapture(folder.resolve("config"), VIOLATIONS, 53);

    @Test
    void aRetransmissionSaysItsNakAndTheLinkGoesThere(FxRobot robot) throws TimeoutException {
        selectFrame(robot, 6);
        List<FrameDetails.Node> lines = analysisLines(robot);
        assertTrue(lines.stream().anyMatch(n -> n.label().startsWith("[Expert Info (Note/Sequence): PSN 12 retransmitted")
                && n.filter().equals("roce.analysis.retransmission")), labels(lines));
        FrameDetails.Node link = lines.stream()
                .filter(n -> n.label().equals("[This is a retransmission after the RNR NAK in frame 5]"))
                .findFirst().orElseThrow(() -> new AssertionError(labels(lines)));
        assertEquals(5, link.link());
        assertEquals("frame.number == 5", link.filter());

        Fx.doubleClickOn(robot, Fx.<javafx.scene.Node>node(robot, link.label()));
        waitUntil(() -> selectedFrame(robot).equals("5"), () -> "selected " + selectedFrame(robot));
        waitUntil(() -> shownFrame(robot) == 5);
        // the NAK links back to the retransmission that answered it
        waitUntil(() -> analysisLines(robot).stream().anyMatch(n -> n.link() == 6
                && n.label().equals("[The retransmission answering this RNR NAK is frame 6]")),
                () -> labels(analysisLines(robot)));
    }

    @Test
    void aDuplicateLinksToTheFrameThatCarriedItsPsnBefore(FxRobot robot) throws TimeoutException {
        // mixed.json's duplicate_frames: frame 65 is a duplicate of what frame 60 carried
        sample.open(Path.of("../sample-captures/mixed.pcapng").toAbsolutePath(), 401);
        selectFrame(robot, 65);
        List<FrameDetails.Node> lines = analysisLines(robot);
        FrameDetails.Node link = lines.stream()
                .filter(n -> n.label().equals("[This is a retransmission of frame 60]"))
                .findFirst().orElseThrow(() -> new AssertionError(labels(lines)));
        assertEquals(60, link.link());
        robot.clickOn(Fx.<javafx.scene.Node>node(robot, link.label()));
        robot.type(KeyCode.ENTER);
        waitUntil(() -> selectedFrame(robot).equals("60"), () -> "selected " + selectedFrame(robot));
    }

    @Test
    void enterOnAnAcknowledgedLineSelectsTheAck(FxRobot robot) throws TimeoutException {
        selectFrame(robot, 2);
        List<FrameDetails.Node> lines = analysisLines(robot);
        assertTrue(lines.stream().anyMatch(n -> n.label().equals("[ACK round trip: 10.000 µs]")), labels(lines));
        FrameDetails.Node acked = lines.stream().filter(n -> n.label().equals("[Acknowledged by frame 3]"))
                .findFirst().orElseThrow(() -> new AssertionError(labels(lines)));
        robot.clickOn(Fx.<javafx.scene.Node>node(robot, acked.label()));
        robot.type(KeyCode.ENTER);
        waitUntil(() -> selectedFrame(robot).equals("3"), () -> "selected " + selectedFrame(robot));
    }

    /** The lines of the "[RoCE analysis]" subtree of the frame shown, its layer opened and scrolled to. */
    @SuppressWarnings("unchecked")
    static List<FrameDetails.Node> analysisLines(FxRobot robot) {
        TreeView<FrameDetails.Node> tree = node(robot, "#details");
        List<FrameDetails.Node> found = fx(() -> {
            for (TreeItem<FrameDetails.Node> layer : tree.getRoot().getChildren()) {
                for (TreeItem<FrameDetails.Node> field : layer.getChildren()) {
                    if (field.getValue().label().equals(FrameDetails.ANALYSIS)) {
                        layer.setExpanded(true);
                        field.setExpanded(true);
                        tree.scrollTo(tree.getRow(field));
                        return field.getChildren().stream().map(TreeItem::getValue).toList();
                    }
                }
            }
            return List.of();
        });
        if (!found.isEmpty()) {
            try {
                waitUntil(() -> robot.lookup(found.get(found.size() - 1).label()).tryQuery().isPresent());
            } catch (TimeoutException notDrawn) {
                throw new AssertionError("analysis lines not drawn: " + labels(found), notDrawn);
            }
        }
        return found;
    }

    private static String labels(List<FrameDetails.Node> lines) {
        return lines.stream().map(FrameDetails.Node::label).toList().toString();
    }

    private static void selectFrame(FxRobot robot, int number) throws TimeoutException {
        robot.press(KeyCode.CONTROL).type(KeyCode.G).release(KeyCode.CONTROL);
        click(robot, "#go-to-field").write(Integer.toString(number)).type(KeyCode.ENTER);
        waitUntil(() -> selectedFrame(robot).equals(Integer.toString(number)));
        waitUntil(() -> shownFrame(robot) == number);
    }

    private static long shownFrame(FxRobot robot) {
        TreeView<FrameDetails.Node> tree = node(robot, "#details");
        return fx(() -> tree.getRoot().getChildren().isEmpty() ? -1
                : tree.getRoot().getChildren().get(0).getValue().label().startsWith("Frame ")
                ? Long.parseLong(tree.getRoot().getChildren().get(0).getValue().label().split("[ :]")[1]) : -1);
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
