package io.rocelens.filter;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Byte strings as Wireshark's FT_BYTES fields take them ({@code infiniband.immdt}, {@code infiniband.ieth}): written
 * as hex bytes separated by {@code :}, {@code -} or {@code .} ({@code 00:00:11:02}, {@code 00.00.11.02}, one digit
 * allowed between dots), in groups of four digits ({@code 0000.1102}), without separators ({@code 00001102}), as one
 * byte {@code 0x02}, or as a quoted string (its bytes). Ordered as Wireshark orders them: the shorter first, then
 * byte by byte.
 */
final class ByteText {

    private ByteText() {
    }

    /** The bytes the text writes, or null when it is not a byte string. */
    static byte[] parse(String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        if (lower.startsWith("0x")) {
            String digits = lower.substring(2);
            return digits.length() >= 1 && digits.length() <= 2 && isHex(digits)
                    ? new byte[] {(byte) Integer.parseInt(digits, 16)} : null;
        }
        if (lower.isEmpty()) {
            return null;
        }
        char separator = 0;
        for (char c : new char[] {':', '-', '.'}) {
            if (lower.indexOf(c) >= 0) {
                if (separator != 0) {
                    return null;
                }
                separator = c;
            }
        }
        if (separator == 0) {
            return lower.length() % 2 == 0 && isHex(lower) ? hex(lower) : lower.length() == 1 && isHex(lower)
                    ? new byte[] {(byte) Character.digit(lower.charAt(0), 16)} : null;
        }
        String[] parts = lower.split(separator == '.' ? "\\." : String.valueOf(separator), -1);
        boolean quads = separator == '.' && parts[0].length() == 4;
        StringBuilder digits = new StringBuilder();
        for (String part : parts) {
            if (!isHex(part) || (quads ? part.length() != 4
                    : part.length() != 2 && !(separator == '.' && part.length() == 1))) {
                return null;
            }
            digits.append(part.length() == 1 ? "0" + part : part);
        }
        return hex(digits.toString());
    }

    /** The bytes of a quoted string: one per character when all are below 256 (\xNN escapes), else UTF-8. */
    static byte[] of(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) > 0xff) {
                return text.getBytes(StandardCharsets.UTF_8);
            }
        }
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** The value as {@code width} big-endian bytes. */
    static byte[] of(long value, int width) {
        byte[] out = new byte[width];
        for (int i = width - 1; i >= 0; i--) {
            out[i] = (byte) value;
            value >>>= 8;
        }
        return out;
    }

    /** Wireshark's order of byte strings: by length, then byte by byte (unsigned). */
    static int compare(byte[] a, byte[] b) {
        if (a.length != b.length) {
            return a.length < b.length ? -1 : 1;
        }
        return java.util.Arrays.compareUnsigned(a, b);
    }

    static boolean contains(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    /** The bytes as text for a regular expression: one character per byte, as PCRE2 sees them. */
    static String latin1(byte[] bytes) {
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }

    static String print(byte[] bytes) {
        StringBuilder out = new StringBuilder();
        for (byte b : bytes) {
            out.append(out.length() > 0 ? ":" : "").append(String.format("%02x", b & 0xff));
        }
        return out.toString();
    }

    private static boolean isHex(String text) {
        for (char c : text.toCharArray()) {
            if (Character.digit(c, 16) < 0) {
                return false;
            }
        }
        return !text.isEmpty();
    }

    private static byte[] hex(String digits) {
        byte[] out = new byte[digits.length() / 2];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) Integer.parseInt(digits.substring(2 * i, 2 * i + 2), 16);
        }
        return out;
    }
}
