package io.rocelens.app.gui.packetlist;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Objects;
import javafx.scene.control.skin.VirtualFlow;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The row heights a list's virtual flow remembers, for a list whose rows all have one height (the packet list's: one
 * line each, drawn by {@link PacketRowSkin}): a count and the last height measured, not an entry per row.
 *
 * <p>JavaFX 21's {@code VirtualFlow} keeps an {@code ArrayList<Double>} with an entry for every row up to the
 * farthest one it was asked to show, even with a fixed row height. Scrolling to a row of a 100M-packet capture grew it
 * to 100M entries (400 MB with its copies on the way), and going to a packet after a sort of that capture, in the
 * 4 GiB heap that holds its index, ran out of memory on the JavaFX thread. The flow reads and writes that list only by
 * {@code size}, {@code get}, {@code set}, appending and {@code clear}; this list answers those the way the flow's own
 * would once every row had been measured, since every row measures the same.
 */
final class SameHeightRows extends ArrayList<Double> {

    private static final Logger LOG = LoggerFactory.getLogger(SameHeightRows.class);

    private int rows;
    /** The height last measured, or null when none has been since the list was emptied. */
    private Double height;

    /** The JavaFX whose VirtualFlow uses its list as described above (read in its 21.0.11 sources). */
    private static final String CHECKED_JAVAFX = "21.";

    /**
     * Puts this list in the flow's place for its own. On another JavaFX than the one checked, or where JavaFX's classes
     * cannot be opened to it (a module path that does not open them), the flow keeps its own list and the packet list
     * works as before, with its memory cost; SameHeightRowsTest fails then, so an upgrade is checked again.
     */
    static void installIn(VirtualFlow<?> flow) {
        String javafx = System.getProperty("javafx.runtime.version", "");
        if (!javafx.startsWith(CHECKED_JAVAFX)) {
            LOG.debug("the packet list keeps JavaFX {}'s row heights, an entry per row", javafx);
            return;
        }
        try {
            Field sizes = VirtualFlow.class.getDeclaredField("itemSizeCache");
            sizes.setAccessible(true);
            sizes.set(flow, new SameHeightRows());
        } catch (ReflectiveOperationException | RuntimeException closed) {
            LOG.debug("the packet list keeps JavaFX's row heights, an entry per row: {}", closed.toString());
        }
    }

    @Override
    public int size() {
        return rows;
    }

    @Override
    public boolean isEmpty() {
        return rows == 0;
    }

    @Override
    public Double get(int row) {
        Objects.checkIndex(row, rows);
        return height;
    }

    @Override
    public Double set(int row, Double measured) {
        Objects.checkIndex(row, rows);
        Double before = height;
        height = measured;
        return before;
    }

    @Override
    public boolean add(Double measured) {
        add(rows, measured);
        return true;
    }

    /** Appends a row (the flow appends unmeasured rows, null, up to the one it measures). */
    @Override
    public void add(int row, Double measured) {
        if (row != rows) {
            throw new UnsupportedOperationException("rows are only appended");
        }
        rows++;
        if (measured != null) {
            height = measured;
        }
    }

    @Override
    public void clear() {
        rows = 0;
        height = null;
    }
}
