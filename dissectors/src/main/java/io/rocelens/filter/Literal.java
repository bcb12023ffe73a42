package io.rocelens.filter;

import io.rocelens.dissect.Addresses;

/**
 * A value written in a filter, already read as the kind of the field it is compared with.
 *
 * @param kind   the field's kind
 * @param number numbers, flags and MAC addresses; the low half of an IP address; times in nanoseconds
 * @param high   the high half of an IP address (IPv4 held IPv4-mapped)
 * @param prefix for an IP address, the bits a subnet compares (128 for one address)
 * @param text   the value of a text literal
 * @param bytes  the value of a byte-string literal; {@code prefix} then holds the field's width in bytes
 */
record Literal(ValueKind kind, long number, long high, int prefix, String text, byte[] bytes) {

    static Literal number(ValueKind kind, long value) {
        return new Literal(kind, value, 0, 0, null, null);
    }

    static Literal ip(ValueKind kind, long hi, long lo, int prefix) {
        return new Literal(kind, lo, hi, prefix, null, null);
    }

    static Literal text(String value) {
        return new Literal(ValueKind.TEXT, 0, 0, 0, value, null);
    }

    /** A byte string compared with a field of {@code width} bytes. */
    static Literal bytes(byte[] value, int width) {
        return new Literal(ValueKind.BYTES, 0, 0, width, null, value);
    }

    /** Orders a byte field's value (a number of the field's width) against this byte string, as Wireshark. */
    int compareBytes(long value) {
        return ByteText.compare(ByteText.of(value, prefix), bytes);
    }

    /** Whether the IP address lies in this address or subnet. */
    boolean contains(long hi, long lo) {
        if (prefix <= 64) {
            long mask = prefix == 0 ? 0 : -1L << (64 - prefix);
            return (hi & mask) == (high & mask);
        }
        long mask = -1L << (128 - prefix);
        return hi == high && (lo & mask) == (number & mask);
    }

    /**
     * Orders an IP address against this one (unsigned 128-bit). A subnet orders as Wireshark's cmp_order does: both
     * addresses masked to its prefix ({@code ip.addr > 10.1.16.48/28} holds from 10.1.16.64 on, not from .49).
     */
    int compareIp(long hi, long lo) {
        if (prefix >= 128) {
            int byHigh = Long.compareUnsigned(hi, high);
            return byHigh != 0 ? byHigh : Long.compareUnsigned(lo, number);
        }
        long highMask = prefix >= 64 ? -1L : prefix == 0 ? 0 : -1L << (64 - prefix);
        long lowMask = prefix <= 64 ? 0 : -1L << (128 - prefix);
        int byHigh = Long.compareUnsigned(hi & highMask, high & highMask);
        return byHigh != 0 ? byHigh : Long.compareUnsigned(lo & lowMask, number & lowMask);
    }

    /** The literal as a filter writes it, in the field's own form (hex for hex fields). */
    String print(boolean hex) {
        return switch (kind) {
            case NUMBER, FLAG -> hex ? "0x" + Long.toHexString(number) : Long.toUnsignedString(number);
            case MAC -> Addresses.mac(number);
            case IPV4 -> AddressText.ipv4Text(number) + (prefix < 128 ? "/" + (prefix - 96) : "");
            case IPV6 -> Addresses.ipv6(high, number) + (prefix < 128 ? "/" + prefix : "");
            case TEXT -> quote(text);
            case BYTES -> ByteText.print(bytes);
            case TIME -> Times.printRelative(number);
            case ABSOLUTE_TIME -> Times.printAbsolute(number);
            case NONE -> "";
        };
    }

    static String quote(String value) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : value.toCharArray()) {
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20 || c == 0x7f) {
                out.append(String.format("\\x%02x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }
}
