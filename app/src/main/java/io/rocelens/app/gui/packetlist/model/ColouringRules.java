package io.rocelens.app.gui.packetlist.model;

import io.rocelens.analysis.AnalysisMarks;
import io.rocelens.app.gui.common.model.Preferences;
import io.rocelens.dissect.Dissection;
import io.rocelens.dissect.PacketSummary;
import io.rocelens.filter.DisplayFilter;
import io.rocelens.filter.FilterException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The packet list's colouring rules, written in the display filter language as in Wireshark: the first enabled rule
 * a frame matches gives its row's colours. Immutable: an edit makes a new set.
 */
public final class ColouringRules {

    /**
     * One rule.
     *
     * @param background colour as {@code #rrggbb}
     * @param foreground colour as {@code #rrggbb}
     */
    public record Rule(String name, String filter, String background, String foreground, boolean enabled) {

        public Rule {
            if (name.contains("\t") || filter.contains("\t")) {
                throw new IllegalArgumentException("a rule's name and filter cannot hold a tab");
            }
        }

        /** One line for the preferences file: enabled, name, background, foreground, filter, tab-separated. */
        String line() {
            return (enabled ? "1" : "0") + '\t' + name + '\t' + background + '\t' + foreground + '\t' + filter;
        }

        static Rule parse(String line) {
            String[] parts = line.split("\t", 5);
            if (parts.length != 5) {
                throw new IllegalArgumentException("not a colouring rule: " + line);
            }
            return new Rule(parts[1], parts[4], parts[2], parts[3], parts[0].equals("1"));
        }
    }

    /** Wireshark's look: dark rows with red text for broken frames, warm colours for trouble, pale ones for protocols. */
    public static final List<Rule> DEFAULTS = List.of(
            new Rule("Bad ICRC", "icrc.status == \"bad\"", "#12272e", "#f78787", true),
            new Rule("Malformed", "malformed", "#000000", "#ff5f5f", true),
            new Rule("NAK", "aeth.type == \"nak\"", "#a40000", "#fffc9c", true),
            new Rule("RNR NAK", "aeth.type == \"rnr_nak\"", "#ce5c00", "#ffffff", true),
            new Rule("Retransmission", "roce.analysis.retransmission", "#fce94f", "#000000", true),
            new Rule("PSN gap", "roce.analysis.psn_gap", "#ff9e9e", "#000000", true),
            new Rule("CNP", "cnp", "#8cc4ff", "#000000", true),
            new Rule("CE mark", "ip.ecn == 3 || ipv6.ecn == 3", "#ffc0ef", "#000000", true),
            new Rule("PFC / PAUSE", "pfc || pause", "#d3b3ff", "#000000", true),
            new Rule("RoCE", "roce", "#e7f0ff", "#000000", true),
            new Rule("TCP", "tcp", "#e7e6ff", "#000000", true),
            new Rule("UDP", "udp", "#daeeff", "#000000", true),
            new Rule("ARP", "arp", "#fafaf0", "#000000", true));

    private final List<Rule> rules;
    /** Compiled filters of the rules, null where disabled or not valid (such a rule never matches). */
    private final List<DisplayFilter> compiled;
    private final boolean needsDetail;

    public ColouringRules(List<Rule> rules) {
        this.rules = List.copyOf(rules);
        List<DisplayFilter> filters = new ArrayList<>();
        boolean detail = false;
        for (Rule rule : this.rules) {
            DisplayFilter filter = null;
            // an empty filter would match every frame: a rule without one (a new rule) colours nothing
            if (rule.enabled() && !rule.filter().isBlank()) {
                try {
                    filter = DisplayFilter.compile(rule.filter());
                    detail |= filter.needsDetail();
                } catch (FilterException invalid) {
                    filter = null;
                }
            }
            filters.add(filter);
        }
        compiled = java.util.Collections.unmodifiableList(filters);
        needsDetail = detail;
    }

    public static ColouringRules defaults() {
        return new ColouringRules(DEFAULTS);
    }

    /** The rules kept in the preferences, or the defaults when none were ever saved. */
    public static ColouringRules from(Preferences preferences) {
        if (!preferences.hasList(Preferences.COLOURING_RULES)) {
            return defaults();
        }
        List<Rule> rules = new ArrayList<>();
        for (String line : preferences.getList(Preferences.COLOURING_RULES)) {
            try {
                rules.add(Rule.parse(line));
            } catch (IllegalArgumentException damaged) {
                // a line edited by hand into something else is dropped, the others kept
            }
        }
        return new ColouringRules(rules);
    }

    public void saveTo(Preferences preferences) {
        preferences.putList(Preferences.COLOURING_RULES, rules.stream().map(Rule::line).toList());
    }

    public List<Rule> rules() {
        return rules;
    }

    /** The rules with the one at {@code index} moved up (negative) or down by {@code by} places, within bounds. */
    public ColouringRules moved(int index, int by) {
        List<Rule> list = new ArrayList<>(rules);
        int to = Math.max(0, Math.min(list.size() - 1, index + by));
        list.add(to, list.remove(index));
        return new ColouringRules(list);
    }

    /** The rules with the one at {@code index} replaced. */
    public ColouringRules with(int index, Rule rule) {
        List<Rule> list = new ArrayList<>(rules);
        list.set(index, rule);
        return new ColouringRules(list);
    }

    /** The rules with a new one first (where a new rule wins, as in Wireshark's dialog). */
    public ColouringRules plus(Rule rule) {
        List<Rule> list = new ArrayList<>(rules);
        list.add(0, rule);
        return new ColouringRules(list);
    }

    public ColouringRules without(int index) {
        List<Rule> list = new ArrayList<>(rules);
        list.remove(index);
        return new ColouringRules(list);
    }

    /** The error of a rule's filter, or null when it compiles; an empty filter is not one. */
    public static String problem(String filter) {
        if (filter.isBlank()) {
            return "no filter";
        }
        try {
            DisplayFilter.compile(filter);
            return null;
        } catch (FilterException invalid) {
            return invalid.getMessage();
        }
    }

    /** True when some enabled rule reads a field only the detail dissection has. */
    public boolean needsDetail() {
        return needsDetail;
    }

    /** Index of the first enabled rule the frame matches, or -1. */
    public int match(PacketSummary summary, AnalysisMarks marks, Supplier<Dissection> detail) {
        for (int i = 0; i < compiled.size(); i++) {
            DisplayFilter filter = compiled.get(i);
            if (filter != null && filter.matches(summary, marks, detail)) {
                return i;
            }
        }
        return -1;
    }
}
