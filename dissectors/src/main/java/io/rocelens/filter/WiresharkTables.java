package io.rocelens.filter;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Facts of Wireshark 4.0 the filter follows, read from tshark by make-wireshark-tables.sh (test resources): the
 * integer type of each field, so a literal the field cannot hold is refused as tshark refuses it ({@code ip.ttl ==
 * 256}), and the value names of the enumerated fields the filter offers ({@code ip.dsfield.ecn == "Congestion
 * Experienced"}).
 */
final class WiresharkTables {

    private static final Map<String, Long> MAX = new HashMap<>();
    private static final Map<String, Map<String, Long>> VALUES = new HashMap<>();

    static {
        read("wireshark-int-types.tsv", columns -> {
            int bits = Integer.parseInt(columns[1].replaceAll("\\D", ""));
            if (columns[1].startsWith("FT_UINT") && bits < 64) {
                MAX.put(columns[0], (1L << bits) - 1);
            } else if (columns[1].startsWith("FT_INT") && bits < 64) {
                MAX.put(columns[0], (1L << (bits - 1)) - 1);
            }
        });
        read("wireshark-values.tsv", columns -> VALUES.computeIfAbsent(columns[0], key -> new HashMap<>())
                .putIfAbsent(columns[2].toLowerCase(Locale.ROOT), Long.parseLong(columns[1])));
    }

    private WiresharkTables() {
    }

    /** The largest value the Wireshark field holds, or null when it is not an integer below 64 bits. */
    static Long max(String wiresharkName) {
        return MAX.get(wiresharkName);
    }

    /** The value Wireshark's value name stands for in that field (case does not matter), or null. */
    static Long value(String wiresharkName, String valueName) {
        Map<String, Long> names = VALUES.get(wiresharkName);
        return names == null ? null : names.get(valueName.toLowerCase(Locale.ROOT));
    }

    private interface Row {
        void accept(String[] columns);
    }

    private static void read(String resource, Row row) {
        try (InputStream in = WiresharkTables.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + resource);
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String line;
            while ((line = reader.readLine()) != null) {
                if (!line.isEmpty()) {
                    row.accept(line.split("\t", -1));
                }
            }
        } catch (IOException failed) {
            throw new UncheckedIOException(failed);
        }
    }
}
