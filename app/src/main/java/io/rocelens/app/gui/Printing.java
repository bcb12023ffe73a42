package io.rocelens.app.gui;

import io.rocelens.analysis.FrameAnalysis;
import io.rocelens.app.gui.common.Dialogs;
import io.rocelens.app.gui.common.model.Background;
import io.rocelens.app.gui.common.model.LatestWins;
import io.rocelens.app.gui.export.model.DissectionExport;
import io.rocelens.app.gui.export.model.PdfPages;
import io.rocelens.app.gui.export.model.PrintText;
import io.rocelens.app.gui.packetlist.model.PacketTable;
import io.rocelens.capture.CaptureOpenException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import javafx.geometry.Insets;
import javafx.print.PageLayout;
import javafx.print.Printer;
import javafx.print.PrinterJob;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import javafx.stage.FileChooser;

/**
 * File › Print…, as Wireshark's print dialog: the displayed packets' summary lines, and the selected packet's details
 * and bytes, to a printer through JavaFX's {@link PrinterJob}, or to a PDF ({@link PdfPages}) — the only way where the
 * system has no printer, since JavaFX has no PDF output of its own.
 */
final class Printing {

    static final ButtonType PRINT = new ButtonType("Print…", ButtonBar.ButtonData.OK_DONE);
    static final ButtonType PDF = new ButtonType("Save as PDF…", ButtonBar.ButtonData.OTHER);

    private final DisplayedPackets shown;
    private final LatestWins prints;

    Printing(DisplayedPackets shown, Background background) {
        this.shown = shown;
        prints = background.line("rocelens-print");
    }

    /** File › Print… (Ctrl+P): what to print, then the printer's dialog or a PDF file's name. */
    void show() {
        if (shown.packets().table() == null) {
            return;
        }
        Printer printer = defaultPrinter();
        Dialog<ButtonType> dialog = new Dialog<>();
        Dialogs.ownedBy(dialog, shown.window().stage());
        dialog.setTitle("Print");
        dialog.setHeaderText("Print the " + shown.packets().size() + " displayed packets");
        CheckBox summary = check("print-summary", "_Summary line of each displayed packet (the columns shown)", true);
        boolean selected = selectedRow() >= 0;
        CheckBox details = check("print-details", "_Details of the selected packet", selected);
        CheckBox bytes = check("print-bytes", "_Bytes of the selected packet", false);
        details.setDisable(!selected);
        bytes.setDisable(!selected);
        Label where = new Label(printer == null
                ? "No printer is set up on this computer: Save as PDF writes the pages to a file."
                : "Printer: " + printer.getName() + " (or Save as PDF)");
        where.setId("print-printer");
        where.setWrapText(true);
        VBox content = new VBox(8, summary, details, bytes, where);
        content.setPadding(new Insets(10));
        dialog.getDialogPane().setContent(content);
        dialog.getDialogPane().setId("print-dialog");
        dialog.getDialogPane().getButtonTypes().addAll(PRINT, PDF, ButtonType.CANCEL);
        dialog.getDialogPane().lookupButton(PRINT).setDisable(printer == null);
        dialog.setOnHidden(hidden -> {
            ButtonType answer = dialog.getResult();
            PrintText what = new PrintText(summary.isSelected(), details.isSelected() && !details.isDisabled(),
                    bytes.isSelected() && !bytes.isDisabled());
            if (answer == PRINT && printer != null) {
                lines(what, text -> print(printer, text));
            } else if (answer == PDF) {
                Path pdf = choosePdf();
                if (pdf != null) {
                    printTo(what, pdf);
                }
            }
        });
        dialog.show();
    }

    /** The system's default printer, or null when it has none (or the toolkit cannot print, as on Monocle). */
    private static Printer defaultPrinter() {
        try {
            return Printer.getDefaultPrinter();
        } catch (RuntimeException | LinkageError noPrinting) {
            return null;
        }
    }

    private static CheckBox check(String id, String text, boolean on) {
        CheckBox box = new CheckBox(text);
        box.setMnemonicParsing(true);
        box.setId(id);
        box.setSelected(on);
        return box;
    }

    private Path choosePdf() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Save as PDF");
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("PDF", "*.pdf"));
        Path file = shown.session().file();
        chooser.setInitialFileName(file == null ? "packets.pdf"
                : file.getFileName().toString().replaceFirst("\\.[^.]*$", "") + ".pdf");
        var chosen = chooser.showSaveDialog(shown.window().stage());
        if (chosen == null) {
            return null;
        }
        Path pdf = chosen.toPath();
        return pdf.getFileName().toString().indexOf('.') < 0 ? pdf.resolveSibling(pdf.getFileName() + ".pdf") : pdf;
    }

    /** Writes what is asked for as a PDF, in the background. */
    void printTo(PrintText what, Path pdf) {
        if (shown.window().files().writesOverOpenCapture(pdf, "Nothing was printed")) {
            return;
        }
        shown.status().say("Printing to " + pdf.getFileName() + " …");
        lines(what, text -> prints.submit("The packets could not be printed to " + pdf.getFileName(), request -> {
            try {
                return PdfPages.write(text, pdf);
            } catch (IOException failure) {
                throw new IOException("cannot write " + pdf + ": " + CaptureOpenException.reason(failure), failure);
            }
        }, pages -> shown.status().say("Printed " + pages + (pages == 1 ? " page to " : " pages to ") + pdf)));
    }

    /** Gathers the lines in the background (frames are read again), then hands them on, on the UI thread. */
    private void lines(PrintText what, Consumer<List<String>> then) {
        PacketTable table = shown.packets().table();
        if (table == null) {
            return;
        }
        int[] rows = shown.rows();
        DissectionExport.Columns columns = shown.window().dissections().shownColumns(rows);
        FrameAnalysis known = shown.analysis().get();
        int selected = selectedRow();
        Path file = shown.session().file();
        String heading = (file == null ? "capture" : file.getFileName().toString()) + " · " + rows.length
                + " of " + shown.packets().total() + " packets displayed" + (shown.packets().filter() == null ? ""
                : " · display filter: " + shown.packets().filter().text());
        prints.submit("The packets could not be printed", request -> what.lines(heading, table, rows, columns,
                selected, shown.session().dissectorOptions(), known,
                fraction -> request.progress(shown.status()::progress, fraction)), text -> {
                    shown.status().progress(0);
                    then.accept(text);
                });
    }

    private int selectedRow() {
        int index = shown.list().selectedIndex();
        return index < 0 || index >= shown.packets().size() ? -1 : shown.packets().rowAt(index);
    }

    /** Prints the lines on the printer after its own dialog, a page at a time, in a fixed-width font. */
    private void print(Printer printer, List<String> text) {
        PrinterJob job = PrinterJob.createPrinterJob(printer);
        if (job == null || !job.showPrintDialog(shown.window().stage())) {
            return;
        }
        PageLayout layout = job.getJobSettings().getPageLayout();
        Font font = Font.font("Monospaced", 8);
        double leading = 10;
        int perPage = Math.max(1, (int) (layout.getPrintableHeight() / leading));
        int pages = 0;
        for (int from = 0; from < text.size(); from += perPage) {
            Text page = new Text(String.join("\n", text.subList(from, Math.min(text.size(), from + perPage))));
            page.setFont(font);
            page.setLineSpacing(leading - 8);
            page.setWrappingWidth(layout.getPrintableWidth());
            if (!job.printPage(page)) {
                break;
            }
            pages++;
        }
        job.endJob();
        shown.status().say("Printed " + pages + (pages == 1 ? " page on " : " pages on ") + printer.getName());
    }
}
