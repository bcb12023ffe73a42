package io.rocelens.app.gui;

import static io.rocelens.app.gui.Fx.fx;
import static io.rocelens.app.gui.Fx.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.app.gui.packetlist.PacketRowSkin;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/**
 * A packet list longer than the table holds at once (a page of it, with a scroll bar over the whole list): every
 * packet of a 150,000-packet capture is reached the ways a user reaches one (the scroll bar, End and Home, Go to Last
 * Packet, Go to Packet, arrow keys across the page's edge, a sort), each shown on screen. Expected frame numbers follow
 * from the capture: a file's frames are numbered 1 … n in file order, and the list shows them in that order unsorted.
 */
class LongPacketListTest {

    private static final int PACKETS = 150_000;

    @TempDir
    static Path folder;

    @BeforeAll
    static void generate() {
        assertEquals(0, io.rocelens.app.Main.run("generate", "bulk", "--packets", Integer.toString(PACKETS),
                "--snaplen", "128", "-o", folder.resolve("long.pcap").toString()));
    }

    @RegisterExtension
    final WindowOnCapture window = new WindowOnCapture(folder.resolve("config"), folder.resolve("long.pcap"), PACKETS);

    @Test
    void theScrollBarSpansTheWholeListAndTakesTheListToAnyPacket(FxRobot robot) throws Exception {
        TableView<Integer> list = Fx.packetList(robot);
        assertTrue(fx(() -> list.getItems().size()) < PACKETS, "the table holds a page of the list");
        ScrollBar bar = Fx.node(robot, "#whole-list-bar");
        waitUntil(() -> fx(bar::isVisible), () -> "the whole list's bar is hidden");
        assertEquals(PACKETS, fx(() -> bar.getMax() + bar.getVisibleAmount()), 0.0);

        for (int top : new int[] {100_000, 70_000, 149_000, 3}) {
            fx(() -> {
                bar.setValue(top);      // as a drag of its thumb does
                return null;
            });
            waitUntil(() -> framesOnScreen(robot).get(0) == top + 1L,
                    () -> "bar at " + top + ", frames on screen " + framesOnScreen(robot));
        }
        // a click on the bar's track below the thumb: a screen further
        List<Long> before = framesOnScreen(robot);
        robot.moveTo(bar).moveBy(0, fx(() -> bar.getHeight()) / 2 - 20).clickOn();
        waitUntil(() -> framesOnScreen(robot).get(0) > before.get(before.size() - 3),
                () -> "before " + before + ", after " + framesOnScreen(robot));
        assertConsecutive(framesOnScreen(robot));
    }

    @Test
    void endHomeAndGoToReachTheWholeList(FxRobot robot) throws Exception {
        robot.clickOn(Fx.packetList(robot));
        robot.type(KeyCode.END);
        waitUntil(() -> Fx.selectedFrame(robot) == PACKETS, () -> "selected " + Fx.selectedFrame(robot));
        waitUntil(() -> lastOnScreen(robot) == PACKETS, () -> "on screen " + framesOnScreen(robot));
        robot.type(KeyCode.HOME);
        waitUntil(() -> Fx.selectedFrame(robot) == 1, () -> "selected " + Fx.selectedFrame(robot));
        waitUntil(() -> framesOnScreen(robot).get(0) == 1, () -> "on screen " + framesOnScreen(robot));

        window.menu("Go", "Last Packet");
        waitUntil(() -> Fx.selectedFrame(robot) == PACKETS, () -> "selected " + Fx.selectedFrame(robot));
        waitUntil(() -> lastOnScreen(robot) == PACKETS, () -> "on screen " + framesOnScreen(robot));
        Fx.selectFrame(robot, 98_765);
        waitUntil(() -> framesOnScreen(robot).contains(98_765L), () -> "on screen " + framesOnScreen(robot));
        robot.type(KeyCode.UP, 5);
        waitUntil(() -> Fx.selectedFrame(robot) == 98_760, () -> "selected " + Fx.selectedFrame(robot));
    }

    @Test
    void arrowKeysGoOnAcrossThePagesEdge(FxRobot robot) throws Exception {
        TableView<Integer> list = Fx.packetList(robot);
        ScrollBar bar = Fx.node(robot, "#whole-list-bar");
        int start = 49_000;
        fx(() -> {
            bar.setValue(start);
            return null;
        });
        waitUntil(() -> framesOnScreen(robot).get(0) == start + 1L, () -> "on screen " + framesOnScreen(robot));
        int firstPlace = fx(() -> list.getItems().get(0));
        Fx.selectFrame(robot, start + 1);
        int steps = 300;
        for (int step = 1; step <= steps; step++) {
            robot.type(KeyCode.DOWN);
        }
        waitUntil(() -> Fx.selectedFrame(robot) == start + 1 + steps, () -> "selected " + Fx.selectedFrame(robot));
        waitUntil(() -> framesOnScreen(robot).contains((long) start + 1 + steps),
                () -> "on screen " + framesOnScreen(robot));
        assertConsecutive(framesOnScreen(robot));
        assertNotEquals(firstPlace, fx(() -> list.getItems().get(0)),
                "the steps crossed the page's edge: the table holds another page");
    }

    @Test
    void theSelectedPacketScrolledAwayFromStaysTheOneActedOnAndStepsResumeFromIt(FxRobot robot) throws Exception {
        Fx.selectFrame(robot, 20);
        ScrollBar bar = Fx.node(robot, "#whole-list-bar");
        fx(() -> {
            bar.setValue(120_000);
            return null;
        });
        waitUntil(() -> framesOnScreen(robot).get(0) == 120_001L, () -> "on screen " + framesOnScreen(robot));
        // Edit › Mark Packet (Ctrl+M) marks the selected packet, which the list no longer shows
        window.menu("Edit", "Mark/Unmark Packet");
        waitUntil(() -> fx(() -> window.window().packets().flags().marked(20)), () -> "frame 20 not marked");
        fx(() -> {
            Fx.packetList(robot).requestFocus();
            return null;
        });
        robot.type(KeyCode.DOWN);
        waitUntil(() -> Fx.selectedFrame(robot) == 21, () -> "selected " + Fx.selectedFrame(robot));
        waitUntil(() -> framesOnScreen(robot).contains(21L), () -> "on screen " + framesOnScreen(robot));
    }

    @Test
    void aSortKeepsTheSelectedPacketSelectedAndInView(FxRobot robot) throws Exception {
        Fx.selectFrame(robot, 7);
        Fx.click(robot, "No.");
        Fx.click(robot, "No.");
        // descending by number, the list's place k shows frame n - k: frame 7 is at place n - 7, near the end
        waitUntil(() -> fx(() -> Fx.packetList(robot).getSelectionModel().getSelectedItem()) == PACKETS - 7,
                () -> "selected place " + fx(() -> Fx.packetList(robot).getSelectionModel().getSelectedItem()));
        assertEquals(7, Fx.selectedFrame(robot));
        waitUntil(() -> framesOnScreen(robot).contains(7L), () -> "on screen " + framesOnScreen(robot));
        robot.type(KeyCode.HOME);
        waitUntil(() -> framesOnScreen(robot).get(0) == PACKETS, () -> "on screen " + framesOnScreen(robot));
    }

    /** The frame numbers the rows on screen draw in the No. column, top to bottom. */
    private static List<Long> framesOnScreen(FxRobot robot) {
        return fx(() -> {
            TableView<?> table = Fx.packetList(robot);
            javafx.geometry.Bounds shown = table.lookup(".clipped-container").localToScene(
                    table.lookup(".clipped-container").getLayoutBounds());
            List<TableRow<?>> rows = new ArrayList<>();
            for (Node node : table.lookupAll(".table-row-cell")) {
                if (node instanceof TableRow<?> row && row.isVisible() && !row.isEmpty()
                        && row.getSkin() instanceof PacketRowSkin
                        && shown.contains(row.localToScene(0, row.getHeight() / 2))) {
                    rows.add(row);
                }
            }
            rows.sort(Comparator.comparingDouble(row -> row.localToScene(0, 0).getY()));
            List<Long> frames = new ArrayList<>();
            for (TableRow<?> row : rows) {
                frames.add(Long.parseLong(((PacketRowSkin) row.getSkin()).drawnTexts().get(0)));
            }
            return frames.isEmpty() ? List.of(-1L) : frames;
        });
    }

    private static long lastOnScreen(FxRobot robot) {
        List<Long> frames = framesOnScreen(robot);
        return frames.get(frames.size() - 1);
    }

    private static void assertConsecutive(List<Long> frames) {
        for (int i = 1; i < frames.size(); i++) {
            assertEquals(frames.get(i - 1) + 1, frames.get(i), "frames on screen " + frames);
        }
    }
}
