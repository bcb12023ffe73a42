package io.rocelens.app.gui;

import io.rocelens.app.gui.common.Dialogs;
import io.rocelens.export.TsharkFields;
import java.util.List;
import java.util.function.Consumer;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/**
 * Column Preferences (from the column header menu): the custom columns, each a field by name, Wireshark's
 * ({@code ip.dsfield.dscp}) or RoCE Lens's ({@code bth.psn}), its values shown as {@code tshark -T fields -e} prints
 * them. The built-in columns are shown and hidden from the header menu.
 */
final class ColumnPreferencesDialog {

    private ColumnPreferencesDialog() {
    }

    /** @param changed told the new custom fields, in order, on OK */
    static void show(Window owner, List<String> fields, Consumer<List<String>> changed) {
        Dialog<ButtonType> dialog = new Dialog<>();
        Dialogs.ownedBy(dialog, owner);
        dialog.setTitle("Column Preferences");
        dialog.setHeaderText("Custom columns: a field's values in each packet's row");
        ListView<String> list = new ListView<>();
        list.setId("custom-columns");
        list.setPrefHeight(160);
        list.getItems().addAll(fields);
        TextField field = new TextField();
        field.setId("custom-column-field");
        field.setPromptText("field, as bth.psn or ip.dsfield.dscp");
        field.setPrefColumnCount(20);
        Label problem = new Label();
        problem.setId("custom-column-problem");
        problem.setStyle("-fx-text-fill: #c00000;");
        Button add = new Button("_Add");
        add.setId("custom-column-add");
        add.setOnAction(e -> {
            String name = field.getText().strip();
            if (!TsharkFields.known(name)) {
                problem.setText("\"" + name + "\" is not a field name");
            } else if (!list.getItems().contains(name)) {
                list.getItems().add(name);
                field.clear();
                problem.setText("");
            }
        });
        field.setOnAction(e -> {
            add.fire();
            e.consume();    // Enter adds the field; it does not close the dialog
        });
        Button remove = new Button("_Remove");
        remove.setId("custom-column-remove");
        remove.disableProperty().bind(list.getSelectionModel().selectedItemProperty().isNull());
        remove.setOnAction(e -> list.getItems().remove(list.getSelectionModel().getSelectedItem()));
        VBox content = new VBox(8, list, new HBox(8, new Label("Field:"), field, add, remove), problem);
        content.setPadding(new Insets(10));
        dialog.getDialogPane().setContent(content);
        dialog.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        dialog.setOnHidden(hidden -> {
            if (dialog.getResult() == ButtonType.OK && !list.getItems().equals(fields)) {
                changed.accept(List.copyOf(list.getItems()));
            }
        });
        dialog.show();
        field.requestFocus();
    }
}
