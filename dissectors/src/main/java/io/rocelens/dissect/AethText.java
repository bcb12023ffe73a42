package io.rocelens.dissect;

import io.rocelens.ksy.Aeth;
import io.rocelens.ksy.EnumTexts;
import java.util.Locale;

/**
 * Words for an AETH syndrome (IBTA vol. 1 §9.3.5, tables 43-45), from the enums of {@code aeth.ksy}: the syndrome
 * types, the NAK codes and the RNR timer encodings.
 */
public final class AethText {

    /** Syndrome types, bits 6-5 (table 43); 2 is reserved. */
    public static final int ACK = 0;
    public static final int RNR_NAK = 1;
    public static final int NAK = 3;

    private static final String[] TYPES = new String[4];

    static {
        for (int type = 0; type < TYPES.length; type++) {
            TYPES[type] = Aeth.SyndromeTypeEnum.byId(type).name().toLowerCase(Locale.ROOT);
        }
    }

    private AethText() {
    }

    /** {@link #ACK}, {@link #RNR_NAK}, {@link #NAK} or 2 (reserved): syndrome bits 6-5. */
    public static int typeCode(int syndrome) {
        return (syndrome >>> 5) & 3;
    }

    /** Syndrome bits 4-0: the credit count of an ACK, the timer of an RNR NAK, the code of a NAK. */
    public static int value(int syndrome) {
        return syndrome & 0x1F;
    }

    /** "ack", "rnr_nak", "nak" or "reserved", from syndrome bits 6-5. */
    public static String type(int syndrome) {
        return TYPES[typeCode(syndrome)];
    }

    /** "ACK", "ACK (credits 5)", "NAK: PSN sequence error", "RNR NAK: timer 14 (1.28 ms)". */
    public static String describe(int syndrome) {
        int value = value(syndrome);
        return switch (typeCode(syndrome)) {
            case ACK -> value == 0x1f ? "ACK" : "ACK (credits " + value + ")";
            case RNR_NAK -> "RNR NAK: timer " + value + " (" + EnumTexts.aethRnrTimerEnum(value) + ")";
            case NAK -> "NAK: " + nakName(value);
            default -> String.format("reserved syndrome 0x%02x", syndrome);
        };
    }

    /** "PSN sequence error", ..., "reserved code 7": the NAK code in syndrome bits 4-0. */
    public static String nakName(int code) {
        String name = EnumTexts.aethNakCodeEnum(code);
        return name != null ? name : "reserved code " + code;
    }
}
