package io.rocelens.filter;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/** Field and protocol names for the filter bar's autocompletion, aliases included. */
public final class FilterCompletion {

    /** One completion: a name a filter accepts, and what it is. */
    public record Entry(String name, String description) {
    }

    private FilterCompletion() {
    }

    /**
     * The names starting with the prefix (case does not matter), sorted: RoCE Lens names first, then Wireshark's.
     * An empty prefix lists every name.
     */
    public static List<Entry> complete(String prefix) {
        String lower = prefix.toLowerCase(Locale.ROOT);
        List<Entry> found = new ArrayList<>();
        for (FilterField field : FilterFields.all()) {
            if (field.name().toLowerCase(Locale.ROOT).startsWith(lower)) {
                found.add(new Entry(field.name(), field.description()));
            }
        }
        found.sort(Comparator.comparing((Entry e) -> WiresharkAliases.of(e.name()) != null).thenComparing(Entry::name));
        return found;
    }

    /**
     * Where the name under the caret starts: the filter bar replaces text from there to the caret with the chosen
     * completion.
     */
    public static int nameStart(String text, int caret) {
        int start = Math.min(caret, text.length());
        while (start > 0 && isNameChar(text.charAt(start - 1))) {
            start--;
        }
        return start;
    }

    private static boolean isNameChar(char c) {
        return c < 128 && (Character.isLetterOrDigit(c) || c == '_' || c == '.' || c == '-');
    }
}
