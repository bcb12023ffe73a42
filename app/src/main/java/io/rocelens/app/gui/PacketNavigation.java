package io.rocelens.app.gui;

import io.rocelens.app.gui.common.Dialogs;
import io.rocelens.app.gui.packetlist.FindDialog;
import io.rocelens.app.gui.packetlist.PacketListView;
import io.rocelens.app.gui.packetlist.model.PacketListModel;
import java.util.Optional;
import javafx.scene.control.TextInputDialog;
import javafx.stage.Stage;

/** The Go menu and Edit › Find Packet: moving the packet list's selection. */
final class PacketNavigation {

    private final Stage stage;
    private final PacketListModel packets;
    private final PacketListView list;

    PacketNavigation(Stage stage, PacketListModel packets, PacketListView list) {
        this.stage = stage;
        this.packets = packets;
        this.list = list;
    }

    /** Selects a frame by its number; says so when it is not displayed. */
    void goTo(long frame) {
        int index = packets.indexOfFrame(frame);
        if (index < 0) {
            Dialogs.information(stage, "Packet " + frame + " is not shown", frame < 1 || frame > packets.total()
                    ? "The capture has packets 1 to " + packets.total() + "."
                    : "Packet " + frame + " is hidden by the display filter.");
            return;
        }
        list.select(index);
    }

    /** Go › Go to Packet (Ctrl+G). */
    void askGoTo() {
        TextInputDialog ask = new TextInputDialog();
        Dialogs.ownedBy(ask, stage);
        ask.setTitle("Go to Packet");
        ask.setHeaderText(null);
        ask.setContentText("Packet number:");
        ask.getEditor().setId("go-to-field");
        Optional<String> answer = ask.showAndWait();
        answer.map(String::strip).filter(text -> !text.isEmpty()).ifPresent(text -> {
            try {
                goTo(Long.parseLong(text));
            } catch (NumberFormatException notANumber) {
                Dialogs.error(stage, "Not a packet number", "\"" + text + "\" is not a whole number.");
            }
        });
    }

    /** Moves the selection by {@code by} places, within the list. */
    void step(int by) {
        int size = packets.size();
        if (size == 0) {
            return;
        }
        int now = list.selectedIndex();
        int next = now < 0 ? 0 : Math.max(0, Math.min(size - 1, now + by));
        list.select(next);
    }

    /** Edit › Find Packet (Ctrl+F). */
    void find() {
        FindDialog.show(stage, packets, list::selectedIndex, list::select);
    }
}
