package io.rocelens.app.gui;

import io.rocelens.app.gui.common.Dialogs;
import io.rocelens.app.gui.stats.journey.model.CorrelationRequest;
import io.rocelens.dissect.DissectorOptions;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.event.ActionEvent;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Stage;

/**
 * File › Open Correlated Captures…: the captures of one path chosen, put in path order (the first nearest the
 * requesters) with Up and Down, how their clocks relate and the delay window; OK checks them as
 * {@code rocelens correlate} checks its options and says what is wrong in one line.
 */
final class CorrelatedCapturesDialog {

    private final Dialog<CorrelationRequest> dialog = new Dialog<>();
    private final ObservableList<Path> files = FXCollections.observableArrayList();
    private final ListView<Path> list = new ListView<>(files);
    private final ChoiceBox<CorrelationRequest.ClockMode> clock = new ChoiceBox<>(
            FXCollections.observableArrayList(CorrelationRequest.ClockMode.values()));
    private final TextField offsets = new TextField();
    private final TextField window = new TextField("10ms");
    private final Label problem = new Label();

    CorrelatedCapturesDialog(Stage owner, List<Path> chosen, DissectorOptions dissector) {
        files.setAll(chosen);
        dialog.initOwner(owner);
        dialog.setTitle("Open Correlated Captures");
        dialog.setHeaderText("The captures of one path, in path order (the first nearest the requesters)");
        list.setId("correlated-files");
        list.setPrefHeight(180);
        list.setPrefWidth(520);
        list.setCellFactory(view -> new javafx.scene.control.ListCell<>() {
            @Override
            protected void updateItem(Path item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty || item == null ? null : "point " + getIndex() + ": " + item);
            }
        });
        Button up = new Button("Up");
        up.setOnAction(e -> move(-1));
        Button down = new Button("Down");
        down.setOnAction(e -> move(1));
        Button remove = new Button("Remove");
        remove.setOnAction(e -> {
            int at = list.getSelectionModel().getSelectedIndex();
            if (at >= 0) {
                files.remove(at);
            }
        });
        Button add = new Button("Add…");
        add.setOnAction(e -> {
            List<File> more = Dialogs.openMultiple(chooser(), dialog.getOwner());
            if (more != null) {
                more.forEach(file -> files.add(file.toPath()));
            }
        });
        VBox buttons = new VBox(6, up, down, remove, add);
        clock.setId("correlated-clock");
        clock.setValue(CorrelationRequest.ClockMode.ESTIMATED);
        offsets.setId("correlated-offsets");
        offsets.setPromptText("1=+12.3us,2=-45us");
        offsets.disableProperty().bind(clock.valueProperty().isNotEqualTo(CorrelationRequest.ClockMode.OFFSETS));
        window.setId("correlated-window");
        problem.setId("correlated-problem");
        problem.setStyle("-fx-text-fill: #c00000;");
        problem.setWrapText(true);
        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(8);
        grid.setPadding(new Insets(10));
        grid.add(list, 0, 0, 2, 1);
        grid.add(buttons, 2, 0);
        grid.addRow(1, new Label("Clocks"), clock);
        grid.addRow(2, new Label("Clock offsets"), offsets);
        grid.addRow(3, new Label("Delay window"), window);
        grid.add(problem, 0, 4, 3, 1);
        dialog.getDialogPane().setContent(grid);
        dialog.getDialogPane().getStylesheets().add(Dialogs.STYLESHEET);
        dialog.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        Button ok = (Button) dialog.getDialogPane().lookupButton(ButtonType.OK);
        ok.addEventFilter(ActionEvent.ACTION, event -> {
            try {
                request(dissector);
            } catch (IllegalArgumentException wrong) {
                problem.setText(wrong.getMessage());
                event.consume();
            }
        });
        dialog.setResultConverter(button -> button == ButtonType.OK ? request(dissector) : null);
    }

    /** File › Open Correlated Captures…: choose the files, then order them in the dialog. */
    static void chooseAndOpen(Stage owner, Path folder, DissectorOptions dissector, Consumer<CorrelationRequest> open) {
        FileChooser chooser = chooser();
        if (folder != null) {
            chooser.setInitialDirectory(folder.toFile());
        }
        List<File> chosen = Dialogs.openMultiple(chooser, owner);
        if (chosen == null || chosen.isEmpty()) {
            return;
        }
        List<Path> paths = new ArrayList<>();
        chosen.forEach(file -> paths.add(file.toPath()));
        paths.sort(null);       // generate --points names them in path order: -0, -1, …
        new CorrelatedCapturesDialog(owner, paths, dissector).dialog.showAndWait().ifPresent(open);
    }

    private static FileChooser chooser() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Open Correlated Captures (2 to 16, one path)");
        chooser.getExtensionFilters().addAll(
                new FileChooser.ExtensionFilter("Capture files (pcap, pcapng)", "*.pcap", "*.pcapng", "*.cap"),
                new FileChooser.ExtensionFilter("All files", "*"));
        return chooser;
    }

    private void move(int by) {
        int at = list.getSelectionModel().getSelectedIndex();
        int to = at + by;
        if (at < 0 || to < 0 || to >= files.size()) {
            return;
        }
        Path moved = files.remove(at);
        files.add(to, moved);
        list.getSelectionModel().select(to);
        list.refresh();
    }

    CorrelationRequest request(DissectorOptions dissector) {
        return CorrelationRequest.of(files, clock.getValue(), offsets.getText(), window.getText(), dissector);
    }

    Dialog<CorrelationRequest> dialog() {
        return dialog;
    }
}
