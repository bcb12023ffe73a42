package io.rocelens.app.gui;

import io.rocelens.app.gui.capture.model.UnsavedCaptureGuard;
import io.rocelens.app.gui.common.Dialogs;
import io.rocelens.app.gui.common.model.Background;
import io.rocelens.app.gui.common.model.LatestWins;
import io.rocelens.app.gui.packetlist.PacketListView;
import io.rocelens.app.gui.packetlist.model.PacketListModel;
import io.rocelens.app.gui.packetlist.model.PacketTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javafx.geometry.Insets;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.layout.VBox;

/**
 * Edit › Packet Comment…, Delete Packet Comments and Delete All Packet Comments, as Wireshark's packet comments: the
 * selected frame's comments (pcapng {@code opt_comment}) added, edited or deleted, or every frame's deleted. The change shows at once in the details ("Packet comments")
 * and in {@code frame.comment} filters; the capture is then unsaved until File › Save writes it as pcapng.
 */
final class PacketComments {

    private final MainWindow window;
    private final PacketListModel packets;
    private final PacketListView list;
    private final UnsavedCaptureGuard guard;
    private final StatusLine status;
    private final Runnable changed;
    /** Reads the selected frame's comments from the file, off the UI thread. */
    private final LatestWins reads;

    /**
     * @param changed run after comments changed (the details and Expert Info are shown again, the menus follow)
     */
    PacketComments(MainWindow window, Background background, PacketListModel packets, PacketListView list,
                   UnsavedCaptureGuard guard, StatusLine status, Runnable changed) {
        this.window = window;
        this.packets = packets;
        this.list = list;
        this.guard = guard;
        this.status = status;
        this.changed = changed;
        reads = background.line("rocelens-comment");
    }

    /** Edit › Packet Comment… (Ctrl+Alt+C): the selected frame's comments in a dialog, a new one below them. */
    void edit() {
        withSelected((frame, comments) -> show(frame, comments));
    }

    /** Edit › Delete Packet Comments: the selected frame's comments removed. */
    void delete() {
        withSelected((frame, comments) -> {
            if (!comments.isEmpty()) {
                set(frame, List.of());
            }
        });
    }

    /**
     * Edit › Delete All Packet Comments: every frame's comments removed, the file's and the user's alike, as
     * Wireshark's; the capture is unsaved only when there was one to remove.
     */
    void deleteAll() {
        PacketTable table = packets.table();
        if (table == null || window.capturing()) {
            return;
        }
        Set<Long> commented = table.comments().keySet();
        if (commented.isEmpty()) {
            status.say("No packet has a comment");
            return;
        }
        int frames = commented.size();
        for (long frame : List.copyOf(commented)) {
            packets.flags().setComments(frame, List.of());
        }
        edited("Deleted the comments of " + frames + (frames == 1 ? " frame" : " frames"));
    }

    private interface Selected {
        void accept(long frame, List<String> comments);
    }

    /** Reads the selected frame (its comments as the user left them) in the background, then runs {@code then}. */
    private void withSelected(Selected then) {
        PacketTable table = packets.table();
        int index = list.selectedIndex();
        if (table == null || index < 0 || index >= packets.size() || window.capturing()) {
            return;
        }
        int row = packets.rowAt(index);
        reads.submit("The packet's comments could not be read", request -> table.frame(row).comments(),
                comments -> then.accept(row + 1L, comments));
    }

    private void show(long frame, List<String> comments) {
        Dialog<ButtonType> dialog = new Dialog<>();
        Dialogs.ownedBy(dialog, window.stage());
        dialog.setTitle("Packet Comments");
        dialog.setHeaderText("Packet comments of frame " + frame + " (an emptied comment is deleted)");
        VBox content = new VBox(6);
        content.setPadding(new Insets(10));
        List<TextArea> areas = new ArrayList<>();
        for (String comment : comments) {
            areas.add(area(comment, areas.size()));
        }
        content.getChildren().addAll(areas);
        TextArea added = area("", areas.size());
        added.setPromptText("Add a comment");
        areas.add(added);
        if (!comments.isEmpty()) {
            content.getChildren().add(new Label("New comment:"));
        }
        content.getChildren().add(added);
        dialog.getDialogPane().setContent(content);
        dialog.getDialogPane().setId("packet-comments");
        dialog.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        dialog.setOnHidden(hidden -> {
            if (dialog.getResult() != ButtonType.OK) {
                return;
            }
            List<String> edited = new ArrayList<>();
            for (TextArea area : areas) {
                if (!area.getText().isBlank()) {
                    edited.add(area.getText());
                }
            }
            if (!edited.equals(comments)) {
                set(frame, edited);
            }
        });
        dialog.show();
        (comments.isEmpty() ? added : areas.get(0)).requestFocus();
    }

    private static TextArea area(String text, int number) {
        TextArea area = new TextArea(text);
        area.setId("packet-comment-" + number);
        area.setPrefRowCount(3);
        area.setPrefColumnCount(48);
        area.setWrapText(true);
        return area;
    }

    private void set(long frame, List<String> comments) {
        packets.flags().setComments(frame, comments);
        edited((comments.isEmpty() ? "Deleted the comments of frame " : "Commented frame ") + frame);
    }

    private void edited(String what) {
        guard.changed();
        list.flagsChanged();
        status.say(what + " (not saved: File › Save writes the capture as pcapng with its comments)");
        changed.run();
    }
}
