package io.rocelens.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.rocelens.dissect.Addresses;
import io.rocelens.dissect.Timestamps;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;

class FormatsTest {

    /** Expected texts from RFC 5952 section 4 (its own examples) and the contract (IPv4 dotted). */
    @ParameterizedTest
    @CsvSource({
            "2001:0db8:0000:0000:0000:0000:0000:0001, 2001:db8::1",
            "2001:db8:0:0:1:0:0:1, 2001:db8::1:0:0:1",
            "2001:db8:0:1:1:1:1:1, 2001:db8:0:1:1:1:1:1",
            "2001:0:0:1:0:0:0:1, 2001:0:0:1::1",
            "0:0:0:0:0:0:0:1, ::1",
            "0:0:0:0:0:0:0:0, ::",
            "fe80:0:0:0:0:0:0:0, fe80::",
            "2001:DB8:AAAA:BBBB:CCCC:DDDD:EEEE:1, 2001:db8:aaaa:bbbb:cccc:dddd:eeee:1",
            "192.168.70.4, 192.168.70.4",
            "::ffff:10.0.0.255, 10.0.0.255",
    })
    void ipTexts(String input, String expected) {
        long[] address = Frames.address(input);
        assertEquals(expected, Addresses.ip(address[0], address[1]));
    }

    @Test
    void qpMacAndTime() {
        assertEquals("0x000022", Formats.qp(0x22));
        assertEquals("0xabcdef", Formats.qp(0xABCDEF));
        assertEquals("01:80:c2:00:00:01", Addresses.mac(0x0180C2000001L));
        // 2026-11-29T20:00:00Z is 1795982400 s after the epoch (date -ud @1795982400)
        assertEquals("2026-11-29T20:00:00.000000123Z", Timestamps.iso(1_795_982_400_000_000_123L));
        assertEquals("1970-01-01T00:00:00.000000000Z", Timestamps.iso(0));
        assertEquals("5.12 ns", Formats.duration(5.12));
        assertEquals("850 ns", Formats.duration(850));
        assertEquals("150.014 µs", Formats.duration(150_014.4));
        assertEquals("1.280 ms", Formats.duration(1_280_000));
    }

    /** Durations come out as the root locale formats them (digits and decimal point), whatever locale makes them. */
    @Property
    void aDurationIsTheRootLocalesText(@ForAll @DoubleRange(min = -5e12, max = 5e12) double nanos) {
        double abs = Math.abs(nanos);
        String root = abs < 1_000 ? String.format(java.util.Locale.ROOT, nanos == Math.rint(nanos) ? "%.0f ns"
                : "%.2f ns", nanos)
                : abs < 1_000_000 ? String.format(java.util.Locale.ROOT, "%.3f µs", nanos / 1e3)
                : abs < 1_000_000_000 ? String.format(java.util.Locale.ROOT, "%.3f ms", nanos / 1e6)
                : String.format(java.util.Locale.ROOT, "%.3f s", nanos / 1e9);
        assertEquals(root, Formats.duration(nanos));
    }
}
