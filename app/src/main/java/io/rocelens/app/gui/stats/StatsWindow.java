package io.rocelens.app.gui.stats;

import io.rocelens.app.gui.stats.model.AnalysedCapture;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.canvas.Canvas;
import javafx.scene.layout.Pane;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * A statistics window beside the main one, as Wireshark's Statistics dialogs: a window of its own (not owned by the
 * main window, so it neither stays above the packet list it links back to nor is minimised with it), with the main
 * window's style sheet, font size and theme, told when another capture is loaded or the capture is closed, and
 * closed with the main window.
 */
public abstract class StatsWindow {

    private final Stage stage = new Stage();
    private final String title;

    /** @param owner the main window, whose looks it takes (not its owner: see above) */
    public StatsWindow(Window owner, String title, Parent content, double width, double height) {
        this.title = title;
        Scene scene = new Scene(content, width, height);
        if (owner != null && owner.getScene() != null) {
            scene.getStylesheets().addAll(owner.getScene().getStylesheets());
            content.setStyle(owner.getScene().getRoot().getStyle());
            content.getStyleClass().addAll(owner.getScene().getRoot().getStyleClass().filtered(c -> c.equals("dark")));
        }
        stage.setScene(scene);
        stage.setTitle("RoCE Lens · " + title);
        // View › Theme switches the class "dark" on every window's root: what a canvas paints follows it
        content.getStyleClass().addListener((javafx.collections.ListChangeListener<String>) change -> themeChanged());
    }

    /** The theme changed: a view that paints a canvas paints it again (CSS restyles the rest by itself). */
    protected void themeChanged() {
    }

    /** A pane the canvas fills, redrawn whenever its size changes. */
    protected static Pane canvasPane(Canvas canvas, Runnable draw, double minHeight) {
        Pane holder = new Pane(canvas);
        holder.setMinSize(200, minHeight);
        canvas.widthProperty().bind(holder.widthProperty());
        canvas.heightProperty().bind(holder.heightProperty());
        canvas.widthProperty().addListener(o -> draw.run());
        canvas.heightProperty().addListener(o -> draw.run());
        return holder;
    }

    public Stage stage() {
        return stage;
    }

    /** Brings the window up, in front of the others, with the capture (null: none open). */
    public void open(AnalysedCapture capture) {
        show(capture);
        if (stage.isIconified()) {
            stage.setIconified(false);
        }
        stage.show();
        stage.toFront();
        stage.requestFocus();
    }

    /** Shows this capture's numbers; null when the capture was closed. */
    public final void show(AnalysedCapture capture) {
        stage.setTitle("RoCE Lens · " + title + (capture == null ? "" : " — " + capture.file().getFileName()));
        fill(capture);
    }

    protected abstract void fill(AnalysedCapture capture);
}
