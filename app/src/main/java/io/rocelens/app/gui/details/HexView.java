package io.rocelens.app.gui.details;

import io.rocelens.app.gui.details.model.HexDump;
import java.util.function.IntConsumer;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;

/**
 * The bytes pane: offset, 16 hex bytes and their ASCII a line. The bytes of the selected field are highlighted in
 * both halves; a click on a byte (hex or ASCII) reports its offset. Lines are cells of a virtual list, so a jumbo
 * frame costs only the lines on screen.
 */
public final class HexView {

    public static final String HIGHLIGHT = "byte-highlight";

    private final ListView<Integer> lines = new ListView<>();
    private HexDump dump;
    private int from;
    private int to;

    HexView(IntConsumer byteClicked) {
        lines.setId("bytes");
        lines.getStyleClass().add("hex-pane");
        lines.setCellFactory(view -> new LineCell(byteClicked));
    }

    public ListView<Integer> control() {
        return lines;
    }

    void show(HexDump bytes) {
        dump = bytes;
        from = 0;
        to = 0;
        lines.getItems().setAll(java.util.stream.IntStream.range(0, bytes == null ? 0 : bytes.lineCount())
                .boxed().toList());
    }

    /** Highlights {@code length} bytes from {@code offset} and scrolls them into view; length 0 clears. */
    void highlight(int offset, int length) {
        from = offset;
        to = offset + length;
        lines.refresh();
        if (length > 0) {
            int line = offset / HexDump.BYTES_PER_LINE;
            int last = (to - 1) / HexDump.BYTES_PER_LINE;
            // keep the range on screen without jumping when it already is
            if (!visible(line) || !visible(last)) {
                lines.scrollTo(Math.max(0, line - 1));
            }
        }
    }

    private boolean visible(int line) {
        for (var node : lines.lookupAll(".list-cell")) {
            if (node instanceof LineCell cell && cell.getItem() != null && cell.getItem() == line && cell.isVisible()) {
                return true;
            }
        }
        return false;
    }

    private final class LineCell extends ListCell<Integer> {

        private final Label offset = new Label();
        private final Label[] hex = new Label[HexDump.BYTES_PER_LINE];
        private final Label[] ascii = new Label[HexDump.BYTES_PER_LINE];
        private final HBox row = new HBox();

        LineCell(IntConsumer byteClicked) {
            offset.getStyleClass().add("hex-offset");
            HBox hexBox = new HBox();
            HBox asciiBox = new HBox();
            for (int i = 0; i < HexDump.BYTES_PER_LINE; i++) {
                hex[i] = byteLabel("hex-byte", byteClicked);
                ascii[i] = byteLabel("ascii-byte", byteClicked);
                if (i == 8) {
                    hexBox.getChildren().add(gap(0.5));
                }
                hexBox.getChildren().add(hex[i]);
                asciiBox.getChildren().add(ascii[i]);
            }
            row.getChildren().addAll(offset, gap(1.5), hexBox, gap(1.5), asciiBox);
            row.setAlignment(Pos.CENTER_LEFT);
            setGraphic(null);
        }

        private Label byteLabel(String style, IntConsumer byteClicked) {
            Label label = new Label();
            label.getStyleClass().add(style);
            label.setOnMouseClicked(event -> {
                if (label.getUserData() instanceof Integer at) {
                    byteClicked.accept(at);
                }
            });
            return label;
        }

        private static Region gap(double em) {
            Region gap = new Region();
            gap.setMinWidth(Region.USE_PREF_SIZE);
            gap.setStyle("-fx-pref-width: " + em + "em;");
            return gap;
        }

        @Override
        protected void updateItem(Integer line, boolean empty) {
            super.updateItem(line, empty);
            if (empty || line == null || dump == null || line >= dump.lineCount()) {
                setGraphic(null);
                return;
            }
            offset.setText(dump.offsetText(line));
            int count = dump.bytesOnLine(line);
            int first = line * HexDump.BYTES_PER_LINE;
            for (int i = 0; i < HexDump.BYTES_PER_LINE; i++) {
                int at = first + i;
                boolean present = i < count;
                hex[i].setText(present ? dump.hex(at) : "  ");
                ascii[i].setText(present ? String.valueOf(dump.ascii(at)) : " ");
                hex[i].setUserData(present ? at : null);
                ascii[i].setUserData(present ? at : null);
                hex[i].setId(present ? "byte-" + at : null);
                ascii[i].setId(present ? "ascii-" + at : null);
                boolean lit = present && at >= from && at < to;
                mark(hex[i], lit);
                mark(ascii[i], lit);
            }
            setGraphic(row);
        }

        private static void mark(Label label, boolean lit) {
            if (lit && !label.getStyleClass().contains(HIGHLIGHT)) {
                label.getStyleClass().add(HIGHLIGHT);
            } else if (!lit) {
                label.getStyleClass().remove(HIGHLIGHT);
            }
        }
    }
}
