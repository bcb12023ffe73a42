package io.rocelens.app.gui;

import static io.rocelens.app.gui.Fx.fx;
import static io.rocelens.app.gui.Fx.waitUntil;

import io.rocelens.app.gui.common.model.Preferences;
import io.rocelens.app.gui.stats.Png;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.application.Platform;
import javafx.scene.control.CheckBox;
import javafx.scene.control.TextField;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeTableView;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * Takes the screenshots in docs/screenshots: every RoCE view on the sample captures, opened from the main window's
 * menus, each window's scene rendered to PNG. Run by docs/screenshots/make-screenshots.sh under Xvfb; not a test.
 */
public final class ViewScreenshots {

    private static final List<String> VIEWS = List.of("Capture File Properties", "Protocol Hierarchy", "Conversations",
            "Endpoints", "I/O Graph", "QP Conversations", "PSN Ladder", "PFC", "RoCE Bandwidth", "Latency",
            "Congestion (DCQCN)");

    private ViewScreenshots() {
    }

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        Files.createDirectories(out);
        Path config = Files.createTempDirectory("rocelens-screenshots");
        // -Drocelens.screenshots.theme=dark: the same pictures in the dark theme, named NAME-dark.png
        String theme = System.getProperty("rocelens.screenshots.theme", "light");
        String suffix = theme.equals("light") ? "" : "-" + theme;
        Files.writeString(config.resolve("preferences.properties"), "theme=" + theme + "\n");
        // the windows of one capture are closed before the next opens: the toolkit must stay
        Fx.startToolkit();
        for (int i = 1; i < args.length; i++) {
            Path capture = Path.of(args[i]);
            String name = capture.getFileName().toString().replaceFirst("\\.pcap(ng)?$", "");
            Stage stage = fx(Stage::new);
            MainWindow window = fx(() -> {
                MainWindow made = new MainWindow(stage, Preferences.load(config));
                stage.show();
                made.open(capture, null, null);
                return made;
            });
            waitUntil(() -> ((org.controlsfx.control.StatusBar) stage.getScene().lookup("#status-bar")).getText()
                    .contains("packets in"));
            // the main window itself, its details pane filled (read in the background)
            waitUntil(() -> !((javafx.scene.control.TreeView<?>) stage.getScene().lookup("#details")).getRoot()
                    .getChildren().isEmpty());
            fx(() -> {
                Png.write(stage.getScene().snapshot(null), out.resolve(name + "-window" + suffix + ".png"));
                return null;
            });
            for (String view : VIEWS) {
                fx(() -> {
                    Fx.item(stage, "Statistics", view).fire();
                    return null;
                });
            }
            fx(() -> {
                Fx.item(stage, "Analyze", "Expert Information").fire();
                return null;
            });
            Thread.sleep(1500);
            fx(() -> {
                for (Window w : Window.getWindows()) {
                    if (w.getScene().lookup("#expert-info") instanceof TreeTableView<?> tree) {
                        for (TreeItem<?> group : tree.getRoot().getChildren()) {
                            group.setExpanded(true);
                        }
                    }
                    if (w.getScene().lookup("#congestion-table") instanceof javafx.scene.control.TableView<?> cnps
                            && !cnps.getItems().isEmpty()) {
                        // the first CNP's reaction drawn on the chart, as a click on its row shows it
                        cnps.getSelectionModel().select(0);
                    }
                    // the address tables on the tab a RoCE user reads first: UDP conversations, IPv4 endpoints
                    if (w.getScene().lookup("#address-conversations-tabs") instanceof javafx.scene.control.TabPane t) {
                        t.getSelectionModel().select(3);
                    }
                    if (w.getScene().lookup("#endpoints-tabs") instanceof javafx.scene.control.TabPane t) {
                        t.getSelectionModel().select(1);
                    }
                    if (w.getScene().lookup("#bandwidth-ets") instanceof TextField ets) {
                        // the ETS overlay and the paused shading, as a user would switch them on (a capture with
                        // DCBX shows its own shares: -Drocelens.screenshots.ets= types none)
                        ets.setText(System.getProperty("rocelens.screenshots.ets", "0=70,3=30"));
                        ets.fireEvent(new javafx.event.ActionEvent());
                        ((CheckBox) w.getScene().lookup("#bandwidth-paused")).fire();
                    }
                }
                return null;
            });
            Thread.sleep(1000);
            fx(() -> {
                for (Window w : new ArrayList<>(Window.getWindows())) {
                    String title = ((Stage) w).getTitle();
                    if (title.startsWith("RoCE Lens · ")) {
                        String view = title.replaceFirst("^RoCE Lens · ", "").replaceFirst(" — .*$", "")
                                .toLowerCase(Locale.ROOT).replace("/", "").replace(' ', '-');
                        Png.write(w.getScene().snapshot(null), out.resolve(name + "-" + view + suffix + ".png"));
                    }
                }
                return null;
            });
            fx(() -> {
                for (Window w : new ArrayList<>(Window.getWindows())) {
                    ((Stage) w).close();
                }
                window.shutdown();
                return null;
            });
        }
        Platform.exit();
    }
}
