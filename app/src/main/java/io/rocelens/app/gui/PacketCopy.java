package io.rocelens.app.gui;

import io.rocelens.app.gui.details.DetailsPane;
import io.rocelens.app.gui.packetlist.PacketListView;
import io.rocelens.app.gui.packetlist.model.PacketColumn;
import io.rocelens.app.gui.packetlist.model.PacketListModel;
import javafx.scene.control.ContextMenu;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;

/** Edit › Copy and the packet list's context menu: the selected packet's summary line, details or bytes. */
final class PacketCopy {

    private final PacketListModel packets;
    private final PacketListView list;
    private final DetailsPane details;

    PacketCopy(PacketListModel packets, PacketListView list, DetailsPane details) {
        this.packets = packets;
        this.list = list;
        this.details = details;
    }

    /** The packet list's context menu. */
    ContextMenu menu() {
        return new ContextMenu(WindowMenus.item("Copy Summary Line", null, this::summary),
                WindowMenus.item("Copy Packet Details as Text", null, this::details),
                WindowMenus.item("Copy Bytes as Hex Dump", null, this::bytes));
    }

    void summary() {
        int index = list.selectedIndex();
        if (index < 0 || index >= packets.size()) {
            return;
        }
        StringBuilder line = new StringBuilder();
        for (PacketColumn column : PacketColumn.values()) {
            line.append(line.length() > 0 ? "\t" : "").append(packets.text(index, column));
        }
        copy(line.toString());
    }

    void details() {
        if (details.shown() != null) {
            copy(details.shown().text());
        }
    }

    void bytes() {
        if (details.shown() != null) {
            copy(details.shown().bytes().text());
        }
    }

    private static void copy(String text) {
        ClipboardContent content = new ClipboardContent();
        content.putString(text);
        Clipboard.getSystemClipboard().setContent(content);
    }
}
