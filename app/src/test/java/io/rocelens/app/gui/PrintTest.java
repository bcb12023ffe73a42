package io.rocelens.app.gui;

import static io.rocelens.app.gui.Fx.fx;
import static io.rocelens.app.gui.Fx.node;
import static io.rocelens.app.gui.Fx.waitUntil;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.app.gui.export.model.PdfPages;
import io.rocelens.app.gui.export.model.PrintRange;
import io.rocelens.app.gui.export.model.PrintText;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import javafx.application.Platform;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/**
 * File › Print… in the real window on mixed.pcapng, on a machine without a printer (this one, and CI's): the dialog
 * offers Wireshark's packet format (summary, details, bytes) and packet range, Print is off and Save as PDF writes
 * the pages. The
 * PDF is read back with PDFBox's text extraction. Expected values from tshark 4.0: the NAK is frame 63
 * ({@code -Y roce.analysis.nak}), from 10.0.0.4 to 10.0.0.3, 62 bytes, QP 0x000044
 * ({@code -T fields -e ip.src -e ip.dst -e frame.len -e infiniband.bth.destqp}); its first bytes
 * {@code 0000  02 00 00 00 00 03 02 00 00 00 00 04 08 00 45 6a} ({@code -x}).
 */
class PrintTest {

    private static final Path MIXED = Path.of("../sample-captures/mixed.pcapng").toAbsolutePath();

    @TempDir
    static Path folder;

    @RegisterExtension
    final WindowOnCapture sample = new WindowOnCapture(folder.resolve("config"), MIXED, 401);

    @Test
    void thePrintDialogOffersPdfWithoutAPrinterAndThePdfHoldsWhatWasAsked(FxRobot robot) throws Exception {
        TextField field = fx(() -> (TextField) sample.stage().getScene().lookup("#filter-field"));
        fx(() -> {
            field.setText("roce.analysis.nak");
            return null;
        });
        robot.clickOn(field).type(KeyCode.ENTER);
        TableView<?> list = node(robot, "#packet-list");
        waitUntil(() -> Fx.listedFrames(list).equals(List.of(63L)), () -> "listed " + Fx.listedFrames(list));
        fx(() -> {
            list.getSelectionModel().select(0);
            return null;
        });

        Platform.runLater(() -> Fx.item(sample.stage(), "File", "Print").fire());
        waitUntil(() -> robot.lookup("#print-dialog").tryQuery()
                .map(pane -> pane.getScene() != null && pane.getScene().getWindow().isShowing()).orElse(false),
                () -> "no Print dialog");
        DialogPane dialog = node(robot, "#print-dialog");
        assertTrue(fx(() -> ((CheckBox) node(robot, "#print-summary")).isSelected()));
        assertTrue(fx(() -> ((CheckBox) node(robot, "#print-details")).isSelected()));
        assertTrue(fx(() -> dialog.lookupButton(Printing.PRINT).isDisabled()), "no printer here");
        assertTrue(fx(() -> ((Label) node(robot, "#print-printer")).getText()).startsWith("No printer"));
        robot.clickOn(fx(() -> dialog.lookupButton(ButtonType.CANCEL)));

        Path pdf = folder.resolve("nak.pdf");
        fx(() -> {
            sample.window().printing().printTo(new PrintText(true, true, true),
                    new PrintRange(PrintRange.Which.SELECTED, true, ""), pdf);
            return null;
        });
        waitUntil(() -> sample.status().startsWith("Printed "), sample::status);
        String text;
        try (PDDocument document = Loader.loadPDF(pdf.toFile())) {
            // the summary, then the details tree expanded and the hex dump: more than a page's 55 lines
            assertEquals("Printed " + document.getNumberOfPages() + " pages to " + pdf, sample.status());
            assertTrue(document.getNumberOfPages() >= 2);
            text = new PDFTextStripper().getText(document);
        }
        // kept to be looked at
        Files.copy(pdf, Path.of("target/print-nak.pdf"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        List<String> lines = Arrays.stream(text.split("\\R")).map(String::strip).toList();
        assertEquals("mixed.pcapng · 1 packet of 401 (the selected one) · display filter: roce.analysis.nak",
                lines.get(0));
        assertTrue(lines.get(1).startsWith("No."), lines.toString());
        String summary = lines.get(2);
        assertTrue(summary.startsWith("63 ") && summary.contains("10.0.0.4") && summary.contains("10.0.0.3")
                && summary.contains(" 62 "), summary);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("Frame 63: 62 bytes on wire")), text);
        assertTrue(lines.stream().anyMatch(l -> l.contains("0x000044") || l.contains("0x44")), text);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("0000  02 00 00 00 00 03 02 00 00 00 00 04 08 00 45 6a")),
                text);
    }

    /**
     * Wireshark's packet range: typed frame numbers choose Range and the dialog counts them; each packet of the range
     * prints with its details (frame lengths from {@code tshark -r mixed.pcapng -T fields -e frame.number -e
     * frame.len}: 60, 61, 62 and 64 are 1098 bytes, 63 and 70 are 62); Marked packets only prints the frames marked
     * with Ctrl+M, as summary lines under one title line.
     */
    @Test
    void aRangeOrTheMarkedPacketsPrintEachWithWhatWasAsked(FxRobot robot) throws Exception {
        Fx.selectFrame(robot, 5);
        robot.press(KeyCode.CONTROL).type(KeyCode.M).release(KeyCode.CONTROL);
        Fx.selectFrame(robot, 9);
        robot.press(KeyCode.CONTROL).type(KeyCode.M).release(KeyCode.CONTROL);
        Platform.runLater(() -> Fx.item(sample.stage(), "File", "Print").fire());
        waitUntil(() -> robot.lookup("#print-dialog").tryQuery()
                .map(pane -> pane.getScene() != null && pane.getScene().getWindow().isShowing()).orElse(false),
                () -> "no Print dialog");
        assertEquals("401 packets will be printed", fx(() -> ((Label) node(robot, "#print-count")).getText()));
        robot.clickOn(Fx.<javafx.scene.Node>node(robot, "#print-range-text")).write("60-64,70");
        assertTrue(fx(() -> ((javafx.scene.control.RadioButton) node(robot, "#print-range")).isSelected()));
        waitUntil(() -> fx(() -> ((Label) node(robot, "#print-count")).getText())
                .equals("6 packets will be printed"));
        robot.write("x");
        waitUntil(() -> fx(() -> ((Label) node(robot, "#print-count")).getText()).startsWith("Range: \"70x\""));
        robot.clickOn(Fx.<javafx.scene.Node>node(robot, "#print-marked"));
        waitUntil(() -> fx(() -> ((Label) node(robot, "#print-count")).getText())
                .equals("2 packets will be printed"));
        DialogPane dialog = node(robot, "#print-dialog");
        robot.clickOn(fx(() -> dialog.lookupButton(ButtonType.CANCEL)));

        List<String> range = printed(new PrintText(false, true, false),
                new PrintRange(PrintRange.Which.RANGE, false, "60-64,70"), "range.pdf");
        assertEquals(List.of("Frame 60: 1098 bytes on wire", "Frame 61: 1098 bytes on wire",
                "Frame 62: 1098 bytes on wire", "Frame 63: 62 bytes on wire", "Frame 64: 1098 bytes on wire",
                "Frame 70: 62 bytes on wire"), range.stream().filter(l -> l.matches("Frame \\d+: .*"))
                .map(l -> l.replaceFirst("(bytes on wire).*", "$1")).toList());
        assertEquals("mixed.pcapng · 6 packets of 401 (captured, frames 60-64,70)", range.get(0));

        List<String> marked = printed(new PrintText(true, false, false),
                new PrintRange(PrintRange.Which.MARKED, false, ""), "marked.pdf");
        assertEquals(4, marked.size(), marked.toString());
        assertTrue(marked.get(1).startsWith("No."), marked.toString());
        assertTrue(marked.get(2).startsWith("5 ") && marked.get(3).startsWith("9 "), marked.toString());
    }

    /** Prints to a PDF and reads its lines back (stripped, the page footer left out). */
    private List<String> printed(PrintText what, PrintRange range, String name) throws Exception {
        Path pdf = folder.resolve(name);
        fx(() -> {
            sample.window().printing().printTo(what, range, pdf);
            return null;
        });
        waitUntil(() -> sample.status().startsWith("Printed ") && sample.status().endsWith(name), sample::status);
        try (PDDocument document = Loader.loadPDF(pdf.toFile())) {
            return Arrays.stream(new PDFTextStripper().getText(document).split("\\R")).map(String::strip)
                    .filter(l -> !l.isEmpty() && !l.matches("\\d+ / \\d+")).toList();
        }
    }

    @Test
    void aLongListBreaksIntoNumberedPages() throws Exception {
        List<String> lines = java.util.stream.IntStream.range(0, PdfPages.linesPerPage() * 2 + 1)
                .mapToObj(i -> "line " + i + " → µs").toList();
        Path pdf = folder.resolve("long.pdf");
        assertEquals(3, PdfPages.write(lines, pdf));
        try (PDDocument document = Loader.loadPDF(pdf.toFile())) {
            PDFTextStripper stripper = new PDFTextStripper();
            stripper.setStartPage(3);
            stripper.setEndPage(3);
            String last = stripper.getText(document);
            assertTrue(last.contains("line " + PdfPages.linesPerPage() * 2 + " → µs"), last);
            assertTrue(last.contains("3 / 3"), last);
        }
        assertTrue(Files.size(pdf) > 0);
    }
}
