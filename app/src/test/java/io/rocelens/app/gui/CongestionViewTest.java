package io.rocelens.app.gui;

import static io.rocelens.app.gui.Fx.fx;
import static io.rocelens.app.gui.Fx.node;
import static io.rocelens.app.gui.Fx.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocelens.analysis.DcqcnReaction;
import io.rocelens.app.gui.stats.congestion.CongestionView;
import io.rocelens.capture.CaptureFormat;
import io.rocelens.generate.Generator;
import io.rocelens.generate.Scenario;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.canvas.Canvas;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/**
 * Statistics › Congestion through the real window, headless on Monocle, on the generator's dcqcn scenario: the table
 * holds its truth's reactions (the schedule's own numbers; the window's automatic bins of this 320 µs capture are
 * the 10 µs the truth is for), and a row, a CNP's mark and the filter button reach the packet list.
 */
class CongestionViewTest {

    @TempDir
    static Path folder;

    private static JsonNode truth;

    @RegisterExtension
    final WindowOnCapture sample = new WindowOnCapture(folder.resolve("config"), folder.resolve("dcqcn.pcap"),
            generated());

    private static int generated() {
        try {
            Generator.Result made = Generator.generate(new Generator.Options(Scenario.DCQCN, 1, 2,
                    Generator.DEFAULT_LINK_SPEED_BPS, 65_535, 1, CaptureFormat.PCAP), folder.resolve("dcqcn.pcap"),
                    folder.resolve("dcqcn.json"));
            truth = new ObjectMapper().readTree(folder.resolve("dcqcn.json").toFile()).get("dcqcn");
            return (int) made.frames();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void theTableHoldsTheSchedulesReactionsAndReachesThePacketList(FxRobot robot) {
        sample.menu("Statistics", "Congestion (DCQCN)");
        Label summary = fx(() -> robot.lookup("#congestion-summary").queryAs(Label.class));
        waitUntil(() -> summary.getText().startsWith("1 QP received CNPs"), summary::getText);
        assertEquals("1 QP received CNPs; this one 2 CNPs, 1 recovered to 90 % of the rate before   (bins of "
                + "10.000 µs; the rate before: the 3 bins before the CNP's)", fx(summary::getText));
        @SuppressWarnings("unchecked")
        TableView<DcqcnReaction> table = fx(() -> robot.lookup("#congestion-table").queryAs(TableView.class));
        List<DcqcnReaction> rows = fx(() -> List.copyOf(table.getItems()));
        JsonNode expected = truth.get("reactions");
        assertEquals(expected.size(), rows.size());
        for (int i = 0; i < rows.size(); i++) {
            JsonNode e = expected.get(i);
            DcqcnReaction r = rows.get(i);
            assertEquals(truth.get("flow").asText(), r.flow());
            assertEquals(e.get("cnp_frame").asLong(), r.cnpFrame());
            assertEquals(e.get("cnp_ts_ns").asLong(), r.cnpTs());
            assertEquals(e.get("before_bps").asDouble(), r.beforeBps(), 1e-6);
            assertEquals(e.get("min_after_bps").asDouble(), r.minAfterBps(), 1e-6);
            assertEquals(e.get("recovery_us").isNull() ? -1 : Math.round(e.get("recovery_us").asDouble() * 1000),
                    r.recoveryNanos());
        }

        // a row selects its CNP's frame
        fx(() -> {
            table.getSelectionModel().select(1);
            return null;
        });
        assertSelected(robot, expected.get(1).get("cnp_frame").asLong());

        // a click on the first CNP's mark (3 pixels beside it) selects that CNP's frame and its row
        Canvas canvas = fx(() -> robot.lookup("#congestion-chart").queryAs(Canvas.class));
        fx(() -> {
            double x = markX(canvas, rows.get(0)) + 3;
            double y = canvas.getHeight() / 2;
            canvas.fireEvent(new javafx.scene.input.MouseEvent(javafx.scene.input.MouseEvent.MOUSE_CLICKED, x, y, x, y,
                    javafx.scene.input.MouseButton.PRIMARY, 1, false, false, false, false, true, false, false, true,
                    false, true, null));
            return null;
        });
        assertSelected(robot, expected.get(0).get("cnp_frame").asLong());
        assertEquals(0, (int) fx(() -> table.getSelectionModel().getSelectedIndex()));

        // Filter CNPs: the packet list shows the two CNPs
        javafx.scene.control.Button filter = fx(() -> robot.lookup("#congestion-filter")
                .queryAs(javafx.scene.control.Button.class));
        fx(() -> {
            filter.fire();
            return null;
        });
        TableView<?> packets = node(robot, "#packet-list");
        List<Long> cnps = List.of(expected.get(0).get("cnp_frame").asLong(), expected.get(1).get("cnp_frame").asLong());
        waitUntil(() -> Fx.listedFrames(packets).equals(cnps), () -> "shown " + Fx.listedFrames(packets));
    }

    /**
     * The spinner takes the rate before a CNP over 8 bins: before the second CNP (bin 25) the schedule put 30, 37 and
     * six times 40 packets of 1098 bytes in bins 17-24 (the generator's truth gives the 3-bin rate, 40 packets).
     */
    @Test
    void theRateBeforeFollowsTheBinsChosen(FxRobot robot) {
        sample.menu("Statistics", "Congestion (DCQCN)");
        Label summary = fx(() -> robot.lookup("#congestion-summary").queryAs(Label.class));
        waitUntil(() -> summary.getText().startsWith("1 QP received CNPs"), summary::getText);
        @SuppressWarnings("unchecked")
        javafx.scene.control.Spinner<Integer> bins = node(robot, "#congestion-before-bins");
        fx(() -> {
            bins.getValueFactory().setValue(8);
            return null;
        });
        waitUntil(() -> fx(summary::getText).endsWith("the 8 bins before the CNP's)"), summary::getText);
        @SuppressWarnings("unchecked")
        TableView<DcqcnReaction> table = node(robot, "#congestion-table");
        double perPacketPerBin = 1098 * 8 * 1e9 / 10_000;
        assertEquals(truth.get("reactions").get(0).get("before_bps").asDouble(),
                fx(() -> table.getItems().get(0).beforeBps()), 1e-6);
        assertEquals((30 + 37 + 6 * 40) / 8.0 * perPacketPerBin, fx(() -> table.getItems().get(1).beforeBps()), 1e-6);

        // typed as a user types: text that is no number keeps 8 (JavaFX's own converter threw on the FX thread);
        // 0 is below the range and becomes 1
        Fx.click(robot, "#congestion-before-bins .text-field");
        robot.push(javafx.scene.input.KeyCode.CONTROL, javafx.scene.input.KeyCode.A).write("abc")
                .push(javafx.scene.input.KeyCode.ENTER);
        waitUntil(() -> fx(() -> bins.getEditor().getText()).equals("8"), () -> fx(() -> bins.getEditor().getText()));
        assertEquals(8, (int) fx(bins::getValue));
        robot.push(javafx.scene.input.KeyCode.CONTROL, javafx.scene.input.KeyCode.A).write("0")
                .push(javafx.scene.input.KeyCode.ENTER);
        waitUntil(() -> fx(summary::getText).endsWith("the rate before: the bin before the CNP's)"), summary::getText);
    }

    /** Where the view drew a CNP's mark. */
    @SuppressWarnings("unchecked")
    private static double markX(Canvas canvas, DcqcnReaction r) {
        return ((java.util.Map<Long, Double>) canvas.getProperties().get(CongestionView.MARKS)).get(r.cnpFrame());
    }

    private static void assertSelected(FxRobot robot, long frame) {
        TableView<?> packets = node(robot, "#packet-list");
        waitUntil(() -> fx(() -> packets.getSelectionModel().getSelectedIndex() >= 0 && String.valueOf(frame).equals(
                String.valueOf(packets.getColumns().get(0).getCellData(packets.getSelectionModel().getSelectedIndex())))),
                () -> "selected " + fx(() -> packets.getSelectionModel().getSelectedIndex()));
    }
}
