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

    /** Transports, the opcode's top three bits. */
    public static final int RC = 0;
    public static final int UC = 1;
    public static final int RD = 2;
    public static final int UD = 3;
    public static final int XRC = 5;

    /** Operations, the opcode's low five bits (the same for every transport that has them). */
    public static final int SEND_FIRST = 0x00;
    public static final int SEND_MIDDLE = 0x01;
    public static final int SEND_LAST = 0x02;
    public static final int SEND_LAST_IMMEDIATE = 0x03;
    public static final int SEND_ONLY = 0x04;
    public static final int SEND_ONLY_IMMEDIATE = 0x05;
    public static final int WRITE_FIRST = 0x06;
    public static final int WRITE_MIDDLE = 0x07;
    public static final int WRITE_LAST = 0x08;
    public static final int WRITE_LAST_IMMEDIATE = 0x09;
    public static final int WRITE_ONLY = 0x0A;
    public static final int WRITE_ONLY_IMMEDIATE = 0x0B;
    public static final int READ_REQUEST = 0x0C;
    public static final int READ_RESPONSE_FIRST = 0x0D;
    public static final int READ_RESPONSE_MIDDLE = 0x0E;
    public static final int READ_RESPONSE_LAST = 0x0F;
    public static final int READ_RESPONSE_ONLY = 0x10;
    public static final int ACKNOWLEDGE = 0x11;
    public static final int ATOMIC_ACKNOWLEDGE = 0x12;
    public static final int COMPARE_SWAP = 0x13;
    public static final int FETCH_ADD = 0x14;
    public static final int SEND_LAST_INVALIDATE = 0x16;
    public static final int SEND_ONLY_INVALIDATE = 0x17;
    public static final int FLUSH = 0x1C;
    public static final int ATOMIC_WRITE = 0x1D;

    /** What a packet does on its connection, for the views that draw or count it. */
    public enum Role { REQUEST, READ_RESPONSE, ACK, RNR_NAK, NAK, CNP }

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

    public static int transport(int opcode) {
        return opcode >>> 5;
    }

    public static int operation(int opcode) {
        return opcode & 0x1F;
    }

    /** RC, RD and XRC: the responder acknowledges, so READ responses and ACKs exist and PSNs are judged. */
    public static boolean isAcknowledged(int opcode) {
        int transport = transport(opcode);
        return opcode >= 0 && (transport == RC || transport == RD || transport == XRC);
    }

    /** RC and RD: the transports with atomic operations and the Atomic ACK. */
    public static boolean hasAtomics(int opcode) {
        return opcode >= 0 && (transport(opcode) == RC || transport(opcode) == RD);
    }

    public static boolean isReadResponse(int opcode) {
        int operation = operation(opcode);
        return isAcknowledged(opcode) && operation >= READ_RESPONSE_FIRST && operation <= READ_RESPONSE_ONLY;
    }

    /** An ACK or Atomic ACK: a packet with an AETH whose syndrome says ACK, RNR NAK or NAK. */
    public static boolean isAcknowledge(int opcode) {
        int operation = operation(opcode);
        return isAcknowledged(opcode) && (operation == ACKNOWLEDGE || operation == ATOMIC_ACKNOWLEDGE);
    }

    /** The packet's role, from its opcode and AETH syndrome (IBTA vol. 1 table 38 and §9.3.5). */
    public static Role role(int opcode, int aethSyndrome) {
        if (opcode == CNP) {
            return Role.CNP;
        }
        if (isReadResponse(opcode)) {
            return Role.READ_RESPONSE;
        }
        if (isAcknowledge(opcode)) {
            return switch (AethText.typeCode(aethSyndrome)) {
                case AethText.RNR_NAK -> Role.RNR_NAK;
                case AethText.NAK -> Role.NAK;
                default -> Role.ACK;
            };
        }
        return Role.REQUEST;
    }

    /** True for opcodes the IBTA reserves (not the manufacturer-specific range 0xC0-0xFF). */
    public static boolean isReserved(int opcode) {
        return opcode >= 0 && opcode < RESERVED.length && RESERVED[opcode];
    }
}
