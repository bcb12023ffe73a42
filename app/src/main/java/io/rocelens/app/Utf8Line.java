package io.rocelens.app;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * A line built directly as UTF-8 bytes, reused from line to line. Summary lines are ASCII but for their arrow: through
 * a StringBuilder and a Writer, that one character made every line go through the charset encoder's slow loop.
 */
final class Utf8Line {

    private byte[] bytes = new byte[256];
    private int length;

    void clear() {
        length = 0;
    }

    Utf8Line append(char c) {
        if (c < 0x80) {
            room(1);
            bytes[length++] = (byte) c;
        } else if (c < 0x800) {
            room(2);
            bytes[length++] = (byte) (0xc0 | c >> 6);
            bytes[length++] = (byte) (0x80 | c & 0x3f);
        } else if (Character.isSurrogate(c)) {
            append(String.valueOf(c));   // a lone half here; a whole pair goes through the String path below
        } else {
            room(3);
            bytes[length++] = (byte) (0xe0 | c >> 12);
            bytes[length++] = (byte) (0x80 | c >> 6 & 0x3f);
            bytes[length++] = (byte) (0x80 | c & 0x3f);
        }
        return this;
    }

    /** Appends a String or a StringBuilder alike, so text built in a reused builder needs no String of its own. */
    Utf8Line append(CharSequence text) {
        int n = text.length();
        room(n);
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c >= 0x80) {   // rare: the rest of the text through the JDK's encoder, which knows surrogate pairs
                byte[] rest = text.subSequence(i, n).toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
                room(rest.length);
                System.arraycopy(rest, 0, bytes, length, rest.length);
                length += rest.length;
                return this;
            }
            bytes[length++] = (byte) c;
        }
        return this;
    }

    /** {@code count} spaces (none when not positive). */
    Utf8Line pad(int count) {
        for (int i = 0; i < count; i++) {
            append(' ');
        }
        return this;
    }

    /** A number in decimal; a negative one through Long.toString. */
    Utf8Line appendDigits(long number) {
        if (number < 0) {
            return append(Long.toString(number));
        }
        int n = digits(number);
        room(n);
        for (int i = length + n - 1; i >= length; i--) {
            bytes[i] = (byte) ('0' + number % 10);
            number /= 10;
        }
        length += n;
        return this;
    }

    /** A number right-aligned in {@code width} characters, spaces before it. */
    Utf8Line appendPadded(long number, int width) {
        return pad(width - (number < 0 ? Long.toString(number).length() : digits(number))).appendDigits(number);
    }

    /** A number of at most {@code width} digits, zeros before it. */
    Utf8Line appendZeroPadded(long number, int width) {
        for (int i = digits(number); i < width; i++) {
            append('0');
        }
        return appendDigits(number);
    }

    /** How many decimal digits a number that is not negative has. */
    static int digits(long number) {
        int n = 1;
        while (number >= 10) {
            number /= 10;
            n++;
        }
        return n;
    }

    void writeTo(OutputStream out) throws IOException {
        out.write(bytes, 0, length);
    }

    @Override
    public String toString() {
        return new String(bytes, 0, length, java.nio.charset.StandardCharsets.UTF_8);
    }

    private void room(int more) {
        if (length + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(length + more, 2 * bytes.length));
        }
    }
}
