package io.rocelens.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The statistics as tshark prints them for {@code -q -z ...}: the same headings, columns and number formats (byte
 * counts of conversations in tshark's rounded "31 kB" form, times in seconds), so the two can be read side by side.
 * The column widths are RoCE Lens's own.
 */
public final class StatsText {

    private static final String RULE = "=".repeat(80);

    private StatsText() {
    }

    /** tshark's {@code -z conv,TYPE} table. */
    public static String conversations(Conversations table) {
        StringBuilder out = new StringBuilder();
        out.append(RULE).append('\n');
        out.append(table.kind().title()).append(" Conversations\n");
        out.append("Filter:").append(filterOrNone(table.filterText())).append('\n');
        List<Conversations.Conversation> rows = table.conversations();
        int width = 20;
        for (Conversations.Conversation c : rows) {
            width = Math.max(width, Math.max(side(c.addressA(), c.portA()).length(), side(c.addressB(), c.portB()).length()));
        }
        String lead = " ".repeat(2 * width + 7);
        out.append(lead).append("|       <-      | |       ->      | |     Total     |    Relative    |   Duration   |\n");
        out.append(lead).append("| Frames  Bytes | | Frames  Bytes | | Frames  Bytes |      Start     |              |\n");
        for (Conversations.Conversation c : rows) {
            out.append(pad(side(c.addressA(), c.portA()), width)).append(" <-> ")
                    .append(pad(side(c.addressB(), c.portB()), width))
                    .append(String.format(Locale.ROOT, "  %6d %-10s %6d %-10s %6d %-10s %16s %14s%n",
                            c.framesBToA(), size(c.bytesBToA()), c.framesAToB(), size(c.bytesAToB()),
                            c.frames(), size(c.bytes()), seconds(c.startNanos(), 9), seconds(c.durationNanos(), 4)));
        }
        out.append(RULE).append('\n');
        return out.toString();
    }

    /** tshark's {@code -z endpoints,TYPE} table. */
    public static String endpoints(Conversations table) {
        StringBuilder out = new StringBuilder();
        out.append(RULE).append('\n');
        out.append(table.kind().title()).append(" Endpoints\n");
        out.append("Filter:").append(filterOrNone(table.filterText())).append('\n');
        boolean ports = table.kind() == Conversations.Kind.UDP;
        List<Conversations.Endpoint> rows = table.endpoints();
        int width = 22;
        for (Conversations.Endpoint e : rows) {
            width = Math.max(width, e.address().length());
        }
        out.append(" ".repeat(width + 1)).append(ports ? "|  Port  |" : "")
                .append("|  Packets  | |  Bytes  | | Tx Packets | | Tx Bytes | | Rx Packets | | Rx Bytes |\n");
        for (Conversations.Endpoint e : rows) {
            out.append(pad(e.address(), width));
            if (ports) {
                out.append(String.format(Locale.ROOT, " %8d", e.port()));
            }
            out.append(String.format(Locale.ROOT, " %12d %13d %13d %15d %13d %15d%n",
                    e.frames(), e.bytes(), e.txFrames(), e.txBytes(), e.rxFrames(), e.rxBytes()));
        }
        out.append(RULE).append('\n');
        return out.toString();
    }

    /** tshark's {@code -z io,phs} tree: two spaces of indent a level, frames and bytes per protocol. */
    public static String protocolHierarchy(ProtocolHierarchy hierarchy) {
        StringBuilder out = new StringBuilder();
        String rule = "=".repeat(67);
        out.append('\n').append(rule).append('\n');
        out.append("Protocol Hierarchy Statistics\n");
        out.append("Filter: ").append(hierarchy.filterText()).append("\n\n");
        for (ProtocolHierarchy.Node node : hierarchy.root().children()) {
            tree(node, 0, out);
        }
        out.append(rule).append('\n');
        return out.toString();
    }

    private static void tree(ProtocolHierarchy.Node node, int depth, StringBuilder out) {
        out.append(pad("  ".repeat(depth) + node.protocol(), 40))
                .append(" frames:").append(node.frames()).append(" bytes:").append(node.bytes()).append('\n');
        for (ProtocolHierarchy.Node child : node.children()) {
            tree(child, depth + 1, out);
        }
    }

    /** tshark's {@code -z io,stat} box: a row per interval, frames and bytes per filter. */
    public static String ioStatistics(IoStatistics stats) {
        int decimals = decimals(stats.intervalNanos());
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < stats.intervals(); i++) {
            long from = i * stats.intervalNanos();
            long to = Math.min(from + stats.intervalNanos(), stats.durationNanos());
            labels.add(seconds(from, decimals) + " <> " + seconds(Math.max(to, from), decimals));
        }
        int labelWidth = Math.max("Interval".length(), labels.stream().mapToInt(String::length).max().orElse(0));
        int[] framesWidth = new int[stats.columns()];
        int[] bytesWidth = new int[stats.columns()];
        for (int c = 0; c < stats.columns(); c++) {
            framesWidth[c] = "Frames".length();
            bytesWidth[c] = "Bytes".length();
            for (int i = 0; i < stats.intervals(); i++) {
                framesWidth[c] = Math.max(framesWidth[c], Long.toString(stats.frames(c, i)).length());
                bytesWidth[c] = Math.max(bytesWidth[c], Long.toString(stats.bytes(c, i)).length());
            }
        }
        StringBuilder head = new StringBuilder("| ").append(pad("Interval", labelWidth)).append(" |");
        for (int c = 0; c < stats.columns(); c++) {
            head.append(String.format(Locale.ROOT, " %" + framesWidth[c] + "s | %" + bytesWidth[c] + "s |",
                    "Frames", "Bytes"));
        }
        int boxWidth = head.length();
        String rule = "=".repeat(boxWidth);
        String line = "|" + "-".repeat(boxWidth - 2) + "|";
        StringBuilder out = new StringBuilder();
        out.append('\n').append(rule).append('\n');
        out.append(boxed("IO Statistics", boxWidth)).append(boxed("", boxWidth));
        out.append(boxed("Duration: " + seconds(stats.durationNanos(), decimals) + " secs", boxWidth));
        out.append(boxed("Interval: " + seconds(stats.intervalNanos(), decimals) + " secs", boxWidth));
        out.append(boxed("", boxWidth));
        List<String> filters = stats.filterTexts();
        for (int c = 0; c < filters.size(); c++) {
            String name = filters.get(c).isEmpty() ? "Frames and bytes" : filters.get(c);
            out.append(boxed((c == 0 ? "Col " : "    ") + (c + 1) + ": " + name, boxWidth));
        }
        out.append(line).append('\n');
        StringBuilder numbers = new StringBuilder("| ").append(" ".repeat(labelWidth)).append(" |");
        for (int c = 0; c < stats.columns(); c++) {
            numbers.append(pad(Integer.toString(c + 1), framesWidth[c] + bytesWidth[c] + 5)).append('|');
        }
        out.append(numbers).append('\n').append(head).append('\n').append(line).append('\n');
        for (int i = 0; i < stats.intervals(); i++) {
            out.append("| ").append(pad(labels.get(i), labelWidth)).append(" |");
            for (int c = 0; c < stats.columns(); c++) {
                out.append(String.format(Locale.ROOT, " %" + framesWidth[c] + "d | %" + bytesWidth[c] + "d |",
                        stats.frames(c, i), stats.bytes(c, i)));
            }
            out.append('\n');
        }
        out.append(rule).append('\n');
        return out.toString();
    }

    private static String boxed(String text, int width) {
        return "| " + pad(text, width - 4) + " |\n";
    }

    /**
     * A byte count as tshark's conversation tables print it (its SI "format_size"): the exact count under 10 kB,
     * else whole kB, MB, GB or TB, cut (not rounded) so that at least 10 remain: 9999 bytes, 10 kB, 10999999 is 10 MB.
     */
    public static String size(long bytes) {
        String[] units = {"kB", "MB", "GB", "TB"};
        long value = bytes;
        String unit = null;
        for (String next : units) {
            if (value / 1000 < 10) {
                break;
            }
            value /= 1000;
            unit = next;
        }
        return unit == null ? bytes + " bytes" : value + " " + unit;
    }

    /** Nanoseconds as seconds with that many decimals, rounded to the nearest as tshark's printf rounds them. */
    public static String seconds(long nanos, int decimals) {
        return new java.math.BigDecimal(nanos).movePointLeft(9)
                .setScale(decimals, java.math.RoundingMode.HALF_EVEN).toPlainString();
    }

    /** The decimals an interval needs to be written exactly (at least 0, at most 9). */
    static int decimals(long intervalNanos) {
        return Math.max(0, new java.math.BigDecimal(intervalNanos).movePointLeft(9).stripTrailingZeros().scale());
    }

    private static String side(String address, int port) {
        return port < 0 ? address : address + ":" + port;
    }

    private static String filterOrNone(String filter) {
        return filter.isEmpty() ? "<No Filter>" : filter;
    }

    private static String pad(String text, int width) {
        return text.length() >= width ? text : text + " ".repeat(width - text.length());
    }
}
