package io.rocelens.filter;

import java.util.Locale;

/** Number literals as Wireshark reads them: decimal, 0x hex, 0b binary, a leading 0 for octal, and hex bytes. */
final class Numbers {

    private Numbers() {
    }

    /**
     * The value, or null when the text is not a number. Colon-separated hex bytes ({@code 00:00:00:2a}, Wireshark's
     * form for byte fields such as {@code infiniband.immdt}) read as one big-endian number of up to 8 bytes.
     *
     * @param flag also read {@code true} and {@code false}
     */
    static Long parse(String text, boolean flag) {
        String lower = text.toLowerCase(Locale.ROOT);
        if (flag && (lower.equals("true") || lower.equals("false"))) {
            return lower.equals("true") ? 1L : 0L;
        }
        if (lower.indexOf(':') > 0) {
            return bytes(lower);
        }
        try {
            if (lower.startsWith("0x") && lower.length() > 2) {
                return digits(lower.substring(2), 16);
            }
            if (lower.startsWith("0b") && lower.length() > 2) {
                return digits(lower.substring(2), 2);
            }
            if (lower.startsWith("0") && lower.length() > 1) {
                return digits(lower.substring(1), 8);
            }
            return digits(lower, 10);
        } catch (NumberFormatException notANumber) {
            return null;
        }
    }

    private static Long digits(String text, int radix) {
        for (char c : text.toCharArray()) {
            if (Character.digit(c, radix) < 0) {
                return null;
            }
        }
        return text.isEmpty() ? null : Long.parseUnsignedLong(text, radix);
    }

    private static Long bytes(String text) {
        String[] parts = text.split(":", -1);
        if (parts.length > 8) {
            return null;
        }
        long value = 0;
        for (String part : parts) {
            if (part.length() != 2 || Character.digit(part.charAt(0), 16) < 0 || Character.digit(part.charAt(1), 16) < 0) {
                return null;
            }
            value = (value << 8) | Integer.parseInt(part, 16);
        }
        return value;
    }
}
