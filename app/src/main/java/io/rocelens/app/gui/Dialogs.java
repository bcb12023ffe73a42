package io.rocelens.app.gui;

import javafx.scene.control.Alert;
import javafx.scene.control.Label;
import javafx.stage.Window;

/** Message boxes in plain words: a heading and one or two sentences, never a stack trace. */
final class Dialogs {

    private Dialogs() {
    }

    static void error(Window owner, String heading, String text) {
        show(owner, Alert.AlertType.ERROR, heading, text);
    }

    static void warning(Window owner, String heading, String text) {
        show(owner, Alert.AlertType.WARNING, heading, text);
    }

    static void information(Window owner, String heading, String text) {
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
