package io.rocelens.app.gui.export.model;

import io.rocelens.analysis.FrameAnalysis;
import io.rocelens.app.gui.details.model.FrameDetails;
import io.rocelens.app.gui.packetlist.model.PacketTable;
import io.rocelens.capture.Frame;
import io.rocelens.dissect.Dissection;
import io.rocelens.dissect.Dissector;
import io.rocelens.dissect.DissectorOptions;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleConsumer;

/**
 * File › Print…: what is printed, as lines of text for a fixed-width font, as Wireshark's print dialog offers it: the
 * displayed packets' summary lines (the columns shown, padded under their titles), and the selected packet's details
 * tree (expanded, its "[RoCE analysis]" included) and bytes (a hex dump).
 *
 * @param summary print the displayed packets' summary lines
 * @param details print the selected packet's details tree
 * @param bytes   print the selected packet's bytes
 */
public record PrintText(boolean summary, boolean details, boolean bytes) {

    /** The widest a column other than the last is printed; a longer text is cut with "…". */
    static final int MAX_COLUMN = 40;

    /**
     * The lines to print.
     *
     * @param heading  the first line (the file and the filter)
     * @param rows     the row (frame − 1) of each displayed packet, in the list's order
     * @param selected the selected packet's row, or -1
     * @param analysis what the analysis knows per frame (the details' analysis lines), or null
     * @throws IOException when a frame cannot be read again
     */
    public List<String> lines(String heading, PacketTable table, int[] rows, DissectionExport.Columns columns,
                              int selected, DissectorOptions options, FrameAnalysis analysis,
                              DoubleConsumer progress) throws IOException {
        Dissector dissector = new Dissector(options);
        List<String> lines = new ArrayList<>();
        lines.add(heading);
        lines.add("");
        if (summary) {
            List<String[]> cells = new ArrayList<>(rows.length + 1);
            cells.add(columns.titles().toArray(String[]::new));
            for (int i = 0; i < rows.length; i++) {
                Dissection dissection = DissectionExport.dissect(table, rows[i], dissector);
                String[] row = new String[columns.titles().size()];
                for (int c = 0; c < row.length; c++) {
                    row[c] = columns.text(i, c, dissection);
                }
                cells.add(row);
                if ((i & 0x3FF) == 0) {
                    progress.accept((double) i / rows.length);
                }
            }
            lines.addAll(padded(cells));
        }
        if ((details || bytes) && selected >= 0) {
            Dissection dissection = DissectionExport.dissect(table, selected, dissector);
            FrameDetails shown = new FrameDetails(dissection, dissection.bytes(), analysis == null ? List.of()
                    : analysis.lines(dissection.number()));
            if (summary) {
                lines.add("");
            }
            if (details) {
                lines.addAll(List.of(shown.text().split("\n")));
            }
            if (bytes) {
                lines.add("");
                for (int line = 0; line < shown.bytes().lineCount(); line++) {
                    lines.add(shown.bytes().lineText(line));
                }
            }
        }
        progress.accept(1);
        return lines;
    }

    /** The cells under their titles, each column as wide as its widest cell (at most {@link #MAX_COLUMN}). */
    static List<String> padded(List<String[]> cells) {
        int columns = cells.get(0).length;
        int[] widths = new int[columns];
        for (String[] row : cells) {
            for (int c = 0; c < columns; c++) {
                widths[c] = Math.min(MAX_COLUMN, Math.max(widths[c], row[c].length()));
            }
        }
        List<String> lines = new ArrayList<>(cells.size());
        for (String[] row : cells) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < columns; c++) {
                String text = row[c];
                if (c == columns - 1) {
                    line.append(text);
                    break;
                }
                if (text.length() > widths[c]) {
                    text = text.substring(0, widths[c] - 1) + "…";
                }
                line.append(text).append(" ".repeat(widths[c] - text.length() + 2));
            }
            lines.add(line.toString().stripTrailing());
        }
        return lines;
    }
}
