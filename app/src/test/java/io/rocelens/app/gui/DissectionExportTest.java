package io.rocelens.app.gui;

import static io.rocelens.app.gui.Fx.fx;
import static io.rocelens.app.gui.Fx.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocelens.app.gui.export.model.DissectionExport;
import io.rocelens.app.gui.packetlist.model.PacketColumn;
import io.rocelens.app.gui.packetlist.model.PacketListModel;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import javafx.scene.control.TableView;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/**
 * File › Export Packet Dissections through the real window on mixed.pcapng, a display filter applied: the packets
 * displayed, in the list's order, as CSV (the columns shown, every value quoted, each cell as the list shows it), as
 * plain text (each packet's summary, then its details) and as JSON (one object per packet, its number first).
 */
class DissectionExportTest {

    private static final Path MIXED = Path.of("../sample-captures/mixed.pcapng").toAbsolutePath();
    private static final String FILTER = "infiniband.bth.opcode == 0x11";

    @TempDir
    static Path folder;

    @RegisterExtension
    final WindowOnCapture sample = new WindowOnCapture(folder.resolve("config"), MIXED, 401);

    @Test
    void theDisplayedPacketsAreWrittenAsTheListShowsThem(FxRobot robot) throws IOException {
        fx(() -> {
            sample.window().filterBar().applyNow(FILTER);
            return null;
        });
        TableView<?> list = Fx.node(robot, "#packet-list");
        waitUntil(() -> fx(() -> sample.window().packets().size()) < 401 && !Fx.listedFrames(list).isEmpty(),
                () -> Fx.listedFrames(list).size() + " listed");
        List<Long> listed = Fx.listedFrames(list);

        Path csv = export(DissectionExport.Format.CSV, "packets.csv");
        String raw = Files.readString(csv, StandardCharsets.UTF_8);
        assertTrue(raw.startsWith("\"No.\",\"Time\",\"Source\""), raw.substring(0, 40));
        List<CSVRecord> records;
        try (CSVParser parser = CSVParser.parse(raw, CSVFormat.DEFAULT)) {
            records = parser.getRecords();
        }
        assertEquals(Arrays.stream(PacketColumn.values()).map(PacketColumn::title).toList(), records.get(0).toList());
        assertEquals(listed.size() + 1, records.size());
        for (int i = 0; i < listed.size(); i++) {
            int index = i;
            // the list reads a row's Info from its frame in the background: "…" until then
            waitUntil(() -> !sample.window().packets().text(index, PacketColumn.INFO)
                    .equals(PacketListModel.PLACEHOLDER.info()), () -> "Info of packet " + listed.get(index));
            List<String> shown = fx(() -> Arrays.stream(PacketColumn.values())
                    .map(column -> sample.window().packets().text(index, column)).toList());
            assertEquals(shown, records.get(i + 1).toList(), "packet " + listed.get(i));
        }

        Path text = export(DissectionExport.Format.TEXT, "packets.txt");
        String written = Files.readString(text, StandardCharsets.UTF_8);
        for (long frame : listed) {
            assertTrue(written.contains("\nFrame " + frame + ": "), "frame " + frame + "'s details");
        }
        assertEquals(listed.size(), written.split("\nBase Transport Header, ", -1).length - 1, "one BTH each");

        Path json = export(DissectionExport.Format.JSON, "packets.json");
        JsonNode frames = new ObjectMapper().readTree(json.toFile());
        assertEquals(listed.size(), frames.size());
        for (int i = 0; i < listed.size(); i++) {
            assertEquals((long) listed.get(i), frames.get(i).get("number").asLong());
            JsonNode bth = null;
            for (JsonNode layer : frames.get(i).get("layers")) {
                if (layer.get("layer").asText().equals("bth")) {
                    bth = layer;
                }
            }
            assertEquals(0x11, bth.get("fields").get("bth.opcode").asInt(), "packet " + listed.get(i));
        }
    }

    private Path export(DissectionExport.Format format, String name) {
        Path output = folder.resolve(name);
        fx(() -> {
            sample.window().dissections().exportTo(format, output);
            return null;
        });
        waitUntil(() -> sample.status().startsWith("Exported ") && sample.status().endsWith(output.toString()),
                sample::status);
        return output;
    }
}
