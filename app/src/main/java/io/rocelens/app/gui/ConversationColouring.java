package io.rocelens.app.gui;

import io.rocelens.app.gui.packetlist.model.ColouringRules;
import io.rocelens.app.gui.packetlist.model.ConversationColours;
import io.rocelens.app.gui.packetlist.model.PacketListModel;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.input.KeyCombination;
import javafx.scene.paint.Color;
import javafx.scene.shape.Rectangle;

/**
 * Colorize Conversation, as Wireshark's: the selected packet's conversation (its IP pair, or its RoCE QP conversation,
 * both directions, as Follow QP filters it) coloured with one of ten temporary colours, checked before the colouring
 * rules and never saved; Reset Colorization takes them away; New Coloring Rule… opens the Colouring Rules with a rule
 * of the conversation's filter on top.
 */
final class ConversationColouring {

    /** Reset Colorization's key, Wireshark's. */
    static final KeyCombination RESET = KeyCombination.keyCombination("Shortcut+Space");

    private final PacketListModel packets;
    private final PacketCopy conversations;
    private final StatusLine status;
    /** Opens the Colouring Rules with a new rule of this filter first. */
    private final Consumer<String> newRule;

    ConversationColouring(PacketListModel packets, PacketCopy conversations, StatusLine status,
                          Consumer<String> newRule) {
        this.packets = packets;
        this.conversations = conversations;
        this.status = status;
        this.newRule = newRule;
    }

    /** The packet list's context menu: IPv4/IPv6 and RoCE QP, each with Color 1 … 10 and New Coloring Rule…. */
    Menu contextMenu() {
        Menu ip = colours("_IPv4 / IPv6", conversations::ipPair);
        Menu qp = colours("RoCE _QP", conversations::qpConversation);
        Menu menu = new Menu("Colori_ze Conversation", null, ip, qp);
        // offered where the packet has such a conversation, as Wireshark's submenus
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
        Supplier<String> best = () -> {
            String qp = conversations.qpConversation();
            return qp != null ? qp : conversations.ipPair();
        };
        Menu menu = colours("Colorize Con_versation", best);
        MenuItem reset = WindowMenus.item("_Reset Colorization", null, this::reset);
        // shown here; the window takes the key before the packet list, whose selection it would toggle
        reset.setAccelerator(RESET);
        menu.getItems().add(menu.getItems().size() - 1, reset);
        return menu;
    }

    private Menu colours(String title, Supplier<String> filter) {
        List<MenuItem> items = new ArrayList<>();
        for (int number = 1; number <= ConversationColours.BACKGROUNDS.size(); number++) {
            int slot = number;
            MenuItem item = WindowMenus.item(number < 10 ? "Color _" + number : "Color 1_0", null,
                    () -> colour(slot, filter.get()));
            item.setGraphic(new Rectangle(14, 14, Color.web(ConversationColours.BACKGROUNDS.get(number - 1))));
            items.add(item);
        }
        items.add(new SeparatorMenuItem());
        items.add(WindowMenus.item("_New Coloring Rule…", null, () -> {
            String chosen = filter.get();
            if (chosen != null) {
                newRule.accept(chosen);
            }
        }));
        return new Menu(title, null, items.toArray(MenuItem[]::new));
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
