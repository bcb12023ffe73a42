package io.rocelens.app.gui;

import io.rocelens.app.gui.common.model.Background;
import io.rocelens.app.gui.common.model.LatestWins;
import io.rocelens.app.gui.packetlist.model.ColouringRules;
import io.rocelens.app.gui.packetlist.model.ConversationColours;
import io.rocelens.app.gui.packetlist.model.PacketListModel;
import io.rocelens.app.gui.packetlist.model.PacketTable;
import io.rocelens.dissect.Addresses;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.FastDissector;
import io.rocelens.dissect.PacketSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.KeyCombination;
import javafx.scene.paint.Color;
import javafx.scene.shape.Rectangle;

/**
 * Colorize Conversation, as Wireshark's: the selected packet's conversation (Ethernet pair, IP pair, UDP ports, or
 * its RoCE QP conversation, both directions, as Follow QP filters it) coloured with one of ten temporary colours,
 * checked before the colouring rules and never saved; Reset Colorization takes them away; New Coloring Rule… opens
 * the Colouring Rules with a rule of the conversation's filter on top.
 */
final class ConversationColouring {

    /** Reset Colorization's key, Wireshark's. */
    static final KeyCombination RESET = KeyCombination.keyCombination("Shortcut+Space");

    /** The selected packet's conversation filter (null: it has none of that kind), handed over on the UI thread. */
    @FunctionalInterface
    private interface ConversationFilter {
        void then(Consumer<String> use);
    }

    private final PacketListModel packets;
    private final PacketCopy conversations;
    private final StatusLine status;
    private final Supplier<DissectorOptions> options;
    /** Opens the Colouring Rules with a new rule of this filter first. */
    private final Consumer<String> newRule;
    /** Reads the selected frame again for its MAC addresses and UDP ports, which the index does not hold. */
    private final LatestWins reads;

    ConversationColouring(PacketListModel packets, PacketCopy conversations, StatusLine status, Background background,
                          Supplier<DissectorOptions> options, Consumer<String> newRule) {
        this.packets = packets;
        this.conversations = conversations;
        this.status = status;
        this.options = options;
        this.newRule = newRule;
        reads = background.line("rocelens-colorize");
    }

    /**
     * The packet list's context menu: Ethernet, IPv4/IPv6, UDP and RoCE QP, each with Color 1 … 10 and New Coloring
     * Rule….
     */
    Menu contextMenu() {
        Menu ip = colours("_IPv4 / IPv6", use -> use.accept(conversations.ipPair()));
        Menu qp = colours("RoCE _QP", use -> use.accept(conversations.qpConversation()));
        Menu menu = new Menu("Colori_ze Conversation", null, colours("_Ethernet", fromFrame(this::ethernet)), ip,
                colours("_UDP", fromFrame(this::udp)), qp);
        // offered where the packet has such a conversation, as Wireshark's submenus (the index tells for these two)
        menu.setOnShowing(e -> {
            ip.setDisable(conversations.ipPair() == null);
            qp.setDisable(conversations.qpConversation() == null);
        });
        return menu;
    }

    /**
     * View › Colorize Conversation: Color 1 … 10 for the selected packet's RoCE QP conversation (else its IP pair),
     * Reset Colorization (Ctrl+Space, as Wireshark's) and New Coloring Rule….
     */
    Menu viewMenu() {
        Menu menu = colours("Colorize Con_versation", use -> {
            String qp = conversations.qpConversation();
            use.accept(qp != null ? qp : conversations.ipPair());
        });
        MenuItem reset = WindowMenus.item("_Reset Colorization", null, this::reset);
        // shown here; the window takes the key before the packet list, whose selection it would toggle
        reset.setAccelerator(RESET);
        menu.getItems().add(menu.getItems().size() - 1, reset);
        return menu;
    }

    private Menu colours(String title, ConversationFilter filter) {
        List<MenuItem> items = new ArrayList<>();
        for (int number = 1; number <= ConversationColours.BACKGROUNDS.size(); number++) {
            int slot = number;
            MenuItem item = WindowMenus.item(number < 10 ? "Color _" + number : "Color 1_0", null,
                    () -> filter.then(chosen -> colour(slot, chosen)));
            item.setGraphic(new Rectangle(14, 14, Color.web(ConversationColours.BACKGROUNDS.get(number - 1))));
            items.add(item);
        }
        items.add(new SeparatorMenuItem());
        items.add(WindowMenus.item("_New Coloring Rule…", null, () -> filter.then(chosen -> {
            if (chosen != null) {
                newRule.accept(chosen);
            }
        })));
        return new Menu(title, null, items.toArray(MenuItem[]::new));
    }

    /** A conversation read from the selected frame, dissected again in the background. */
    private ConversationFilter fromFrame(Function<PacketSummary, String> of) {
        return use -> {
            PacketTable table = packets.table();
            int row = conversations.selectedRow();
            if (row < 0) {
                use.accept(null);
                return;
            }
            DissectorOptions dissector = options.get();
            reads.submit("The packet could not be read again", request -> {
                PacketSummary summary = new PacketSummary();
                table.summarize(row, table.frame(row), new FastDissector(dissector), summary);
                return Optional.ofNullable(of.apply(summary));
            }, filter -> use.accept(filter.orElse(null)));
        };
    }

    /** Wireshark's Ethernet conversation filter, or null for a frame without both MAC addresses. */
    private String ethernet(PacketSummary summary) {
        return summary.ethSrc < 0 || summary.ethDst < 0 ? null : "eth.addr == " + Addresses.mac(summary.ethSrc)
                + " && eth.addr == " + Addresses.mac(summary.ethDst);
    }

    /** Wireshark's UDP conversation filter (both addresses and both ports), or null for a frame not UDP over IP. */
    private String udp(PacketSummary summary) {
        String pair = conversations.ipPairOf((int) (summary.number - 1));
        return pair == null || summary.udpSrcPort < 0 || summary.udpDstPort < 0 ? null : pair
                + " && udp.port == " + summary.udpSrcPort + " && udp.port == " + summary.udpDstPort;
    }

    private void colour(int number, String filter) {
        if (filter == null) {
            status.say("The selected packet has no such conversation to colour");
            return;
        }
        packets.setConversationColours(packets.conversationColours().with(number, filter));
        status.say("The conversation in Color " + number + " (Reset Colorization, Ctrl+Space, takes it away)");
    }

    void reset() {
        packets.setConversationColours(ConversationColours.none());
    }

    /** The new rule New Coloring Rule… puts first: the conversation in Color 1's colours. */
    static ColouringRules.Rule rule(String filter) {
        return new ColouringRules.Rule("Conversation", filter, ConversationColours.BACKGROUNDS.get(0), "#000000",
                true);
    }
}
