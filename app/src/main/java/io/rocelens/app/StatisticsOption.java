package io.rocelens.app;

import io.rocelens.filter.DisplayFilter;
import io.rocelens.filter.FilterException;
import io.rocelens.stats.Conversations;
import io.rocelens.stats.FrameStatistic;
import io.rocelens.stats.IoStatistics;
import io.rocelens.stats.ProtocolHierarchy;
import io.rocelens.stats.StatsText;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * One {@code -z} of {@code rocelens decode}, in tshark's shape: {@code conv,TYPE[,FILTER]},
 * {@code endpoints,TYPE[,FILTER]} (TYPE eth, ip, ipv6 or udp), {@code io,phs[,FILTER]} and
 * {@code io,stat,INTERVAL[,FILTER]...}; the statistic to feed and the text that prints it at the end.
 */
record StatisticsOption(FrameStatistic statistic, Supplier<String> text, List<DisplayFilter> filters) {

    /** What {@code -z} accepts, for the help and the error messages. */
    static final String FORMS = "conv,TYPE[,FILTER], endpoints,TYPE[,FILTER] (TYPE eth, ip, ipv6 or udp), "
            + "io,phs[,FILTER] or io,stat,INTERVAL[,FILTER]...";

    /**
     * Reads one {@code -z} value.
     *
     * @throws IllegalArgumentException saying what is wrong, as a line for standard error
     */
    static StatisticsOption parse(String spec) {
        String[] parts = spec.split(",", -1);
        if (parts.length >= 2 && (parts[0].equals("conv") || parts[0].equals("endpoints"))) {
            Conversations.Kind kind = Conversations.Kind.byTsharkName(parts[1]);
            if (kind == null) {
                throw new IllegalArgumentException("-z " + spec + ": RoCE Lens counts " + parts[0]
                        + " of eth, ip, ipv6 and udp, not " + parts[1]);
            }
            DisplayFilter filter = filter(spec, rest(spec, 2));
            Conversations table = new Conversations(kind, filter);
            boolean conversations = parts[0].equals("conv");
            return new StatisticsOption(table, () -> conversations ? StatsText.conversations(table)
                    : StatsText.endpoints(table), list(filter));
        }
        if (parts.length >= 2 && parts[0].equals("io") && parts[1].equals("phs")) {
            DisplayFilter filter = filter(spec, rest(spec, 2));
            ProtocolHierarchy hierarchy = new ProtocolHierarchy(filter);
            return new StatisticsOption(hierarchy, () -> StatsText.protocolHierarchy(hierarchy), list(filter));
        }
        if (parts.length >= 3 && parts[0].equals("io") && parts[1].equals("stat")) {
            long interval = interval(spec, parts[2]);
            List<DisplayFilter> columns = new ArrayList<>();
            for (int i = 3; i < parts.length; i++) {
                columns.add(filter(spec, parts[i]));
            }
            if (columns.isEmpty()) {
                columns.add(null);       // as tshark: no filter is one column of every frame
            }
            IoStatistics stats = new IoStatistics(interval, columns);
            return new StatisticsOption(stats, () -> StatsText.ioStatistics(stats),
                    columns.stream().filter(f -> f != null).toList());
        }
        throw new IllegalArgumentException("-z " + spec + ": not a statistic RoCE Lens knows; give " + FORMS);
    }

    /** The text after the first {@code fields} commas ("" when there is none): a filter may hold commas. */
    private static String rest(String spec, int fields) {
        int at = -1;
        for (int i = 0; i < fields; i++) {
            at = spec.indexOf(',', at + 1);
            if (at < 0) {
                return "";
            }
        }
        return spec.substring(at + 1);
    }

    private static DisplayFilter filter(String spec, String text) {
        if (text.isBlank()) {
            return null;
        }
        try {
            return DisplayFilter.compile(text);
        } catch (FilterException wrong) {
            throw new IllegalArgumentException("-z " + spec + ": " + text + ": " + wrong.getMessage());
        }
    }

    /** Seconds, as tshark takes them: whole microseconds, at least one. */
    private static long interval(String spec, String text) {
        BigDecimal nanos;
        try {
            nanos = new BigDecimal(text).movePointRight(9);
        } catch (NumberFormatException notNumber) {
            throw new IllegalArgumentException("-z " + spec + ": the interval is seconds, such as 0.001, not " + text);
        }
        if (nanos.compareTo(BigDecimal.valueOf(1000)) < 0 || nanos.remainder(BigDecimal.valueOf(1000)).signum() != 0
                || nanos.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
            throw new IllegalArgumentException("-z " + spec + ": the interval is whole microseconds, at least 0.000001 s");
        }
        return nanos.longValueExact();
    }

    private static List<DisplayFilter> list(DisplayFilter filter) {
        return filter == null ? List.of() : List.of(filter);
    }
}
