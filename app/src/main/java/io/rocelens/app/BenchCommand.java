package io.rocelens.app;

import io.rocelens.analysis.AnalysisOptions;
import io.rocelens.capture.CaptureOpenException;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.SummaryPipeline;
import io.rocelens.index.PacketIndex;
import io.rocelens.load.CaptureLoad;
import io.rocelens.load.LoadResult;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
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

    @Option(names = "--index",
            description = "also keep the packet list's index, and report when the first rows were ready and the heap per packet")
    boolean index;

    @Option(names = "--snapshots",
            description = "also take analysis snapshots while loading, ten a second, and report their share of the time")
    boolean snapshots;

    /** The pool's threads, whose CPU time is the dissection's. */
    private final List<Thread> dissectionThreads = new java.util.concurrent.CopyOnWriteArrayList<>();

    @Override
    public Integer call() throws IOException {
        int threads = workers != null ? workers : Runtime.getRuntime().availableProcessors();
        ExecutorService pool = Executors.newFixedThreadPool(threads, runnable -> {
            Thread thread = new Thread(runnable, "rocelens-bench-dissect");
            thread.setDaemon(true);
            dissectionThreads.add(thread);
            return thread;
        });
        try {
            SummaryPipeline pipeline = new SummaryPipeline(DissectorOptions.defaults(), pool, threads);
            // as the command each pass stands for: the window's load reads ahead, analyze on the calling thread
            return passes(index ? pipeline : pipeline.readingOnCallingThread(), threads);
        } finally {
            pool.shutdownNow();
        }
    }

    private int passes(SummaryPipeline pipeline, int threads) throws IOException {
        double[] rates = new double[Math.min(passes, 1 << 20)];
        int status = CliSupport.EXIT_OK;
        for (int pass = 0; pass < rates.length; pass++) {
            long heapBefore = index ? usedHeapAfterGc() : 0;
            ThreadCpu threadsBefore = ThreadCpu.now(dissectionThreads);
            long cpuBefore = processCpuNanos();
            long start = System.nanoTime();
            long[] firstRows = {-1};
            CaptureLoad.Listener firstProgress = progress -> {
                if (firstRows[0] < 0) {
                    firstRows[0] = System.nanoTime() - start;
                }
            };
            try (CaptureLoad load = CaptureLoad.open(List.of(file),
                    new CaptureLoad.Options(AnalysisOptions.defaults(), index, snapshots, Long.MAX_VALUE), pipeline, firstProgress)) {
                if (pass == 0) {
                    System.out.printf(Locale.ROOT, "%s, %d dissection thread(s), %d core(s)%n", file, threads,
                            Runtime.getRuntime().availableProcessors());
                }
                LoadResult loaded = load.run();
                if (pass == 0) {
                    // timing a damaged file is allowed, but the figures then cover only the part before the damage
                    status = CliSupport.reportProblem(file, loaded.files().get(0).problem());
                }
                double seconds = (System.nanoTime() - start) / 1e9;
                double cpuSeconds = (processCpuNanos() - cpuBefore) / 1e9;
                long frames = loaded.packets();
                rates[pass] = frames / seconds;
                System.out.printf(Locale.ROOT, "pass %d: %d frames in %.3f s = %.2f M frames/s (%.2f s CPU)%n",
                        pass + 1, frames, seconds, rates[pass] / 1e6, cpuSeconds);
                ThreadCpu used = ThreadCpu.now(dissectionThreads).minus(threadsBefore);
                System.out.printf(Locale.ROOT, "  CPU: this thread (%s) %.2f s, dissection %.2f s, the rest %.2f s (%s"
                                + "GC, JIT; GC pauses %.2f s, compiling %.2f s)%n",
                        index ? "analysis, index" : "reading, analysis", used.analysis / 1e9,
                        used.dissection / 1e9, Math.max(0, cpuSeconds - (used.analysis + used.dissection) / 1e9),
                        index ? "reading ahead, " : "", used.gcPauses / 1e9, used.compiling / 1e9);
                if (snapshots) {
                    System.out.printf(Locale.ROOT, "  %d snapshots took %.3f s of CPU, %.2f %% of the pass's%n",
                            loaded.snapshots(), loaded.snapshotNanos() / 1e9,
                            100.0 * loaded.snapshotNanos() / 1e9 / cpuSeconds);
                }
                if (index) {
                    PacketIndex rows = load.index();
                    System.out.printf(Locale.ROOT, "  first rows after %.3f s; index %.1f bytes/packet (its columns"
                                    + " off the heap), heap after GC %.1f bytes/packet more than before loading%n",
                            firstRows[0] / 1e9,
                            (double) rows.bytes() / Math.max(1, frames),
                            (double) (usedHeapAfterGc() - heapBefore) / Math.max(1, frames));
                }
            } catch (CaptureOpenException unreadable) {
                CliSupport.printError(unreadable.getMessage());
                return CliSupport.EXIT_UNREADABLE;
            }
        }
        if (rates.length > 1) {
            double[] warm = Arrays.copyOfRange(rates, 1, rates.length);
            Arrays.sort(warm);
            System.out.printf(Locale.ROOT, "warm passes: median %.2f M frames/s, best %.2f M frames/s%n",
                    warm[warm.length / 2] / 1e6, warm[warm.length - 1] / 1e6);
        }
        return status;
    }

    /**
     * CPU time of the pass's own threads (this thread runs the analysis and the index; the pool's threads dissect)
     * and what the JVM reports of its collections' pauses and its compilers' time, all cumulative.
     */
    private record ThreadCpu(long analysis, long dissection, long gcPauses, long compiling) {
        static ThreadCpu now(List<Thread> dissectionThreads) {
            java.lang.management.ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            long dissection = 0;
            for (Thread thread : dissectionThreads) {
                dissection += Math.max(0, threads.getThreadCpuTime(thread.getId()));
            }
            long gcMillis = 0;
            for (java.lang.management.GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
                gcMillis += Math.max(0, collector.getCollectionTime());
            }
            java.lang.management.CompilationMXBean compiler = ManagementFactory.getCompilationMXBean();
            long compileMillis = compiler != null && compiler.isCompilationTimeMonitoringSupported()
                    ? compiler.getTotalCompilationTime() : 0;
            return new ThreadCpu(threads.getCurrentThreadCpuTime(), dissection, gcMillis * 1_000_000L,
                    compileMillis * 1_000_000L);
        }

        ThreadCpu minus(ThreadCpu before) {
            return new ThreadCpu(analysis - before.analysis, dissection - before.dissection,
                    gcPauses - before.gcPauses, compiling - before.compiling);
        }
    }

    private static long usedHeapAfterGc() {
        Runtime runtime = Runtime.getRuntime();
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return runtime.totalMemory() - runtime.freeMemory();
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }
}
