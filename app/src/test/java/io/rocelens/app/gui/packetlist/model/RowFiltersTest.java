package io.rocelens.app.gui.packetlist.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The context menu's filters in Wireshark's field names, and its CSV line as Wireshark's Copy › …as CSV quotes it. */
class RowFiltersTest {

    @Test
    void anIpPairIsWiresharksConversationFilter() {
        assertEquals("ip.addr == 10.0.0.3 && ip.addr == 10.0.0.4", RowFilters.ipPair("10.0.0.3", "10.0.0.4"));
        assertEquals("ipv6.addr == fe80::1 && ipv6.addr == 2001:db8::2", RowFilters.ipPair("fe80::1", "2001:db8::2"));
        assertNull(RowFilters.ipPair("02:00:00:00:00:01", "ff:ff:ff:ff:ff:ff"), "MAC addresses: no IP pair");
        assertNull(RowFilters.ipPair("10.0.0.3", "fe80::1"));
        assertNull(RowFilters.ipPair("", ""));
    }

    @Test
    void aFlowIsItsAddressesAndDestinationQp() {
        assertEquals("ip.src == 10.0.0.3 && ip.dst == 10.0.0.4 && bth.dqpn == 0x000055",
                RowFilters.flow("10.0.0.3", "10.0.0.4", "0x000055"));
    }

    @Test
    void csvQuotesEveryCellAndDoublesQuotes() {
        assertEquals("\"53\",\"0.000042877\",\"say \"\"hi\"\"\"", RowFilters.csvLine(List.of("53", "0.000042877",
                "say \"hi\"")));
    }
}
