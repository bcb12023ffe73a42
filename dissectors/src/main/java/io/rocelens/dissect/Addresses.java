package io.rocelens.dissect;

/** Text forms of the addresses PacketSummary holds as numbers. */
public final class Addresses {

    /** High half of an IPv4-mapped IPv6 address; the low half is 0x0000ffff_xxxxxxxx. */
    private static final long V4_MAPPED_PREFIX = 0x0000ffff00000000L;

    private Addresses() {
    }

    /** The bytes of an address (MAC or IPv4) as an unsigned big-endian number. */
    public static long number(byte[] bytes) {
        long value = 0;
        for (byte b : bytes) {
            value = (value << 8) | (b & 0xff);
        }
        return value;
    }

    public static String mac(long value) {
        StringBuilder text = new StringBuilder(17);
        for (int shift = 40; shift >= 0; shift -= 8) {
            if (shift != 40) {
                text.append(':');
            }
            int octet = (int) (value >>> shift) & 0xff;
            text.append(Character.forDigit(octet >>> 4, 16)).append(Character.forDigit(octet & 0xf, 16));
        }
        return text.toString();
    }

    /** Low half of the IPv4-mapped form of an IPv4 address held in the low 32 bits. */
    public static long ipv4Mapped(long ipv4) {
        return V4_MAPPED_PREFIX | (ipv4 & 0xffffffffL);
    }

    /**
     * The high word that marks a native InfiniBand LID stored in an address slot (low word = the LID), so flows
     * without IP or GRH can be keyed like the others. It lies in 100::/64, the IPv6 discard-only prefix (RFC 6666),
     * which no capture carries as an address.
     */
    public static final long LID_HIGH = 0x0100_0000_4c49_4400L;

    public static boolean isLid(long hi, long lo) {
        return hi == LID_HIGH && (lo >>> 16) == 0;
    }

    /** "LID: 2", as Wireshark shows a native InfiniBand address. */
    public static String lid(long lid) {
        return "LID: " + lid;
    }

    public static boolean isIpv4Mapped(long hi, long lo) {
        return hi == 0 && (lo & 0xffffffff00000000L) == V4_MAPPED_PREFIX;
    }

    public static long high(byte[] address16) {
        return word(address16, 0);
    }

    public static long low(byte[] address16) {
        return word(address16, 8);
    }

    /** The high 64 bits of the 16-byte address at {@code at} in {@code bytes}. */
    public static long high(byte[] bytes, int at) {
        return word(bytes, at);
    }

    /** The low 64 bits of the 16-byte address at {@code at} in {@code bytes}. */
    public static long low(byte[] bytes, int at) {
        return word(bytes, at + 8);
    }

    private static long word(byte[] bytes, int from) {
        long value = 0;
        for (int i = from; i < from + 8; i++) {
            value = (value << 8) | (bytes[i] & 0xff);
        }
        return value;
    }

    /** Dotted quad for IPv4-mapped addresses, RFC 5952 text for the rest. */
    public static String ip(long hi, long lo) {
        if (isIpv4Mapped(hi, lo)) {
            return ipv4(lo);
        }
        if (isLid(hi, lo)) {
            return lid(lo);
        }
        return ipv6(hi, lo);
    }

    public static String ipv4(long value) {
        return ((value >>> 24) & 0xff) + "." + ((value >>> 16) & 0xff) + "." + ((value >>> 8) & 0xff) + "." + (value & 0xff);
    }

    /** RFC 5952: lower case, leading zeros dropped, the longest run of two or more zero groups as "::",
     * IPv4-mapped addresses as ::ffff:a.b.c.d. */
    public static String ipv6(long hi, long lo) {
        if (isIpv4Mapped(hi, lo)) {
            return "::ffff:" + ipv4(lo);
        }
        int[] groups = new int[8];
        for (int i = 0; i < 4; i++) {
            groups[i] = (int) (hi >>> (48 - 16 * i)) & 0xffff;
            groups[i + 4] = (int) (lo >>> (48 - 16 * i)) & 0xffff;
        }
        int bestStart = -1;
        int bestLength = 1;
        for (int i = 0; i < 8; ) {
            if (groups[i] != 0) {
                i++;
                continue;
            }
            int start = i;
            while (i < 8 && groups[i] == 0) {
                i++;
            }
            if (i - start > bestLength) {
                bestStart = start;
                bestLength = i - start;
            }
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
}
