package io.rocelens.generate;

import java.io.IOException;
import java.util.SplittableRandom;

/**
 * The opcodes beyond RC, UC and UD: an XRC connection carrying every XRC request (SEND, RDMA WRITE, RDMA READ,
 * atomics, SEND with Invalidate) with its responses, and RC connections doing the IBA release 1.5 RDMA FLUSH and
 * ATOMIC WRITE. Then XRC and RC RDMA WRITEs until the file holds the requested packet count.
 */
final class ExtendedOpcodesScenario {

    private static final long US = 1_000;

    private ExtendedOpcodesScenario() {
    }

    static void run(Emitter out, int packets, int qps, SplittableRandom random) throws IOException {
        Host a = Host.of(0x020000000011L, "10.1.0.1");
        Host b = Host.of(0x020000000012L, "10.1.0.2");
        long rtt = 2 * US;

        Connection xrc = new Connection(out, Opcodes.XRC, a, 0x000101, b, 0x000202, 26, 0x001000).xrcSrq(0x000333);
        xrc.send(200, Connection.SendVariant.PLAIN);
        MixedScenario.respond(out, random, xrc, 1);
        xrc.send(2500, Connection.SendVariant.IMMEDIATE);
        MixedScenario.respond(out, random, xrc, 1);
        xrc.send(64, Connection.SendVariant.INVALIDATE);
        xrc.send(1500, Connection.SendVariant.INVALIDATE);
        MixedScenario.respond(out, random, xrc, 2);
        xrc.write(300, false);
        xrc.write(2100, true);
        MixedScenario.respond(out, random, xrc, 2);
        xrc.read(3000, rtt);
        xrc.read(100, rtt);
        xrc.atomic(Opcodes.CMP_SWAP, rtt);
        xrc.atomic(Opcodes.FETCH_ADD, rtt);

        // FLUSHes on their own QP, so the READ Responses that answer them have contiguous PSNs
        Connection flushes = new Connection(out, Opcodes.RC, a, 0x000111, b, 0x000222, 26, 0x002000);
        flushes.write(1024, false);
        flushes.flush(1024, rtt);
        flushes.flush(0, rtt);
        Connection rc = new Connection(out, Opcodes.RC, a, 0x000121, b, 0x000232, 26, 0x003000);
        rc.atomicWrite(rtt);
        rc.atomicWrite(rtt);

        while (out.frames() < packets) {
            Connection connection = random.nextBoolean() ? xrc : rc;
            connection.write(64 + random.nextInt(3000), false);
            MixedScenario.respond(out, random, connection, 1);
        }
    }
}
