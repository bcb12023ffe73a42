package io.rocelens.app.gui;

import io.rocelens.analysis.FrameAnalysis;
import io.rocelens.app.gui.common.Dialogs;
import io.rocelens.app.gui.common.model.Background;
import io.rocelens.app.gui.common.model.LatestWins;
import io.rocelens.app.gui.export.model.DissectionExport;
import io.rocelens.app.gui.packetlist.model.PacketColumn;
import io.rocelens.app.gui.packetlist.model.PacketTable;
import io.rocelens.capture.CaptureOpenException;
import io.rocelens.dissect.Dissection;
import io.rocelens.export.TsharkFields;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.stage.FileChooser;

/**
 * File › Export Packet Dissections: the packets displayed, in the list's order, with the columns shown (the hidden
 * ones left out, the custom ones in), written in the background ({@link DissectionExport}).
 */
final class DissectionExporting {

    private final DisplayedPackets shown;
    private final LatestWins writes;

    DissectionExporting(DisplayedPackets shown, Background background) {
        this.shown = shown;
        writes = background.line("rocelens-export-dissections");
    }

    /** Asks where, then writes. */
    void choose(DissectionExport.Format format) {
        if (shown.packets().table() == null) {
            return;
        }
        String extension = switch (format) {
            case TEXT -> "txt";
            case CSV -> "csv";
            case JSON -> "json";
        };
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Export Packet Dissections as " + format.name().charAt(0)
                + format.name().substring(1).toLowerCase(Locale.ROOT) + " (the " + shown.packets().size()
                + " displayed)");
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(extension, "*." + extension));
        var chosen = Dialogs.save(chooser, shown.window().stage());
        if (chosen == null) {
            return;
        }
        Path output = chosen.toPath();
        exportTo(format, output.getFileName().toString().indexOf('.') < 0
                ? output.resolveSibling(output.getFileName() + "." + extension) : output);
    }

    /** Writes the displayed packets to {@code output} in the background. */
    void exportTo(DissectionExport.Format format, Path output) {
        PacketTable table = shown.packets().table();
        if (table == null
                || shown.window().files().writesOverOpenCapture(output, "The packets could not be exported")) {
            return;
        }
        int[] rows = shown.rows();
        DissectionExport.Columns columns = shownColumns(rows);
        FrameAnalysis known = shown.analysis().get();
        shown.status().say("Exporting " + rows.length + " packet dissections to " + output.getFileName() + " …");
        writes.submit("The packet dissections could not be exported", request -> {
            try {
                return DissectionExport.write(format, output, table, rows, columns,
                        shown.session().dissectorOptions(), known,
                        fraction -> request.progress(shown.status()::progress, fraction));
            } catch (IOException failure) {
                throw new IOException("cannot write " + output + ": " + CaptureOpenException.reason(failure),
                        failure);
            }
        }, written -> {
            shown.status().progress(0);
            shown.status().say("Exported " + written + " packet dissections to " + output);
        });
    }

    /** The columns the list shows, in its order (built-in ones, the custom ones before Info), read as it reads them. */
    DissectionExport.Columns shownColumns(int[] rows) {
        List<String> hidden = shown.list().hiddenColumns();
        List<String> titles = new ArrayList<>();
        List<Object> kinds = new ArrayList<>();
        for (PacketColumn column : PacketColumn.values()) {
            if (column == PacketColumn.INFO) {
                for (String field : shown.packets().customColumns()) {
                    if (!hidden.contains("custom-" + field)) {
                        titles.add(field);
                        kinds.add(field);
                    }
                }
            }
            if (!hidden.contains("column-" + column.name().toLowerCase(Locale.ROOT))) {
                titles.add(column.title());
                kinds.add(column);
            }
        }
        List<String> shownTitles = List.copyOf(titles);
        return new DissectionExport.Columns() {
            @Override
            public List<String> titles() {
                return shownTitles;
            }

            @Override
            public String text(int index, int column, Dissection dissection) {
                int row = rows[index];
                boolean ignored = shown.packets().flags().ignored(row + 1L);
                if (kinds.get(column) instanceof PacketColumn builtIn) {
                    return builtIn == PacketColumn.INFO && !ignored ? dissection.info()
                            : shown.packets().text(row, rows[Math.max(0, index - 1)], builtIn);
                }
                return ignored ? "" : String.join(",", TsharkFields.values(dissection, (String) kinds.get(column)));
            }
        };
    }
}
