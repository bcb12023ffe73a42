package io.rocelens.analysis;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** Text forms shared by every output of the analysis: IP addresses, MAC addresses, QP numbers and timestamps. */
public final class Formats {

    private static final DateTimeFormatter ISO_NANOS =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSSSSS'Z'").withZone(ZoneOffset.UTC);

    private Formats() {
    }

    /**
     * An address held as 128 bits (IPv4 stored IPv4-mapped, as {@code PacketSummary} does): IPv4 dotted, IPv6 in the
     * RFC 5952 form (lower case, longest run of two or more zero groups shortened to "::", the first run on a tie).
     */
    public static String ip(long hi, long lo) {
        if (hi == 0 && (lo >>> 32) == 0xFFFFL) {
            return ((lo >>> 24) & 0xFF) + "." + ((lo >>> 16) & 0xFF) + "." + ((lo >>> 8) & 0xFF) + "." + (lo & 0xFF);
        }
        int[] groups = new int[8];
        for (int i = 0; i < 4; i++) {
            groups[i] = (int) (hi >>> (48 - 16 * i)) & 0xFFFF;
            groups[i + 4] = (int) (lo >>> (48 - 16 * i)) & 0xFFFF;
        }
        int bestStart = -1;
        int bestLength = 1;
        for (int i = 0; i < 8; ) {
            if (groups[i] != 0) {
                i++;
                continue;
            }
            int j = i;
            while (j < 8 && groups[j] == 0) {
                j++;
            }
            if (j - i > bestLength) {
                bestStart = i;
                bestLength = j - i;
            }
            i = j;
        }
        StringBuilder text = new StringBuilder(39);
        for (int i = 0; i < 8; i++) {
            if (i == bestStart) {
                text.append("::");
                i += bestLength - 1;
                continue;
            }
            if (text.length() > 0 && text.charAt(text.length() - 1) != ':') {
                text.append(':');
            }
            text.append(Integer.toHexString(groups[i]));
        }
        return text.toString();
    }

    /** A MAC address held in the low 48 bits, as "aa:bb:cc:dd:ee:ff". */
    public static String mac(long mac) {
        StringBuilder text = new StringBuilder(17);
        for (int shift = 40; shift >= 0; shift -= 8) {
            int octet = (int) (mac >>> shift) & 0xFF;
            if (shift != 40) {
                text.append(':');
            }
            text.append(Character.forDigit(octet >> 4, 16)).append(Character.forDigit(octet & 0xF, 16));
        }
        return text.toString();
    }

    /** A 24-bit QP number as "0x" and six lower-case hex digits. */
    public static String qp(int qp) {
        String hex = Integer.toHexString(qp & 0xFFFFFF);
        return "0x" + "000000".substring(hex.length()) + hex;
    }

    /** Nanoseconds since the epoch as ISO-8601 UTC with nine fractional digits. */
    public static String time(long epochNanos) {
        return ISO_NANOS.format(Instant.ofEpochSecond(Math.floorDiv(epochNanos, 1_000_000_000L),
                Math.floorMod(epochNanos, 1_000_000_000L)));
    }

    /** A duration for people: "850 ns", "5.12 ns", "12.345 µs", "3.200 ms", "1.500 s". */
    public static String duration(double nanos) {
        double abs = Math.abs(nanos);
        if (abs < 1_000) {
            return String.format(java.util.Locale.ROOT, nanos == Math.rint(nanos) ? "%.0f ns" : "%.2f ns", nanos);
        }
        if (abs < 1_000_000) {
            return String.format(java.util.Locale.ROOT, "%.3f µs", nanos / 1e3);
        }
        if (abs < 1_000_000_000) {
            return String.format(java.util.Locale.ROOT, "%.3f ms", nanos / 1e6);
        }
        return String.format(java.util.Locale.ROOT, "%.3f s", nanos / 1e9);
    }

    /** How events and tables name a flow: "src > dst QP 0x000011". */
    public static String flow(long srcHi, long srcLo, long dstHi, long dstLo, int dstQp) {
        return ip(srcHi, srcLo) + " > " + ip(dstHi, dstLo) + " QP " + qp(dstQp);
    }
}
