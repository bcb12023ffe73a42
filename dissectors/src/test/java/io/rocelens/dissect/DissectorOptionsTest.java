package io.rocelens.dissect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Set;
import org.junit.jupiter.api.Test;

class DissectorOptionsTest {

    @Test
    void portsOutsideTheSixteenBitRangeAreRefused() {
        // UDP ports are 16 bits (RFC 768); the dissector indexes a 65536-entry table by them
        assertThrows(IllegalArgumentException.class, () -> new DissectorOptions(Set.of(65_536)));
        assertThrows(IllegalArgumentException.class, () -> new DissectorOptions(Set.of(-1)));
        assertEquals(Set.of(0, 4791, 65_535), new DissectorOptions(Set.of(0, 4791, 65_535)).rocePorts());
    }
}
