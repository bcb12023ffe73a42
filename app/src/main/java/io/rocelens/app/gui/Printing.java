package io.rocelens.app.gui;

import io.rocelens.analysis.FrameAnalysis;
import io.rocelens.app.gui.common.Dialogs;
import io.rocelens.app.gui.common.model.Background;
import io.rocelens.app.gui.common.model.LatestWins;
import io.rocelens.app.gui.export.model.DissectionExport;
import io.rocelens.app.gui.export.model.PdfPages;
import io.rocelens.app.gui.export.model.PrintRange;
import io.rocelens.app.gui.export.model.PrintText;
import io.rocelens.app.gui.packetlist.model.PacketTable;
import io.rocelens.capture.CaptureOpenException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import javafx.event.ActionEvent;
import javafx.geometry.Insets;
import javafx.print.PageLayout;
import javafx.print.Printer;
import javafx.print.PrinterJob;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.RadioButton;
import javafx.scene.control.TextField;
import javafx.scene.control.Toggle;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import javafx.stage.FileChooser;

/**
 * File › Print…, as Wireshark's print dialog: a packet range (all, the selected, the marked packets, or frame numbers
 * such as 1-10,15; of the captured or of the displayed packets) and what of each to print (summary line, details,
 * bytes), to a printer through JavaFX's {@link PrinterJob}, or to a PDF ({@link PdfPages}) — the only way where the
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
        dialog.setHeaderText("Print packets of " + (shown.session().file() == null ? "the capture"
                : shown.session().file().getFileName()));
        CheckBox summary = check("print-summary", "_Summary line", true);
        CheckBox details = check("print-details", "_Details", true);
        CheckBox bytes = check("print-bytes", "_Bytes", false);
        VBox format = new VBox(6, bold("Packet Format"), summary, details, bytes);

        ToggleGroup of = new ToggleGroup();
        RadioButton captured = radio("print-captured", "_Captured", of);
        RadioButton displayed = radio("print-displayed", "Dis_played", of);
        displayed.setSelected(true);
        ToggleGroup which = new ToggleGroup();
        RadioButton all = radio("print-all", "_All packets", which);
        RadioButton selected = radio("print-selected", "S_elected packet only", which);
        RadioButton marked = radio("print-marked", "_Marked packets only", which);
        RadioButton range = radio("print-range", "_Range:", which);
        all.setSelected(true);
        selected.setDisable(selectedRow() < 0);
        TextField numbers = new TextField();
        numbers.setId("print-range-text");
        numbers.setPromptText("1-10,15");
        numbers.setPrefColumnCount(14);
        // typing a range chooses it, as in Wireshark's dialog
        numbers.textProperty().addListener((o, was, now) -> range.setSelected(true));
        Label count = new Label();
        count.setId("print-count");
        // the displayed rows as the dialog opened: counted again at each change without copying them again
        int[] shownRows = shown.packets().displayedRowsInFrameOrder();
        Runnable recount = () -> {
            try {
                count.setText(PrintRange.count(rows(choice(which, displayed, numbers), shownRows).length)
                        + " will be printed");
            } catch (IllegalArgumentException badRange) {
                count.setText("Range: " + badRange.getMessage());
            }
        };
        of.selectedToggleProperty().addListener((o, was, now) -> recount.run());
        which.selectedToggleProperty().addListener((o, was, now) -> recount.run());
        numbers.textProperty().addListener((o, was, now) -> recount.run());
        recount.run();
        VBox packets = new VBox(6, bold("Packet Range"), new HBox(12, captured, displayed), all, selected, marked,
                new HBox(6, range, numbers), count);

        Label where = new Label(printer == null
                ? "No printer is set up on this computer: Save as PDF writes the pages to a file."
                : "Printer: " + printer.getName() + " (or Save as PDF)");
        where.setId("print-printer");
        where.setWrapText(true);
        VBox content = new VBox(12, new HBox(24, format, packets), where);
        content.setPadding(new Insets(10));
        dialog.getDialogPane().setContent(content);
        dialog.getDialogPane().setId("print-dialog");
        dialog.getDialogPane().getButtonTypes().addAll(PRINT, PDF, ButtonType.CANCEL);
        dialog.getDialogPane().lookupButton(PRINT).setDisable(printer == null);
        // a range Wireshark would refuse prints nothing: the dialog stays, saying why
        for (ButtonType button : List.of(PRINT, PDF)) {
            dialog.getDialogPane().lookupButton(button).addEventFilter(ActionEvent.ACTION, pressed -> {
                try {
                    rows(choice(which, displayed, numbers), shownRows);
                } catch (IllegalArgumentException badRange) {
                    pressed.consume();
                    numbers.requestFocus();
                }
            });
        }
        dialog.setOnHidden(hidden -> {
            ButtonType answer = dialog.getResult();
            PrintText what = new PrintText(summary.isSelected(), details.isSelected(), bytes.isSelected());
            PrintRange chosen = choice(which, displayed, numbers);
            if (answer == PRINT && printer != null) {
                lines(what, chosen, shownRows, text -> print(printer, text));
            } else if (answer == PDF) {
                Path pdf = choosePdf();
                if (pdf != null) {
                    printTo(what, chosen, shownRows, pdf);
                }
            }
        });
        dialog.show();
    }

    private static PrintRange choice(ToggleGroup which, RadioButton displayed, TextField numbers) {
        Toggle on = which.getSelectedToggle();
        PrintRange.Which chosen = on == null ? PrintRange.Which.ALL : (PrintRange.Which) on.getUserData();
        return new PrintRange(chosen, displayed.isSelected(), numbers.getText());
    }

    /** The rows a range prints, in frame order, of these displayed rows (in frame order). */
    private int[] rows(PrintRange range, int[] shownRows) {
        return range.rows(shown.packets().total(), shownRows, selectedRow(), shown.packets().flags()::marked);
    }

    private static Label bold(String text) {
        Label label = new Label(text);
        label.setStyle("-fx-font-weight: bold;");
        return label;
    }

    private static RadioButton radio(String id, String text, ToggleGroup group) {
        RadioButton button = new RadioButton(text);
        button.setMnemonicParsing(true);
        button.setId(id);
        button.setToggleGroup(group);
        button.setUserData(switch (id) {
            case "print-all" -> PrintRange.Which.ALL;
            case "print-selected" -> PrintRange.Which.SELECTED;
            case "print-marked" -> PrintRange.Which.MARKED;
            case "print-range" -> PrintRange.Which.RANGE;
            default -> null;
        });
        return button;
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
        var chosen = Dialogs.save(chooser, shown.window().stage());
        if (chosen == null) {
            return null;
        }
        Path pdf = chosen.toPath();
        return pdf.getFileName().toString().indexOf('.') < 0 ? pdf.resolveSibling(pdf.getFileName() + ".pdf") : pdf;
    }

    /** Writes what is asked for as a PDF, in the background. */
    void printTo(PrintText what, PrintRange range, Path pdf) {
        printTo(what, range, shown.packets().displayedRowsInFrameOrder(), pdf);
    }

    private void printTo(PrintText what, PrintRange range, int[] shownRows, Path pdf) {
        if (shown.window().files().writesOverOpenCapture(pdf, "Nothing was printed")) {
            return;
        }
        shown.status().say("Printing to " + pdf.getFileName() + " …");
        lines(what, range, shownRows, text -> prints.submit("The packets could not be printed to " + pdf.getFileName(),
                request -> {
                    try {
                        return PdfPages.write(text, pdf);
                    } catch (IOException failure) {
                        throw new IOException("cannot write " + pdf + ": " + CaptureOpenException.reason(failure),
                                failure);
                    }
                }, pages -> shown.status().say("Printed " + pages + (pages == 1 ? " page to " : " pages to ")
                        + pdf)));
    }

    /** Gathers the lines in the background (frames are read again), then hands them on, on the UI thread. */
    private void lines(PrintText what, PrintRange range, int[] shownRows, Consumer<List<String>> then) {
        PacketTable table = shown.packets().table();
        if (table == null) {
            return;
        }
        int[] rows = rows(range, shownRows);
        DissectionExport.Columns columns = shown.window().dissections().shownColumns(rows);
        FrameAnalysis known = shown.analysis().get();
        Path file = shown.session().file();
        String heading = (file == null ? "capture" : file.getFileName().toString()) + " · " + PrintRange.count(
                rows.length) + " of " + shown.packets().total() + " (" + describe(range) + ")"
                + (shown.packets().filter() == null ? "" : " · display filter: " + shown.packets().filter().text());
        prints.submit("The packets could not be printed", request -> what.lines(heading, table, rows, columns,
                shown.session().dissectorOptions(), known,
                fraction -> request.progress(shown.status()::progress, fraction)), text -> {
                    shown.status().progress(0);
                    then.accept(text);
                });
    }

    /** "displayed, marked", "captured, frames 1-10,15", as the heading says which packets these are. */
    private static String describe(PrintRange range) {
        String of = range.displayed() ? "displayed" : "captured";
        return switch (range.which()) {
            case ALL -> "all " + of;
            case SELECTED -> "the selected one";
            case MARKED -> of + ", marked";
            case RANGE -> of + ", frames " + range.range().strip();
        };
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
