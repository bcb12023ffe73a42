package io.rocelens.app.gui;

import static io.rocelens.app.gui.Fx.fx;
import static io.rocelens.app.gui.Fx.waitUntil;

import io.rocelens.app.gui.common.model.Preferences;
import io.rocelens.app.gui.details.model.FrameDetails;
import io.rocelens.app.gui.stats.Png;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.application.Platform;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.stage.Stage;

/**
 * The main window with a frame selected and its "[RoCE analysis]" subtree open, as PNG: {@code OUT CAPTURE FRAME
 * NAME} writes OUT/NAME.png. Run by docs/screenshots/make-screenshots.sh under Xvfb.
 */
public final class DetailsScreenshot {

    private DetailsScreenshot() {
    }

    @SuppressWarnings("unchecked")
    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        Path capture = Path.of(args[1]);
        long frame = Long.parseLong(args[2]);
        Files.createDirectories(out);
        Path config = Files.createTempDirectory("rocelens-screenshots");
        Fx.startToolkit();
        Stage stage = fx(Stage::new);
        MainWindow window = fx(() -> {
            MainWindow made = new MainWindow(stage, Preferences.load(config));
            stage.show();
            made.open(capture, null, null);
            return made;
        });
        waitUntil(() -> ((org.controlsfx.control.StatusBar) stage.getScene().lookup("#status-bar")).getText()
                .contains("packets in"));
        TreeView<FrameDetails.Node> tree = (TreeView<FrameDetails.Node>) fx(() -> stage.getScene().lookup("#details"));
        fx(() -> {
            window.navigation().goTo(frame);
            return null;
        });
        waitUntil(() -> fx(() -> analysis(tree) != null));
        fx(() -> {
            TreeItem<FrameDetails.Node> subtree = analysis(tree);
            subtree.getParent().setExpanded(true);
            subtree.setExpanded(true);
            tree.getSelectionModel().select(subtree.getChildren().isEmpty() ? subtree : subtree.getChildren().get(0));
            // more room for the details than a user's first look gives, so the whole subtree shows
            if (stage.getScene().lookup(".split-pane") instanceof javafx.scene.control.SplitPane panes) {
                panes.setDividerPositions(0.3, 0.8);
            }
            tree.scrollTo(Math.max(0, tree.getRow(subtree) - 2));
            return null;
        });
        Thread.sleep(1000);
        fx(() -> {
            Png.write(stage.getScene().snapshot(null), out.resolve(args[3] + ".png"));
            return null;
        });
        Platform.exit();
        System.exit(0);
    }

    private static TreeItem<FrameDetails.Node> analysis(TreeView<FrameDetails.Node> tree) {
        for (TreeItem<FrameDetails.Node> layer : tree.getRoot().getChildren()) {
            for (TreeItem<FrameDetails.Node> field : layer.getChildren()) {
                if (field.getValue().label().equals(FrameDetails.ANALYSIS)) {
                    return field;
                }
            }
        }
        return null;
    }
}
