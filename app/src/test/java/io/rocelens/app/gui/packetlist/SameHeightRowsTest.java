package io.rocelens.app.gui.packetlist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.AbstractList;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.scene.Scene;
import javafx.scene.control.IndexedCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.skin.TableViewSkin;
import javafx.scene.control.skin.VirtualFlow;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * A list of 50M rows scrolled to its last rows, as the packet list of a 100M-packet capture is by End or a go to
 * packet after a sort: with the flow's row heights kept as {@link SameHeightRows}, the JavaFX thread allocates next to
 * nothing for it, where JavaFX's own list of an entry per row takes 200 MB and more (the 100M capture ran out of
 * memory there), and the last rows are on screen.
 */
@ExtendWith(ApplicationExtension.class)
class SameHeightRowsTest {

    private static final int ROWS = 50_000_000;
    private TableView<Integer> table;
    private VirtualFlow<TableRow<Integer>> flow;

    @Start
    void start(Stage stage) {
        table = new TableView<>();
        table.setItems(FXCollections.observableList(new AbstractList<>() {
            @Override
            public Integer get(int index) {
                return index;
            }

            @Override
            public int size() {
                return ROWS;
            }
        }));
        TableColumn<Integer, Integer> number = new TableColumn<>("No.");
        number.setCellValueFactory(row -> new ReadOnlyObjectWrapper<>(row.getValue()));
        table.getColumns().add(number);
        table.setFixedCellSize(24);
        table.setSkin(new TableViewSkin<>(table) {
            @Override
            protected VirtualFlow<TableRow<Integer>> createVirtualFlow() {
                flow = new VirtualFlow<>();
                SameHeightRows.installIn(flow);
                return flow;
            }
        });
        stage.setScene(new Scene(table, 400, 300));
        stage.show();
    }

    @Test
    void scrollingToTheLastRowsOfFiftyMillionTakesNoMemoryPerRow() throws Exception {
        long allocated = WaitForAsyncUtils.asyncFx(() -> {
            com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory
                    .getThreadMXBean();
            long before = threads.getCurrentThreadAllocatedBytes();
            table.scrollTo(ROWS - 5);
            table.layout();
            return threads.getCurrentThreadAllocatedBytes() - before;
        }).get();
        assertTrue(allocated < 20_000_000, allocated + " bytes allocated to scroll");
        int last = WaitForAsyncUtils.asyncFx(() -> {
            IndexedCell<?> cell = flow.getLastVisibleCell();
            return cell == null ? -1 : cell.getIndex();
        }).get();
        assertEquals(ROWS - 1, last);
    }
}
