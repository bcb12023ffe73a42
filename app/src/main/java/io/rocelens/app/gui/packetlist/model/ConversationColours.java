package io.rocelens.app.gui.packetlist.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Colorize Conversation, as Wireshark's: ten temporary colouring rules ("Color 1" … "Color 10", each a conversation's
 * display filter or unset), checked before the user's rules, in slot order, and never saved; Reset Colorization
 * unsets them all. Immutable: a change makes a new set.
 */
public final class ConversationColours {

    /** Wireshark's gui.colorized_frame.bg defaults, the backgrounds of Color 1 … Color 10 (text black). */
    public static final List<String> BACKGROUNDS = List.of("#ffc0c0", "#ffc0ff", "#e0c0e0", "#c0c0ff", "#c0e0e0",
            "#c0ffff", "#c0ffc0", "#ffffc0", "#e0e0c0", "#e0e0e0");

    private static final ConversationColours NONE = new ConversationColours(new String[BACKGROUNDS.size()]);

    /** Each slot's filter, or null. */
    private final String[] filters;

    private ConversationColours(String[] filters) {
        this.filters = filters;
    }

    public static ConversationColours none() {
        return NONE;
    }

    /** These colours with Color {@code number} (1 to 10) given to the conversation of this filter. */
    public ConversationColours with(int number, String filter) {
        String[] changed = Arrays.copyOf(filters, filters.length);
        changed[number - 1] = filter;
        return new ConversationColours(changed);
    }

    public boolean isEmpty() {
        return Arrays.stream(filters).allMatch(java.util.Objects::isNull);
    }

    /** The user's rules with the set slots before them, each a rule named "Color N". */
    public ColouringRules before(ColouringRules user) {
        if (isEmpty()) {
            return user;
        }
        List<ColouringRules.Rule> rules = new ArrayList<>();
        for (int slot = 0; slot < filters.length; slot++) {
            if (filters[slot] != null) {
                rules.add(new ColouringRules.Rule("Color " + (slot + 1), filters[slot], BACKGROUNDS.get(slot),
                        "#000000", true));
            }
        }
        rules.addAll(user.rules());
        return new ColouringRules(rules);
    }
}
