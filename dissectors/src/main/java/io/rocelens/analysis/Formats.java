package io.rocelens.analysis;

import io.rocelens.dissect.Addresses;

/** Text forms shared by every output of the analysis: QP numbers, durations and flow names. Addresses and
 * timestamps use {@link Addresses} and {@code Timestamps}, like the decoder. */
public final class Formats {

    private Formats() {
    }

    /** A 24-bit QP number as "0x" and six lower-case hex digits. */
    public static String qp(int qp) {
        String hex = Integer.toHexString(qp & 0xFFFFFF);
        return "0x" + "000000".substring(hex.length()) + hex;
    }

    /** A CM Service ID as Wireshark shows it: "0x" and sixteen lower-case hex digits. */
    public static String serviceId(long serviceId) {
        return String.format(java.util.Locale.ROOT, "0x%016x", serviceId);
    }

    /**
     * The locale of numbers formatted for people: its digits, decimal point and grouping comma are the root locale's,
     * and {@code String.format} skips for it alone the decimal format symbols it builds at each call for any other
     * locale (the window formats its status line, views and stall texts ten times a second while a capture runs).
     */
    public static final java.util.Locale DIGITS = java.util.Locale.US;

    /** A duration for people: "850 ns", "5.12 ns", "12.345 µs", "3.200 ms", "1.500 s". */
    public static String duration(double nanos) {
        double abs = Math.abs(nanos);
        if (abs < 1_000) {
            return String.format(DIGITS, nanos == Math.rint(nanos) ? "%.0f ns" : "%.2f ns", nanos);
        }
        if (abs < 1_000_000) {
            return String.format(DIGITS, "%.3f µs", nanos / 1e3);
        }
        if (abs < 1_000_000_000) {
            return String.format(DIGITS, "%.3f ms", nanos / 1e6);
        }
        return String.format(DIGITS, "%.3f s", nanos / 1e9);
    }

    /** How events and tables name a flow: "src > dst QP 0x000011". */
    public static String flow(long srcHi, long srcLo, long dstHi, long dstLo, int dstQp) {
        return Addresses.ip(srcHi, srcLo) + " > " + Addresses.ip(dstHi, dstLo) + " QP " + qp(dstQp);
    }
}
