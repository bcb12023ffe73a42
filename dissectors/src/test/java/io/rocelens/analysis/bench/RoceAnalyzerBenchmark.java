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
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The analysis pass alone (no reading, no dissection): 1M RDMA WRITE Only packets round-robin over 1000 QPs between
 * 20 × 20 hosts, every eighth packet of a QP answered by a coalesced ACK, one reused {@link PacketSummary} filled
 * per packet as the fast dissector fills it. The score is packets per second.
 *
 * <pre>
 * ./mvnw -q -B -ntp -pl dissectors -am test-compile dependency:build-classpath -Dmdep.outputFile=/tmp/cp.txt \
 *     -Dmdep.includeScope=test
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

    @Benchmark
    @OperationsPerInvocation(PACKETS)
    public AnalysisResult analyze() {
        RoceAnalyzer analyzer = new RoceAnalyzer();
        WriteOnlyTraffic traffic = new WriteOnlyTraffic(QPS);
        PacketSummary p = summary;
        long ts = 1_767_225_600_000_000_000L;
        for (int i = 0; i < PACKETS; i++) {
            traffic.fill(p, i);
            p.number = i + 1;
            p.timestampNanos = ts;
            ts += 84;
            analyzer.accept(p);
        }
        return analyzer.result();
    }
}
