package io.rocelens.app.gui.export.model;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.font.PDType0Font;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;

/**
 * File › Print… to PDF: lines of text on A4 landscape pages in a fixed-width font, written with Apache PDFBox. JavaFX
 * prints only to a printer the system has (its {@code PrinterJob} has no PDF output, and a machine without a printer,
 * a server's display, has none), so a PDF is written here. The font is DejaVu Sans Mono where the system has it
 * (embedded: every character prints), else PDF's built-in Courier (Latin-1; other characters print as "?").
 */
public final class PdfPages {

    /** A4 landscape, half-inch margins. */
    private static final PDRectangle PAGE = new PDRectangle(PDRectangle.A4.getHeight(), PDRectangle.A4.getWidth());
    private static final float MARGIN = 36;
    private static final float SIZE = 7.5f;
    private static final float LEADING = 9.5f;
    /** Where Debian, Ubuntu, Fedora and Arch keep DejaVu Sans Mono. */
    private static final List<Path> MONOSPACED = List.of(
            Path.of("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"),
            Path.of("/usr/share/fonts/dejavu-sans-mono-fonts/DejaVuSansMono.ttf"),
            Path.of("/usr/share/fonts/dejavu/DejaVuSansMono.ttf"),
            Path.of("/usr/share/fonts/TTF/DejaVuSansMono.ttf"));

    private PdfPages() {
    }

    /** Lines that fit on one page. */
    public static int linesPerPage() {
        return (int) ((PAGE.getHeight() - 2 * MARGIN) / LEADING);
    }

    /**
     * Writes the lines, {@link #linesPerPage()} a page, each page footed with its number; a line too long for the
     * page is cut.
     *
     * @return pages written
     */
    public static int write(List<String> lines, Path output) throws IOException {
        try (PDDocument document = new PDDocument()) {
            PDFont font = font(document);
            float width = PAGE.getWidth() - 2 * MARGIN;
            int perPage = linesPerPage();
            int pages = Math.max(1, (lines.size() + perPage - 1) / perPage);
            for (int p = 0; p < pages; p++) {
                PDPage page = new PDPage(PAGE);
                document.addPage(page);
                try (PDPageContentStream text = new PDPageContentStream(document, page)) {
                    text.beginText();
                    text.setFont(font, SIZE);
                    text.setLeading(LEADING);
                    text.newLineAtOffset(MARGIN, PAGE.getHeight() - MARGIN - SIZE);
                    for (int i = p * perPage; i < Math.min(lines.size(), (p + 1) * perPage); i++) {
                        text.showText(fitted(printable(lines.get(i), font), font, width));
                        text.newLine();
                    }
                    text.endText();
                    text.beginText();
                    text.setFont(font, SIZE);
                    String footer = (p + 1) + " / " + pages;
                    text.newLineAtOffset(PAGE.getWidth() - MARGIN - font.getStringWidth(footer) / 1000 * SIZE,
                            MARGIN / 2);
                    text.showText(footer);
                    text.endText();
                }
            }
            document.save(output.toFile());
            return pages;
        }
    }

    private static PDFont font(PDDocument document) throws IOException {
        for (Path candidate : MONOSPACED) {
            if (Files.isReadable(candidate)) {
                return PDType0Font.load(document, candidate.toFile());
            }
        }
        return new PDType1Font(Standard14Fonts.FontName.COURIER);
    }

    /** The text with tabs as spaces and every character the font cannot show as "?". */
    private static String printable(String line, PDFont font) {
        StringBuilder out = new StringBuilder(line.length());
        line.replace("\t", "    ").codePoints().forEach(c -> {
            String one = Character.toString(c);
            try {
                font.encode(one);
                out.append(one);
            } catch (IOException | IllegalArgumentException notInFont) {
                out.append('?');
            }
        });
        return out.toString();
    }

    private static String fitted(String line, PDFont font, float width) throws IOException {
        String cut = line;
        while (!cut.isEmpty() && font.getStringWidth(cut) / 1000 * SIZE > width) {
            cut = cut.substring(0, Math.max(0, cut.length() - Math.max(1, cut.length() / 20)));
        }
        return cut;
    }
}
