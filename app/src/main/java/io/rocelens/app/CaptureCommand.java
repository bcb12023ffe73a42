package io.rocelens.app;

import io.rocelens.live.CaptureException;
import io.rocelens.live.CaptureInterface;
import io.rocelens.live.CaptureOptions;
import io.rocelens.live.CaptureOutput;
import io.rocelens.live.FrameListener;
import io.rocelens.live.InterfaceStatistics;
import io.rocelens.live.LiveCapture;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code rocelens capture}: live capture into pcapng through libpcap, with dumpcap's option names. The running
 * count goes to standard error, so that {@code -w -} can stream the pcapng to standard output.
 */
@Command(name = "capture", mixinStandardHelpOptions = true,
        description = {"Capture RoCEv2 and PFC traffic from network interfaces into a pcapng file (dumpcap's options).",
                "Needs root, or the capabilities cap_net_raw and cap_net_admin on the java binary."},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:the capture ran until a stop condition, Ctrl+C or SIGTERM; the file is complete",
                "1:the capture stopped early (an interface went down, the disk filled); the file so far is complete",
                "2:the capture could not start: no libpcap, no permission, no such interface, a bad filter or option"})
public final class CaptureCommand implements Callable<Integer> {

    private static final long STATUS_MILLIS = 500;

    @Option(names = {"-D", "--list-interfaces"}, description = "list the interfaces and exit")
    boolean list;

    @Option(names = {"-i", "--interface"}, paramLabel = "IF",
            description = "interface to capture on; repeat for several (one pcapng, an interface block each); "
                    + "default: the first one that is up and not loopback")
    List<String> interfaces = new ArrayList<>();

    @Option(names = "-f", paramLabel = "FILTER", defaultValue = CaptureOptions.DEFAULT_FILTER,
            description = "capture filter in libpcap syntax, checked by libpcap before the start; \"\" captures "
                    + "everything (default: ${DEFAULT-VALUE})")
    String filter;

    @Option(names = "--mirror",
            description = "capture filter for a port that receives a switch's mirror (ERSPAN, GRE) or an overlay "
                    + "(VXLAN): the default's RoCEv2 and PFC, plus GRE over IPv4 or IPv6 and UDP destination port "
                    + "4789, tagged or not (" + CaptureOptions.MIRROR_FILTER + "); instead of -f")
    boolean mirror;

    @Option(names = {"-s", "--snapshot-length"}, paramLabel = "SNAPLEN", defaultValue = "0",
            converter = Snaplen.class,
            description = "bytes kept of each frame: 0 for whole frames (default), 128 for the headers only")
    int snaplen;

    @Option(names = {"-p", "--no-promiscuous-mode"}, description = "do not put the interfaces in promiscuous mode")
    boolean noPromiscuous;

    @Option(names = {"-B", "--buffer-size"}, paramLabel = "MiB", converter = CliSupport.PositiveInt.class,
            defaultValue = "16", description = "the kernel's capture buffer per interface in MiB (default: "
                    + "${DEFAULT-VALUE}; libpcap's and dumpcap's is 2)")
    int bufferMib;

    @Option(names = "--immediate-mode",
            description = "deliver each frame at once rather than when the kernel's buffer block fills or 100 ms "
                    + "pass (costs CPU at high rates)")
    boolean immediate;

    @Option(names = "-w", paramLabel = "FILE",
            description = "pcapng file to write, - for standard output (default: a new file in the temporary "
                    + "directory, named on standard error)")
    String file;

    @Option(names = "-c", paramLabel = "N", converter = CliSupport.Count.class,
            description = "stop after N packets")
    long count = Long.MAX_VALUE;

    @Option(names = "-a", paramLabel = "COND", converter = Condition.class,
            description = "stop after duration:SECONDS, filesize:KB (1 kB = 1000 bytes, of the whole output) or "
                    + "packets:N; repeat to stop at whichever comes first")
    List<Condition.Value> stopConditions = new ArrayList<>();

    @Option(names = "-b", paramLabel = "COND", converter = Condition.class,
            description = "ring buffer (needs -w FILE): filesize:KB starts a new file at that size, files:K keeps "
                    + "only the K newest (default: keep all)")
    List<Condition.Value> ringConditions = new ArrayList<>();

    @Option(names = "--analyze", description = "when the capture ends, print the analyze summary of what was captured")
    boolean analyze;

    @Option(names = "-q", description = "do not print the packet counts")
    boolean quiet;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        try {
            if (list) {
                listInterfaces();
                return CliSupport.EXIT_OK;
            }
            return capture();
        } catch (CaptureException failure) {
            CliSupport.printError(failure.getMessage());
            return CliSupport.EXIT_UNREADABLE;
        }
    }

    private void listInterfaces() throws CaptureException {
        int number = 1;
        for (CaptureInterface device : LiveCapture.interfaces()) {
            StringBuilder line = new StringBuilder().append(number++).append(". ").append(device.name());
            if (device.description() != null) {
                line.append(" (").append(device.description()).append(')');
            }
            if (!device.flags().isEmpty()) {
                line.append(" [").append(device.flags()).append(']');
            }
            if (!device.addresses().isEmpty()) {
                line.append(' ').append(String.join(", ", device.addresses()));
            }
            System.out.println(line);
        }
    }

    private int capture() throws CaptureException, InterruptedException {
        CaptureOptions options = options();
        if (options == null) {
            return CliSupport.EXIT_UNREADABLE;
        }
        LiveCapture capture = LiveCapture.start(options, FrameListener.NONE);
        CountDownLatch reported = new CountDownLatch(1);
        Thread onSignal = new Thread(() -> {
            // SIGINT and SIGTERM run the shutdown hooks: end the capture cleanly and let the report be printed
            capture.stop();
            try {
                reported.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "rocelens-capture-signal");
        Runtime.getRuntime().addShutdownHook(onSignal);
        System.err.println("Capturing on " + String.join(", ", options.interfaces().stream()
                .map(name -> "'" + name + "'").toList()));
        if (!capture.files().isEmpty() && !(options.output() instanceof CaptureOutput.RingBuffer)) {
            System.err.println("File: " + capture.files().get(0));
        }
        List<Path> files;
        try {
            while (!capture.awaitTermination(STATUS_MILLIS, TimeUnit.MILLISECONDS)) {
                if (!quiet) {
                    System.err.print("\rPackets: " + capture.framesCaptured() + dropped(capture.statistics()));
                    System.err.flush();     // print() flushes only at a line end
                }
            }
            if (!quiet) {
                System.err.println("\rPackets: " + capture.framesCaptured() + dropped(capture.statistics()));
                for (InterfaceStatistics stats : capture.statistics()) {
                    System.err.printf(Locale.ROOT, "%s: %d packets captured, %d received by filter, %d dropped by"
                                    + " kernel, %d dropped by interface%n", stats.name(), stats.captured(),
                            stats.received(), stats.dropped(), stats.ifDropped());
                }
            }
            files = capture.files();
            if (capture.problem() != null) {
                CliSupport.printError(capture.problem() + (files.isEmpty() ? ""
                        : "; the " + capture.framesCaptured() + " packets before are in " + files.get(files.size() - 1)));
            }
        } finally {
            reported.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(onSignal);
            } catch (IllegalStateException shuttingDown) {
                // a signal arrived: the hook is running and the JVM exits after it
            }
        }
        int status = capture.problem() == null ? CliSupport.EXIT_OK : CliSupport.EXIT_DAMAGED;
        if (analyze && !files.isEmpty()) {
            List<String> arguments = new ArrayList<>(List.of("analyze"));
            files.forEach(path -> arguments.add(path.toString()));
            status = Math.max(status, Main.run(arguments.toArray(String[]::new)));
        }
        return status;
    }

    private static String dropped(List<InterfaceStatistics> statistics) {
        long dropped = statistics.stream().mapToLong(s -> s.dropped() + s.ifDropped()).sum();
        return dropped == 0 ? " " : "  dropped: " + dropped + " ";
    }

    /** The options from the command line, or null after printing why they do not fit together. */
    private CaptureOptions options() throws CaptureException {
        if (mirror && spec.commandLine().getParseResult().hasMatchedOption("-f")) {
            CliSupport.printError("--mirror is a capture filter of its own: give either --mirror or -f FILTER");
            return null;
        }
        if (interfaces.isEmpty()) {
            CaptureInterface first = LiveCapture.interfaces().stream()
                    .filter(device -> device.up() && !device.loopback() && !device.name().equals("any"))
                    .findFirst().orElse(null);
            if (first == null) {
                CliSupport.printError("no interface is up; name one with -i (see 'rocelens capture -D')");
                return null;
            }
            interfaces.add(first.name());
        }
        long maxPackets = count;
        long maxNanos = Long.MAX_VALUE;
        long maxBytes = Long.MAX_VALUE;
        for (Condition.Value condition : stopConditions) {
            switch (condition.key()) {
                case "duration" -> maxNanos = Math.min(maxNanos, Math.max(1, Math.round(condition.number() * 1e9)));
                case "filesize" -> maxBytes = Math.min(maxBytes, Math.round(condition.number() * 1000));
                case "packets" -> maxPackets = Math.min(maxPackets, Math.round(condition.number()));
                default -> {
                    CliSupport.printError("-a takes duration:S, filesize:KB or packets:N, not "
                            + condition.key() + ":");
                    return null;
                }
            }
        }
        CaptureOutput output = output();
        if (output == null) {
            return null;
        }
        // capture reads no file, but standard input may be one (`capture -w F < F` under a script's redirection)
        if (output instanceof CaptureOutput.NamedFile named
                && !CliSupport.notAnInput("-w", named.path(), List.of(Path.of("-")))) {
            return null;
        }
        if (analyze && output instanceof CaptureOutput.StandardOutput) {
            CliSupport.printError("--analyze reads the file back, so it needs -w FILE (or no -w), not -w -");
            return null;
        }
        String noBuffer = CaptureOptions.whyNotBuffer(bufferMib, interfaces.size());
        if (noBuffer != null) {
            // libpcap would cut it silently (a 99999999 MiB buffer used to become 2 GiB)
            CliSupport.printError("-B " + bufferMib + ": " + noBuffer);
            return null;
        }
        int bufferBytes = (int) Math.min(Integer.MAX_VALUE, (long) bufferMib << 20);
        return new CaptureOptions(interfaces, mirror ? CaptureOptions.MIRROR_FILTER : filter, snaplen, !noPromiscuous, bufferBytes, immediate, maxPackets,
                maxNanos, Math.max(1, maxBytes), output);
    }

    private CaptureOutput output() {
        if (ringConditions.isEmpty()) {
            if (file == null) {
                return new CaptureOutput.TemporaryFile();
            }
            return "-".equals(file) ? new CaptureOutput.StandardOutput() : new CaptureOutput.NamedFile(Path.of(file));
        }
        if (file == null || "-".equals(file)) {
            CliSupport.printError("a ring buffer (-b) needs -w FILE to name its files");
            return null;
        }
        long fileBytes = 0;
        int files = 0;
        for (Condition.Value condition : ringConditions) {
            switch (condition.key()) {
                case "filesize" -> fileBytes = Math.max(1, Math.round(condition.number() * 1000));
                case "files" -> files = (int) Math.min(Integer.MAX_VALUE, Math.round(condition.number()));
                default -> {
                    CliSupport.printError("-b takes filesize:KB or files:K, not " + condition.key() + ":");
                    return null;
                }
            }
        }
        if (fileBytes == 0) {
            CliSupport.printError("a ring buffer needs -b filesize:KB (the size at which a new file starts)");
            return null;
        }
        return new CaptureOutput.RingBuffer(Path.of(file), files, fileBytes);
    }

    /** 0 or a snap length of 1 to 262144. */
    static final class Snaplen implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            int number = new CliSupport.NonNegative().convert(value);
            if (number > CaptureOptions.FULL_SNAPLEN) {
                throw new TypeConversionException("'" + value + "' is out of range: 0 (whole frames) to "
                        + CaptureOptions.FULL_SNAPLEN);
            }
            return number == 0 ? CaptureOptions.FULL_SNAPLEN : number;
        }
    }

    /** dumpcap's KEY:VALUE conditions, the value a positive number. */
    static final class Condition implements ITypeConverter<Condition.Value> {

        record Value(String key, double number) {
        }

        @Override
        public Value convert(String text) {
            int colon = text.indexOf(':');
            if (colon <= 0) {
                throw new TypeConversionException("'" + text + "' is not KEY:VALUE (e.g. duration:10)");
            }
            String key = text.substring(0, colon).strip().toLowerCase(Locale.ROOT);
            double number;
            try {
                number = Double.parseDouble(text.substring(colon + 1).strip());
            } catch (NumberFormatException notANumber) {
                throw new TypeConversionException("'" + text + "': the value is not a number");
            }
            if (!(number > 0) || Double.isInfinite(number)) {
                throw new TypeConversionException("'" + text + "': the value must be above 0");
            }
            return new Value(key, number);
        }
    }
}
