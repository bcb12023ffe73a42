package io.rocelens.filter;

import io.rocelens.dissect.FieldType;

/** What a filter field holds, which decides how the values written after it are read. */
public enum ValueKind {
    NUMBER("a number"),
    FLAG("a flag (0 or 1, false or true)"),
    MAC("a MAC address"),
    IPV4("an IPv4 address"),
    IPV6("an IPv6 address"),
    TEXT("text"),
    /** Wireshark's byte fields ({@code infiniband.immdt}): a byte string, held as a number of the field's width. */
    BYTES("a byte string, as 00:00:11:02 (or 00-00-11-02, 00.00.11.02, 0000.1102, 00001102)"),
    /** Seconds, held as signed nanoseconds. */
    TIME("a time in seconds, as 1.5 or 0.000002"),
    /** A date and time, held as nanoseconds since the epoch. */
    ABSOLUTE_TIME("a date and time, as \"2026-01-01 12:00:00.5\" (local time; add Z for UTC)"),
    /** A protocol or an analysis mark: tested by its name alone. */
    NONE("a protocol or mark, tested by its name alone");

    private final String words;

    ValueKind(String words) {
        this.words = words;
    }

    /** "a number", "an IPv4 address", ...: how an error message names it. */
    public String words() {
        return words;
    }

    static ValueKind of(FieldType type, String name) {
        return switch (type) {
            case UINT, INT, HEX, UINT64 -> NUMBER;
            case FLAG -> FLAG;
            case MAC -> MAC;
            case ADDRESS -> name.startsWith("ip.") || name.startsWith("arp.") ? IPV4 : IPV6;
            case STRING -> TEXT;
            case BYTES -> BYTES;
            case SECONDS -> TIME;
        };
    }
}
