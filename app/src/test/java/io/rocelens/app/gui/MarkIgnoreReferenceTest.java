package io.rocelens.app.gui;

import static io.rocelens.app.gui.Fx.fx;
import static io.rocelens.app.gui.Fx.click;
import static io.rocelens.app.gui.Fx.node;
import static io.rocelens.app.gui.Fx.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.app.gui.packetlist.PacketRowSkin;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeoutException;
import javafx.scene.Node;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BackgroundFill;
import javafx.scene.paint.Color;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/**
 * Edit › Mark, Ignore and Time Reference with Wireshark's keys, through the real window on mixed.pcapng. Expected
 * values: times from tshark 4.0 ({@code -T fields -e frame.time_relative -e frame.time_delta}), PSNs from tshark
 * ({@code -Y "infiniband.bth.destqp == 0x55" -e frame.number -e infiniband.bth.psn}), Wireshark's marked-row colours
 * from {@code tshark -G defaultprefs} (gui.marked_frame.bg 00202a, fg ffffff) and the IB spec's PSN rule (a request
 * ahead of the expected PSN is a gap).
 */
class MarkIgnoreReferenceTest {

    private static final Path MIXED = Path.of("../sample-captures/mixed.pcapng").toAbsolutePath();

    @TempDir
    static Path folder;

    @RegisterExtension
    final WindowOnCapture sample = new WindowOnCapture(folder.resolve("config"), MIXED, 401);

    @Test
    void ctrlMMarksRowsInWiresharksColoursAndTheMarksAreFoundAgain(FxRobot robot) throws TimeoutException {
        Fx.selectFrame(robot, 3);
        shortcut(robot, KeyCode.M);
        Fx.selectFrame(robot, 5);
        shortcut(robot, KeyCode.M);
        Fx.selectFrame(robot, 1);
        waitUntil(() -> rowOf(robot, 3) != null && rowOf(robot, 3).getStyleClass().contains("marked"));
        assertTrue(fx(() -> fills(rowOf(robot, 3)).contains(Color.web("#00202a"))), "marked background");
        assertEquals(Color.WHITE, fx(() -> ((PacketRowSkin) rowOf(robot, 3).getSkin()).drawnTextFill()));
        assertFalse(fx(() -> rowOf(robot, 4).getStyleClass().contains("marked")));

        robot.press(KeyCode.CONTROL, KeyCode.SHIFT).type(KeyCode.N).release(KeyCode.SHIFT, KeyCode.CONTROL);
        waitUntil(() -> Fx.selectedFrame(robot) == 3, () -> "selected " + Fx.selectedFrame(robot));
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT).type(KeyCode.N).release(KeyCode.SHIFT, KeyCode.CONTROL);
        waitUntil(() -> Fx.selectedFrame(robot) == 5, () -> "selected " + Fx.selectedFrame(robot));
        // past the last mark: round to the first, as Wireshark's find wraps
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT).type(KeyCode.N).release(KeyCode.SHIFT, KeyCode.CONTROL);
        waitUntil(() -> Fx.selectedFrame(robot) == 3, () -> "selected " + Fx.selectedFrame(robot));
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT).type(KeyCode.B).release(KeyCode.SHIFT, KeyCode.CONTROL);
        waitUntil(() -> Fx.selectedFrame(robot) == 5, () -> "selected " + Fx.selectedFrame(robot));

        Fx.filter(robot, sample.stage(), "frame.marked == 1");
        waitUntil(() -> Fx.listedFrames(Fx.packetList(robot)).equals(List.of(3L, 5L)),
                () -> "listed " + Fx.listedFrames(Fx.packetList(robot)));
        sample.menu("Edit", "Unmark All Displayed");
        Fx.filter(robot, sample.stage(), "frame.marked == 1");
        waitUntil(() -> Fx.listedFrames(Fx.packetList(robot)).isEmpty(), () -> "listed " + Fx.listedFrames(Fx.packetList(robot)));
    }

    @Test
    void ctrlTMakesATimeReferenceTheTimeColumnCountsFrom(FxRobot robot) throws TimeoutException {
        Fx.selectFrame(robot, 3);
        shortcut(robot, KeyCode.T);
        waitUntil(() -> time(robot, 3).equals("*REF*"), () -> "frame 3: " + time(robot, 3));
        // frame 4: its frame.time_delta; frame 5: 0.000006152 - 0.000004421; before the reference: as before
        assertEquals("0.000001102", time(robot, 4));
        assertEquals("0.000001731", time(robot, 5));
        assertEquals("0.000002134", time(robot, 2));
        Fx.filter(robot, sample.stage(), "frame.ref_time");
        waitUntil(() -> Fx.listedFrames(Fx.packetList(robot)).equals(List.of(3L)), () -> "listed "
                + Fx.listedFrames(Fx.packetList(robot)));
        Fx.filter(robot, sample.stage(), "");
        waitUntil(() -> Fx.packetList(robot).getItems().size() == 401);
        Fx.selectFrame(robot, 3);
        shortcut(robot, KeyCode.T);
        waitUntil(() -> time(robot, 3).equals("0.000004421"), () -> "frame 3: " + time(robot, 3));
    }

    /**
     * Ignoring frame 54 (QP 0x55, PSN 4097) greys it and dissects the capture again without it: frame 55 (PSN 4098)
     * then comes one PSN ahead of the expected one, a gap of one, as the analysis of a capture without 54 says.
     */
    @Test
    void ctrlDIgnoresAFrameAndTheAnalysisGoesOnWithoutIt(FxRobot robot) throws TimeoutException {
        Fx.filter(robot, sample.stage(), "roce.analysis.psn_gap && bth.dqpn == 0x55");
        waitUntil(() -> !Fx.listedFrames(Fx.packetList(robot)).isEmpty(), () -> sample.status());
        assertFalse(Fx.listedFrames(Fx.packetList(robot)).contains(55L), "no gap at 55 with 54 there");
        Fx.filter(robot, sample.stage(), "");
        waitUntil(() -> Fx.packetList(robot).getItems().size() == 401);

        Fx.selectFrame(robot, 54);
        shortcut(robot, KeyCode.D);
        waitUntil(() -> cellOf(robot, 54, 9).equals("<Ignored>"), () -> "Info " + cellOf(robot, 54, 9));
        assertEquals("", cellOf(robot, 54, 2), "no source: the frame is not dissected");
        assertEquals("", cellOf(robot, 54, 4), "no protocol");

        Fx.filter(robot, sample.stage(), "roce.analysis.missing == 1 && bth.dqpn == 0x55 && frame.number < 60");
        waitUntil(() -> Fx.listedFrames(Fx.packetList(robot)).equals(List.of(55L)),
                () -> "listed " + Fx.listedFrames(Fx.packetList(robot)) + "; " + sample.status());
        Fx.filter(robot, sample.stage(), "frame.ignored == 1");
        waitUntil(() -> Fx.listedFrames(Fx.packetList(robot)).equals(List.of(54L)),
                () -> "listed " + Fx.listedFrames(Fx.packetList(robot)));
        Fx.filter(robot, sample.stage(), "");
        waitUntil(() -> Fx.packetList(robot).getItems().size() == 401);
        waitUntil(() -> rowOf(robot, 54) != null && rowOf(robot, 54).getStyleClass().contains("ignored"));
        assertEquals(Color.web("#7f7f7f"), fx(() -> ((PacketRowSkin) rowOf(robot, 54).getSkin()).drawnTextFill()));
    }

    /**
     * The details of an ignored frame are Wireshark's: its Frame tree and "This frame is marked as ignored" (the frame
     * dissector stops there, packet-frame.c), no Ethernet, IP, UDP or InfiniBand; the bytes are still shown, all of
     * them the Frame's. Unignored, the layers come back.
     */
    @Test
    void anIgnoredFramesDetailsAreItsFrameLineOnly(FxRobot robot) throws TimeoutException {
        Fx.selectFrame(robot, 54);
        waitUntil(() -> topLines(robot).size() > 2, () -> "tree " + topLines(robot));
        shortcut(robot, KeyCode.D);
        waitUntil(() -> topLines(robot).size() == 2 && topLines(robot).get(1).equals(
                io.rocelens.app.gui.details.model.FrameDetails.IGNORED), () -> "tree " + topLines(robot));
        assertTrue(topLines(robot).get(0).startsWith("Frame 54: "), topLines(robot).toString());
        io.rocelens.app.gui.details.model.FrameDetails shown = fx(() -> sample.window().details().shown());
        assertEquals(shown.layers().get(0), shown.nodeAt(20), "a byte belongs to the Frame");
        assertTrue(shown.bytes() != null);
        shortcut(robot, KeyCode.D);
        waitUntil(() -> topLines(robot).size() > 2 && topLines(robot).get(1).startsWith("Ethernet II"),
                () -> "tree " + topLines(robot));
    }

    @SuppressWarnings("unchecked")
    private static List<String> topLines(FxRobot robot) {
        return fx(() -> {
            javafx.scene.control.TreeView<io.rocelens.app.gui.details.model.FrameDetails.Node> tree =
                    node(robot, "#details");
            return tree.getRoot() == null ? List.<String>of() : tree.getRoot().getChildren().stream()
                    .map(item -> item.getValue().label()).toList();
        });
    }

    // ---------------------------------------------------------------------------------------------- helpers

    private static void shortcut(FxRobot robot, KeyCode key) {
        robot.press(KeyCode.CONTROL).type(key).release(KeyCode.CONTROL);
    }

    /** A column's text for a frame, with every frame listed in frame order. */
    private static String cellOf(FxRobot robot, int frame, int column) {
        return fx(() -> {
            TableView<Integer> table = node(robot, "#packet-list");
            return String.valueOf(table.getColumns().get(column).getCellData(frame - 1));
        });
    }

    private static String time(FxRobot robot, int frame) {
        return cellOf(robot, frame, 1);
    }

    /** The row on screen showing the frame (the list in frame order), or null. */
    private static TableRow<?> rowOf(FxRobot robot, int frame) {
        return fx(() -> {
            TableView<?> table = node(robot, "#packet-list");
            for (Node node : table.lookupAll(".table-row-cell")) {
                if (node instanceof TableRow<?> row && row.getIndex() == frame - 1 && row.isVisible()) {
                    return row;
                }
            }
            return null;
        });
    }

    private static List<javafx.scene.paint.Paint> fills(TableRow<?> row) {
        return row.getBackground() == null ? List.of()
                : row.getBackground().getFills().stream().map(BackgroundFill::getFill).toList();
    }
}
