package io.rocelens.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class AnalysisOptionsTest {

    @Test
    void durationsTakeTheUnitsOfTheCommandLine() {
        assertEquals(100_000L, AnalysisOptions.parseDuration("100us"));
        assertEquals(100_000L, AnalysisOptions.parseDuration("100 µs"));
        assertEquals(1_500_000L, AnalysisOptions.parseDuration("1.5ms"));
        assertEquals(250L, AnalysisOptions.parseDuration("250ns"));
        assertEquals(2_000_000_000L, AnalysisOptions.parseDuration("2"));
        assertEquals(10_000_000L, AnalysisOptions.parseDuration("1e-2 S"));
        assertEquals("not a duration: \"fast\" (try 100us, 1ms or 1s)",
                assertThrows(IllegalArgumentException.class, () -> AnalysisOptions.parseDuration("fast")).getMessage());
        assertEquals("duration out of range: \"0\"",
                assertThrows(IllegalArgumentException.class, () -> AnalysisOptions.parseDuration("0")).getMessage());
    }

    @Test
    void linkSpeeds() {
        assertEquals(100_000_000_000L, AnalysisOptions.parseLinkSpeed("100G"));
        assertEquals(25_000_000_000L, AnalysisOptions.parseLinkSpeed("25g"));
        assertEquals(40_000_000_000L, AnalysisOptions.parseLinkSpeed("40000M"));
        assertEquals(400_000_000_000L, AnalysisOptions.parseLinkSpeed("400Gbps"));
        assertEquals(100_000_000_000L, AnalysisOptions.parseLinkSpeed("1e11"));
        assertThrows(IllegalArgumentException.class, () -> AnalysisOptions.parseLinkSpeed("fast"));
        assertThrows(IllegalArgumentException.class, () -> AnalysisOptions.parseLinkSpeed("0G"));
    }

    @Test
    void quantumIs512BitTimes() {
        // docs/roce-notes.md: 0xFFFF quanta at 100 Gb/s = 335.5 µs; 5.12 ns per quantum at 100G, 1.28 ns at 400G
        assertEquals(335_539.2, AnalysisOptions.defaults().quantaNanos(0xFFFF), 1e-6);
        assertEquals(1.28, AnalysisOptions.defaults().withLinkSpeed(400_000_000_000L).quantaNanos(1), 1e-9);
    }

    @Test
    void dscpMapOverridesTheDefault() {
        int[] map = AnalysisOptions.parseDscpMap("26=5, 48:7");
        assertEquals(5, map[26]);
        assertEquals(7, map[48]);
        assertEquals(46 >> 3, map[46]);
        assertThrows(IllegalArgumentException.class, () -> AnalysisOptions.parseDscpMap("64=1"));
        assertThrows(IllegalArgumentException.class, () -> AnalysisOptions.parseDscpMap("26=8"));
        assertThrows(IllegalArgumentException.class, () -> AnalysisOptions.parseDscpMap("26"));
    }

    @Test
    void etsShares() {
        double[] plain = AnalysisOptions.parseEts("70,20,10");
        assertEquals(70, plain[0]);
        assertEquals(20, plain[1]);
        assertEquals(10, plain[2]);
        assertTrue(Double.isNaN(plain[3]));
        double[] named = AnalysisOptions.parseEts("3=50,0=30,6=20");
        assertEquals(50, named[3]);
        assertEquals(20, named[6]);
        assertThrows(IllegalArgumentException.class, () -> AnalysisOptions.parseEts("70,40"));
        assertThrows(IllegalArgumentException.class, () -> AnalysisOptions.parseEts("x"));
    }

    @Test
    void arraysGivenOrTakenCannotChangeTheOptions() {
        int[] map = AnalysisOptions.defaultDscpMap();
        double[] ets = AnalysisOptions.parseEts("70,20,10");
        AnalysisOptions options = AnalysisOptions.defaults().withDscpMap(map).withEts(ets);
        map[26] = 7;
        ets[0] = 1;
        options.dscpToPriority()[26] = 6;
        options.etsShares()[0] = 2;
        assertEquals(3, options.priorityOfDscp(26));
        assertEquals(3, options.dscpToPriority()[26]);
        assertEquals(70, options.etsShares()[0]);
    }
}
