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
import java.util.List;
import java.util.function.Consumer;
import javafx.stage.FileChooser;

/**
 * File › Save, Save As and Export Specified Packets: the file choosers, the check that the output is not the capture
 * being read, and the writing, in the background.
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
        var chosen = chooser.showSaveDialog(window.stage());
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
        boolean rewrite = guard.hasChanges();
        if (!same && writesOverOpenCapture(target, "The capture could not be saved")) {
            return false;
        }
        boolean move = guard.temporary();
        PacketTable table = packets.table();
        status.say("Saving " + target.getFileName() + " …");
        writes.submit("The capture could not be saved", request -> {
            if (rewrite) {
                rewrite(table, target, request, move ? current : null);
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
        return true;
    }

    /**
     * Writes every frame of the capture, with the packet comments as the user left them, to a file beside
     * {@code target} and then moves it there (so a target that is the open file is replaced only once the new one is
     * whole); deletes the temporary capture it came from, if any.
     */
    private void rewrite(PacketTable table, Path target, LatestWins.Request request, Path temporary)
            throws IOException {
        int[] rows = new int[table.size()];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = i;
        }
        Path folder = target.toAbsolutePath().getParent();
        Path written = Files.createTempFile(folder, ".rocelens-save-", ".pcapng");
        try {
            PacketExport.write(table, rows, written, CaptureFormat.PCAPNG,
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
        if (packets.table() == null) {
            return;
        }
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Export Specified Packets (the " + packets.size() + " displayed)");
        chooser.getExtensionFilters().addAll(
                new FileChooser.ExtensionFilter("pcapng", "*.pcapng"),
                new FileChooser.ExtensionFilter("pcap", "*.pcap"));
        var chosen = chooser.showSaveDialog(window.stage());
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

    /** Writes the displayed packets, in frame order, in the background. */
    void exportTo(Path output) {
        if (writesOverOpenCapture(output, "The packets could not be exported")) {
            return;
        }
        PacketTable table = packets.table();
        int[] rows = packets.displayedRowsInFrameOrder();
        CaptureFormat format = PacketExport.formatOf(output);
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
            if (written.commentsLeftOut() > 0) {
                // as Wireshark warns: the pcap format has no place for them
                Dialogs.warning(window.stage(), "Packet comments were left out", "The pcap format cannot hold "
                        + "packet comments: " + written.commentsLeftOut() + (written.commentsLeftOut() == 1
                        ? " comment" : " comments") + " of the exported packets " + (written.commentsLeftOut() == 1
                        ? "was" : "were") + " not written to " + output.getFileName() + ". Export as pcapng to "
                        + "keep them.");
            }
        });
    }
}
