package io.rocelens.app.gui.packetlist;

import io.rocelens.app.gui.filterbar.model.FilterBarModel;
import io.rocelens.app.gui.packetlist.model.PacketListModel;
import java.util.function.IntConsumer;
import java.util.function.IntSupplier;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;

/** Edit › Find Packet: the next packet a display filter passes, or whose summary line holds a text. */
public final class FindDialog {

    private static final String BY_FILTER = "Display filter";
    private static final String BY_TEXT = "String (summary line)";

    private FindDialog() {
    }

    public static void show(Window owner, PacketListModel packets, IntSupplier selected, IntConsumer select) {
        Stage stage = new Stage();
        stage.initOwner(owner);
        stage.setTitle("Find Packet");
        ChoiceBox<String> mode = new ChoiceBox<>();
        mode.getItems().addAll(BY_FILTER, BY_TEXT);
        mode.setValue(BY_FILTER);
        TextField what = new TextField();
        what.setId("find-field");
        what.setPrefColumnCount(40);
        HBox.setHgrow(what, Priority.ALWAYS);
        Label message = new Label();
        message.setId("find-message");
        Button next = new Button("Find Next");
        next.setId("find-next");
        next.setDefaultButton(true);
        next.setOnAction(e -> {
            String text = what.getText();
            if (text.isBlank()) {
                return;
            }
            var filter = mode.getValue().equals(BY_FILTER) ? FilterBarModel.check(text) : null;
            if (filter != null && filter.state() != FilterBarModel.State.VALID) {
                message.setText(filter.message());
                return;
            }
            message.setText("Searching …");
            int from = selected.getAsInt();
            packets.find(filter != null ? filter.filter() : null, text, from, place -> {
                if (place < 0) {
                    message.setText("No packet found.");
                } else {
                    // the search goes on past the last packet from the first, as Wireshark's: say when it did
                    message.setText("Found packet " + packets.text(place, io.rocelens.app.gui.packetlist.model.PacketColumn.NUMBER)
                            + (place <= from ? " (the search went past the last packet, on from the first)." : "."));
                    select.accept(place);
                }
            });
        });
        Button close = new Button("Close");
        close.setCancelButton(true);
        close.setOnAction(e -> stage.close());
        HBox row = new HBox(6, mode, what, next, close);
        VBox box = new VBox(6, row, message);
        box.setPadding(new Insets(10));
        Scene scene = new Scene(box);
        scene.getStylesheets().addAll(owner.getScene().getStylesheets());
        box.setStyle(owner.getScene().getRoot().getStyle());
        stage.setScene(scene);
        stage.show();
        what.requestFocus();    // typing goes into the search at once, not into the mode box
    }
}
