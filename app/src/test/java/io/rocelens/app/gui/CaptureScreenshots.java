package io.rocelens.app.gui;

import static io.rocelens.app.gui.Fx.fx;
import static io.rocelens.app.gui.Fx.waitUntil;

import io.rocelens.app.gui.stats.Png;
import io.rocelens.live.Veth;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * Takes the screenshots of Capture in the window: the Options dialog with the interfaces' sparklines while traffic
 * flows, and the window and QP Conversations a few seconds into a live capture at 6,000 frames/s (past the 16,384
 * rows after which a followed capture lists only its newest). Frames of a sample capture are sent
 * through a veth pair in a namespace of its own, so it needs root. Run by docs/screenshots/make-capture-screenshots.sh
 * under Xvfb; not a test.
 */
public final class CaptureScreenshots {

    private CaptureScreenshots() {
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        Path traffic = Path.of(args[1]);
        Files.createDirectories(out);
        Path config = Files.createTempDirectory("rocelens-screenshots");
        Fx.startToolkit();
        try (Veth veth = Veth.create()) {
            MainWindow window = Fx.showWindow(config);
            Stage stage = window.stage();
            Process background = veth.replay(traffic, "--pps", "6000", "--loop", "1000");
            Platform.runLater(() -> Fx.item(stage, "Capture", "Options").fire());
            waitUntil(() -> dialog() != null);
            fx(() -> {
                TableView<?> interfaces = (TableView<?>) dialog().lookup("#capture-interfaces");
                interfaces.getSelectionModel().clearSelection();
                for (int i = 0; i < interfaces.getItems().size(); i++) {
                    if (interfaces.getItems().get(i).toString().contains("name=" + veth.outside + ",")) {
                        interfaces.getSelectionModel().select(i);
                    }
                }
                return null;
            });
            Thread.sleep(8000);     // the sparklines fill once a second
            fx(() -> {
                Png.write(dialog().snapshot(null), out.resolve("capture-options.png"));
                ((javafx.scene.control.Button) dialog().lookup("#capture-start")).fire();
                return null;
            });
            fx(() -> {
                Fx.item(stage, "Statistics", "QP Conversations").fire();
                return null;
            });
            waitUntil(() -> ((Label) stage.getScene().lookup("#status-capture")).getText().matches(
                    "Capturing · Captured: [0-9]{5,}.*"));
            Thread.sleep(3000);
            fx(() -> {
                Png.write(stage.getScene().snapshot(null), out.resolve("live-capture.png"));
                for (Window w : new ArrayList<>(Window.getWindows())) {
                    if (w.getScene().lookup("#conversations") != null) {
                        Png.write(w.getScene().snapshot(null), out.resolve("live-capture-qp-conversations.png"));
                    }
                }
                return null;
            });
            background.destroy();
            fx(() -> {
                window.shutdown();
                for (Window w : new ArrayList<>(Window.getWindows())) {
                    ((Stage) w).close();
                }
                return null;
            });
        }
        Platform.exit();
    }

    /** The Capture Options dialog's scene, or null while it is not shown. */
    private static Scene dialog() {
        return Window.getWindows().stream().map(Window::getScene)
                .filter(scene -> scene != null && scene.lookup("#capture-options") != null)
                .findFirst().orElse(null);
    }
}
