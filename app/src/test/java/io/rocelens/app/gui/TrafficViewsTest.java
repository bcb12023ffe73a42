package io.rocelens.app.gui;

import static io.rocelens.app.gui.Fx.fx;
import static io.rocelens.app.gui.Fx.node;
import static io.rocelens.app.gui.Fx.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.app.gui.stats.Samples;
import io.rocelens.stats.Conversations;
import io.rocelens.stats.ProtocolHierarchy;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.XYChart;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableView;
import javafx.scene.input.KeyCode;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/**
 * Statistics › Conversations, Endpoints, Protocol Hierarchy and I/O Graph through the real window, headless on
 * Monocle, on the bundled sample: the numbers are those tshark 4.0 printed for it (-z conv,ip, conv,ip,udp,
 * endpoints,udp, io,phs; committed in dissectors' tshark/stats/mixed.txt), a double-click filters the packet list to
 * the conversation, and the I/O graph's lines add up to the capture and to what {@code decode -Y} passes.
 */
class TrafficViewsTest {

    @TempDir
    static Path folder;

    @RegisterExtension
    final WindowOnCapture sample = new WindowOnCapture(folder.resolve("config"), Samples.MIXED, 401);

    @Test
    void conversationsHoldTsharksAndADoubleClickFiltersTheList(FxRobot robot) throws Exception {
        sample.menu("Statistics", "Conversations");
        TableView<Conversations.Conversation> ipv4 = fx(() -> robot.lookup("#address-conversations-ip").query());
        waitUntil(() -> ipv4.getItems().size() == 6, () -> "rows: " + ipv4.getItems().size());
        assertEquals(List.of(121L, 70L, 61L, 53L, 22L, 15L), fx(() -> ipv4.getItems().stream()
                .map(Conversations.Conversation::frames).toList()));
        TabPane tabs = node(robot, "#address-conversations-tabs");
        fx(() -> {
            tabs.getSelectionModel().select(1);
            return null;
        });
        waitUntil(() -> firstRow(robot, "#address-conversations-ip") != null, () -> "tab "
                + tabs.getSelectionModel().getSelectedIndex() + ", rows laid out "
                + ipv4.lookupAll(".table-row-cell").size() + ", showing " + ipv4.getScene().getWindow().isShowing());
        // the double-click given to the row itself: Monocle's pointer may land on the main window stacked over it
        fx(() -> {
            Node row = firstRow(robot, "#address-conversations-ip");
            row.fireEvent(new MouseEvent(MouseEvent.MOUSE_CLICKED, 10, 10, 10, 10, MouseButton.PRIMARY, 2,
                    false, false, false, false, true, false, false, true, false, true, null));
            return null;
        });
        TextField filter = node(robot, "#filter-field");
        waitUntil(() -> filter.getText().equals("ip.addr==10.0.0.2 && ip.addr==10.0.0.3"), filter::getText);
        TableView<?> packets = node(robot, "#packet-list");
        waitUntil(() -> packets.getItems().size() == 121, () -> "listed: " + packets.getItems().size());

        // limited to the display filter "udp": 10.0.0.1 <-> 10.0.0.2 loses its one TCP frame (tshark -z conv,ip,udp)
        fx(() -> {
            filter.setText("udp");
            return null;
        });
        Fx.click(robot, "#filter-field").type(KeyCode.ENTER);
        waitUntil(() -> packets.getItems().size() == 388, () -> "listed: " + packets.getItems().size());
        CheckBox limit = node(robot, "#address-conversations-limit");
        fx(() -> {
            limit.fire();
            return null;
        });
        waitUntil(() -> ipv4.getItems().stream().map(Conversations.Conversation::frames).toList()
                .equals(List.of(121L, 70L, 60L, 53L, 22L, 15L)), () -> String.valueOf(ipv4.getItems()));
    }

    @Test
    void endpointsAndTheHierarchyHoldTsharks(FxRobot robot) throws Exception {
        sample.menu("Statistics", "Endpoints");
        TableView<Conversations.Endpoint> udp = fx(() -> robot.lookup("#endpoints-udp").query());
        waitUntil(() -> udp.getItems().size() == 27, () -> "rows: " + udp.getItems().size());

        sample.menu("Statistics", "Protocol Hierarchy");
        TreeTableView<ProtocolHierarchy.Node> tree = node(robot, "#protocol-hierarchy");
        waitUntil(() -> tree.getRoot() != null && tree.getRoot().getValue().frames() == 401);
        // eth › ip › udp › infiniband: 291 of the 401 frames (72.6 %), 178796 of 239078 bytes (74.8 %)
        TreeItem<ProtocolHierarchy.Node> infiniband = fx(() -> child(child(child(child(tree.getRoot(), "eth"), "ip"),
                "udp"), "infiniband"));
        assertEquals(291, infiniband.getValue().frames());
        assertEquals(List.of("infiniband", "72.6", "291", "74.8", "178796"), fx(() -> tree.getColumns().stream()
                .map(c -> String.valueOf(c.getCellObservableValue(infiniband).getValue())).toList()));
    }

    @Test
    void theIoGraphAddsUpToTheCaptureAndToItsFilter(FxRobot robot) throws Exception {
        long retransmissions = Samples.cli("decode", "-Y", "roce.analysis.retransmission", Samples.MIXED.toString())
                .lines().count();
        sample.menu("Statistics", "I/O Graph");
        LineChart<Number, Number> chart = node(robot, "#io-graph");
        waitUntil(() -> chart.getData().size() == 2 && sum(chart.getData().get(0)) == 401,
                () -> chart.getData().size() + " lines");
        assertEquals(retransmissions, fx(() -> sum(chart.getData().get(1))));
        ChoiceBox<String> unit = node(robot, "#io-graph-unit");
        fx(() -> {
            unit.setValue("Bytes");
            return null;
        });
        // every frame's bytes: tshark -z io,phs's eth line
        waitUntil(() -> sum(chart.getData().get(0)) == 239078, () -> String.valueOf(sum(chart.getData().get(0))));
    }

    /**
     * Each graph has a colour of its own, chosen with its picker, and the wheel zooms the time axis (by 0.8 a notch,
     * around the pointer), which Reset Zoom gives back whole.
     */
    @Test
    void eachIoGraphHasItsColourAndTheWheelZoomsTheTime(FxRobot robot) throws Exception {
        sample.menu("Statistics", "I/O Graph");
        LineChart<Number, Number> chart = node(robot, "#io-graph");
        waitUntil(() -> chart.getData().size() == 2 && sum(chart.getData().get(0)) == 401,
                () -> chart.getData().size() + " lines");
        javafx.scene.control.ColorPicker second = node(robot, "#io-graph-colour-1");
        fx(() -> {
            second.setValue(javafx.scene.paint.Color.web("#123456"));
            second.fireEvent(new javafx.event.ActionEvent());
            return null;
        });
        waitUntil(() -> chart.getData().size() == 2 && chart.getData().get(1).getNode().getStyle()
                .contains("-fx-stroke: #123456"), () -> chart.getData().get(1).getNode().getStyle());
        assertTrue(fx(() -> !chart.getData().get(0).getNode().getStyle().contains("#123456")));

        javafx.scene.chart.NumberAxis time = (javafx.scene.chart.NumberAxis) chart.getXAxis();
        double whole = fx(() -> time.getUpperBound() - time.getLowerBound());
        // a wheel turned away from the user (a positive deltaY, which TestFX's DOWN sends) zooms in
        robot.moveTo(chart).scroll(2, javafx.geometry.VerticalDirection.DOWN);
        waitUntil(() -> !time.isAutoRanging());
        double zoomed = fx(() -> time.getUpperBound() - time.getLowerBound());
        assertTrue(zoomed < whole * 0.9, zoomed + " of " + whole + " s shown");
        Fx.click(robot, "#io-graph-reset");
        // the whole time again: auto-ranged over every interval (the rounded bounds depend on the axis's length in
        // pixels, which a loaded machine may still be laying out, so they are not compared with the first ones)
        double first = fx(() -> chart.getData().get(0).getData().get(0).getXValue().doubleValue());
        double last = fx(() -> chart.getData().get(0).getData().get(chart.getData().get(0).getData().size() - 1)
                .getXValue().doubleValue());
        waitUntil(() -> time.isAutoRanging() && time.getLowerBound() <= first && time.getUpperBound() >= last,
                () -> time.getLowerBound() + " … " + time.getUpperBound() + " for " + first + " … " + last);
    }

    private static long sum(XYChart.Series<Number, Number> series) {
        return series.getData().stream().mapToLong(d -> d.getYValue().longValue()).sum();
    }

    private static TreeItem<ProtocolHierarchy.Node> child(TreeItem<ProtocolHierarchy.Node> parent, String protocol) {
        return parent.getChildren().stream().filter(i -> i.getValue().protocol().equals(protocol)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + protocol + " under " + parent.getValue().protocol()));
    }

    /** The table's first row as laid out, or null before it is; on the JavaFX thread. */
    private static Node firstRow(FxRobot robot, String table) {
        return robot.lookup(table).query().lookupAll(".table-row-cell").stream()
                // visible: the table keeps a hidden row of its own to measure cells with
                .filter(n -> n instanceof TableRow<?> row && row.getIndex() == 0 && !row.isEmpty() && row.isVisible()
                        && row.getParent() != null && row.getParent().isVisible())
                .findFirst().orElse(null);
    }
}
