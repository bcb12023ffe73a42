package io.rocelens.analysis.bench;

import io.rocelens.analysis.AnalysisResult;
import io.rocelens.analysis.RoceAnalyzer;
import io.rocelens.dissect.PacketSummary;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The analysis pass alone (no reading, no dissection): 1M RDMA WRITE Only packets round-robin over 1000 QPs between
 * 20 × 20 hosts, every eighth packet of a QP answered by a coalesced ACK, one reused {@link PacketSummary} filled
 * per packet as the fast dissector fills it. The score is packets per second.
 *
 * <pre>
 * ./mvnw -q -B -ntp -pl dissectors -am test-compile
 * ./mvnw -q -B -ntp -pl dissectors dependency:build-classpath -Dmdep.outputFile=/tmp/cp.txt -Dmdep.includeScope=test
 * java -cp dissectors/target/test-classes:dissectors/target/classes:$(cat /tmp/cp.txt) org.openjdk.jmh.Main RoceAnalyzerBenchmark
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class RoceAnalyzerBenchmark {

    private static final int PACKETS = 1_000_000;
    private static final int QPS = 1000;

    private final PacketSummary summary = new PacketSummary();
    private final long[] src = new long[QPS];
    private final long[] dst = new long[QPS];
    private final int[] psn = new int[QPS];

    @Setup
    public void setUp() {
        for (int qp = 0; qp < QPS; qp++) {
            src[qp] = 0xFFFF_0A01_0000L | (qp % 20);
            dst[qp] = 0xFFFF_0A02_0000L | (qp / 50);
            psn[qp] = qp * 7919;
        }
    }

    @Benchmark
    @OperationsPerInvocation(PACKETS)
    public AnalysisResult analyze() {
        RoceAnalyzer analyzer = new RoceAnalyzer();
        PacketSummary p = summary;
        long ts = 1_767_225_600_000_000_000L;
        for (int i = 0; i < PACKETS; i++) {
            int qp = i % QPS;
            boolean ack = (i / QPS) % 8 == 7;
            p.clear();
            p.number = i + 1;
            p.timestampNanos = ts;
            ts += 84;
            p.kinds = PacketSummary.ETHERNET | PacketSummary.IPV4 | PacketSummary.UDP | PacketSummary.ROCEV2;
            p.etherType = 0x0800;
            p.dscp = 26;
            p.ecn = 2;
            p.udpDstPort = 4791;
            p.icrcStatus = PacketSummary.ICRC_GOOD;
            if (ack) {
                p.ipSrcLo = dst[qp];
                p.ipDstLo = src[qp];
                p.destQp = 0x10000 + qp;
                p.opcode = 0x11;
                p.psn = (psn[qp] - 1) & 0xFFFFFF;
                p.aethSyndrome = 0x1F;
                p.originalLength = 62;
                p.payloadLength = 0;
            } else {
                p.ipSrcLo = src[qp];
                p.ipDstLo = dst[qp];
                p.destQp = 0x20000 + qp;
                p.opcode = 0x0A;
                p.psn = psn[qp];
                psn[qp] = (psn[qp] + 1) & 0xFFFFFF;
                p.rethDmaLength = 1024;
                p.originalLength = 1086;
                p.payloadLength = 1024;
            }
            analyzer.accept(p);
        }
        return analyzer.result();
    }
}
