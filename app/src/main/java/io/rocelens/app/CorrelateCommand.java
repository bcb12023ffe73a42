package io.rocelens.app;

import io.rocelens.capture.CaptureOpenException;
import io.rocelens.correlate.Correlation;
import io.rocelens.correlate.CorrelationException;
import io.rocelens.correlate.CorrelationReport;
import io.rocelens.correlate.Correlator;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.filter.DisplayFilter;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code rocelens correlate}: the same RoCE packets captured at several points of one path, matched, and per hop and
 * direction what was lost, marked, rewritten, reordered or delayed between two points.
 */
@Command(name = "correlate", mixinStandardHelpOptions = true,
        description = {"Match the RoCE packets of 2 to 16 captures of one path (given in path order, the first "
                + "nearest the requesters) and report per hop and direction: packets lost, CE-marked, DSCP or PCP "
                + "changed, reordered, and the one-way delay; then the flows that suffered most.",
                "Packets are recognised by flow, opcode, PSN and ICRC (which masks what a hop may rewrite); the "
                        + "capture clocks' offsets are estimated from the packets unless given."},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:every capture was read to its end",
                "1:a capture is cut short or corrupt; what was read before the damage was correlated",
                "2:a capture could not be read, the captures share no RoCE packet, an argument is wrong, or an "
                        + "output could not be written"})
final class CorrelateCommand implements Callable<Integer> {

    @Parameters(arity = "2..16", paramLabel = "FILE", description = "the captures, in path order")
    List<Path> files;

    @Option(names = "--json", description = "print the result as one JSON object instead of text")
    boolean json;

    @Option(names = "--journeys-csv", paramLabel = "FILE",
            description = "write one row per packet instance: where it was seen and its fate (- for standard output)")
    String journeysCsv;

    @Option(names = "--clock", paramLabel = "sync",
            description = "sync: the capture clocks agree (PTP, ERSPAN type III hardware time); no offset is estimated")
    String clock;

    @Option(names = "--clock-offset", paramLabel = "P=OFFSET,…",
            description = "each point's clock minus the first point's, e.g. 1=+12.3us,2=-45us (unnamed points: 0)")
    String clockOffsets;

    @Option(names = "--window", paramLabel = "DURATION", converter = AnalyzeCommand.Duration.class,
            defaultValue = "10ms", description = "the longest one-way delay from one point to the next "
                    + "(default: ${DEFAULT-VALUE})")
    long window;

    @Option(names = "--top", paramLabel = "N", defaultValue = "10", converter = CliSupport.NonNegative.class,
            description = "flows shown in the readable summary (default: ${DEFAULT-VALUE})")
    int top;

    @Option(names = "-Y", paramLabel = "FILTER",
            description = "correlate only the frames this display filter passes at every point (Wireshark syntax),"
                    + " e.g. one QP: bth.dqpn == 0x11 || bth.dqpn == 0x22")
    String displayFilter;

    @Option(names = "--roce-port", paramLabel = "PORT", split = ",", defaultValue = "4791",
            converter = CliSupport.Port.class, description = "UDP destination ports decoded as RoCEv2 "
                    + "(default: ${DEFAULT-VALUE})")
    Set<Integer> rocePorts;

    @Override
    public Integer call() throws IOException {
        if (json && "-".equals(journeysCsv)) {
            CliSupport.printError("--json and --journeys-csv - would both write to standard output; send one to a"
                    + " file");
            return CliSupport.EXIT_UNREADABLE;
        }
        DisplayFilter filter = CliSupport.compileFilter(displayFilter);
        if (filter == null) {
            return CliSupport.EXIT_UNREADABLE;
        }
        Correlator.Options options;
        try {
            options = options(filter);
        } catch (IllegalArgumentException wrong) {
            CliSupport.printError(wrong.getMessage());
            return CliSupport.EXIT_UNREADABLE;
        }
        for (Path file : files) {
            try {
                CaptureOpenException.checkName(file);
            } catch (IOException failure) {
                CliSupport.printError(CaptureOpenException.of(file, failure).getMessage());
                return CliSupport.EXIT_UNREADABLE;
            }
        }
        Correlation result;
        Writer journeysOut = null;
        try {
            CorrelationReport.JourneyCsv journeys = null;
            if (journeysCsv != null) {
                journeysOut = "-".equals(journeysCsv)
                        ? new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8))
                        : Files.newBufferedWriter(Path.of(journeysCsv));
                journeys = new CorrelationReport.JourneyCsv(journeysOut, files.size());
            }
            result = Correlator.run(files, options, journeys == null ? Correlator.JourneyListener.NONE : journeys);
            if (journeys != null) {
                journeys.close();
            }
        } catch (CorrelationException refused) {
            CliSupport.printError(refused.getMessage());
            return CliSupport.EXIT_UNREADABLE;
        } catch (CaptureOpenException unreadable) {
            CliSupport.printError(unreadable.getMessage());
            return CliSupport.EXIT_UNREADABLE;
        } catch (IOException failure) {
            CliSupport.printError((journeysOut != null && !"-".equals(journeysCsv) ? journeysCsv + ": " : "")
                    + CliSupport.reason(failure));
            return CliSupport.EXIT_UNREADABLE;
        } finally {
            if (journeysOut != null && !"-".equals(journeysCsv)) {
                journeysOut.close();
            } else if (journeysOut != null) {
                journeysOut.flush();
            }
        }
        int status = CliSupport.EXIT_OK;
        for (Correlation.Point point : result.points()) {
            status = Math.max(status, CliSupport.reportProblem(point.file(), point.problem()));
        }
        if (result.nothingShared()) {
            CliSupport.printError("the captures share no RoCE packet within the " + window + " ns window: they are "
                    + "not captures of the same traffic, or their clocks are further apart than given");
            return CliSupport.EXIT_UNREADABLE;
        }
        if (!"-".equals(journeysCsv)) {
            PrintWriter stdout = new PrintWriter(new BufferedWriter(new OutputStreamWriter(System.out,
                    StandardCharsets.UTF_8)));
            if (json) {
                CorrelationReport.json(result, stdout);
                stdout.println();
            } else {
                CorrelationReport.text(result, top, stdout);
            }
            stdout.flush();
        }
        return CliSupport.checkStandardOutput(status);
    }

    private Correlator.Options options(DisplayFilter filter) {
        DissectorOptions dissector = new DissectorOptions(rocePorts);
        if (clock != null && !"sync".equals(clock)) {
            throw new IllegalArgumentException("--clock takes sync, not " + clock
                    + " (give offsets with --clock-offset)");
        }
        if (clock != null && clockOffsets != null) {
            throw new IllegalArgumentException("--clock sync and --clock-offset contradict each other: give one");
        }
        if (clock != null) {
            return new Correlator.Options(window, Correlator.Clock.SYNCHRONISED, null, dissector, filter);
        }
        if (clockOffsets == null) {
            return new Correlator.Options(window, Correlator.Clock.ESTIMATED, null, dissector, filter);
        }
        long[] offsets = clockOffsets("--clock-offset", clockOffsets, files.size());
        if (offsets[0] != 0) {
            throw new IllegalArgumentException("--clock-offset: offsets are from the first point's clock, so point 0"
                    + " has none");
        }
        return new Correlator.Options(window, Correlator.Clock.GIVEN, offsets, dissector, filter);
    }

    /** {@link Correlator#parseClockOffsets}, its message prefixed with the option that gave the text. */
    static long[] clockOffsets(String option, String text, int points) {
        try {
            return Correlator.parseClockOffsets(text, points);
        } catch (IllegalArgumentException wrong) {
            throw new IllegalArgumentException(option + ": " + wrong.getMessage());
        }
    }
}
