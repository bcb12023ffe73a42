package io.rocelens.app.gui;

import io.rocelens.app.gui.common.Dialogs;
import io.rocelens.app.gui.common.model.Preferences;
import io.rocelens.dissect.DissectorOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javafx.event.ActionEvent;
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
 * Analyze › Decode As…, as Wireshark's dialog for the one choice RoCE Lens has: which UDP ports are decoded as RoCE
 * (RRoCE). The entries are the RoCE ports of the preferences (Edit › Preferences shows the same list, the command
 * line's --roce-port sets it for one run); OK saves them and the open capture is dissected again with them.
 */
final class DecodeAsDialog {

    private DecodeAsDialog() {
    }

    /**
     * @param suggested a port to offer (the selected packet's UDP destination port), or null
     * @param changed   run after new ports are stored
     */
    static void show(Window owner, Preferences preferences, Integer suggested, Runnable changed) {
        Dialog<ButtonType> dialog = new Dialog<>();
        Dialogs.ownedBy(dialog, owner);
        dialog.setTitle("Decode As…");
        dialog.setHeaderText("UDP ports decoded as RoCE (RRoCE); the capture is dissected again on OK");
        String saved = preferences.get(Preferences.ROCE_PORTS, Integer.toString(DissectorOptions.ROCE_V2_PORT));
        ListView<Integer> entries = new ListView<>();
        entries.setId("decode-as-ports");
        entries.setPrefHeight(160);
        // as Wireshark's Decode As table: the field, its value and the protocol it is decoded as
        entries.setCellFactory(view -> new javafx.scene.control.ListCell<>() {
            @Override
            protected void updateItem(Integer port, boolean empty) {
                super.updateItem(port, empty);
                setText(empty || port == null ? null : "UDP port " + port + " → RoCE (RRoCE)");
            }
        });
        entries.getItems().addAll(new java.util.TreeSet<>(preferences.dissectorOptions().rocePorts()));
        TextField port = new TextField(suggested == null ? "" : suggested.toString());
        port.setId("decode-as-port");
        port.setPromptText("UDP port");
        port.setPrefColumnCount(8);
        Label problem = new Label();
        problem.setId("decode-as-problem");
        problem.setStyle("-fx-text-fill: #c00000;");
        Button add = new Button("_Add");
        add.setId("decode-as-add");
        add.setOnAction(e -> {
            try {
                for (int each : Preferences.parsePorts(port.getText())) {
                    if (!entries.getItems().contains(each)) {
                        entries.getItems().add(each);
                    }
                }
                problem.setText("");
            } catch (IllegalArgumentException wrong) {
                problem.setText(wrong.getMessage());
            }
        });
        Button remove = new Button("_Remove");
        remove.setId("decode-as-remove");
        remove.disableProperty().bind(entries.getSelectionModel().selectedItemProperty().isNull());
        remove.setOnAction(e -> entries.getItems().remove(entries.getSelectionModel().getSelectedItem()));
        VBox content = new VBox(8, entries, new HBox(8, new Label("UDP port:"), port, add, remove), problem);
        content.setPadding(new Insets(10));
        dialog.getDialogPane().setContent(content);
        dialog.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        dialog.getDialogPane().lookupButton(ButtonType.OK).addEventFilter(ActionEvent.ACTION, event -> {
            if (entries.getItems().isEmpty()) {
                // the dissector needs one RoCE port at least (as the command line's --roce-port)
                problem.setText("Keep one UDP port at least: " + DissectorOptions.ROCE_V2_PORT + " is RoCEv2's");
                event.consume();
            }
        });
        dialog.setOnHidden(hidden -> {
            if (dialog.getResult() != ButtonType.OK) {
                return;
            }
            List<String> ports = new ArrayList<>();
            for (int each : entries.getItems()) {
                ports.add(Integer.toString(each));
            }
            String chosen = String.join(", ", ports);
            if (!Set.copyOf(Preferences.parsePorts(chosen)).equals(Set.copyOf(Preferences.parsePorts(saved)))) {
                preferences.put(Preferences.ROCE_PORTS, chosen);
                changed.run();
            }
        });
        dialog.show();
        port.requestFocus();
    }
}
