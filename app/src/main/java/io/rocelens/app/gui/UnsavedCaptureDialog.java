package io.rocelens.app.gui;

import io.rocelens.app.gui.capture.model.UnsavedCaptureGuard;
import io.rocelens.app.gui.common.Dialogs;
import java.nio.file.Path;
import java.util.function.Consumer;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;

/** The window's side of {@link UnsavedCaptureGuard}: the Save / Don't Save / Cancel question and what follows. */
final class UnsavedCaptureDialog implements UnsavedCaptureGuard.Actions {

    private final MainWindow window;

    UnsavedCaptureDialog(MainWindow window) {
        this.window = window;
    }

    @Override
    public UnsavedCaptureGuard.Answer ask(String question) {
        Alert ask = new Alert(Alert.AlertType.CONFIRMATION);
        Dialogs.ownedBy(ask, window.stage());
        ask.setTitle(MainWindow.TITLE);
        ask.setHeaderText(question);
        ask.setContentText(question.contains("the changes") ? "Your changes will be lost if you don't save them."
                : "Your captured packets will be lost if you don't save them.");
        ask.getDialogPane().setId("unsaved-capture");
        ButtonType save = new ButtonType("Save", ButtonBar.ButtonData.YES);
        ButtonType discard = new ButtonType("Don't Save", ButtonBar.ButtonData.NO);
        ask.getButtonTypes().setAll(save, discard, ButtonType.CANCEL);
        ButtonType answer = ask.showAndWait().orElse(ButtonType.CANCEL);
        return answer == save ? UnsavedCaptureGuard.Answer.SAVE : answer == discard
                ? UnsavedCaptureGuard.Answer.DONT_SAVE : UnsavedCaptureGuard.Answer.CANCEL;
    }

    @Override
    public boolean capturing() {
        return window.capturing();
    }

    @Override
    public void stopCapture(Runnable stopped) {
        window.liveCapture().stopThen(stopped);
    }

    @Override
    public Path chooseSaveTarget() {
        return window.files().chooseSaveTarget();
    }

    @Override
    public void saveTo(Path target, Consumer<Boolean> saved) {
        if (!window.files().saveTo(target, saved)) {
            saved.accept(false);
        }
    }

    @Override
    public void discard() {
        window.discardCapture();
    }
}
