package io.rocelens.dissect;

import io.rocelens.ksy.Bth;
import io.rocelens.ksy.EnumTexts;

/**
 * Names and validity of the BTH OpCode, read from the {@code opcode} enum of {@code bth.ksy} (IBTA vol. 1 §9.2,
 * table 38; CNP 0x81, Annex A17): a value's {@code -orig-id} is its name, and the ids the spec marks
 * {@code *_reserved_*} are the opcodes the IBTA reserves. The top three bits select the transport, the low five the
 * operation.
 */
public final class IbOpcodes {

    public static final int CNP = 0x81;

    private static final String[] NAMES = new String[256];
    private static final boolean[] RESERVED = new boolean[256];

    static {
        for (int opcode = 0; opcode < 256; opcode++) {
            NAMES[opcode] = EnumTexts.bthOpcode(opcode);
            RESERVED[opcode] = Bth.Opcode.byId(opcode).name().contains("RESERVED");
        }
    }

    private IbOpcodes() {
    }

    /** "RC RDMA WRITE First", "UD SEND Only", "CNP", or null for a reserved or vendor opcode. */
    public static String name(int opcode) {
        return opcode >= 0 && opcode < NAMES.length ? NAMES[opcode] : null;
    }

    /** True for opcodes the IBTA reserves (not the manufacturer-specific range 0xC0-0xFF). */
    public static boolean isReserved(int opcode) {
        return opcode >= 0 && opcode < RESERVED.length && RESERVED[opcode];
    }
}
