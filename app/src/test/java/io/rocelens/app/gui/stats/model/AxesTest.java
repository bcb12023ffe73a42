package io.rocelens.app.gui.stats.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The PSN ladder's axis: whole PSNs labelled once each, and a zoom that stops at a few PSNs. */
class AxesTest {

    @Test
    void aPsnAxisZoomedToAFewPsnsLabelsEachWholePsnOnce() {
        // 1000.2 … 1003.9 with 8 ticks wanted: a 1-2-5 step of 0.5 would label 1000, 1000, 1001, 1001, …
        assertEquals(List.of(1001.0, 1002.0, 1003.0), Axes.wholeTicks(1000.2, 1003.9, 8));
        assertEquals(List.of(1000.0, 1005.0, 1010.0), Axes.wholeTicks(999.5, 1010.5, 3));
    }

    @Test
    void aZoomInStopsAtTheSmallestSpanAroundThePointer() {
        // 10 PSNs, zooming in by 0.8 around 1004 six times: 8, 6.4, 5.12, 4.096, then held at 4 (not 3.28)
        double[] range = {1000, 1010};
        for (int i = 0; i < 6; i++) {
            range = Axes.zoom(range[0], range[1], 1004, 0.8, 4);
        }
        assertEquals(4, range[1] - range[0], 1e-9);
        // the pointer keeps its place: 40 % of the way up, as before the zoom
        assertEquals(0.4, (1004 - range[0]) / (range[1] - range[0]), 1e-9);
        // zooming out is never held
        assertArrayEquals(new double[] {997, 1022}, Axes.zoom(1000, 1010, 1002, 2.5, 4), 1e-9);
    }
}
