package io.rocelens.dissect;

/**
 * Names and families of the BTH OpCode (IBTA vol. 1 §9.2, table 38; RoCEv2 CNP 0x81, Annex A17 §A17.9.2).
 * The top three bits select the transport, the low five the operation.
 */
public final class IbOpcodes {

    public static final int CNP = 0x81;

    private static final String[] OPERATIONS = {
        "SEND First", "SEND Middle", "SEND Last", "SEND Last with Immediate", "SEND Only",
        "SEND Only with Immediate", "RDMA WRITE First", "RDMA WRITE Middle", "RDMA WRITE Last",
        "RDMA WRITE Last with Immediate", "RDMA WRITE Only", "RDMA WRITE Only with Immediate",
        "RDMA READ Request", "RDMA READ Response First", "RDMA READ Response Middle",
        "RDMA READ Response Last", "RDMA READ Response Only", "Acknowledge", "ATOMIC Acknowledge",
        "CmpSwap", "FetchAdd", "Resync", "SEND Last with Invalidate", "SEND Only with Invalidate",
    };
    private static final String[] TRANSPORTS = {"RC", "UC", "RD", "UD"};

    private IbOpcodes() {
    }

    private static final String[] NAMES = new String[256];

    static {
        for (int opcode = 0; opcode < 0x80; opcode++) {
            int transport = opcode >>> 5;
            int operation = opcode & 0x1f;
            if (defined(transport, operation)) {
                NAMES[opcode] = TRANSPORTS[transport] + " " + OPERATIONS[operation];
            }
        }
        NAMES[CNP] = "CNP";
    }

    /** "RC RDMA WRITE First", "UD SEND Only", "CNP", or null for a reserved or vendor opcode. */
    public static String name(int opcode) {
        return opcode >= 0 && opcode < NAMES.length ? NAMES[opcode] : null;
    }

    /** True for opcodes the IBTA reserves: neither defined nor in the manufacturer-specific range 0xC0-0xFF. */
    public static boolean isReserved(int opcode) {
        return opcode < 0xc0 && name(opcode) == null;
    }

    /** Operations each transport defines: UC has the SEND/WRITE subset, UD only SEND Only (with Immediate),
     * RD everything up to Resync, RC everything but Resync. */
    private static boolean defined(int transport, int operation) {
        return switch (transport) {
            case 0 -> operation <= 0x14 || operation == 0x16 || operation == 0x17;
            case 1 -> operation <= 0x0b;
            case 2 -> operation <= 0x15;
            case 3 -> operation == 0x04 || operation == 0x05;
            default -> false;
        };
    }
}
