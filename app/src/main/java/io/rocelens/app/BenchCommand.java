package io.rocelens.app;

import io.rocelens.analysis.RoceAnalyzer;
import io.rocelens.capture.CaptureReader;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.SummaryPipeline;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code rocelens bench}: times the analysis pass (read, dissect, analyze) over a capture several times in one JVM,
 * so the first, cold pass and the warm passes can be told apart. The figures in the README come from here.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Time the analysis pass (read + dissect + analyze) over a capture, several passes in one JVM.")
public final class BenchCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "FILE", description = "pcap or pcapng capture")
    Path file;

    @Option(names = "--passes", paramLabel = "N", defaultValue = "5", converter = CliSupport.PositiveInt.class,
            description = "passes over the file, at most 1048576 (default: ${DEFAULT-VALUE})")
    int passes;

    @Option(names = "--workers", paramLabel = "N", converter = CliSupport.PositiveInt.class,
            description = "dissection threads (default: one per core)")
    Integer workers;

    @Override
    public Integer call() throws IOException {
        int threads = workers != null ? workers : Runtime.getRuntime().availableProcessors();
        SummaryPipeline pipeline = new SummaryPipeline(DissectorOptions.defaults(), threads);
        double[] rates = new double[Math.min(passes, 1 << 20)];
        int status = CliSupport.EXIT_OK;
        for (int pass = 0; pass < rates.length; pass++) {
            long cpuBefore = processCpuNanos();
            long start = System.nanoTime();
            RoceAnalyzer analyzer = new RoceAnalyzer();
            long frames;
            try (CaptureReader reader = CliSupport.open(file)) {
                if (reader == null) {
                    return CliSupport.EXIT_UNREADABLE;
                }
                if (pass == 0) {
                    System.out.printf(Locale.ROOT, "%s, %d dissection thread(s), %d core(s)%n", file, threads,
                            Runtime.getRuntime().availableProcessors());
                }
                frames = pipeline.run(reader, Long.MAX_VALUE, analyzer::accept);
                if (pass == 0) {
                    // timing a damaged file is allowed, but the figures then cover only the part before the damage
                    status = CliSupport.reportProblem(file, reader);
                }
            }
            analyzer.result();
            double seconds = (System.nanoTime() - start) / 1e9;
            double cpuSeconds = (processCpuNanos() - cpuBefore) / 1e9;
            rates[pass] = frames / seconds;
            System.out.printf(Locale.ROOT, "pass %d: %d frames in %.3f s = %.2f M frames/s (%.2f s CPU)%n",
                    pass + 1, frames, seconds, rates[pass] / 1e6, cpuSeconds);
        }
        if (rates.length > 1) {
            double[] warm = Arrays.copyOfRange(rates, 1, rates.length);
            Arrays.sort(warm);
            System.out.printf(Locale.ROOT, "warm passes: median %.2f M frames/s, best %.2f M frames/s%n",
                    warm[warm.length / 2] / 1e6, warm[warm.length - 1] / 1e6);
        }
        return status;
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }
}
