package io.rocelens.generate;

import java.io.IOException;
import java.util.SplittableRandom;

/**
 * One RC Acknowledge, the smallest RoCE frame, to each of {@code packets} flows with a destination IP and QP of
 * their own: the worst case for the analysis's memory per flow, which docs/speed.md measures with it.
 */
final class FlowsScenario {

    private static final int ECT0 = 2;

    private FlowsScenario() {
    }

    /** Flows with an address of their own under 10.0.0.0/8 (the generator's Options refuses more). */
    static final int MAX_FLOWS = (1 << 24) - 1;

    static void run(Emitter out, int packets, int qps, SplittableRandom random) throws IOException {
        RocePacket p = new RocePacket();
        p.src = Host.of(0x020000300001L, "10.255.255.254");
        p.dscp = 26;
        p.ecn = ECT0;
        for (int i = 1; i <= packets; i++) {
            byte[] ip = {10, (byte) (i >> 16), (byte) (i >> 8), (byte) i};
            p.dst = new Host(0x020000400000L + i, "10." + (i >> 16 & 0xFF) + "." + (i >> 8 & 0xFF) + "." + (i & 0xFF), ip);
            p.udpSrcPort = 0xC000 | i & 0x3FFF;
            p.clearTransport();
            p.opcode = Opcodes.RC | Opcodes.ACK;
            p.destQp = i;
            p.psn = random.nextInt(1 << 24);
            p.syndrome = Connection.SYNDROME_ACK;
            p.msn = 1;
            out.roce(p, 1);
        }
    }
}
