package io.rocelens.app.gui.filterbar.model;

import io.rocelens.filter.DisplayFilter;
import io.rocelens.filter.FilterCompletion;
import io.rocelens.filter.FilterException;
import java.util.ArrayList;
import java.util.List;

/**
 * The display filter bar: checks the text as it is typed (valid, invalid with the message and column, or empty),
 * offers field names to complete the word at the caret, and keeps the history of applied filters and the saved
 * filter buttons.
 */
public final class FilterBarModel {

    public enum State { EMPTY, VALID, INVALID }

    /**
     * What the bar shows for a text.
     *
     * @param filter   the compiled filter when valid (the empty filter when empty), else null
     * @param message  the error, with its column, when invalid; else null
     * @param position 0-based column of the error, or -1
     */
    public record Check(State state, DisplayFilter filter, String message, int position) {
    }

    /** A saved filter button. */
    public record SavedFilter(String label, String filter) {
    }

    /** A completion: the text with the word at the caret replaced, and the caret after it. */
    public record Completion(String name, String description, String text, int caret) {
    }

    /** Buttons for the common RoCE questions. */
    public static final List<SavedFilter> SAVED = List.of(
            new SavedFilter("NAKs", "aeth.type == \"nak\" || aeth.type == \"rnr_nak\""),
            new SavedFilter("Retransmissions", "roce.analysis.retransmission"),
            new SavedFilter("PSN gaps", "roce.analysis.psn_gap"),
            new SavedFilter("PFC", "pfc || pause"),
            new SavedFilter("CNP / CE", "cnp || ip.ecn == 3 || ipv6.ecn == 3"));

    private static final int MAX_HISTORY = 30;
    private static final int MAX_COMPLETIONS = 40;

    private final List<String> history = new ArrayList<>();

    public FilterBarModel(List<String> savedHistory) {
        history.addAll(savedHistory.subList(0, Math.min(MAX_HISTORY, savedHistory.size())));
    }

    public static Check check(String text) {
        if (text == null || text.isBlank()) {
            return new Check(State.EMPTY, null, null, -1);
        }
        try {
            return new Check(State.VALID, DisplayFilter.compile(text), null, -1);
        } catch (FilterException invalid) {
            return new Check(State.INVALID, null, invalid.getMessage() + " (at column " + (invalid.position() + 1)
                    + ")", invalid.position());
        }
    }

    /** Records an applied filter at the top of the history (once). */
    public void applied(String text) {
        if (text == null || text.isBlank()) {
            return;
        }
        String filter = text.strip();
        history.remove(filter);
        history.add(0, filter);
        while (history.size() > MAX_HISTORY) {
            history.remove(history.size() - 1);
        }
    }

    /** Applied filters, the latest first. */
    public List<String> history() {
        return List.copyOf(history);
    }

    /**
     * Field names that complete the word before the caret; none for an empty word or one the user has finished
     * (a complete name with nothing longer).
     */
    public static List<Completion> complete(String text, int caret) {
        int end = Math.min(caret, text.length());
        int start = FilterCompletion.nameStart(text, end);
        String word = text.substring(start, end);
        if (word.isEmpty() || !Character.isLetter(word.charAt(0))) {
            return List.of();
        }
        List<Completion> completions = new ArrayList<>();
        for (FilterCompletion.Entry entry : FilterCompletion.complete(word)) {
            if (completions.size() == MAX_COMPLETIONS) {
                break;
            }
            String completed = text.substring(0, start) + entry.name() + text.substring(end);
            completions.add(new Completion(entry.name(), entry.description(), completed, start + entry.name().length()));
        }
        if (completions.size() == 1 && completions.get(0).name().equals(word)) {
            return List.of();
        }
        return completions;
    }
}
