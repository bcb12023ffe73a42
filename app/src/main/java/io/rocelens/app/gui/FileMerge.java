package io.rocelens.app.gui;

import io.rocelens.app.gui.capture.model.OpenCapture;
import io.rocelens.app.gui.capture.model.UnsavedCaptureGuard;
import io.rocelens.app.gui.common.Dialogs;
import io.rocelens.app.gui.common.model.Background;
import io.rocelens.app.gui.common.model.LatestWins;
import io.rocelens.capture.CaptureMerge;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.stage.FileChooser;

/**
 * File › Merge: the open capture and another file merged in time order ({@link CaptureMerge}, as mergecap and
 * Wireshark's "Merge packets chronologically") into a temporary file, which the window then shows as an unsaved
 * capture (File › Save keeps it), as Wireshark does.
 */
final class FileMerge {

    private final MainWindow window;
    private final OpenCapture session;
    private final StatusLine status;
    private final UnsavedCaptureGuard guard;
    private final LatestWins merges;

    FileMerge(MainWindow window, Background background, OpenCapture session, StatusLine status,
              UnsavedCaptureGuard guard) {
        this.window = window;
        this.session = session;
        this.status = status;
        this.guard = guard;
        merges = background.line("rocelens-merge");
    }

    /** Asks first about an unsaved capture (merging reads it from its file), then for the file to merge with. */
    void chooseAndMerge() {
        guard.then("before merging", () -> {
            if (session.file() == null || window.capturing()) {
                return;
            }
            FileChooser chooser = new FileChooser();
            chooser.setTitle("Merge with " + session.file().getFileName());
            chooser.getExtensionFilters().addAll(
                    new FileChooser.ExtensionFilter("Captures", "*.pcapng", "*.pcap", "*.cap", "*.pcapng.gz",
                            "*.pcap.gz"),
                    new FileChooser.ExtensionFilter("All files", "*"));
            Path folder = session.file().toAbsolutePath().getParent();
            if (folder != null && Files.isDirectory(folder)) {
                chooser.setInitialDirectory(folder.toFile());
            }
            var chosen = Dialogs.open(chooser, window.stage());
            if (chosen != null) {
                mergeWith(chosen.toPath());
            }
        });
    }

    /** Merges the open capture with {@code other} in the background and shows the result. */
    void mergeWith(Path other) {
        Path current = session.file();
        if (current == null || window.capturing()) {
            return;
        }
        status.say("Merging " + current.getFileName() + " and " + other.getFileName() + " …");
        merges.submit("The captures could not be merged", request -> {
            Path merged = Files.createTempFile("rocelens_merged_", ".pcapng");
            try {
                return new Merged(merged, CaptureMerge.merge(List.of(current, other), merged, () -> false));
            } catch (IOException | RuntimeException failure) {
                Files.deleteIfExists(merged);
                throw failure;
            }
        }, done -> {
            window.open(done.file(), null, null);
            guard.captureStarted(true);
            window.refreshState();
            status.say("Merged " + done.result().frames() + " packets of " + current.getFileName() + " and "
                    + other.getFileName() + " (not saved: File › Save keeps them)"
                    + (done.result().problems().isEmpty() ? "" : "; " + String.join("; ", done.result().problems())));
        });
    }

    private record Merged(Path file, CaptureMerge.Result result) {
    }
}
