package io.rocelens.app.gui.packetlist;

import javafx.collections.ObservableListBase;

/**
 * The packet list table's items: the model's places first … first + size - 1, nothing stored. The table holds at most
 * a page of the model's list ({@link #PAGE_ROWS} rows); a longer list is shown a page at a time.
 *
 * <p>Why pages: JavaFX 21's VirtualFlow finds the row at its scroll position by walking the rows from the first,
 * several times at each scroll step (private methods, row height fixed or not). Near the end of a 100M-packet list
 * each key press cost about 0.9 s of the JavaFX thread and Ctrl+End 4.5 s (docs/speed.md); over a page of 65,536
 * rows a walk is well under a millisecond.
 */
final class RowList extends ObservableListBase<Integer> {

    /** The most rows the table holds. */
    static final int PAGE_ROWS = 1 << 16;
    /**
     * The page moves when the rows on screen come this near one of its edges and the list goes on past that edge: far
     * enough that no key press or scroll step reaches the edge first.
     */
    private static final int PAGE_MARGIN = PAGE_ROWS / 4;

    /** The model's place of the first row. */
    final int first;
    int size;

    RowList(int first, int size) {
        this.first = first;
        this.size = size;
    }

    /** The page of a list of {@code listSize} rows with {@code place} in its middle, or as near as the ends allow. */
    static RowList around(int place, int listSize) {
        int size = Math.min(PAGE_ROWS, listSize);
        int first = Math.max(0, Math.min(place - size / 2, listSize - size));
        return new RowList(first, size);
    }

    /** Whether the model's place is a row of this page, further than the margin from any edge the list goes past. */
    boolean holdsWithMargin(int place, int listSize) {
        int low = first == 0 ? 0 : first + PAGE_MARGIN;
        int high = first + size == listSize ? listSize : first + size - PAGE_MARGIN;
        return place >= low && place < high;
    }

    /** The model's list holds this many rows now: the new ones after the last come in, up to a page. */
    void grow(int listSize) {
        int newSize = Math.min(PAGE_ROWS, listSize - first);
        if (newSize <= size) {
            return;
        }
        int from = size;
        size = newSize;
        beginChange();
        nextAdd(from, newSize);
        endChange();
    }

    @Override
    public Integer get(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException(index);
        }
        return first + index;
    }

    @Override
    public int size() {
        return size;
    }
}
