package io.rocelens.generate;

/**
 * BTH opcodes and the extended headers each carries (docs/roce-notes.md, IBTA vol. 1 §9.2 table 38 and Annex A17 for
 * the CNP). The top three bits name the transport, the low five the operation.
 */
final class Opcodes {

    static final int RC = 0x00;
    static final int UC = 0x20;
    static final int UD = 0x60;
    /** eXtended Reliable Connected (IBTA vol. 1 Annex A14): RC's operations, requests start with an XRCETH. */
    static final int XRC = 0xA0;
    static final int CNP = 0x81;

    static final int SEND_FIRST = 0x00;
    static final int SEND_MIDDLE = 0x01;
    static final int SEND_LAST = 0x02;
    static final int SEND_LAST_IMM = 0x03;
    static final int SEND_ONLY = 0x04;
    static final int SEND_ONLY_IMM = 0x05;
    static final int WRITE_FIRST = 0x06;
    static final int WRITE_MIDDLE = 0x07;
    static final int WRITE_LAST = 0x08;
    static final int WRITE_LAST_IMM = 0x09;
    static final int WRITE_ONLY = 0x0A;
    static final int WRITE_ONLY_IMM = 0x0B;
    static final int READ_REQUEST = 0x0C;
    static final int READ_RESPONSE_FIRST = 0x0D;
    static final int READ_RESPONSE_MIDDLE = 0x0E;
    static final int READ_RESPONSE_LAST = 0x0F;
    static final int READ_RESPONSE_ONLY = 0x10;
    static final int ACK = 0x11;
    static final int ATOMIC_ACK = 0x12;
    static final int CMP_SWAP = 0x13;
    static final int FETCH_ADD = 0x14;
    static final int SEND_LAST_INV = 0x16;
    static final int SEND_ONLY_INV = 0x17;
    /** IBA release 1.5: FETH + RETH, answered by an RDMA READ Response Only of no data. */
    static final int FLUSH = 0x1C;
    /** IBA release 1.5: RETH and 8 bytes of data, answered by an Acknowledge. */
    static final int ATOMIC_WRITE = 0x1D;

    // Extended header flags, in the order the headers follow the BTH.
    static final int DETH = 1;
    static final int RETH = 1 << 1;
    static final int ATOMIC_ETH = 1 << 2;
    static final int AETH = 1 << 3;
    static final int ATOMIC_ACK_ETH = 1 << 4;
    static final int IMM = 1 << 5;
    static final int IETH = 1 << 6;
    /** The 16 reserved bytes after a CNP's BTH. */
    static final int CNP_RESERVED = 1 << 7;
    /** XRC Extended Transport Header: the XRC SRQ of the request (first after the BTH). */
    static final int XRCETH = 1 << 8;
    /** FLUSH Extended Transport Header (before the RETH). */
    static final int FETH = 1 << 9;

    private Opcodes() {
    }

    /** The extended headers that follow the BTH of {@code opcode}, as a set of the flags above. */
    static int extendedHeaders(int opcode) {
        if (opcode == CNP) {
            return CNP_RESERVED;
        }
        int transport = opcode & 0xE0;
        int op = opcode & 0x1F;
        if (transport == UD) {
            return op == SEND_ONLY_IMM ? DETH | IMM : DETH;
        }
        boolean xrcRequest = transport == XRC && (op <= READ_REQUEST || op == CMP_SWAP || op == FETCH_ADD
                || op == SEND_LAST_INV || op == SEND_ONLY_INV);
        return (xrcRequest ? XRCETH : 0) | switch (op) {
            case SEND_LAST_IMM, SEND_ONLY_IMM, WRITE_LAST_IMM -> IMM;
            case WRITE_FIRST, WRITE_ONLY, READ_REQUEST -> RETH;
            case WRITE_ONLY_IMM -> RETH | IMM;
            case READ_RESPONSE_FIRST, READ_RESPONSE_LAST, READ_RESPONSE_ONLY, ACK -> AETH;
            case ATOMIC_ACK -> AETH | ATOMIC_ACK_ETH;
            case CMP_SWAP, FETCH_ADD -> ATOMIC_ETH;
            case SEND_LAST_INV, SEND_ONLY_INV -> IETH;
            case FLUSH -> FETH | RETH;
            case ATOMIC_WRITE -> RETH;
            default -> 0;
        };
    }

    /** Total length of the extended headers named by {@code flags}. */
    static int extendedLength(int flags) {
        int length = 0;
        length += (flags & DETH) != 0 ? 8 : 0;
        length += (flags & RETH) != 0 ? 16 : 0;
        length += (flags & ATOMIC_ETH) != 0 ? 28 : 0;
        length += (flags & AETH) != 0 ? 4 : 0;
        length += (flags & ATOMIC_ACK_ETH) != 0 ? 8 : 0;
        length += (flags & IMM) != 0 ? 4 : 0;
        length += (flags & IETH) != 0 ? 4 : 0;
        length += (flags & CNP_RESERVED) != 0 ? 16 : 0;
        length += (flags & XRCETH) != 0 ? 4 : 0;
        length += (flags & FETH) != 0 ? 4 : 0;
        return length;
    }
}
