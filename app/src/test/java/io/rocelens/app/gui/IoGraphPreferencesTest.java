package io.rocelens.app.gui;

import static io.rocelens.app.gui.Fx.fx;
import static io.rocelens.app.gui.Fx.node;
import static io.rocelens.app.gui.Fx.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.app.gui.common.model.Preferences;
import io.rocelens.app.gui.stats.Samples;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import javafx.event.ActionEvent;
import javafx.scene.Parent;
import javafx.scene.chart.LineChart;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ColorPicker;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.paint.Color;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/**
 * Statistics › I/O Graph's graphs kept in the preferences, in a class of its own: the graphs it leaves there would
 * change what the other I/O Graph tests start from.
 */
class IoGraphPreferencesTest {

    @TempDir
    static Path folder;

    @RegisterExtension
    final WindowOnCapture sample = new WindowOnCapture(folder.resolve("config"), Samples.MIXED, 401);

    /**
     * The graphs as the user left them (one unticked, one recoloured, one added with its filter) are kept in the
     * preferences file, as Wireshark keeps io_graphs in its profile, and a new window's I/O Graph shows them so.
     */
    @Test
    void theGraphsAreKeptInThePreferencesAndComeBack(FxRobot robot) throws Exception {
        sample.menu("Statistics", "I/O Graph");
        LineChart<Number, Number> chart = node(robot, "#io-graph");
        waitUntil(() -> chart.getData().size() == 2, () -> chart.getData().size() + " lines");
        ColorPicker second = node(robot, "#io-graph-colour-1");
        fx(() -> {
            second.setValue(Color.web("#123456"));
            second.fireEvent(new ActionEvent());
            return null;
        });
        Fx.click(robot, "#io-graph-add");
        robot.write("roce.analysis.nak").type(KeyCode.ENTER);
        waitUntil(() -> chart.getData().size() == 3, () -> chart.getData().size() + " lines");
        CheckBox first = node(robot, "#io-graph-enabled-0");
        robot.clickOn(first);
        waitUntil(() -> chart.getData().size() == 2, () -> chart.getData().size() + " lines");
        Color firstColour = fx(() -> ((ColorPicker) node(robot, "#io-graph-colour-0")).getValue());
        Color thirdColour = fx(() -> ((ColorPicker) node(robot, "#io-graph-colour-2")).getValue());

        Path config = folder.resolve("config");
        waitUntil(() -> Preferences.load(config).getList(Preferences.IO_GRAPHS).size() == 3
                && !Preferences.load(config).getList(Preferences.IO_GRAPHS).get(0).startsWith("1"));
        MainWindow again = Fx.showWindow(config);
        try {
            Window before = fx(() -> chart.getScene().getWindow());
            fx(() -> {
                Fx.item(again.stage(), "Statistics", "I/O Graph").fire();
                return null;
            });
            Parent view = fx(() -> Window.getWindows().stream()
                    .filter(w -> w != before && w.getScene().lookup("#io-graph") != null)
                    .findFirst().orElseThrow().getScene().getRoot());
            assertEquals(List.of(false, true, true), fx(() -> IntStream.range(0, 3)
                    .mapToObj(i -> ((CheckBox) view.lookup("#io-graph-enabled-" + i)).isSelected()).toList()));
            assertEquals(List.of("", "roce.analysis.retransmission", "roce.analysis.nak"), fx(() ->
                    IntStream.range(0, 3).mapToObj(i -> ((TextField) view
                            .lookup("#io-graph-filter-" + i)).getText()).toList()));
            assertEquals(List.of(firstColour, Color.web("#123456"), thirdColour), fx(() ->
                    IntStream.range(0, 3).mapToObj(i -> ((ColorPicker) view
                            .lookup("#io-graph-colour-" + i)).getValue()).toList()));
            assertTrue(fx(() -> view.lookup("#io-graph-enabled-3") == null), "three graphs, no more");
            fx(() -> {
                view.getScene().getWindow().hide();
                return null;
            });
        } finally {
            fx(() -> {
                again.stage().close();
                return null;
            });
        }
    }
}
