package io.rocelens.correlate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** {@code POINT=OFFSET,…} as the CLI's --clock-offset and the window's correlation dialog both read it. */
class ClockOffsetTextTest {

    @Test
    void offsetsHaveASignAUnitAndAPoint() {
        assertArrayEquals(new long[] {0, 12_300, -45_000}, Correlator.parseClockOffsets("1=+12.3us, 2=-45us", 3));
        assertArrayEquals(new long[] {0, 0, 2_000_000_000L, -7}, Correlator.parseClockOffsets("2=2s,3=−7ns", 4));
        assertArrayEquals(new long[] {0, 0}, Correlator.parseClockOffsets("1=0", 2));
        assertArrayEquals(new long[] {5_000, 0}, Correlator.parseClockOffsets("0=5us", 2));
    }

    @Test
    void aWrongItemIsNamedInOneLine() {
        assertEquals("\"3=+1us\" is not POINT=OFFSET with a point from 0 to 2, e.g. 1=+12.3us",
                assertThrows(IllegalArgumentException.class, () -> Correlator.parseClockOffsets("1=1us,3=+1us", 3))
                        .getMessage());
        assertEquals("\"x=1us\" is not POINT=OFFSET with a point from 0 to 1, e.g. 1=+12.3us",
                assertThrows(IllegalArgumentException.class, () -> Correlator.parseClockOffsets("x=1us", 2))
                        .getMessage());
        assertEquals("not a duration: \"12 parsecs\" (try 100us, 1ms or 1s)",
                assertThrows(IllegalArgumentException.class, () -> Correlator.parseClockOffsets("1=12 parsecs", 2))
                        .getMessage());
    }
}
