package io.rocelens.generate;

import java.io.IOException;
import java.util.SplittableRandom;

/**
 * Many senders write to one receiver on priority 3. As the run goes on the switch marks more packets CE (the
 * receiver answers with CNPs), drops an occasional packet (NAK and go-back-N resend) and, in the second half,
 * the receiver pauses priority 3 with PFC.
 */
final class IncastScenario {

    private static final long US = 1_000;
    private static final long CNP_INTERVAL_NANOS = 50 * US;
    private static final int DSCP = 26;

    private IncastScenario() {
    }

    static void run(Emitter out, int packets, int senders, SplittableRandom random) throws IOException {
        Host receiver = Host.of(0x020000000064L, "10.0.0.100");
        Connection[] connections = new Connection[senders];
        long[] lastCnp = new long[senders];
        for (int i = 0; i < senders; i++) {
            Host sender = Host.of(0x020000010000L + i + 1, Generator.ipv4("10.1", i));
            connections[i] = new Connection(out, Opcodes.RC, sender, 0x000100 + i, receiver, 0x000800 + i, DSCP,
                    random.nextInt(1 << 24));
            lastCnp[i] = -CNP_INTERVAL_NANOS;
        }
        long nextPause = packets / 2;
        while (out.frames() < packets) {
            double progress = (double) out.frames() / packets;
            if (out.frames() >= nextPause) {
                pause(out, receiver, random);
                nextPause = out.frames() + 150 + random.nextInt(100);
            }
            int i = random.nextInt(senders);
            Connection connection = connections[i];
            int burst = 1 + random.nextInt(4);
            boolean loss = burst >= 2 && progress > 0.3 && random.nextDouble() < 0.05 * progress;
            int lostIndex = loss ? random.nextInt(burst - 1) : -1;
            int firstPsn = connection.psn();
            boolean marked = false;
            double ceProbability = 0.6 * progress * progress;
            for (int k = 0; k < burst; k++) {
                boolean ce = random.nextDouble() < ceProbability;
                marked |= ce && k != lostIndex;
                connection.nextEcn = ce ? Connection.CE : Connection.ECT0;
                connection.writeOnly(1024, k == lostIndex, false);
            }
            connection.nextEcn = Connection.ECT0;
            if (marked && out.now() - lastCnp[i] >= CNP_INTERVAL_NANOS) {
                connection.cnp();
                lastCnp[i] = out.now();
            }
            if (loss) {
                out.idle(random.nextLong(500, 2 * US));
                connection.nak(firstPsn + lostIndex, Connection.SYNDROME_NAK_PSN_SEQUENCE);
                out.idle(random.nextLong(500, 2 * US));
                connection.goBackTo(firstPsn + lostIndex);
                for (int k = lostIndex; k < burst; k++) {
                    connection.writeOnly(1024, false, false);
                }
            }
            if (loss || random.nextInt(3) == 0) {
                connection.ackAll(burst);
            }
            out.idle(random.nextLong(0, 300));
        }
    }

    /** The receiver pauses priority 3; half the time it resumes early with an XON, else the pause runs out. */
    private static void pause(Emitter out, Host receiver, SplittableRandom random) throws IOException {
        int quanta = 0x0800 + random.nextInt(0x1800);
        out.pfc(receiver.mac(), 1 << 3, Emitter.quanta(3, quanta));
        long pauseNanos = quanta * 512L * 1_000_000_000L / out.linkSpeedBps();
        if (random.nextBoolean()) {
            out.idle(pauseNanos / 2);
            out.pfc(receiver.mac(), 1 << 3, Emitter.quanta(3, 0));
        } else {
            out.idle(pauseNanos);
        }
    }
}
