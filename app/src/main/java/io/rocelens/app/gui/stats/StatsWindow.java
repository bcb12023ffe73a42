package io.rocelens.app.gui.stats;

import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * A statistics window beside the main one, as Wireshark's Statistics dialogs: owned by the main window, with its
 * style sheet, font size and theme, and told when another capture is loaded or the capture is closed.
 */
abstract class StatsWindow {

    private final Stage stage = new Stage();
    private final String title;

    StatsWindow(Window owner, String title, Parent content, double width, double height) {
        this.title = title;
        stage.initOwner(owner);
        Scene scene = new Scene(content, width, height);
        if (owner != null && owner.getScene() != null) {
            scene.getStylesheets().addAll(owner.getScene().getStylesheets());
            content.setStyle(owner.getScene().getRoot().getStyle());
            content.getStyleClass().addAll(owner.getScene().getRoot().getStyleClass().filtered(c -> c.equals("dark")));
        }
        stage.setScene(scene);
        stage.setTitle("RoCE Lens · " + title);
    }

    Stage stage() {
        return stage;
    }

    /** Brings the window up with the capture (null: none open). */
    void open(Capture capture) {
        show(capture);
        stage.show();
        stage.toFront();
    }

    /** Shows this capture's numbers; null when the capture was closed. */
    final void show(Capture capture) {
        stage.setTitle("RoCE Lens · " + title + (capture == null ? "" : " — " + capture.file().getFileName()));
        fill(capture);
    }

    abstract void fill(Capture capture);
}
