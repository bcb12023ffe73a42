package io.rocelens.index.bench;

import io.rocelens.analysis.AnalysisOptions;
import io.rocelens.analysis.bench.WriteOnlyTraffic;
import io.rocelens.dissect.PacketSummary;
import io.rocelens.index.PacketIndex;

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
 * The packet index's append alone, as the window's loading thread calls it after the analysis: 1M summaries of the
 * analysis benchmark's traffic (RDMA WRITE Only over 1000 QPs between 20 × 20 hosts, a coalesced ACK every eighth
 * round), each appended to a fresh index. The score is packets per second.
 *
 * <pre>
 * ./mvnw -q -B -ntp -pl dissectors -am test-compile dependency:build-classpath -Dmdep.outputFile=/tmp/cp.txt \
 *     -Dmdep.includeScope=test
 * java -cp dissectors/target/test-classes:dissectors/target/classes:$(cat /tmp/cp.txt) \
 *     org.openjdk.jmh.Main PacketIndexBenchmark
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class PacketIndexBenchmark {

    private static final int PACKETS = 1_000_000;
    private static final int QPS = 1000;

    private final PacketSummary[] summaries = summaries();

    /** Filled before timing: the benchmark times the append, not the summaries' filling. */
    private static PacketSummary[] summaries() {
        WriteOnlyTraffic traffic = new WriteOnlyTraffic(QPS);
        PacketSummary[] all = new PacketSummary[QPS * 8];
        for (int i = 0; i < all.length; i++) {
            all[i] = new PacketSummary();
            traffic.fill(all[i], i);
            all[i].ethSrc = 0x0200_0000_0000L | (i % QPS % 20);
            all[i].ethDst = 0x0200_0000_0100L | (i % QPS / 50);
            all[i].udpSrcPort = 49152 + i % QPS;
            all[i].capturedLength = all[i].originalLength;
        }
        return all;
    }

    @Benchmark
    @OperationsPerInvocation(PACKETS)
    public PacketIndex append() {
        PacketIndex index = new PacketIndex(AnalysisOptions.defaults());
        PacketSummary[] all = summaries;
        long offset = 24;
        long ts = 1_767_225_600_000_000_000L;
        for (int i = 0; i < PACKETS; i++) {
            PacketSummary p = all[i % all.length];
            p.number = i + 1;
            p.fileOffset = offset;
            p.timestampNanos = ts + 84L * i;
            offset += 16 + p.capturedLength;
            index.append(p);
        }
        return index;
    }
}
