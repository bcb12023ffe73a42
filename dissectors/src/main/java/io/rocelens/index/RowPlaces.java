package io.rocelens.index;

import java.util.Arrays;

/**
 * Where each row is in a list of displayed rows ("go to frame"): a look-up in an int array indexed by row, made as
 * the list is asked a second time, never a scan of the list per question. The first question after the list was
 * replaced (where the selected frame went after a sort or a filter) is answered by a scan: a map of a sorted list
 * of 100M rows is 400 MB, which the heap that holds their index may not have beside the next sort. The list may grow
 * at its end (rows appended while a capture loads); the places appended since the last question are mapped at the
 * next one.
 */
public final class RowPlaces {
    private int[] placeOfRow;
    private int mapped;
    private boolean asked;

    /**
     * The place of {@code row} in {@code displayed[0, count)}, or -1 when it is not there.
     *
     * @param rows rows in the capture (an upper bound of every row in {@code displayed})
     */
    public int placeOf(int row, int[] displayed, int count, int rows) {
        if (row < 0 || row >= rows) {
            return -1;
        }
        if (!asked) {
            asked = true;
            for (int place = 0; place < count; place++) {
                if (displayed[place] == row) {
                    return place;
                }
            }
            return -1;
        }
        if (placeOfRow == null || placeOfRow.length < rows) {
            int[] grown = new int[Math.max(rows, 1024)];
            Arrays.fill(grown, -1);
            if (placeOfRow != null) {
                System.arraycopy(placeOfRow, 0, grown, 0, placeOfRow.length);
            }
            placeOfRow = grown;
        }
        for (; mapped < count; mapped++) {
            placeOfRow[displayed[mapped]] = mapped;
        }
        return placeOfRow[row];
    }

    /** The displayed rows were replaced: the map is made again at the next question. */
    public void forget() {
        placeOfRow = null;
        mapped = 0;
        asked = false;
    }
}
