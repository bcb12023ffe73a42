package io.rocelens.dissect;

/** Words for an AETH syndrome (IBTA vol. 1 §9.7.5.1, tables 43-45). */
public final class AethText {

    private static final String[] NAK_CODES = {
        "PSN sequence error", "invalid request", "remote access error", "remote operational error",
        "invalid RD request",
    };
    /** RNR NAK timer codes 0-31 in milliseconds; code 0 is the longest. */
    private static final double[] RNR_TIMER_MS = {
        655.36, 0.01, 0.02, 0.03, 0.04, 0.06, 0.08, 0.12, 0.16, 0.24, 0.32, 0.48, 0.64, 0.96, 1.28, 1.92, 2.56,
        3.84, 5.12, 7.68, 10.24, 15.36, 20.48, 30.72, 40.96, 61.44, 81.92, 122.88, 163.84, 245.76, 327.68, 491.52,
    };

    private AethText() {
    }

    /** "ack", "rnr_nak", "nak" or "reserved", from syndrome bits 6-5. */
    public static String type(int syndrome) {
        return switch ((syndrome >>> 5) & 3) {
            case 0 -> "ack";
            case 1 -> "rnr_nak";
            case 3 -> "nak";
            default -> "reserved";
        };
    }

    /** "ACK", "ACK (credits 5)", "NAK: PSN sequence error", "RNR NAK: timer 14 (1.28 ms)". */
    public static String describe(int syndrome) {
        int value = syndrome & 0x1f;
        return switch ((syndrome >>> 5) & 3) {
            case 0 -> value == 0x1f ? "ACK" : "ACK (credits " + value + ")";
            case 1 -> "RNR NAK: timer " + value + " (" + RNR_TIMER_MS[value] + " ms)";
            case 3 -> "NAK: " + nakName(value);
            default -> String.format("reserved syndrome 0x%02x", syndrome);
        };
    }

    /** "PSN sequence error", ..., "reserved code 7": the NAK code in syndrome bits 4-0. */
    public static String nakName(int code) {
        return code < NAK_CODES.length ? NAK_CODES[code] : "reserved code " + code;
    }
}
