package io.rocelens.generate;

import java.io.IOException;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.Collectors;

/** The traffic patterns {@code rocelens generate} can produce, with their default size. */
public enum Scenario {
    /** Every opcode, loss and go-back-N, RNR, PSN wrap, CE and CNP, PFC and PAUSE, IPv6, UD, VLAN, non-RoCE. */
    MIXED(400, 8, MixedScenario::run),
    /** Many senders to one receiver: rising CE marks, CNPs, PFC pauses and retransmissions. */
    INCAST(3000, 16, IncastScenario::run),
    /** A receiver that keeps pausing one priority while the others flow. */
    PFC_STORM(2000, 8, PfcStormScenario::run),
    /** RC RDMA WRITE traffic over many QPs with occasional ACKs, for benchmarks. */
    BULK(100_000, 64, BulkScenario::run),
    /** One minimal ACK to each of many flows, each with a destination IP and QP of its own: memory per flow. */
    FLOWS(100_000, 1, FlowsScenario::run),
    /** XRC requests and responses, and the IBA release 1.5 RDMA FLUSH and ATOMIC WRITE. */
    EXTENDED_OPCODES(60, 2, ExtendedOpcodesScenario::run),
    /**
     * One sender slowing down after CNPs by a known schedule and recovering (DCQCN), beside one that is never
     * throttled; the truth's {@code dcqcn} is the schedule's (a fixed run: the packet and QP counts are ignored).
     */
    DCQCN(1, 2, DcqcnScenario::run),
    /**
     * RDMA WRITEs through two IEEE 802.1Q congestion points that send CNMs (QCN) with known feedback, some senders'
     * requests CN-tagged; the truth's {@code qcn} is what the points sent (the QP count is ignored: three senders).
     */
    QCN(3000, 3, QcnScenario::run);

    private final int defaultPackets;
    private final int defaultQps;
    private final Body body;

    Scenario(int defaultPackets, int defaultQps, Body body) {
        this.defaultPackets = defaultPackets;
        this.defaultQps = defaultQps;
        this.body = body;
    }

    public int defaultPackets() {
        return defaultPackets;
    }

    public int defaultQps() {
        return defaultQps;
    }

    /** The command-line name, e.g. {@code pfc-storm}. */
    public String cliName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static Scenario fromCliName(String name) {
        for (Scenario scenario : values()) {
            if (scenario.cliName().equals(name)) {
                return scenario;
            }
        }
        throw new IllegalArgumentException("unknown scenario '" + name + "' (expected one of "
                + Arrays.stream(values()).map(Scenario::cliName).collect(Collectors.joining(", ")) + ")");
    }

    void run(Emitter out, int packets, int qps, SplittableRandom random) throws IOException {
        body.run(out, packets, qps, random);
    }

    @FunctionalInterface
    interface Body {
        void run(Emitter out, int packets, int qps, SplittableRandom random) throws IOException;
    }
}
