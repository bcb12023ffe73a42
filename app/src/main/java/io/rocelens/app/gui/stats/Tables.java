package io.rocelens.app.gui.stats;

import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;

/** Table columns of the statistics views: sorted by the value, shown through a format, numbers right-aligned. */
public final class Tables {

    private Tables() {
    }

    public static <S, T> TableColumn<S, T> column(String title, Function<S, T> value, Function<T, String> format) {
        TableColumn<S, T> column = new TableColumn<>(title);
        column.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(value.apply(cell.getValue())));
        column.setCellFactory(c -> new TableCell<>() {
            @Override
            protected void updateItem(T item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty || item == null ? null : format.apply(item));
            }
        });
        column.setStyle("-fx-alignment: CENTER-RIGHT;");
        return column;
    }
}
