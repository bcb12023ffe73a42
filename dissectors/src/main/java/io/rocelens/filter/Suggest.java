package io.rocelens.filter;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * "Did you mean": the known names closest to a mistyped one, by edit distance on the name and on its last part (the
 * names that are never present left out).
 */
final class Suggest {

    private static final int MAX_SUGGESTIONS = 3;

    private Suggest() {
    }

    static List<String> closest(String typed) {
        record Scored(String name, int distance) {
        }
        List<Scored> scored = new ArrayList<>();
        int allowed = Math.min(4, Math.max(2, typed.length() / 3));
        for (FilterField field : FilterFields.all()) {
            String name = field.name();
            if (FilterFields.NEVER_PRESENT.contains(name)) {
                continue; // accepted as tshark accepts them, but never the name a user meant: they match nothing
            }
            int distance = distance(typed, name);
            if (name.endsWith("." + typed)) {
                distance = Math.min(distance, 1);
            }
            String lastPart = name.substring(name.lastIndexOf('.') + 1);
            String typedLast = typed.substring(typed.lastIndexOf('.') + 1);
            if (typed.indexOf('.') < 0 && typed.length() > 2) {
                distance = Math.min(distance, distance(typedLast, lastPart) + 1);
            }
            if (distance <= allowed) {
                scored.add(new Scored(name, distance));
            }
        }
        scored.sort(Comparator.comparingInt(Scored::distance).thenComparing(Scored::name));
        return scored.stream().limit(MAX_SUGGESTIONS).map(Scored::name).toList();
    }

    /** Levenshtein distance. */
    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitute = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitute, Math.min(previous[j] + 1, current[j - 1] + 1));
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
