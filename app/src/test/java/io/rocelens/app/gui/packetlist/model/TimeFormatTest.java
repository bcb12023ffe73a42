package io.rocelens.app.gui.packetlist.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class TimeFormatTest {

    /** 2026-01-01T00:00:00Z, the sample captures' start. */
    private static final long START = 1_767_225_600_000_000_000L;

    @Test
    void eachFormatAsWiresharkShowsIt() {
        long t = START + 2_134;
        assertEquals("0.000002134", TimeFormat.SINCE_FIRST.format(t, START, ZoneOffset.UTC));
        assertEquals("2026-01-01 00:00:00.000002134", TimeFormat.ABSOLUTE.format(t, 0, ZoneOffset.UTC));
        assertEquals("1.500000000", TimeFormat.DELTA_DISPLAYED.format(START + 1_500_000_000L, START, ZoneOffset.UTC));
        assertEquals("-0.500000000", TimeFormat.SINCE_FIRST.format(START - 500_000_000L, START, ZoneOffset.UTC));
    }
}
