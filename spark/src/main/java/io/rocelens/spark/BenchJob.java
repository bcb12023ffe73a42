package io.rocelens.spark;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import com.sun.management.OperatingSystemMXBean;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Unmatched;

/**
 * {@link AnalyzeJob} several times over in one Spark application, each pass timed: wall time and the CPU time of the
 * whole process. An executor that works through terabytes runs for hours in a JVM whose JIT has long finished
 * compiling Spark's code and ours; in local mode (driver and executor in one JVM) the warm passes measure that rate,
 * as {@code rocelens bench} measures the warm rate of {@code analyze}. The first pass carries the JVM's warm-up.
 */
@Command(name = "BenchJob", mixinStandardHelpOptions = true,
        description = "Run AnalyzeJob several times in one Spark application and time each pass.")
public final class BenchJob implements Callable<Integer> {

    @Option(names = "--passes", paramLabel = "N", defaultValue = "3", description = "passes (default: ${DEFAULT-VALUE})")
    int passes;

    @Option(names = "--output", paramLabel = "DIR", required = true,
            description = "each pass writes its results under DIR/pass-N")
    String output;

    @Unmatched
    List<String> jobArguments = new ArrayList<>();

    private SparkSession spark;

    public static void main(String[] args) {
        AnalyzeJob.submitted("rocelens bench", spark -> run(spark, args));
    }

    /** Runs the passes in a session the caller made; returns the exit status. */
    static int run(SparkSession spark, String... args) {
        BenchJob bench = new BenchJob();
        bench.spark = spark;
        return new CommandLine(bench).execute(args);
    }

    @Override
    public Integer call() {
        OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        for (int pass = 1; pass <= passes; pass++) {
            List<String> args = new ArrayList<>(jobArguments);
            args.addAll(List.of("--output", output + "/pass-" + pass));
            long wall = System.nanoTime();
            long cpu = os.getProcessCpuTime();
            int status = AnalyzeJob.run(spark, args.toArray(new String[0]));
            if (status != 0) {
                return status;
            }
            System.out.printf(Locale.ROOT, "pass %d: %.2f s wall, %.2f s CPU%n", pass,
                    (System.nanoTime() - wall) / 1e9, (os.getProcessCpuTime() - cpu) / 1e9);
        }
        return 0;
    }
}
