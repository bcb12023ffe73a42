package io.rocelens.app.gui.packetlist.model;

import java.util.List;
import java.util.regex.Pattern;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.QuoteMode;

/** What the packet list's context menu makes of a row's text: its conversation filters and its CSV line. */
public final class RowFilters {

    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
    private static final Pattern MAC = Pattern.compile("(?i)([0-9a-f]{2}:){5}[0-9a-f]{2}");
    /** Every cell quoted, as Wireshark's Copy › …as CSV writes them; one line, no line end. */
    private static final CSVFormat CSV = CSVFormat.RFC4180.builder().setQuoteMode(QuoteMode.ALL)
            .setRecordSeparator("").get();

    private RowFilters() {
    }

    /**
     * Wireshark's IP conversation filter for the row's two addresses ({@code ip.addr == a && ip.addr == b}, or the
     * IPv6 one), or null when the row's Source and Destination are not both IPv4 or both IPv6 addresses.
     */
    public static String ipPair(String source, String destination) {
        String field = field(source, destination);
        return field == null ? null : field + ".addr == " + source + " && " + field + ".addr == " + destination;
    }

    /** The filter of one direction of a QP: the row's addresses and destination QP ("0x000055"), or null. */
    public static String flow(String source, String destination, String destinationQp) {
        String field = field(source, destination);
        return field == null ? null : field + ".src == " + source + " && " + field + ".dst == " + destination
                + " && bth.dqpn == " + destinationQp;
    }

    /** The cells as one CSV line, each quoted. */
    public static String csvLine(List<String> cells) {
        return CSV.format(cells.toArray());
    }

    /** "ip" or "ipv6" when both addresses are of that kind, else null. */
    private static String field(String source, String destination) {
        if (IPV4.matcher(source).matches() && IPV4.matcher(destination).matches()) {
            return "ip";
        }
        return isIpv6(source) && isIpv6(destination) ? "ipv6" : null;
    }

    private static boolean isIpv6(String text) {
        return text.contains(":") && !MAC.matcher(text).matches() && text.matches("(?i)[0-9a-f:.]+");
    }
}
