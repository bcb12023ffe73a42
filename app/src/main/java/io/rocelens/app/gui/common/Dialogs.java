package io.rocelens.app.gui.common;

import java.io.File;
import java.util.List;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.event.Event;
import javafx.event.EventHandler;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.input.InputEvent;
import javafx.stage.FileChooser;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.stage.WindowEvent;

/**
 * Message boxes in plain words: a heading and one or two sentences, never a stack trace; dialogs owned by a window
 * without taking its maximised state away, the file choosers included.
 */
public final class Dialogs {

    /** The window's style sheet (light and dark themes), for every scene and dialog of it. */
    public static final String STYLESHEET = Dialogs.class.getResource("/io/rocelens/app/gui/rocelens.css")
            .toExternalForm();

    private Dialogs() {
    }

    public static void error(Window owner, String heading, String text) {
        show(owner, Alert.AlertType.ERROR, heading, text);
    }

    public static void warning(Window owner, String heading, String text) {
        show(owner, Alert.AlertType.WARNING, heading, text);
    }

    public static void information(Window owner, String heading, String text) {
        show(owner, Alert.AlertType.INFORMATION, heading, text);
    }

    private static void show(Window owner, Alert.AlertType type, String heading, String text) {
        Alert alert = new Alert(type);
        ownedBy(alert, owner);
        alert.setTitle("RoCE Lens");
        alert.setHeaderText(heading);
        Label content = new Label(text);
        content.setWrapText(true);
        content.setMaxWidth(520);
        // without a preferred width the dialog takes the whole text's width on one line and never wraps it
        content.setPrefWidth(520);
        alert.getDialogPane().setContent(content);
        alert.getDialogPane().setId("message-dialog");
        alert.show();
    }

    /**
     * Gives the dialog its owner and makes it modal for it without disabling the owner's native window. JavaFX on
     * Linux (21; JDK-8332222, fixed in 24) freezes a disabled window's size by giving it its current size as minimum
     * and maximum, and a window manager that honours that (openbox) takes away a maximised owner's maximised state
     * whenever a modal dialog opens. So the dialog is not modal to the toolkit, and the owner's mouse and keyboard
     * input, and its close button, are held back while the dialog shows instead.
     */
    public static void ownedBy(Dialog<?> dialog, Window owner) {
        dialog.initOwner(owner);
        dialog.initModality(Modality.NONE);
        Scene scene = dialog.getDialogPane().getScene();
        if (owner != null && scene != null && scene.getWindow() != null) {
            blocks(scene.getWindow(), owner);
        }
    }

    /** {@link FileChooser#showOpenDialog} over the owner, a maximised owner kept so ({@link #keepingMaximised}). */
    public static File open(FileChooser chooser, Window owner) {
        return keepingMaximised(owner, () -> chooser.showOpenDialog(owner));
    }

    /** {@link FileChooser#showOpenMultipleDialog} over the owner, a maximised owner kept so. */
    public static List<File> openMultiple(FileChooser chooser, Window owner) {
        return keepingMaximised(owner, () -> chooser.showOpenMultipleDialog(owner));
    }

    /** {@link FileChooser#showSaveDialog} over the owner, a maximised owner kept so. */
    public static File save(FileChooser chooser, Window owner) {
        return keepingMaximised(owner, () -> chooser.showSaveDialog(owner));
    }

    /**
     * Shows a native dialog over the owner, then gives a maximised owner its maximised state back. The native file
     * chooser is modal in the toolkit: JavaFX 21 on Linux disables its owner meanwhile, freezing the owner's size
     * (JDK-8332222, as {@link #ownedBy} says), and openbox takes the maximised state away from a window that cannot
     * be resized; the chooser is GTK's own, so it cannot be made non-modal as the window's dialogs are. The owner is
     * maximised again once the toolkit has enabled it (a request while it is still frozen is ignored).
     */
    private static <T> T keepingMaximised(Window owner, Supplier<T> dialog) {
        boolean maximised = owner instanceof Stage stage && stage.isMaximized();
        T chosen = dialog.get();
        if (maximised) {
            Stage stage = (Stage) owner;
            Platform.runLater(() -> {
                if (!stage.isMaximized()) {
                    stage.setMaximized(true);
                }
            });
        }
        return chosen;
    }

    private static final String BLOCKED = "rocelens.dialogs.blocking";

    private static void blocks(Window dialog, Window owner) {
        dialog.addEventHandler(WindowEvent.WINDOW_SHOWING, showing -> hold(owner, 1));
        dialog.addEventHandler(WindowEvent.WINDOW_HIDDEN, hidden -> hold(owner, -1));
        // over a maximised owner openbox puts a dialog in the screen's corner, its title bar off the screen, and it
        // may give it less than its size (the Colouring Rules showed 7 of 13 rules, their colour pickers cut): once
        // placed, it is made its size at least and moved over the owner
        dialog.addEventHandler(WindowEvent.WINDOW_SHOWN, shown -> Platform.runLater(() -> {
            fit(dialog);
            centreOn(dialog, owner);
        }));
    }

    /** Makes the dialog no smaller than its content's minimum, and at least its preferred size now. */
    private static void fit(Window dialog) {
        Scene scene = dialog.getScene();
        if (!(dialog instanceof Stage stage) || scene == null || scene.getRoot() == null) {
            return;
        }
        Parent root = scene.getRoot();
        double frameWidth = Math.max(0, stage.getWidth() - scene.getWidth());
        double frameHeight = Math.max(0, stage.getHeight() - scene.getHeight());
        stage.setMinWidth(root.minWidth(-1) + frameWidth);
        stage.setMinHeight(root.minHeight(-1) + frameHeight);
        double width = Math.max(stage.getWidth(), root.prefWidth(-1) + frameWidth);
        double height = Math.max(stage.getHeight(), root.prefHeight(width - frameWidth) + frameHeight);
        stage.setWidth(width);
        stage.setHeight(height);
    }

    private static void centreOn(Window dialog, Window owner) {
        dialog.setX(owner.getX() + Math.max(0, (owner.getWidth() - dialog.getWidth()) / 2));
        dialog.setY(owner.getY() + Math.max(0, (owner.getHeight() - dialog.getHeight()) / 3));
    }

    /** Counts the dialogs showing over the owner; the first installs the filters that hold its input back. */
    private static void hold(Window owner, int by) {
        Scene scene = owner.getScene();
        if (scene == null) {
            return;
        }
        int[] count = (int[]) scene.getProperties().get(BLOCKED);
        if (count == null) {
            int[] made = {0};
            EventHandler<Event> refuse = event -> {
                if (made[0] > 0 && owner.getScene() == scene) {
                    event.consume();
                }
            };
            owner.addEventFilter(WindowEvent.WINDOW_CLOSE_REQUEST, refuse::handle);
            scene.addEventFilter(InputEvent.ANY, refuse::handle);
            scene.getProperties().put(BLOCKED, made);
            count = made;
        }
        count[0] = Math.max(0, count[0] + by);
    }
}
