package io.rocelens.filter.bench;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.FastDissector;
import io.rocelens.dissect.PacketSummary;
import io.rocelens.filter.DisplayFilter;
import io.rocelens.filter.FilterException;
import java.io.IOException;
import java.nio.file.Path;
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
 * A display filter alone, on summaries already decoded (the frames of the mixed sample capture, over and over): what
 * the filter adds to a pass whose fields the summary holds. The score is frames per second.
 *
 * <pre>
 * ./mvnw -q -B -ntp -pl dissectors -am test-compile dependency:build-classpath -Dmdep.outputFile=/tmp/cp.txt \
 *     -Dmdep.includeScope=test
 * java -cp dissectors/target/test-classes:dissectors/target/classes:ksy/target/classes:$(cat /tmp/cp.txt) \
 *     org.openjdk.jmh.Main DisplayFilterBenchmark
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class DisplayFilterBenchmark {

    private static final int FRAMES = 401;

    @Param({
        "infiniband.bth.destqp == 0x44 && infiniband.bth.psn > 4100",
        "ip.addr == 10.0.0.0/30 && udp.port == 4791",
        "bth.opcode in {6, 7, 8, 10} || aeth.type == nak",
        "!(cnp || pfc) && ip.ecn == CE",
        // the general path (Operand): field with field, and a slice
        "udp.srcport > udp.dstport",
        "eth.src[0:3] == 02:00:00",
    })
    public String text;

    private DisplayFilter filter;
    private PacketSummary[] frames;

    @Setup
    public void setUp() throws IOException, FilterException {
        filter = DisplayFilter.compile(text);
        FastDissector dissector = new FastDissector(DissectorOptions.defaults());
        List<PacketSummary> decoded = new ArrayList<>();
        try (CaptureReader reader = CaptureReaders.open(Path.of("sample-captures/mixed.pcapng"))) {
            Frame frame;
            while ((frame = reader.next()) != null) {
                PacketSummary summary = new PacketSummary();
                dissector.summarize(frame, summary);
                decoded.add(summary);
            }
        }
        frames = decoded.toArray(new PacketSummary[0]);
        if (frames.length != FRAMES) {
            throw new IllegalStateException("expected the " + FRAMES + " frames of mixed.pcapng, read " + frames.length);
        }
    }

    @Benchmark
    @OperationsPerInvocation(FRAMES)
    public int filter() {
        int passed = 0;
        for (PacketSummary summary : frames) {
            if (filter.matches(summary, null, () -> {
                throw new IllegalStateException("a summary-only filter asked for the detail");
            })) {
                passed++;
            }
        }
        return passed;
    }
}
