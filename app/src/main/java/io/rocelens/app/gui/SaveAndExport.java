package io.rocelens.app.gui;

import io.rocelens.app.gui.capture.model.OpenCapture;
import io.rocelens.app.gui.capture.model.UnsavedCaptureGuard;
import io.rocelens.app.gui.common.Dialogs;
import io.rocelens.app.gui.common.model.Background;
import io.rocelens.app.gui.common.model.LatestWins;
import io.rocelens.app.gui.packetlist.model.PacketExport;
import io.rocelens.app.gui.packetlist.model.PacketListModel;
import io.rocelens.app.gui.packetlist.model.PacketTable;
import io.rocelens.capture.CaptureFormat;
import io.rocelens.capture.CaptureOpenException;
import io.rocelens.capture.OverwriteCheck;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.stage.FileChooser;

/**
 * File › Save, Save As and Export Specified Packets: the file choosers, the check that the output is not the capture
 * being read, Wireshark's question before packet comments would be lost to a pcap file, and the writing, in the
 * background.
 */
final class SaveAndExport {

    private final MainWindow window;
    private final OpenCapture session;
    private final PacketListModel packets;
    private final StatusLine status;
    private final UnsavedCaptureGuard guard;
    /** Saves and exports, one after the other. */
    private final LatestWins writes;

    SaveAndExport(MainWindow window, Background background, OpenCapture session, PacketListModel packets,
                  StatusLine status, UnsavedCaptureGuard guard) {
        this.window = window;
        this.session = session;
        this.packets = packets;
        this.status = status;
        this.guard = guard;
        writes = background.line("rocelens-write");
    }

    /**
     * File › Save: an unsaved capture gets a name (as Save As); a named file whose packet comments changed is written
     * again in its place; a file already saved has nothing to save.
     */
    void save() {
        if (guard.temporary()) {
            saveAs();
        } else if (guard.hasChanges() && session.file() != null) {
            saveTo(session.file(), saved -> { });
        }
    }

    void saveAs() {
        Path target = chooseSaveTarget();
        if (target != null) {
            saveTo(target, saved -> { });
        }
    }

    /** Asks where to save the open capture; null when cancelled (or when nothing can be saved now). */
    Path chooseSaveTarget() {
        if (window.capturing() || session.file() == null) {
            return null;
        }
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Save Capture File As");
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("pcapng", "*.pcapng"));
        chooser.setInitialFileName(guard.temporary() ? "capture.pcapng" : session.file().getFileName().toString());
        var chosen = Dialogs.save(chooser, window.stage());
        if (chosen == null) {
            return null;
        }
        Path target = chosen.toPath();
        return target.getFileName().toString().indexOf('.') < 0
                ? target.resolveSibling(target.getFileName() + ".pcapng") : target;
    }

    /**
     * Keeps the open capture under this name, in the background: a temporary capture file is moved there, any other
     * file copied; a capture whose packet comments the user changed is written frame by frame as pcapng with them
     * (over a file of the same name only once it is whole). The window then shows the saved file (title, Reload and
     * Open Recent name it).
     *
     * @param saved told on the UI thread whether it was saved
     * @return false when it cannot be saved there (the user was told why), true when saving started
     */
    boolean saveTo(Path target, Consumer<Boolean> saved) {
        Path current = session.file();
        if (window.capturing() || current == null) {
            return false;
        }
        boolean same = current.toAbsolutePath().equals(target.toAbsolutePath());
        if (!same && writesOverOpenCapture(target, "The capture could not be saved")) {
            return false;
        }
        PacketTable table = packets.table();
        CaptureFormat format = PacketExport.formatOf(target);
        if (format == CaptureFormat.PCAP && !table.comments().isEmpty()) {
            askAboutComments(answer -> {
                switch (answer) {
                    case ANOTHER_FORMAT -> {
                        Path chosen = chooseSaveTarget();
                        if (chosen == null || !saveTo(chosen, saved)) {
                            saved.accept(false);
                        }
                    }
                    case DISCARD -> write(table, current, target, format, saved);
                    case CANCEL -> saved.accept(false);
                }
            });
            return true;
        }
        write(table, current, target, format, saved);
        return true;
    }

    /** Saves as {@link #saveTo} says, once nothing is left to ask. */
    private void write(PacketTable table, Path current, Path target, CaptureFormat format, Consumer<Boolean> saved) {
        boolean same = current.toAbsolutePath().equals(target.toAbsolutePath());
        // a file is copied as it is only into its own format (by name): pcapng bytes named .pcap would mislead
        boolean rewrite = guard.hasChanges() || format != PacketExport.formatOf(current);
        boolean move = guard.temporary();
        status.say("Saving " + target.getFileName() + " …");
        writes.submit("The capture could not be saved", request -> {
            if (rewrite) {
                rewrite(table, target, format, request, move ? current : null);
            } else if (!same) {
                try {
                    if (move) {
                        Files.move(current, target, StandardCopyOption.REPLACE_EXISTING);
                        asNewFile(target);
                    } else {
                        Files.copy(current, target, StandardCopyOption.REPLACE_EXISTING);
                    }
                } catch (IOException failure) {
                    throw new IOException("cannot write " + target + ": " + CaptureOpenException.reason(failure),
                            failure);
                }
            }
            return target;
        }, written -> {
            guard.settled();
            window.open(written, null, null);
            saved.accept(true);
        }, () -> saved.accept(false));
    }

    /** Wireshark's answers to its question before comments would be lost (checkSaveAsWithComments). */
    private enum CommentsAnswer { ANOTHER_FORMAT, DISCARD, CANCEL }

    /**
     * Asks, as Wireshark does before writing, whether to save in a format that holds the packet comments, to discard
     * them, or not to save; the answer comes on the UI thread once the dialog closes.
     */
    private void askAboutComments(Consumer<CommentsAnswer> then) {
        Alert ask = new Alert(Alert.AlertType.CONFIRMATION);
        Dialogs.ownedBy(ask, window.stage());
        ask.setTitle(MainWindow.TITLE);
        ask.setHeaderText("This capture file contains comments.");
        ask.setContentText("The file format you chose doesn't support comments. Do you want to save the capture in a"
                + " format that supports comments or discard the comments and save in the format you chose?");
        ask.getDialogPane().setId("comments-question");
        ButtonType another = new ButtonType("Save in another format", ButtonBar.ButtonData.YES);
        ButtonType discard = new ButtonType("Discard comments and save", ButtonBar.ButtonData.NO);
        ask.getButtonTypes().setAll(another, discard, ButtonType.CANCEL);
        ask.setOnHidden(hidden -> then.accept(ask.getResult() == another ? CommentsAnswer.ANOTHER_FORMAT
                : ask.getResult() == discard ? CommentsAnswer.DISCARD : CommentsAnswer.CANCEL));
        ask.show();
    }

    /**
     * Writes every frame of the capture, with the packet comments as the user left them, to a file beside
     * {@code target} and then moves it there (so a target that is the open file is replaced only once the new one is
     * whole); deletes the temporary capture it came from, if any.
     */
    private void rewrite(PacketTable table, Path target, CaptureFormat format, LatestWins.Request request,
                         Path temporary) throws IOException {
        int[] rows = new int[table.size()];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = i;
        }
        Path folder = target.toAbsolutePath().getParent();
        Path written = Files.createTempFile(folder, ".rocelens-save-", ".part");
        try {
            PacketExport.write(table, rows, written, format,
                    fraction -> request.progress(status::progress, fraction), () -> false);
            asNewFile(written);
            Files.move(written, target, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException failure) {
            Files.deleteIfExists(written);
            throw new IOException("cannot write " + target + ": " + CaptureOpenException.reason(failure), failure);
        }
        if (temporary != null) {
            Files.deleteIfExists(temporary);
        }
    }

    /**
     * Gives a capture moved out of its temporary file (made owner-only, 0600, as temporary files are) the permissions
     * a file newly made in that folder gets (0666 less the umask, usually 0644), as Wireshark's Save As leaves it.
     * Java cannot read the umask, so an empty file made beside it tells.
     */
    private static void asNewFile(Path target) throws IOException {
        if (!Files.getFileStore(target).supportsFileAttributeView(PosixFileAttributeView.class)) {
            return;
        }
        Path probe = Files.createTempFile(target.toAbsolutePath().getParent(), ".rocelens-", ".mode");
        try {
            Files.delete(probe);
            Files.createFile(probe);
            Files.setPosixFilePermissions(target, Files.getPosixFilePermissions(probe));
        } finally {
            Files.deleteIfExists(probe);
        }
    }

    /**
     * True, after a dialog saying so, when {@code output} is the capture open in the window under another name (a
     * hard link, a symbolic link): writing there would destroy the file being read. Nothing is written or closed.
     */
    boolean writesOverOpenCapture(Path output, String heading) {
        Path open = session.file();
        Path input = open == null ? null : OverwriteCheck.inputAt(output, List.of(open));
        if (input == null) {
            return false;
        }
        Dialogs.error(window.stage(), heading, output + " is the capture open in this window" + (input.toString()
                .equals(output.toString()) ? "" : " (" + input + ")") + ": writing there would destroy it. "
                + "Choose another file name; nothing was written.");
        return true;
    }

    /** File › Export Specified Packets: the displayed packets, as pcapng or pcap. */
    void export() {
        export(null);
    }

    /** The chooser of Export Specified Packets; {@code pcapngName}: pcapng offered first, under that name. */
    private void export(String pcapngName) {
        if (packets.table() == null) {
            return;
        }
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Export Specified Packets (the " + packets.size() + " displayed)");
        chooser.getExtensionFilters().addAll(
                new FileChooser.ExtensionFilter("pcapng", "*.pcapng"),
                new FileChooser.ExtensionFilter("pcap", "*.pcap"));
        if (pcapngName != null) {
            chooser.setInitialFileName(pcapngName);
        }
        var chosen = Dialogs.save(chooser, window.stage());
        if (chosen == null) {
            return;
        }
        Path output = chosen.toPath();
        if (output.getFileName().toString().indexOf('.') < 0) {
            output = output.resolveSibling(output.getFileName() + (chooser.getSelectedExtensionFilter() != null
                    && chooser.getSelectedExtensionFilter().getDescription().equals("pcap") ? ".pcap" : ".pcapng"));
        }
        exportTo(output);
    }

    /**
     * Writes the displayed packets, in frame order, in the background; into pcap only once the user said what becomes
     * of their packet comments, if they have any.
     */
    void exportTo(Path output) {
        if (writesOverOpenCapture(output, "The packets could not be exported")) {
            return;
        }
        PacketTable table = packets.table();
        int[] rows = packets.displayedRowsInFrameOrder();
        CaptureFormat format = PacketExport.formatOf(output);
        if (format == CaptureFormat.PCAP && anyCommented(table, rows)) {
            askAboutComments(answer -> {
                switch (answer) {
                    case ANOTHER_FORMAT -> export(withoutExtension(output) + ".pcapng");
                    case DISCARD -> export(table, rows, output, format);
                    case CANCEL -> { }
                }
            });
            return;
        }
        export(table, rows, output, format);
    }

    /** True when one of the rows (in frame order) has a packet comment. */
    private static boolean anyCommented(PacketTable table, int[] rows) {
        for (long frame : table.comments().keySet()) {
            if (frame <= Integer.MAX_VALUE && Arrays.binarySearch(rows, (int) (frame - 1)) >= 0) {
                return true;
            }
        }
        return false;
    }

    private static String withoutExtension(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }

    private void export(PacketTable table, int[] rows, Path output, CaptureFormat format) {
        status.say("Exporting " + rows.length + " packets to " + output.getFileName() + " …");
        writes.submit("The packets could not be exported", request -> {
            try {
                return PacketExport.write(table, rows, output, format,
                        fraction -> request.progress(status::progress, fraction), () -> false);
            } catch (IOException failure) {
                throw new IOException("cannot write " + output + ": " + CaptureOpenException.reason(failure),
                        failure);
            }
        }, written -> {
            status.progress(0);
            status.say("Exported " + written.frames() + " packets to " + output);
        });
    }
}
