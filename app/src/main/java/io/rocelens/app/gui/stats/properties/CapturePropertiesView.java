package io.rocelens.app.gui.stats.properties;

import io.rocelens.app.gui.stats.StatsWindow;
import io.rocelens.app.gui.stats.model.AnalysedCapture;
import io.rocelens.app.gui.stats.properties.model.CaptureProperties;
import io.rocelens.capture.CaptureFile;
import java.io.IOException;
import java.util.List;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.stage.Window;

/** Statistics › Capture File Properties: {@link CaptureProperties} as a two-column sheet, with Copy. */
public final class CapturePropertiesView extends StatsWindow {

    private final GridPane sheet = new GridPane();
    private List<CaptureProperties.Entry> entries = List.of();

    public CapturePropertiesView(Window owner) {
        super(owner, "Capture File Properties", new BorderPane(), 760, 760);
        BorderPane root = (BorderPane) stage().getScene().getRoot();
        sheet.setId("capture-properties");
        sheet.setHgap(18);
        sheet.setVgap(3);
        sheet.setPadding(new Insets(10));
        Button copy = new Button("Copy to Clipboard");
        copy.setOnAction(e -> {
            ClipboardContent content = new ClipboardContent();
            content.putString(CaptureProperties.text(entries));
            Clipboard.getSystemClipboard().setContent(content);
        });
        HBox bottom = new HBox(copy);
        bottom.setAlignment(Pos.CENTER_RIGHT);
        bottom.setPadding(new Insets(6));
        ScrollPane scroll = new ScrollPane(sheet);
        scroll.setFitToWidth(true);
        root.setCenter(scroll);
        root.setBottom(bottom);
    }

    List<CaptureProperties.Entry> entries() {
        return entries;
    }

    @Override
    protected void fill(AnalysedCapture capture) {
        sheet.getChildren().clear();
        if (capture == null) {
            entries = List.of();
            return;
        }
        CaptureProperties.FileFacts facts;
        try (CaptureFile file = CaptureFile.open(capture.file())) {
            facts = new CaptureProperties.FileFacts(file.size(), file.format(), file.linkType());
        } catch (IOException unreadable) {
            sheet.add(new Label("Cannot read " + capture.file() + " again: " + unreadable.getMessage()), 0, 0);
            return;
        }
        entries = CaptureProperties.of(capture.file(), facts, capture.analysis(), capture.elapsedNanos(),
                capture.problem());
        int row = 0;
        String section = null;
        for (CaptureProperties.Entry entry : entries) {
            if (!entry.section().equals(section)) {
                section = entry.section();
                Label heading = new Label(section);
                heading.setStyle("-fx-font-weight: bold;");
                heading.setPadding(new Insets(row == 0 ? 0 : 8, 0, 2, 0));
                sheet.add(heading, 0, row++, 2, 1);
            }
            Label value = new Label(entry.value());
            value.setWrapText(true);
            sheet.add(new Label(entry.name()), 0, row);
            sheet.add(value, 1, row++);
        }
    }
}
