package io.rocelens.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The tables the filter reads at run time (main resources written by make-wireshark-tables.sh) hold what the
 * committed extract of {@code tshark -G fields} says: every integer field with its type, nothing else.
 */
class WiresharkTablesTest {

    @Test
    void theIntegerTypesAreTsharks() throws IOException {
        List<String> expected = Files.readAllLines(Path.of("src/test/resources/tshark/names/fields.tsv"),
                StandardCharsets.UTF_8).stream().map(line -> line.split("\t"))
                .filter(columns -> columns[1].matches("FT_U?INT(8|16|24|32|40|48|56|64)"))
                .map(columns -> columns[0] + "\t" + columns[1]).toList();
        try (InputStream in = WiresharkTables.class.getResourceAsStream("wireshark-int-types.tsv")) {
            List<String> actual = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
            assertEquals(expected, actual);
        }
        assertEquals(255L, WiresharkTables.max("ip.ttl"));
        assertEquals(0xffffffL, WiresharkTables.max("infiniband.bth.psn"));
        assertEquals(null, WiresharkTables.max("infiniband.reth.va"), "64 bits: any literal fits");
    }

    @Test
    void theValueNamesAreTsharks() {
        assertEquals(3L, WiresharkTables.value("ip.dsfield.ecn", "congestion experienced"));
        assertEquals(26L, WiresharkTables.value("ip.dsfield.dscp", "Assured Forwarding 31"));
        assertEquals(3L, WiresharkTables.value("vlan.priority", "Excellent Effort"), "the first table of 802.1Q");
        assertEquals(null, WiresharkTables.value("vlan.priority", "Critical Applications"), "tshark 4.0 refuses it");
        assertTrue(WiresharkTables.value("eth.type", "IPv4") == 0x0800);
    }
}
