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

    /** "RC RDMA WRITE First", "UD SEND Only", "CNP", or null for a reserved or vendor opcode. */
    public static String name(int opcode) {
        if (opcode == CNP) {
            return "CNP";
        }
        int transport = opcode >>> 5;
        int operation = opcode & 0x1f;
        if (transport > 3 || !defined(transport, operation)) {
            return null;
        }
        return TRANSPORTS[transport] + " " + OPERATIONS[operation];
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
