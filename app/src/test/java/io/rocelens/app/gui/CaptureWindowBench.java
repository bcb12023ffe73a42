package io.rocelens.app.gui;

import static io.rocelens.app.gui.Fx.fx;
import static io.rocelens.app.gui.Fx.waitUntil;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.live.CaptureOptions;
import io.rocelens.live.Veth;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.application.Platform;
import javafx.collections.ListChangeListener;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * Capture in the window under load, beside {@code rocelens capture} at the same rates: a veth pair in a namespace of
 * its own, {@code rocelens replay FRAMES --pps RATE} from the far end, and the window capturing on the near end with
 * QP Conversations open. For each rate it prints the frames sent, captured and dropped by the window and the
 * command, how often the packet list and the conversations changed while frames came, the longest time the JavaFX
 * thread took to run a task posted every 20 ms (a frozen window shows here), the CPU time of the window's JVM and of
 * the command, and the window's cores over the second half of the sending (the cost of a long capture). Run by
 * bench/capture-window.sh as root under Xvfb; not a test.
 */
public final class CaptureWindowBench {

    private static final Pattern SENT = Pattern.compile("sent (\\d+) frames in ([0-9.]+) s");
    private static final Pattern COUNTS = Pattern.compile("Captured: (\\d+) · Dropped: (\\d+)");

    private CaptureWindowBench() {
    }

    public static void main(String[] args) throws Exception {
        Path frames = Path.of(args[0]);
        Path config = Files.createTempDirectory("rocelens-bench");
        Fx.startToolkit();
        System.out.printf(Locale.ROOT, "%-7s %-8s %8s %8s %9s %7s %9s %9s %13s %8s %9s%n", "rate", "who", "sent",
                "sent/s", "captured", "dropped", "list/s", "views/s", "fx p99/max ms", "cpu s", "2nd half");
        try (Veth veth = Veth.create()) {
            MainWindow window = Fx.showWindow(config);
            Stage stage = window.stage();
            for (int i = 1; i < args.length; i++) {
                int rate = Integer.parseInt(args[i]);
                inWindow(stage, window, veth, frames, rate);
                withCommand(veth, frames, rate);
            }
            fx(() -> {
                window.shutdown();
                new ArrayList<>(Window.getWindows()).forEach(w -> ((Stage) w).close());
                return null;
            });
        }
        Platform.exit();
        try (var left = Files.list(config)) {
            for (Path file : left.toList()) {
                Files.delete(file);
            }
        }
        Files.delete(config);
    }

    private static void inWindow(Stage stage, MainWindow window, Veth veth, Path frames, int rate) throws Exception {
        fx(() -> {
            window.startCapture(CaptureOptions.of(List.of(veth.outside)));
            Fx.item(stage, "Statistics", "QP Conversations").fire();
            return null;
        });
        waitUntil(() -> status(stage).startsWith("Capturing"));
        AtomicLong listChanges = new AtomicLong();
        AtomicLong viewChanges = new AtomicLong();
        fx(() -> {
            // a followed capture's list swaps its rows for the newest ones now and then: each list counts, and the swap
            TableView<?> list = (TableView<?>) stage.getScene().lookup("#packet-list");
            ListChangeListener<Object> grown = change -> listChanges.incrementAndGet();
            list.getItems().addListener(grown);
            list.itemsProperty().addListener((seen, old, now) -> {
                listChanges.incrementAndGet();
                old.removeListener(grown);
                now.addListener(grown);
            });
            conversations().itemsProperty().addListener(seen -> viewChanges.incrementAndGet());
            conversations().getItems().addListener((ListChangeListener<Object>) change -> viewChanges.incrementAndGet());
            return null;
        });
        Latency latency = new Latency();
        java.util.Map<String, Long> threadsBefore = threadTicks();
        long cpuBefore = processCpuNanos();
        Sender sender = Sender.start(veth, frames, rate);
        latency.start();
        CpuRate secondHalf = CpuRate.start();
        sender.await();
        latency.stop();
        double steady = secondHalf.coresInSecondHalf();
        long lists = listChanges.get();
        long views = viewChanges.get();
        Thread.sleep(1000);
        fx(() -> {
            Fx.item(stage, "Capture", "Stop").fire();
            return null;
        });
        waitUntil(() -> status(stage).startsWith("Captured: "));
        long cpu = processCpuNanos() - cpuBefore;
        java.util.Map<String, Long> threadsAfter = threadTicks();
        Matcher counts = COUNTS.matcher(status(stage));
        counts.find();
        System.out.printf(Locale.ROOT, "%-7d %-8s %8d %8.0f %9s %7s %9.1f %9.1f %6.0f/%-6.0f %8.2f %9.2f%n", rate,
                "window", sender.sent, sender.sent / sender.seconds, counts.group(1), counts.group(2),
                lists / sender.seconds, views / sender.seconds, latency.p99Millis(), latency.maxNanos / 1e6,
                cpu / 1e9, steady);
        printThreads(threadsBefore, threadsAfter);
        // saved, so the next capture does not ask about it, then deleted
        Path saved = Files.createTempFile("rocelens-bench", ".pcapng");
        fx(() -> window.saveTo(saved));
        // saving is done in the background, and ends with the saved file opened: before that, the next capture would
        // still find this one unsaved (and ask)
        waitUntil(() -> stage.getTitle().endsWith(saved.getFileName().toString()));
        Files.delete(saved);
    }

    private static void withCommand(Veth veth, Path frames, int rate) throws Exception {
        Path out = Files.createTempFile("rocelens-bench", ".pcapng");
        Path err = Files.createTempFile("rocelens-bench", ".err");
        Process capture = new ProcessBuilder(Veth.javaCommand("capture", "-i", veth.outside, "-w", out.toString(),
                "-q")).redirectError(err.toFile()).start();
        while (!Files.readString(err).contains("Capturing on")) {
            Thread.sleep(50);
        }
        Sender sender = Sender.start(veth, frames, rate);
        sender.await();
        Thread.sleep(1000);
        double cpu = capture.info().totalCpuDuration().map(d -> d.toNanos() / 1e9).orElse(Double.NaN);
        capture.destroy();
        capture.waitFor(30, TimeUnit.SECONDS);
        long captured = 0;
        try (CaptureReader reader = CaptureReaders.open(out)) {
            while (reader.next() != null) {
                captured++;
            }
        }
        System.out.printf(Locale.ROOT, "%-7d %-8s %8d %8.0f %9d %7d %9s %9s %13s %8.2f%n", rate, "command",
                sender.sent, sender.sent / sender.seconds, captured, sender.sent - captured, "", "", "", cpu);
        Files.delete(out);
        Files.delete(err);
    }

    private static String status(Stage stage) {
        return fx(() -> ((Label) stage.getScene().lookup("#status-capture")).getText());
    }

    private static TableView<?> conversations() {
        return Window.getWindows().stream().map(w -> w.getScene().lookup("#conversations"))
                .filter(node -> node != null).map(node -> (TableView<?>) node).findFirst().orElseThrow();
    }

    /**
     * CPU time by thread name, in clock ticks, from /proc (the JVM's own threads too: the collector and the JIT,
     * which no Java API shows). Threads of one kind (the collector's workers) are added up under one name.
     */
    private static java.util.Map<String, Long> threadTicks() throws IOException {
        java.util.Map<String, Long> ticks = new java.util.TreeMap<>();
        try (java.util.stream.Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path task : (Iterable<Path>) tasks::iterator) {
                try {
                    String name = Files.readString(task.resolve("comm")).strip().replaceAll("[#0-9]+$", "");
                    String stat = Files.readString(task.resolve("stat"));
                    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    ticks.merge(name, Long.parseLong(fields[11]) + Long.parseLong(fields[12]), Long::sum);
                } catch (IOException | RuntimeException ended) {
                    // the thread ended while it was read: its time is left out
                }
            }
        }
        return ticks;
    }

    /** The threads that used CPU between the two readings, most first (each at least 0.05 s). */
    private static void printThreads(java.util.Map<String, Long> before, java.util.Map<String, Long> after) {
        double tick = 100.0;    // USER_HZ on Linux
        after.entrySet().stream()
                .map(e -> java.util.Map.entry(e.getKey(), e.getValue() - before.getOrDefault(e.getKey(), 0L)))
                .filter(e -> e.getValue() / tick >= 0.05)
                .sorted(java.util.Map.Entry.comparingByValue(java.util.Comparator.reverseOrder()))
                .forEach(e -> System.out.printf(Locale.ROOT, "        %-20s %6.2f s%n", e.getKey(),
                        e.getValue() / tick));
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /** {@code rocelens replay} in the namespace, and what it says it sent. */
    private static final class Sender {
        final Process process;
        long sent;
        double seconds;

        private Sender(Process process) {
            this.process = process;
        }

        static Sender start(Veth veth, Path frames, int rate) throws IOException {
            List<String> command = new ArrayList<>(List.of("ip", "netns", "exec", veth.namespace));
            command.addAll(Veth.javaCommand("replay", frames.toString(), "-i", veth.inside, "--pps",
                    Integer.toString(rate)));
            return new Sender(new ProcessBuilder(command).redirectErrorStream(true).start());
        }

        void await() throws Exception {
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            process.waitFor();
            Matcher said = SENT.matcher(output);
            if (!said.find()) {
                throw new IllegalStateException("replay: " + output);
            }
            sent = Long.parseLong(said.group(1));
            seconds = Double.parseDouble(said.group(2));
        }
    }

    /**
     * The window's CPU over the second half of the frames' sending, in cores: a capture that runs for minutes costs
     * that, once the JIT has compiled what the first seconds bring (the whole capture's figure, "cpu s", includes
     * them and the stop).
     */
    private static final class CpuRate {
        private final List<long[]> samples = java.util.Collections.synchronizedList(new ArrayList<>());
        private final Thread sampler;

        private CpuRate() {
            sampler = new Thread(() -> {
                while (!Thread.currentThread().isInterrupted()) {
                    samples.add(new long[] {System.nanoTime(), processCpuNanos()});
                    try {
                        Thread.sleep(250);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
        }

        static CpuRate start() {
            CpuRate rate = new CpuRate();
            rate.sampler.start();
            return rate;
        }

        /** Stops sampling; the cores used between the sample at half the time and the last. */
        double coresInSecondHalf() throws InterruptedException {
            sampler.interrupt();
            sampler.join();
            List<long[]> taken = new ArrayList<>(samples);
            long[] last = taken.get(taken.size() - 1);
            long[] half = taken.get(taken.size() / 2);
            return last[0] == half[0] ? Double.NaN : (double) (last[1] - half[1]) / (last[0] - half[0]);
        }
    }

    /** How long a task posted to the JavaFX thread every 20 ms waited: the longest, and the 99th percentile. */
    private static final class Latency {
        volatile long maxNanos;
        private final List<Long> waits = java.util.Collections.synchronizedList(new ArrayList<>());
        private volatile boolean running;
        private Thread prober;

        void start() {
            running = true;
            prober = new Thread(() -> {
                while (running) {
                    long posted = System.nanoTime();
                    CompletableFuture<Void> ran = new CompletableFuture<>();
                    Platform.runLater(() -> ran.complete(null));
                    ran.join();
                    long waited = System.nanoTime() - posted;
                    waits.add(waited);
                    maxNanos = Math.max(maxNanos, waited);
                    try {
                        Thread.sleep(20);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
            prober.start();
        }

        void stop() throws InterruptedException {
            running = false;
            prober.join();
        }

        double p99Millis() {
            List<Long> sorted = new ArrayList<>(waits);
            java.util.Collections.sort(sorted);
            return sorted.isEmpty() ? 0 : sorted.get((int) (sorted.size() * 0.99)) / 1e6;
        }
    }
}
