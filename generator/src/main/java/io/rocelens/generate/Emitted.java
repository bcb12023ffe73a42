package io.rocelens.generate;

/**
 * What the generator wrote for one frame: the bookkeeping the truth file is computed from. RoCE fields are
 * meaningful for {@link Kind#ROCE}, MAC Control fields for {@link Kind#PFC} and {@link Kind#PAUSE}.
 *
 * @param sendingQp the QP on the sending host that this packet belongs to (the QP connected to destQp)
 * @param dethSrcQp DETH.SrcQP of a UD packet, -1 otherwise
 * @param syndrome  AETH syndrome, -1 when the packet has no AETH
 */
record Emitted(long number, long timestampNanos, int length, Kind kind,
               String srcIp, String dstIp, int destQp, int sendingQp, int opcode, int psn,
               int dscp, int ecn, int priority, int payloadLength, int dmaLength, int syndrome, int dethSrcQp,
               boolean icrcBad,
               long srcMac, int classEnableVector, int[] quanta) {

    enum Kind { ROCE, PFC, PAUSE, OTHER, MALFORMED }

    static Emitted roce(long number, long ts, int length, RocePacket p, int sendingQp) {
        int ext = Opcodes.extendedHeaders(p.opcode);
        int priority = p.vlanPcp >= 0 ? p.vlanPcp : p.dscp >> 3;
        return new Emitted(number, ts, length, Kind.ROCE, p.src.ipText(), p.dst.ipText(), p.destQp, sendingQp,
                p.opcode, p.psn & 0xFFFFFF, p.dscp, p.ecn, priority, p.payloadLength,
                (ext & Opcodes.RETH) != 0 ? p.dmaLength : 0,
                (ext & Opcodes.AETH) != 0 ? p.syndrome : -1,
                (ext & Opcodes.DETH) != 0 ? p.srcQp : -1,
                p.badIcrc, 0, 0, null);
    }

    static Emitted macControl(long number, long ts, int length, Kind kind, long srcMac, int cev, int[] quanta) {
        return new Emitted(number, ts, length, kind, null, null, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1, -1, false,
                srcMac, cev, quanta.clone());
    }

    static Emitted other(long number, long ts, int length, Kind kind) {
        return new Emitted(number, ts, length, kind, null, null, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1, -1, false,
                0, 0, null);
    }
}
