package io.rocelens.app.gui;

import io.rocelens.app.gui.common.Dialogs;
import java.nio.file.Path;
import java.util.function.Consumer;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.input.TransferMode;
import javafx.stage.FileChooser;
import javafx.stage.Stage;

/** File › Open and a file dropped onto the window: both open it (asking first about an unsaved capture). */
final class FileOpening {

    private final Stage stage;
    private final RecentFiles recent;
    private final Consumer<Path> openAsked;

    FileOpening(Stage stage, RecentFiles recent, Consumer<Path> openAsked) {
        this.stage = stage;
        this.recent = recent;
        this.openAsked = openAsked;
    }

    /** File › Open (Ctrl+O), starting in the folder of the newest recent file. */
    void chooseAndOpen() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Open Capture File");
        chooser.getExtensionFilters().addAll(
                new FileChooser.ExtensionFilter("Capture files (pcap, pcapng)", "*.pcap", "*.pcapng", "*.cap"),
                new FileChooser.ExtensionFilter("All files", "*"));
        Path folder = recent.lastFolder();
        if (folder != null) {
            chooser.setInitialDirectory(folder.toFile());
        }
        var chosen = Dialogs.open(chooser, stage);
        if (chosen != null) {
            openAsked.accept(chosen.toPath());
        }
    }

    void acceptDroppedFiles(Scene scene) {
        scene.setOnDragOver(event -> {
            if (event.getDragboard().hasFiles()) {
                event.acceptTransferModes(TransferMode.COPY);
            }
            event.consume();
        });
        scene.setOnDragDropped(event -> {
            boolean done = event.getDragboard().hasFiles() && !event.getDragboard().getFiles().isEmpty();
            if (done) {
                Path dropped = event.getDragboard().getFiles().get(0).toPath();
                Platform.runLater(() -> openAsked.accept(dropped));     // not inside the drop: it may ask first
            }
            event.setDropCompleted(done);
            event.consume();
        });
    }
}
