package io.rocelens.app.gui.export.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Print's packet range, as Wireshark's print dialog reads it: its range field takes "1-10,15", "20-" (to the last)
 * and "-5" (from the first), spaces allowed; Displayed narrows every choice to the displayed packets.
 */
class PrintRangeTest {

    /** Twenty frames; displayed: frames 2, 4, …, 20 (rows 1, 3, …, 19); marked: 3, 4 and 15; frame 8 selected. */
    private static int[] rows(PrintRange.Which which, boolean displayed, String range) {
        int[] shown = java.util.stream.IntStream.range(0, 10).map(i -> 2 * i + 1).toArray();
        return new PrintRange(which, displayed, range).rows(20, shown, 7,
                frame -> frame == 3 || frame == 4 || frame == 15);
    }

    @Test
    void allSelectedAndMarkedOfTheCapturedOrTheDisplayed() {
        assertArrayEquals(java.util.stream.IntStream.range(0, 20).toArray(), rows(PrintRange.Which.ALL, false, ""));
        assertArrayEquals(new int[] {1, 3, 5, 7, 9, 11, 13, 15, 17, 19}, rows(PrintRange.Which.ALL, true, ""));
        assertArrayEquals(new int[] {7}, rows(PrintRange.Which.SELECTED, true, ""));
        assertArrayEquals(new int[] {2, 3, 14}, rows(PrintRange.Which.MARKED, false, ""));
        assertArrayEquals(new int[] {3}, rows(PrintRange.Which.MARKED, true, ""));
    }

    @Test
    void rangesAsWiresharkWritesThem() {
        assertArrayEquals(new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 14}, rows(PrintRange.Which.RANGE, false, "1-10,15"));
        assertArrayEquals(new int[] {1, 3, 5, 7, 9}, rows(PrintRange.Which.RANGE, true, "1-10,15"));
        assertArrayEquals(new int[] {17, 18, 19}, rows(PrintRange.Which.RANGE, false, " 18 - "));
        assertArrayEquals(new int[] {0, 1, 2, 11}, rows(PrintRange.Which.RANGE, false, "-3, 12"));
        assertArrayEquals(new int[] {}, rows(PrintRange.Which.RANGE, false, "30-40"));
    }

    @Test
    void aRangeThatIsNotOneSaysWhy() {
        for (String bad : new String[] {"", "  ", "1-x", "a", "10-5", "1,,2", "1-2-3"}) {
            IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                    () -> rows(PrintRange.Which.RANGE, false, bad), bad);
            assertTrue(refused.getMessage().length() > 10, refused.getMessage());
        }
    }
}
