package io.rocelens.generate;

import java.io.IOException;
import java.util.SplittableRandom;

/**
 * A PFC storm: traffic on priorities 3 and 0, then a receiver NIC that keeps refreshing an XOFF for priority 3
 * (0xFFFF quanta every 20-60 us, so the pause never runs out) while only priority 0 flows, and a second host
 * that pauses priority 4 briefly now and then. The storm ends with an XON and priority 3 traffic resumes.
 */
final class PfcStormScenario {

    private static final long US = 1_000;

    private PfcStormScenario() {
    }

    static void run(Emitter out, int packets, int qps, SplittableRandom random) throws IOException {
        Host stuck = Host.of(0x020000030001L, "10.0.3.1");
        Host other = Host.of(0x020000030002L, "10.0.3.2");
        int half = Math.max(1, qps / 2);
        Connection[] lossless = new Connection[half];
        Connection[] bestEffort = new Connection[Math.max(1, qps - half)];
        for (int i = 0; i < lossless.length; i++) {
            Host sender = Host.of(0x020000020000L + i + 1, Generator.ipv4("10.2", i));
            lossless[i] = new Connection(out, Opcodes.RC, sender, 0x000300 + i, stuck, 0x000900 + i, 26,
                    random.nextInt(1 << 24));
        }
        for (int i = 0; i < bestEffort.length; i++) {
            Host sender = Host.of(0x020000028000L + i + 1, Generator.ipv4("10.4", i));
            bestEffort[i] = new Connection(out, Opcodes.RC, sender, 0x000400 + i, other, 0x000a00 + i, 0,
                    random.nextInt(1 << 24));
        }
        long stormStart = packets * 3L / 10;
        long stormEnd = packets * 8L / 10;
        while (out.frames() < stormStart) {
            traffic(out, random, random.nextBoolean() ? lossless : bestEffort);
        }
        while (out.frames() < stormEnd) {
            out.pfc(stuck.mac(), 1 << 3, Emitter.quanta(3, 0xFFFF));
            long refreshAt = out.now() + random.nextLong(20 * US, 60 * US);
            if (random.nextInt(3) == 0) {
                out.pfc(other.mac(), 1 << 4, Emitter.quanta(4, 0x0100 + random.nextInt(0x0400)));
            }
            // Only the best-effort priority moves, and slowly: the paused senders' queues back up.
            while (out.now() < refreshAt && out.frames() < stormEnd) {
                traffic(out, random, bestEffort);
                out.idle(random.nextLong(2 * US, 8 * US));
            }
            out.idleUntil(refreshAt);
        }
        out.pfc(stuck.mac(), 1 << 3, Emitter.quanta(3, 0));
        while (out.frames() < packets) {
            traffic(out, random, random.nextBoolean() ? lossless : bestEffort);
        }
    }

    private static void traffic(Emitter out, SplittableRandom random, Connection[] connections) throws IOException {
        Connection connection = connections[random.nextInt(connections.length)];
        int burst = 1 + random.nextInt(4);
        for (int k = 0; k < burst; k++) {
            connection.writeOnly(256 + random.nextInt(769), false, false);
        }
        out.idle(random.nextLong(200, 1_500));
        connection.ackAll(burst);
        out.idle(random.nextLong(0, 500));
    }
}
