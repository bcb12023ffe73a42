package io.rocelens.filter;

import io.rocelens.dissect.Addresses;

/**
 * Reads the address forms a filter may hold. Written out rather than through {@code InetAddress}, which would look
 * a host name up in DNS where a user mistyped an address.
 */
final class AddressText {

    private AddressText() {
    }

    /** The IPv4 address as an unsigned 32-bit number, or -1 when the text is not a dotted quad. */
    static long ipv4(String text) {
        String[] parts = text.split("\\.", -1);
        if (parts.length != 4) {
            return -1;
        }
        long value = 0;
        for (String part : parts) {
            int octet = decimal(part, 255);
            if (octet < 0) {
                return -1;
            }
            value = (value << 8) | octet;
        }
        return value;
    }

    /** The IPv6 address as {high, low}, or null when the text is not one (RFC 4291 text forms). */
    static long[] ipv6(String text) {
        int gap = text.indexOf("::");
        if (gap >= 0 && text.indexOf("::", gap + 1) >= 0) {
            return null;
        }
        int[] groups = new int[8];
        int count;
        if (gap < 0) {
            count = groups(text, groups, 0, true);
            if (count != 8) {
                return null;
            }
        } else {
            int[] head = new int[8];
            int[] tail = new int[8];
            int headCount = gap == 0 ? 0 : groups(text.substring(0, gap), head, 0, false);
            String after = text.substring(gap + 2);
            int tailCount = after.isEmpty() ? 0 : groups(after, tail, 0, true);
            if (headCount < 0 || tailCount < 0 || headCount + tailCount > 7) {
                return null;
            }
            System.arraycopy(head, 0, groups, 0, headCount);
            System.arraycopy(tail, 0, groups, 8 - tailCount, tailCount);
        }
        long hi = 0;
        long lo = 0;
        for (int i = 0; i < 4; i++) {
            hi = (hi << 16) | groups[i];
            lo = (lo << 16) | groups[i + 4];
        }
        return new long[] {hi, lo};
    }

    /** Colon-separated hex groups into {@code out}; a dotted quad may end them. Returns the count, or -1. */
    private static int groups(String text, int[] out, int from, boolean ipv4Tail) {
        String[] parts = text.split(":", -1);
        int count = from;
        for (int i = 0; i < parts.length; i++) {
            String part = parts[i];
            if (ipv4Tail && i == parts.length - 1 && part.indexOf('.') >= 0) {
                long v4 = ipv4(part);
                if (v4 < 0 || count + 2 > out.length) {
                    return -1;
                }
                out[count++] = (int) (v4 >>> 16);
                out[count++] = (int) (v4 & 0xffff);
                continue;
            }
            if (part.isEmpty() || part.length() > 4 || count == out.length) {
                return -1;
            }
            int group = 0;
            for (char c : part.toCharArray()) {
                int digit = Character.digit(c, 16);
                if (digit < 0) {
                    return -1;
                }
                group = group * 16 + digit;
            }
            out[count++] = group;
        }
        return count;
    }

    /** A MAC address (aa:bb:cc:dd:ee:ff, aa-bb-cc-dd-ee-ff, aabb.ccdd.eeff or aabbccddeeff) as a 48-bit number, or -1. */
    static long mac(String text) {
        String[] parts;
        int digitsEach;
        if (text.length() == 12 && text.chars().allMatch(c -> Character.digit(c, 16) >= 0)) {
            // twelve hex digits without separators, as Wireshark 4 takes them
            parts = new String[] {text};
            digitsEach = 12;
        } else if (text.length() == 14 && text.charAt(4) == '.' && text.charAt(9) == '.') {
            parts = text.split("\\.");
            digitsEach = 4;
        } else {
            parts = text.split(text.indexOf('-') >= 0 ? "-" : ":", -1);
            digitsEach = 2;
        }
        if (parts.length * digitsEach != 12) {
            return -1;
        }
        long value = 0;
        for (String part : parts) {
            if (part.length() != digitsEach) {
                return -1;
            }
            for (char c : part.toCharArray()) {
                int digit = Character.digit(c, 16);
                if (digit < 0) {
                    return -1;
                }
                value = (value << 4) | digit;
            }
        }
        return value;
    }

    /** A plain decimal number from 0 to max, or -1. */
    static int decimal(String text, int max) {
        if (text.isEmpty() || text.length() > 10) {
            return -1;
        }
        long value = 0;
        for (char c : text.toCharArray()) {
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value <= max ? (int) value : -1;
    }

    static String ipv4Text(long lo) {
        return Addresses.ipv4(lo & 0xffffffffL);
    }
}
