package io.rocelens.app.gui;

import io.rocelens.analysis.AnalysisResult;
import io.rocelens.analysis.FlowStats;
import io.rocelens.analysis.Formats;
import io.rocelens.app.gui.details.DetailsPane;
import io.rocelens.app.gui.filterbar.FilterBar;
import io.rocelens.app.gui.packetlist.PacketListView;
import io.rocelens.app.gui.packetlist.model.PacketColumn;
import io.rocelens.app.gui.packetlist.model.PacketListModel;
import io.rocelens.app.gui.packetlist.model.PacketTable;
import io.rocelens.app.gui.packetlist.model.RowFilters;
import io.rocelens.app.gui.stats.conversations.model.Conversation;
import io.rocelens.app.gui.stats.conversations.model.Conversations;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;

/**
 * Edit › Copy and the packet list's context menu, as Wireshark's: mark, ignore and time reference the row, follow its
 * QP, apply or prepare a filter for its conversation (the QP, the IP pair), copy its summary as text or CSV, its
 * conversation as a filter, its details or its bytes, and decode a UDP port as RoCE.
 */
final class PacketCopy {

    private final PacketListModel packets;
    private final PacketListView list;
    private final DetailsPane details;
    private final FilterBar filterBar;
    /** The analysis of the capture once loaded (its flows pair a QP's two directions), or null. */
    private final Supplier<AnalysisResult> analysis;

    PacketCopy(PacketListModel packets, PacketListView list, DetailsPane details, FilterBar filterBar,
               Supplier<AnalysisResult> analysis) {
        this.packets = packets;
        this.list = list;
        this.details = details;
        this.filterBar = filterBar;
        this.analysis = analysis;
    }

    /** The packet list's context menu. */
    ContextMenu menu(PacketFlagging flags, PacketComments comments, Menu colourConversation, Runnable decodeAs) {
        Menu copy = new Menu("_Copy", null,
                WindowMenus.item("Summary as _Text", null, this::summary),
                WindowMenus.item("Summary as _CSV", null, this::summaryCsv),
                WindowMenus.item("As _Filter (QP conversation)", null, this::asFilter),
                new SeparatorMenuItem(),
                WindowMenus.item("Packet _Details as Text", null, this::details),
                WindowMenus.item("_Bytes as Hex Dump", null, this::bytes));
        ContextMenu menu = new ContextMenu(
                WindowMenus.item("_Mark/Unmark Packet", null, flags::toggleMark),
                WindowMenus.item("_Ignore/Unignore Packet", null, flags::toggleIgnore),
                WindowMenus.item("Set/Unset _Time Reference", null, flags::toggleTimeReference),
                WindowMenus.item("Packet C_omment…", null, comments::edit),
                WindowMenus.item("De_lete Packet Comments", null, comments::delete),
                new SeparatorMenuItem(),
                filterMenu("_Apply as Filter", filterBar::applyNow),
                filterMenu("_Prepare as Filter", filterBar::prepare),
                colourConversation,
                WindowMenus.item("Follow _QP", null, () -> withFilter(qpConversation(), filterBar::applyNow)),
                new SeparatorMenuItem(),
                copy,
                new SeparatorMenuItem(),
                WindowMenus.item("_Decode As…", null, decodeAs));
        menu.setId("packet-list-menu");
        return menu;
    }

    private Menu filterMenu(String text, Consumer<String> action) {
        return new Menu(text, null,
                WindowMenus.item("_QP Conversation", null, () -> withFilter(qpConversation(), action)),
                WindowMenus.item("_IP Pair", null, () -> withFilter(ipPair(), action)));
    }

    private static void withFilter(String filter, Consumer<String> action) {
        if (filter != null) {
            action.accept(filter);
        }
    }

    /** Copy › Summary as Text: the row's columns as the list shows them, separated by tabs. */
    void summary() {
        List<String> cells = cells();
        if (cells != null) {
            copy(String.join("\t", cells));
        }
    }

    /** Copy › Summary as CSV: the row's columns, each quoted, as Wireshark copies them. */
    void summaryCsv() {
        List<String> cells = cells();
        if (cells != null) {
            copy(RowFilters.csvLine(cells));
        }
    }

    /** Copy › As Filter: the display filter of the row's QP conversation. */
    void asFilter() {
        withFilter(qpConversation(), PacketCopy::copy);
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

    private List<String> cells() {
        int index = list.selectedIndex();
        if (index < 0 || index >= packets.size()) {
            return null;
        }
        List<String> cells = new ArrayList<>();
        for (PacketColumn column : PacketColumn.values()) {
            cells.add(packets.text(index, column));
        }
        return cells;
    }

    /** The selected row's index row, or -1. */
    int selectedRow() {
        int index = list.selectedIndex();
        return index < 0 || index >= packets.size() || packets.table() == null ? -1 : packets.rowAt(index);
    }

    /** Both addresses of the selected row, either way round, or null when it has no IP addresses. */
    String ipPair() {
        int row = selectedRow();
        return row < 0 ? null : ipPairOf(row);
    }

    /** Both addresses of an index row, either way round, or null when it has no IP addresses; on any thread. */
    String ipPairOf(int row) {
        PacketTable table = packets.table();
        return table == null ? null : RowFilters.ipPair(table.source(row), table.destination(row));
    }

    /**
     * The row's QP conversation, both directions, as QP Conversations' Follow QP filters it: the analysis pairs the
     * row's flow (its addresses and destination QP) with the flow coming back; the row's flow alone before that.
     */
    String qpConversation() {
        int row = selectedRow();
        if (row < 0) {
            return null;
        }
        PacketTable table = packets.table();
        String source = table.source(row);
        String destination = table.destination(row);
        int qp = table.destQp(row);
        if (qp < 0 || RowFilters.ipPair(source, destination) == null) {
            return null;
        }
        AnalysisResult result = analysis.get();
        if (result != null) {
            for (Conversation conversation : Conversations.of(result)) {
                for (FlowStats flow : conversation.flows()) {
                    if (flow.dstQp() == qp && flow.srcIp().equals(source) && flow.dstIp().equals(destination)) {
                        return conversation.displayFilter();
                    }
                }
            }
        }
        return RowFilters.flow(source, destination, Formats.qp(qp));
    }

    private static void copy(String text) {
        ClipboardContent content = new ClipboardContent();
        content.putString(text);
        Clipboard.getSystemClipboard().setContent(content);
    }
}
