package io.rocelens.app.gui.common;

import javafx.scene.control.Alert;
import javafx.scene.control.Label;
import javafx.stage.Window;

/** Message boxes in plain words: a heading and one or two sentences, never a stack trace. */
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
        alert.initOwner(owner);
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
}
