package io.rocelens.app.gui;

import static io.rocelens.app.gui.Fx.fx;
import static io.rocelens.app.gui.Fx.click;
import static io.rocelens.app.gui.Fx.present;
import static io.rocelens.app.gui.Fx.node;
import static io.rocelens.app.gui.Fx.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.rocelens.app.gui.common.model.Preferences;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeoutException;
import javafx.scene.Node;
import javafx.scene.control.ButtonType;
import javafx.scene.control.DialogPane;
import javafx.scene.control.ListView;
import javafx.scene.control.MenuItem;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/**
 * Decode As from the packet list's context menu on mixed.pcapng's one datagram to UDP port 7 (frame 144): decoding
 * port 7 instead of 4791 as RoCE leaves 5 frames RoCE, as tshark 4.0 says with the same choice
 * ({@code tshark -r mixed.pcapng -o infiniband.rroce.port:7 -Y infiniband | wc -l}: 5; 391 with the default), and
 * the choice is saved with the preferences.
 */
class DecodeAsTest {

    private static final Path MIXED = Path.of("../sample-captures/mixed.pcapng").toAbsolutePath();

    @TempDir
    static Path folder;

    @RegisterExtension
    final WindowOnCapture sample = new WindowOnCapture(folder.resolve("config"), MIXED, 401);

    @Test
    void aUdpPortDecodedAsRoceFromTheListIsDissectedAgainAndSaved(FxRobot robot) throws TimeoutException {
        Fx.filter(robot, sample.stage(), "infiniband");
        waitUntil(() -> rows(robot) == 391, () -> "rows " + rows(robot));
        Fx.filter(robot, sample.stage(), "");
        waitUntil(() -> rows(robot) == 401, () -> "rows " + rows(robot));
        robot.press(KeyCode.CONTROL).type(KeyCode.G).release(KeyCode.CONTROL);
        click(robot, "#go-to-field").write("144").type(KeyCode.ENTER);
        waitUntil(() -> sample.window().details().shown() != null
                && sample.window().details().shown().frameNumber() == 144);

        fx(() -> {
            TableView<?> table = node(robot, "#packet-list");
            MenuItem decodeAs = table.getContextMenu().getItems().stream()
                    .filter(item -> "Decode As…".equals(item.getText() == null ? null
                            : item.getText().replace("_", ""))).findFirst().orElseThrow();
            decodeAs.fire();
            return null;
        });
        waitUntil(() -> present(robot, "#decode-as-port"));
        assertEquals("7", fx(() -> robot.lookup("#decode-as-port").queryAs(TextField.class).getText()),
                "the selected datagram's destination port is offered");
        click(robot, "#decode-as-add");
        ListView<Integer> ports = fx(() -> robot.lookup("#decode-as-ports").queryAs(ListView.class));
        assertEquals(List.of(4791, 7), fx(() -> List.copyOf(ports.getItems())));
        fx(() -> {
            ports.getSelectionModel().select(Integer.valueOf(4791));
            return null;
        });
        click(robot, "#decode-as-remove");
        fx(() -> {
            for (Window window : List.copyOf(Window.getWindows())) {
                Node pane = window.getScene() == null ? null : window.getScene().getRoot();
                if (pane instanceof DialogPane dialog && dialog.lookup("#decode-as-ports") != null) {
                    ((javafx.scene.control.Button) dialog.lookupButton(ButtonType.OK)).fire();
                }
            }
            return null;
        });

        Fx.filter(robot, sample.stage(), "infiniband");
        waitUntil(() -> rows(robot) == 5, () -> "rows " + rows(robot) + "; " + sample.status());
        Path config = folder.resolve("config");
        waitUntil(() -> Preferences.load(config).get(Preferences.ROCE_PORTS, "").equals("7"));
    }

    private static int rows(FxRobot robot) {
        return fx(() -> robot.lookup("#packet-list").queryAs(TableView.class).getItems().size());
    }
}
