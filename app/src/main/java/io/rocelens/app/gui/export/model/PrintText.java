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
 * File › Print…: what is printed of each packet of the range, as lines of text for a fixed-width font, as Wireshark's
 * print dialog offers it: its summary line (the columns shown, padded under their titles), its details tree (expanded,
 * its "[RoCE analysis]" included) and its bytes (a hex dump). Summary lines alone make one table under one title
 * line; with details or bytes each packet comes whole, a blank line apart, its summary under the titles (as
 * Wireshark's print_packet does).
 *
 * @param summary print each packet's summary line
 * @param details print each packet's details tree
 * @param bytes   print each packet's bytes
 */
public record PrintText(boolean summary, boolean details, boolean bytes) {

    /** The widest a column other than the last is printed; a longer text is cut with "…". */
    static final int MAX_COLUMN = 40;

    /**
     * The lines to print.
     *
     * @param heading  the first line (the file, the range and the filter)
     * @param rows     the row (frame − 1) of each packet to print, in the order printed
     * @param columns  the summary's columns, their texts by index into {@code rows}
     * @param analysis what the analysis knows per frame (the details' analysis lines), or null
     * @throws IOException when a frame cannot be read again
     */
    public List<String> lines(String heading, PacketTable table, int[] rows, DissectionExport.Columns columns,
                              DissectorOptions options, FrameAnalysis analysis, DoubleConsumer progress)
            throws IOException {
        Dissector dissector = new Dissector(options);
        String[] titles = columns.titles().toArray(String[]::new);
        List<String> lines = new ArrayList<>();
        lines.add(heading);
        lines.add("");
        List<String[]> summaries = new ArrayList<>();
        summaries.add(titles);
        for (int i = 0; i < rows.length; i++) {
            Dissection dissection = DissectionExport.dissect(table, rows[i], dissector);
            if (summary) {
                String[] row = new String[titles.length];
                for (int c = 0; c < row.length; c++) {
                    row[c] = columns.text(i, c, dissection);
                }
                if (details || bytes) {
                    lines.addAll(padded(List.of(titles, row)));
                } else {
                    summaries.add(row);
                }
            }
            if (details || bytes) {
                whole(lines, dissection, analysis);
                if (i < rows.length - 1) {
                    lines.add("");
                }
            }
            if ((i & 0x3FF) == 0) {
                progress.accept((double) i / rows.length);
            }
        }
        if (summary && !details && !bytes) {
            lines.addAll(padded(summaries));
        }
        progress.accept(1);
        return lines;
    }

    /** A packet's details and bytes, after its summary line (if printed) and a blank line. */
    private void whole(List<String> lines, Dissection dissection, FrameAnalysis analysis) {
        FrameDetails shown = new FrameDetails(dissection, dissection.bytes(), analysis == null ? List.of()
                : analysis.lines(dissection.number()));
        if (summary) {
            lines.add("");
        }
        if (details) {
            lines.addAll(List.of(shown.text().split("\n")));
        }
        if (bytes) {
            if (details) {
                lines.add("");
            }
            for (int line = 0; line < shown.bytes().lineCount(); line++) {
                lines.add(shown.bytes().lineText(line));
            }
        }
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
