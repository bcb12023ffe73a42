package io.rocelens.app.gui.export.model;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import io.rocelens.analysis.FrameAnalysis;
import io.rocelens.app.gui.details.model.FrameDetails;
import io.rocelens.app.gui.packetlist.model.PacketTable;
import io.rocelens.capture.Frame;
import io.rocelens.dissect.Dissection;
import io.rocelens.dissect.DissectionJson;
import io.rocelens.dissect.Dissector;
import io.rocelens.dissect.DissectorOptions;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.DoubleConsumer;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.QuoteMode;

/**
 * File › Export Packet Dissections: the displayed packets, in the list's order, as plain text (each packet's summary
 * line under the column titles, then its details tree fully expanded, as Wireshark writes it), as CSV (the columns
 * shown, every value quoted, as Wireshark's CSV) or as JSON (the array {@code rocelens decode --json} prints).
 */
public final class DissectionExport {

    /** The formats of the File › Export Packet Dissections menu. */
    public enum Format { TEXT, CSV, JSON }

    /** The columns shown: their titles, and the text of a displayed packet's cell. */
    public interface Columns {
        List<String> titles();

        /**
         * The text of column {@code column} (an index into {@link #titles}) of the displayed packet {@code index},
         * whose frame is {@code dissection}. Called off the UI thread.
         */
        String text(int index, int column, Dissection dissection);
    }

    private DissectionExport() {
    }

    /**
     * Writes the displayed packets {@code 0 … count - 1}.
     *
     * @param rows     the row (frame − 1) of each displayed packet, in the list's order
     * @param analysis what the analysis knows per frame, for the details' "[RoCE analysis]" lines; may be null
     * @return packets written
     * @throws IOException when the file cannot be written or a frame cannot be read again
     */
    public static long write(Format format, Path output, PacketTable table, int[] rows, Columns columns,
                             DissectorOptions options, FrameAnalysis analysis, DoubleConsumer progress)
            throws IOException {
        Dissector dissector = new Dissector(options);
        try (OutputStream out = Files.newOutputStream(output)) {
            switch (format) {
                case JSON -> {
                    try (JsonGenerator json = new JsonFactory().createGenerator(out, JsonEncoding.UTF8)) {
                        json.configure(JsonGenerator.Feature.AUTO_CLOSE_TARGET, false);
                        json.setPrettyPrinter(new DefaultPrettyPrinter());
                        json.writeStartArray();
                        for (int i = 0; i < rows.length; i++) {
                            DissectionJson.write(dissect(table, rows[i], dissector), json, false);
                            report(progress, i, rows.length);
                        }
                        json.writeEndArray();
                    }
                    out.write('\n');
                }
                case CSV -> {
                    Writer text = new BufferedWriter(new java.io.OutputStreamWriter(out, StandardCharsets.UTF_8));
                    try (CSVPrinter csv = new CSVPrinter(text, CSVFormat.DEFAULT.builder()
                            .setQuoteMode(QuoteMode.ALL).setRecordSeparator('\n').get())) {
                        csv.printRecord(columns.titles());
                        for (int i = 0; i < rows.length; i++) {
                            Dissection dissection = dissect(table, rows[i], dissector);
                            for (int c = 0; c < columns.titles().size(); c++) {
                                csv.print(columns.text(i, c, dissection));
                            }
                            csv.println();
                            report(progress, i, rows.length);
                        }
                    }
                }
                case TEXT -> {
                    Writer text = new BufferedWriter(new java.io.OutputStreamWriter(out, StandardCharsets.UTF_8));
                    for (int i = 0; i < rows.length; i++) {
                        Dissection dissection = dissect(table, rows[i], dissector);
                        text.write(String.join("\t", columns.titles()));
                        text.write('\n');
                        for (int c = 0; c < columns.titles().size(); c++) {
                            text.write((c > 0 ? "\t" : "") + columns.text(i, c, dissection));
                        }
                        text.write("\n\n");
                        text.write(new FrameDetails(dissection, dissection.bytes(), analysis == null ? List.of()
                                : analysis.lines(dissection.number())).text());
                        text.write('\n');
                        report(progress, i, rows.length);
                    }
                    text.flush();
                }
            }
        }
        progress.accept(1);
        return rows.length;
    }

    /** The row's frame read again and dissected, its times filled in (File › Print… reads frames so too). */
    static Dissection dissect(PacketTable table, int row, Dissector dissector) throws IOException {
        Frame frame;
        try {
            frame = table.frame(row);
        } catch (IOException unreadable) {
            throw new IOException("cannot read frame " + (row + 1) + " again: " + unreadable.getMessage(), unreadable);
        }
        Dissection dissection = dissector.dissect(frame);
        table.times(row, dissection.summary());
        return dissection;
    }

    private static void report(DoubleConsumer progress, int done, int of) {
        if ((done & 0x3FF) == 0) {
            progress.accept((double) done / of);
        }
    }
}
