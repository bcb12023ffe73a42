package io.rocelens.generate;

import java.io.IOException;
import java.util.SplittableRandom;

/**
 * Benchmark traffic: RC RDMA WRITEs of four 1024-byte packets (First, Middle, Middle, Last) over many QPs,
 * interleaved packet by packet, with an ACK for about one message in four. Exactly {@code packets} frames.
 * Nothing is allocated per packet.
 */
final class BulkScenario {

    private static final int PAYLOAD = 1024;
    private static final int PACKETS_PER_MESSAGE = 4;
    private static final int HOSTS = 16;

    private BulkScenario() {
    }

    static void run(Emitter out, int packets, int qps, SplittableRandom random) throws IOException {
        Host[] senders = new Host[HOSTS];
        Host[] receivers = new Host[HOSTS];
        for (int h = 0; h < HOSTS; h++) {
            senders[h] = Host.of(0x020000100000L + h + 1, "10.1.0." + (h + 1));
            receivers[h] = Host.of(0x020000200000L + h + 1, "10.2.0." + (h + 1));
        }
        Connection[] connections = new Connection[qps];
        int[] position = new int[qps];
        for (int q = 0; q < qps; q++) {
            connections[q] = new Connection(out, Opcodes.RC, senders[q % HOSTS], 0x010000 + q,
                    receivers[q / HOSTS % HOSTS], 0x020000 + q, 26, random.nextInt(1 << 24));
        }
        int messageLength = PAYLOAD * PACKETS_PER_MESSAGE;
        while (out.frames() < packets) {
            int q = random.nextInt(qps);
            Connection connection = connections[q];
            int op = switch (position[q]) {
                case 0 -> Opcodes.WRITE_FIRST;
                case PACKETS_PER_MESSAGE - 1 -> Opcodes.WRITE_LAST;
                default -> Opcodes.WRITE_MIDDLE;
            };
            connection.writePacket(op, PAYLOAD, messageLength, false, false);
            position[q] = (position[q] + 1) % PACKETS_PER_MESSAGE;
            if (position[q] == 0 && out.frames() < packets && random.nextInt(4) == 0) {
                connection.ackAll(1);
            }
        }
    }
}
