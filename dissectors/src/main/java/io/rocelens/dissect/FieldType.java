package io.rocelens.dissect;

/** How a field's value is held and shown. */
public enum FieldType {
    /** Unsigned integer shown in decimal; value is a Long. */
    UINT,
    /** Signed integer (a spec's s1 ... s8) shown in decimal; value is a Long, sign-extended. */
    INT,
    /** Unsigned integer shown in hex (0x-prefixed, zero-padded to the field's width); value is a Long. */
    HEX,
    /** A 64-bit unsigned integer that may exceed Long.MAX_VALUE; value is a Long holding the raw bits. */
    UINT64,
    /** One bit; value is a Long, 0 or 1. */
    FLAG,
    /** 48-bit MAC address; value is a String "aa:bb:cc:dd:ee:ff". */
    MAC,
    /** IPv4 or IPv6 address or a GID; value is a String in its usual text form. */
    ADDRESS,
    /** Text; value is a String. */
    STRING,
    /** A byte string of a spec's {@code -display: bytes} field; value is a String of hex pairs joined by colons. */
    BYTES,
    /** A duration (Wireshark's FT_DOUBLE timers, {@code stp.hello}); value is a Long of nanoseconds, shown in seconds. */
    SECONDS;

    /** Nanoseconds as seconds without trailing zeros, as Wireshark shows an FT_DOUBLE: 2, 0.5, 1.00390625. */
    public static String seconds(long nanos) {
        return java.math.BigDecimal.valueOf(nanos, 9).stripTrailingZeros().toPlainString();
    }
}
