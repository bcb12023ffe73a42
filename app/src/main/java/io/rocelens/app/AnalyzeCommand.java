package io.rocelens.app;

import io.rocelens.analysis.AnalysisOptions;
import io.rocelens.analysis.AnalysisResult;
import io.rocelens.capture.CaptureOpenException;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.StandardInput;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.SummaryPipeline;
import io.rocelens.load.CaptureLoad;
import io.rocelens.load.FileRead;
import io.rocelens.load.LoadResult;
import io.rocelens.export.CsvExport;
import io.rocelens.export.JsonSummary;
import io.rocelens.export.TextSummary;
import io.rocelens.filter.DisplayFilter;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;

import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code rocelens analyze}: one ordered pass over a capture (frames dissected in batches on every core, summaries
 * handed to the analyzer in capture order), then a readable summary, the JSON summary and the CSV exports.
 */
@Command(name = "analyze", mixinStandardHelpOptions = true,
        description = {"Analyse the RoCE traffic of a pcap or pcapng file: QP flows, PSN gaps and retransmissions, "
                + "NAKs, CNPs and ECN marks, PFC pause time, bandwidth by priority.",
                "Prints a readable summary unless --json is given or an export goes to standard output (-)."},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:every file was analysed to its end",
                "1:a file is cut short or corrupt; the frames before the damage were analysed and the outputs written",
                "2:the file could not be read or is not a capture, the filter is wrong, or an output could not be written"})
public final class AnalyzeCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "FILE",
            description = "pcap or pcapng capture; with several files each is analysed on its own and the results "
                    + "are merged (counters add up, flows with the same key combine; PSN analysis restarts per file)")
    List<Path> files;

    @Option(names = "--json", description = "print the summary as one JSON object instead of text")
    boolean json;

    @Option(names = "--qp-csv", paramLabel = "FILE", description = "write one row per QP flow (- for standard output)")
    String qpCsv;

    @Option(names = "--priority-csv", paramLabel = "FILE",
            description = "write bytes and packets per time bin and priority (- for standard output)")
    String priorityCsv;

    @Option(names = "--pfc-csv", paramLabel = "FILE",
            description = "write one row per PFC/PAUSE paused interval (- for standard output)")
    String pfcCsv;

    @Option(names = "--events-csv", paramLabel = "FILE", description = "write the expert events (- for standard output)")
    String eventsCsv;

    @Option(names = "--latency-csv", paramLabel = "FILE",
            description = "write one row per timed exchange: ACK round trips and READ latencies (- for standard output)")
    String latencyCsv;

    @Option(names = "--rate-csv", paramLabel = "FILE",
            description = "write the rate over time of each QP that received CNPs, one row per time bin (- for "
                    + "standard output)")
    String rateCsv;

    @Option(names = "--qcn-csv", paramLabel = "FILE",
            description = "write one row per IEEE 802.1Q Congestion Notification Message (QCN): time, congestion point,"
                    + " priority, qFb (- for standard output)")
    String qcnCsv;

    @Option(names = "--link-speed", paramLabel = "SPEED", converter = LinkSpeed.class, defaultValue = "100G",
            description = "link speed for PFC quanta (512 bit times each), e.g. 25G, 100G, 400G (default: ${DEFAULT-VALUE})")
    long linkSpeed;

    @Option(names = "--dscp-map", paramLabel = "DSCP=PRIO,...",
            description = "priority of untagged packets by DSCP, on top of the default DSCP >> 3, e.g. 26=3,48=6")
    String dscpMap;

    @Option(names = "--roce-port", paramLabel = "PORT", split = ",", defaultValue = "4791", converter = CliSupport.Port.class,
            description = "UDP destination ports decoded as RoCEv2 (default: ${DEFAULT-VALUE})")
    Set<Integer> rocePorts;

    @Option(names = "--bin-width", paramLabel = "DURATION", converter = Duration.class,
            description = "bandwidth time-bin width, e.g. 100us, 1ms, 1s (default: chosen from the capture's "
                    + "duration, at most 1000 bins)")
    long binWidth;

    @Option(names = "--ets", paramLabel = "SHARES",
            description = "ETS bandwidth shares in percent to compare with, for priorities 0, 1, 2, ... "
                    + "(70,20,10) or as PRIO=SHARE (3=50,0=30,6=20); without it, those of a DCBX ETS Configuration "
                    + "in the capture, if any")
    String ets;

    @Option(names = "--storm-threshold", paramLabel = "PERCENT", defaultValue = "50",
            description = "a PFC storm is a sender keeping a priority paused for more than this share of a storm "
                    + "window (default: ${DEFAULT-VALUE})")
    double stormPercent;

    @Option(names = "--storm-window", paramLabel = "DURATION", converter = Duration.class, defaultValue = "100ms",
            description = "length of the windows PFC storms are measured over (default: ${DEFAULT-VALUE})")
    long stormWindow;

    @Option(names = "--top", paramLabel = "N", defaultValue = "10", converter = CliSupport.NonNegative.class,
            description = "flows shown in the readable summary (default: ${DEFAULT-VALUE})")
    int top;

    @Option(names = "--max-events", paramLabel = "N", defaultValue = "100000", converter = CliSupport.NonNegative.class,
            description = "events, NAK/CNP links and paused intervals kept for the outputs; more are only counted "
                    + "(default: ${DEFAULT-VALUE})")
    int maxEvents;

    @Option(names = "--cnp-before-bins", paramLabel = "N", defaultValue = "3",
            description = "rate bins before a CNP whose rate the DCQCN reaction is measured against, 1-1000 "
                    + "(default: ${DEFAULT-VALUE})")
    int cnpBeforeBins;

    @Option(names = "-Y", paramLabel = "FILTER",
            description = "analyse only the frames this display filter passes (Wireshark syntax); a filter that drops "
                    + "packets of a flow makes PSN gaps where they were")
    String displayFilter;

    @Option(names = "-c", paramLabel = "N", converter = CliSupport.Count.class,
            description = "stop after N frames (over all files)")
    long count = Long.MAX_VALUE;

    @Override
    public Integer call() throws IOException {
        if (files.stream().filter(CaptureReaders::isStandardInput).count() > 1) {
            // the second would read what the first left: nothing, or the middle of the stream
            CliSupport.printError("standard input (-) can be read only once: name it once");
            return CliSupport.EXIT_UNREADABLE;
        }
        if (!(stormPercent > 0 && stormPercent <= 100)) {
            // the analysis takes a share in (0, 1]; its message would not match the percent the user typed
            CliSupport.printError("--storm-threshold must be a percentage above 0 and at most 100, not "
                    + stormPercent);
            return CliSupport.EXIT_UNREADABLE;
        }
        List<String> toStandardOutput = new ArrayList<>();
        if (json) {
            toStandardOutput.add("--json");
        }
        for (String[] export : new String[][] {{"--qp-csv", qpCsv}, {"--priority-csv", priorityCsv},
                {"--pfc-csv", pfcCsv}, {"--events-csv", eventsCsv}, {"--latency-csv", latencyCsv},
                {"--rate-csv", rateCsv}, {"--qcn-csv", qcnCsv}}) {
            if ("-".equals(export[1])) {
                toStandardOutput.add(export[0] + " -");
            }
        }
        if (toStandardOutput.size() > 1) {
            // two documents in one stream could not be told apart by whoever reads it
            CliSupport.printError(String.join(" and ", toStandardOutput) + " would both write to standard output;"
                    + " send all but one to files");
            return CliSupport.EXIT_UNREADABLE;
        }
        for (String[] export : new String[][] {{"--qp-csv", qpCsv}, {"--priority-csv", priorityCsv},
                {"--pfc-csv", pfcCsv}, {"--events-csv", eventsCsv}, {"--latency-csv", latencyCsv},
                {"--rate-csv", rateCsv}, {"--qcn-csv", qcnCsv}}) {
            if (export[1] != null && !"-".equals(export[1])
                    && !CliSupport.notAnInput(export[0], Path.of(export[1]), files)) {
                return CliSupport.EXIT_UNREADABLE;
            }
        }
        AnalysisOptions options;
        try {
            options = new AnalysisOptions(linkSpeed,
                    dscpMap == null ? AnalysisOptions.defaultDscpMap() : AnalysisOptions.parseDscpMap(dscpMap),
                    binWidth, ets == null ? null : AnalysisOptions.parseEts(ets), stormPercent / 100, stormWindow,
                    maxEvents, cnpBeforeBins);
        } catch (IllegalArgumentException wrong) {
            CliSupport.printError(wrong.getMessage());
            return CliSupport.EXIT_UNREADABLE;
        }
        DisplayFilter filter = CliSupport.compileFilter(displayFilter);
        if (filter == null) {
            return CliSupport.EXIT_UNREADABLE;
        }
        if (files.stream().noneMatch(CaptureReaders::isStandardInput)) {
            return analyze(options, filter, new AtomicBoolean());
        }
        // `… | rocelens analyze -` killed with SIGINT or SIGTERM: end standard input where it is and print the
        // summary of what came, instead of losing everything (the JVM exits once this hook returns)
        AtomicBoolean signalled = new AtomicBoolean();
        CountDownLatch reported = new CountDownLatch(1);
        Thread onSignal = new Thread(() -> {
            signalled.set(true);
            StandardInput.stop();
            try {
                reported.await(SIGNAL_REPORT_SECONDS, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "rocelens-analyze-signal");
        Runtime.getRuntime().addShutdownHook(onSignal);
        try {
            return analyze(options, filter, signalled);
        } finally {
            reported.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(onSignal);
            } catch (IllegalStateException shuttingDown) {
                // a signal arrived: the hook is running and the JVM exits after it
            }
        }
    }

    /** How long a signal waits for the summary of what was read before the JVM exits anyway. */
    private static final long SIGNAL_REPORT_SECONDS = 30;

    /** The pass over the files and the outputs; {@code signalled} once a signal ended standard input early. */
    private int analyze(AnalysisOptions options, DisplayFilter filter, AtomicBoolean signalled) throws IOException {
        LoadResult loaded;
        try (CaptureLoad load = CaptureLoad.open(files, new CaptureLoad.Options(options, false, count),
                SummaryPipeline.forThisMachine(new DissectorOptions(rocePorts)).readingOnCallingThread(),
                CaptureLoad.Listener.NONE)) {
            try {
                load.filter(filter);
            } catch (IllegalArgumentException refused) {
                CliSupport.printError("-Y: " + refused.getMessage());
                return CliSupport.EXIT_UNREADABLE;
            }
            loaded = load.run();
        } catch (CaptureOpenException unreadable) {
            CliSupport.printError(unreadable.getMessage());
            return CliSupport.EXIT_UNREADABLE;
        }
        int status = CliSupport.EXIT_OK;
        for (FileRead file : loaded.files()) {
            if (signalled.get() && CaptureReaders.isStandardInput(file.file())) {
                CliSupport.printError("standard input: interrupted after " + file.packets() + " frames; the summary "
                        + "covers those");
                continue;
            }
            status = Math.max(status, CliSupport.reportProblem(file.file(), file.problem()));
        }
        AnalysisResult result = loaded.analysis();
        if (binWidth > 0 && result.shownBins().widthNanos() != binWidth) {
            CliSupport.printError("bin width " + binWidth + " ns needs too many bins for this capture; using "
                    + result.shownBins().widthNanos() + " ns");
        }
        try {
            export(qpCsv, out -> CsvExport.writeQps(result, out));
            export(priorityCsv, out -> CsvExport.writePriorities(result, out));
            export(pfcCsv, out -> CsvExport.writePfc(result, out));
            export(eventsCsv, out -> CsvExport.writeEvents(result, out));
            export(latencyCsv, out -> CsvExport.writeLatency(result, out));
            export(rateCsv, out -> CsvExport.writeRates(result, out));
            export(qcnCsv, out -> CsvExport.writeQcn(result, out));
        } catch (OutputFailure failure) {
            CliSupport.printError("cannot write " + failure.target + ": "
                    + CliSupport.reason((IOException) failure.getCause()));
            return CliSupport.EXIT_UNREADABLE;
        }
        PrintWriter stdout = new PrintWriter(new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8)));
        if (json) {
            JsonSummary.write(result, stdout, true);
            stdout.println();
        } else if (!"-".equals(qpCsv) && !"-".equals(priorityCsv) && !"-".equals(pfcCsv) && !"-".equals(eventsCsv)
                && !"-".equals(latencyCsv) && !"-".equals(rateCsv) && !"-".equals(qcnCsv)) {
            TextSummary.write(result, files.stream().map(CliSupport::name).collect(Collectors.joining(", ")), top, stdout);
        }
        stdout.flush();
        return status;
    }

    private interface Export {
        void write(Writer out) throws IOException;
    }

    private static final class OutputFailure extends RuntimeException {
        final String target;

        OutputFailure(String target, IOException cause) {
            super(cause);
            this.target = target;
        }
    }

    private static void export(String target, Export export) {
        if (target == null) {
            return;
        }
        try {
            if ("-".equals(target)) {
                Writer out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8));
                export.write(out);
                out.flush();
            } else {
                try (Writer out = Files.newBufferedWriter(Path.of(target), StandardCharsets.UTF_8)) {
                    export.write(out);
                }
            }
        } catch (IOException failure) {
            throw new OutputFailure(target, failure);
        }
    }

    static final class LinkSpeed implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            try {
                return AnalysisOptions.parseLinkSpeed(value);
            } catch (IllegalArgumentException wrong) {
                throw new TypeConversionException(wrong.getMessage());
            }
        }
    }

    /** A duration with a unit: ns, us (or µs), ms, s; a bare number is seconds ({@link AnalysisOptions#parseDuration}). */
    static final class Duration implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            try {
                return AnalysisOptions.parseDuration(value);
            } catch (IllegalArgumentException wrong) {
                throw new TypeConversionException(wrong.getMessage());
            }
        }
    }
}
