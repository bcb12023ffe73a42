package io.rocelens.analysis.bench;

import io.rocelens.analysis.SummaryCodec;
import io.rocelens.dissect.PacketSummary;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@link SummaryCodec} alone, as the Spark job uses it: 1M summaries of RDMA WRITE Only packets round-robin over
 * {@code qps} QPs (1000 as in {@link RoceAnalyzerBenchmark}, 64 as in the Spark benchmark's captures) between up to
 * 20 × 20 hosts, every eighth round answered by a coalesced ACK, packed in batches of 64 KiB ({@code write}) and read
 * back from them ({@code read}). The score is summaries per second.
 *
 * <pre>
 * ./mvnw -q -B -ntp -pl dissectors -am test-compile dependency:build-classpath -Dmdep.outputFile=/tmp/cp.txt \
 *     -Dmdep.includeScope=test
 * java -cp dissectors/target/test-classes:dissectors/target/classes:$(cat /tmp/cp.txt) org.openjdk.jmh.Main SummaryCodecBenchmark
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class SummaryCodecBenchmark {

    private static final int PACKETS = 1_000_000;
    private static final int BATCH_BYTES = 64 * 1024;

    @Param({"64", "1000"})
    private int qps;
    /** The summaries written, made once: eight rounds over the QPs, the last answered by ACKs. */
    private PacketSummary[] ring;
    private final SummaryCodec.Writer writer = new SummaryCodec.Writer(BATCH_BYTES + 1024);
    private final SummaryCodec.Reader reader = new SummaryCodec.Reader();
    private final PacketSummary readInto = new PacketSummary();
    private final List<byte[]> batches = new ArrayList<>();

    @Setup
    public void setUp() {
        WriteOnlyTraffic traffic = new WriteOnlyTraffic(qps);
        ring = new PacketSummary[8 * qps];
        for (int i = 0; i < ring.length; i++) {
            ring[i] = new PacketSummary();
            traffic.fill(ring[i], i);
        }
        writeAll(batches);
    }

    /** Writes the 1M summaries, each batch of about 64 KiB to {@code sink} when it is not null. */
    private int writeAll(List<byte[]> sink) {
        long ts = 1_767_225_600_000_000_000L;
        int bytes = 0;
        for (int i = 0; i < PACKETS; i++) {
            PacketSummary p = ring[i % ring.length];
            p.number = i + 1;
            p.timestampNanos = ts;
            ts += 84;
            writer.write(p);
            if (writer.size() >= BATCH_BYTES) {
                bytes += writer.size();
                if (sink != null) {
                    sink.add(writer.toByteArray());
                }
                writer.reset();
            }
        }
        bytes += writer.size();
        if (sink != null) {
            sink.add(writer.toByteArray());
        }
        writer.reset();
        return bytes;
    }

    @Benchmark
    @OperationsPerInvocation(PACKETS)
    public int write() {
        return writeAll(null);
    }

    @Benchmark
    @OperationsPerInvocation(PACKETS)
    public long read() {
        long psns = 0;
        for (byte[] batch : batches) {
            reader.reset(batch);
            while (reader.next(readInto)) {
                psns += readInto.psn;
            }
        }
        return psns;
    }
}
