package io.rocelens.app.gui.packetlist.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.ZoneOffset;
import java.util.Locale;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
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

    /** tshark's digits whatever the user's locale: the fraction was once formatted in the default locale's digits. */
    @Test
    void asciiDigitsInALocaleWithItsOwn() {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.forLanguageTag("ar-EG"));
            assertEquals("12.000000345", TimeFormat.seconds(12_000_000_345L));
            assertEquals("2026-01-01 00:00:00.000002134", TimeFormat.ABSOLUTE.format(START + 2_134, 0, ZoneOffset.UTC));
        } finally {
            Locale.setDefault(before);
        }
    }

    /** The same text as the JDK's formatter gives with the root locale's digits, for any difference of timestamps. */
    @Property
    void secondsAsFormattedInTheRootLocale(@ForAll @LongRange(min = -Long.MAX_VALUE) long nanos) {
        long magnitude = Math.abs(nanos);
        String expected = String.format(Locale.ROOT, "%s%d.%09d", nanos < 0 ? "-" : "", magnitude / 1_000_000_000L,
                magnitude % 1_000_000_000L);
        assertEquals(expected, TimeFormat.seconds(nanos));
    }
}
