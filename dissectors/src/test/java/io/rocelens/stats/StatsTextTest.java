package io.rocelens.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Byte counts as tshark's conversation tables round them: wsutil's format_size with SI prefixes keeps the exact count
 * under 10 kB and otherwise divides (cutting) by 1000 while at least 10 of the next unit remain; the examples are
 * tshark 4.0's own output ("1364 bytes", "31 kB") and the boundaries of that rule.
 */
class StatsTextTest {

    @Test
    void sizesAsTsharkRoundsThem() {
        assertEquals("0 bytes", StatsText.size(0));
        assertEquals("1364 bytes", StatsText.size(1364));
        assertEquals("9999 bytes", StatsText.size(9999));
        assertEquals("10 kB", StatsText.size(10_000));
        assertEquals("31 kB", StatsText.size(31_999));
        assertEquals("9999 kB", StatsText.size(9_999_999));
        assertEquals("10 MB", StatsText.size(10_999_999));
        assertEquals("12 GB", StatsText.size(12_345_678_901L));
    }

    @Test
    void intervalsKeepTheirDecimals() {
        assertEquals(0, StatsText.decimals(1_000_000_000L));
        assertEquals(3, StatsText.decimals(1_000_000L));
        assertEquals(4, StatsText.decimals(500_000L));
        assertEquals("0.0020", StatsText.seconds(2_000_000L, 4));
    }
}
