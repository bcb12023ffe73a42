package io.rocelens.app.gui.details.model;

/**
 * The bytes pane's text: 16 bytes a line, as Wireshark shows them ({@code 0010  45 00 ... 4 5 .}), and where each
 * byte sits in it, so a field's range can be highlighted and a click on a byte mapped back to its offset.
 */
public final class HexDump {

    public static final int BYTES_PER_LINE = 16;

    private final byte[] bytes;

    public HexDump(byte[] bytes) {
        this.bytes = bytes.clone();
    }

    public int length() {
        return bytes.length;
    }

    public int lineCount() {
        return (bytes.length + BYTES_PER_LINE - 1) / BYTES_PER_LINE;
    }

    /** Offset column of a line, four hex digits (more past 64 KiB). */
    public String offsetText(int line) {
        return String.format("%04x", line * BYTES_PER_LINE);
    }

    /** Bytes on that line (16, fewer on the last). */
    public int bytesOnLine(int line) {
        return Math.min(BYTES_PER_LINE, bytes.length - line * BYTES_PER_LINE);
    }

    /** Two lower-case hex digits. */
    public String hex(int offset) {
        return String.format("%02x", bytes[offset] & 0xFF);
    }

    /** The byte as printable ASCII, or '.' as Wireshark shows anything else. */
    public char ascii(int offset) {
        int b = bytes[offset] & 0xFF;
        return b >= 0x20 && b < 0x7F ? (char) b : '.';
    }

    /** One line as plain text, as {@code tshark -x} prints it: offset, hex bytes, ASCII. */
    public String lineText(int line) {
        StringBuilder text = new StringBuilder(offsetText(line)).append("  ");
        int count = bytesOnLine(line);
        int first = line * BYTES_PER_LINE;
        for (int i = 0; i < BYTES_PER_LINE; i++) {
            text.append(i < count ? hex(first + i) : "  ").append(' ');
        }
        text.append("  ");
        for (int i = 0; i < count; i++) {
            text.append(ascii(first + i));
        }
        return text.toString();
    }

    /** The whole dump, one line per 16 bytes, as Wireshark's "Copy as Hex + ASCII Dump". */
    public String text() {
        StringBuilder text = new StringBuilder();
        for (int line = 0; line < lineCount(); line++) {
            text.append(lineText(line)).append('\n');
        }
        return text.toString();
    }
}
