package io.rocelens.app;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import io.rocelens.analysis.AnalysisMarks;
import io.rocelens.capture.CaptureFormat;
import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.CaptureWriter;
import io.rocelens.capture.Frame;
import io.rocelens.capture.LinkType;
import io.rocelens.dissect.Dissection;
import io.rocelens.dissect.DissectionJson;
import io.rocelens.dissect.Dissector;
import io.rocelens.export.SummaryFieldValues;
import io.rocelens.export.TsharkFields;
import io.rocelens.export.TsharkJson;
import io.rocelens.dissect.Addresses;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.FrameClock;
import io.rocelens.dissect.NotDissected;
import io.rocelens.dissect.PacketColumns;
import io.rocelens.dissect.PacketSummary;
import io.rocelens.dissect.SummaryPipeline;
import io.rocelens.filter.DisplayFilter;
import io.rocelens.filter.FrameDetail;
import io.rocelens.filter.FrameProtocols;
import io.rocelens.stats.FrameStatistic;
import java.io.BufferedOutputStream;
import java.io.BufferedWriter;
import java.io.Flushable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code rocelens decode}: one line per frame like tshark, or every field as JSON, optionally only the frames a
 * display filter passes, or those frames written to a new capture. The lines come from the bulk pass's summaries
 * (dissected on every core); the detail dissector runs only for {@code --json} or a filter field the summary does
 * not hold, and then only on the frames the filter's cheap part lets through.
 */
@Command(name = "decode", mixinStandardHelpOptions = true,
        description = "Decode every frame of a pcap or pcapng file: one line per frame, or every field as JSON.",
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:the whole file was decoded", "1:the file is cut short or corrupt; frames before the damage were decoded",
                "2:the file could not be read or is not a capture, the filter is wrong, or the output cannot be written"})
public final class DecodeCommand implements Callable<Integer> {

    /** How often (in frames) to look whether standard output is still read. */
    private static final int READER_CHECK_FRAMES = 512;

    @Parameters(index = "0", paramLabel = "FILE", description = "pcap or pcapng capture")
    Path file;

    @Option(names = "-c", paramLabel = "N", converter = CliSupport.Count.class, description = "stop after reading N frames")
    long count = Long.MAX_VALUE;

    @Option(names = "--json", description = "print a JSON array with one object per frame and every field")
    boolean json;

    @Option(names = "--positions", description = "with --json: give each layer's fields their byte offset and length "
            + "in the frame, as \"positions\": {name: [offset, length]}")
    boolean positions;

    @Option(names = "-T", paramLabel = "text|fields|json|ek",
            description = "output format as tshark's -T: text (the default: one summary line per frame), fields"
                    + " (the values of the -e fields, as tshark -T fields prints them), json (frames shaped as"
                    + " tshark -T json --no-duplicate-keys writes them, for the Ethernet, VLAN, IP, UDP and"
                    + " InfiniBand layers) or ek (the same, as tshark -T ek writes them for Elasticsearch: two"
                    + " lines a frame)")
    String outputFormat;

    @Option(names = "-e", paramLabel = "FIELD",
            description = "with -T fields: a field to print, by Wireshark's name or RoCE Lens's (repeat for more)")
    List<String> printedFields;

    @Option(names = "-E", paramLabel = "OPTION=VALUE",
            description = "with -T fields, as tshark's -E: header=y|n, separator=/t|/s|CHAR, occurrence=f|l|a,"
                    + " aggregator=,|/s|CHAR, quote=d|s|n")
    List<String> fieldOptions;

    @Option(names = "-Y", paramLabel = "FILTER",
            description = "only the frames this display filter passes (Wireshark syntax; their frame numbers are kept)")
    String displayFilter;

    @Option(names = "-w", paramLabel = "OUT",
            description = "write the frames (those -Y passes) to OUT, pcap or pcapng by its extension, instead of "
                    + "printing them")
    Path write;

    @Option(names = "-q", description = "print no line per frame: with -z only the statistics, as tshark -q")
    boolean quiet;

    @Option(names = "-z", paramLabel = "STATISTIC",
            description = "print a statistic at the end, as tshark's -z: " + StatisticsOption.FORMS + " (repeat for"
                    + " more; each counts every frame its own FILTER passes, whatever -Y passes, as in tshark)")
    List<String> statistics;

    @Option(names = "--roce-port", paramLabel = "PORT", split = ",", converter = CliSupport.Port.class,
            description = "UDP destination ports decoded as RoCEv2 (default: ${DEFAULT-VALUE})", defaultValue = "4791")
    Set<Integer> rocePorts;

    private final NotDissected notDissected = new NotDissected();

    /** What standard error says at the end besides where the file is damaged: frames not dissected or written. */
    private final List<String> notes = new java.util.ArrayList<>();

    @Override
    public Integer call() throws IOException {
        if (positions && !json) {
            CliSupport.printError("--positions adds byte positions to the JSON: give it with --json");
            return CliSupport.EXIT_UNREADABLE;
        }
        if (json && write != null) {
            CliSupport.printError("--json prints the frames and -w writes them to a capture: give one or the other");
            return CliSupport.EXIT_UNREADABLE;
        }
        TsharkFields.Layout layout = fieldsLayout();
        if (layout == null) {
            return CliSupport.EXIT_UNREADABLE;
        }
        DisplayFilter filter = CliSupport.compileFilter(displayFilter);
        if (filter == null) {
            return CliSupport.EXIT_UNREADABLE;
        }
        List<StatisticsOption> stats = new java.util.ArrayList<>();
        try {
            for (String spec : statistics == null ? List.<String>of() : statistics) {
                stats.add(StatisticsOption.parse(spec));
            }
        } catch (IllegalArgumentException wrong) {
            CliSupport.printError(wrong.getMessage());
            return CliSupport.EXIT_UNREADABLE;
        }
        if (!stats.isEmpty() && (json || write != null || this.outputFormat != null && !"text".equals(this.outputFormat))) {
            CliSupport.printError("-z prints its statistics after the one-line output: not with --json, -T json,"
                    + " -T fields or -w");
            return CliSupport.EXIT_UNREADABLE;
        }
        boolean statsNeedMarks = stats.stream().flatMap(s -> s.filters().stream()).anyMatch(DisplayFilter::needsMarks);
        CaptureFormat outputFormat = write == null ? null : CliSupport.captureFormat(write);
        if (write != null && outputFormat == null) {
            return CliSupport.EXIT_UNREADABLE;
        }
        if (write != null && !CliSupport.notAnInput("-w", write, List.of(file))) {
            return CliSupport.EXIT_UNREADABLE;
        }
        if ((filter.needsMarks() || statsNeedMarks) && CaptureReaders.isStandardInput(file)) {
            CliSupport.printError("-Y: a filter on roce.analysis.*, roce.flow or udp.stream reads the capture "
                    + "twice: give a file, not standard input");
            return CliSupport.EXIT_UNREADABLE;
        }
        SummaryPipeline pipeline = SummaryPipeline.forThisMachine(new DissectorOptions(rocePorts))
                .readingOnCallingThread();
        if (!stats.isEmpty() || filter.needsDetail()) {
            // frame.protocols (-z io,phs, a filter on a protocol) from each summary, the frame not walked again
            pipeline = pipeline.recordingLayerShapes();
        }
        AnalysisMarks marks = null;
        if (filter.needsMarks() || statsNeedMarks) {
            try (CaptureReader first = CliSupport.open(file)) {
                if (first == null) {
                    return CliSupport.EXIT_UNREADABLE;
                }
                marks = CliSupport.marks(first, pipeline, count);
            }
        }
        try (CaptureReader reader = CliSupport.open(file)) {
            if (reader == null) {
                return CliSupport.EXIT_UNREADABLE;
            }
            if (write != null) {
                if (!writeFrames(reader, pipeline, filter, marks, outputFormat)) {
                    return CliSupport.EXIT_UNREADABLE;
                }
            } else {
                OutputStream out = new BufferedOutputStream(System.out, 1 << 16);
                if (json || "json".equals(this.outputFormat)) {
                    writeJson(reader, new Dissector(pipeline.options()), filter, marks, out);
                } else if ("ek".equals(this.outputFormat)) {
                    writeEk(reader, new Dissector(pipeline.options()), filter, marks, out);
                } else if (printedFields != null) {
                    writeFields(reader, pipeline, filter, marks, layout, out);
                } else {
                    writeLines(reader, pipeline, filter, marks, stats, out);
                    for (StatisticsOption statistic : stats) {
                        out.write(statistic.text().get().getBytes(StandardCharsets.UTF_8));
                    }
                }
                out.flush();
            }
            notes.addAll(NotDissected.lines(notDissected.byReason()));
            return CliSupport.reportProblem(file, reader.problem(), notes);
        }
    }

    /**
     * The summary lines, from the bulk pass, and the -z statistics fed every frame; the detail dissector only for
     * frames the filter or a statistic needs it on (once a frame, whoever asks).
     */
    private void writeLines(CaptureReader reader, SummaryPipeline pipeline, DisplayFilter filter, AnalysisMarks marks,
                            List<StatisticsOption> stats, OutputStream out) throws IOException {
        SummaryLines lines = new SummaryLines();
        pass(reader, pipeline, out, (summary, detail) -> {
            for (StatisticsOption statistic : stats) {
                statistic.statistic().add(summary, marks, detail);
            }
            if (!quiet && filter.matches(summary, marks, detail)) {
                lines.write(summary, summary.timestampNanos - summary.firstTimestampNanos, out);
            }
        });
    }

    /** What a bulk pass does with each frame's summary; the frame's detail is made once, when first asked for. */
    @FunctionalInterface
    private interface SummaryWriter {
        void write(PacketSummary summary, FrameDetail detail) throws IOException;
    }

    /**
     * The bulk pass of the summary outputs: each frame to {@code writer} in capture order, {@code out} flushed after
     * each batch (a stream's frames show as they come) and the pass stopped once standard output is gone.
     */
    private void pass(CaptureReader reader, SummaryPipeline pipeline, Flushable out, SummaryWriter writer)
            throws IOException {
        Dissector dissector = new Dissector(pipeline.options());
        FrameProtocols.ByShape paths = new FrameProtocols.ByShape();
        try {
            pipeline.run(reader, count, (frame, summary) -> {
                notDissected.count(summary);
                try {
                    writer.write(summary, FrameStatistic.once(frame, summary, dissector, paths));
                } catch (IOException failure) {
                    throw new UncheckedIOException(failure);
                }
            }, delivered -> {
                try {
                    return !readerGone(out);
                } catch (IOException failure) {
                    throw new UncheckedIOException(failure);
                }
            });
        } catch (UncheckedIOException failure) {
            throw failure.getCause();
        }
        out.flush();
    }

    /**
     * tshark's one-line form: number, seconds since the first frame, source → destination, protocol, length, info.
     * Written by hand into one reused line: String.format would cost more than dissecting the frame, and even a
     * String a number or an address made them the larger part of the line's cost.
     */
    static final class SummaryLines {
        private final Utf8Line line = new Utf8Line();
        /** The Info column, built in one reused builder. */
        private final StringBuilder info = new StringBuilder();
        /** The text of the network addresses seen last, by value: a capture's frames come from few hosts. */
        private final long[] addressHi = new long[ADDRESS_SLOTS];
        private final long[] addressLo = new long[ADDRESS_SLOTS];
        private final String[] addressText = new String[ADDRESS_SLOTS];
        private static final int ADDRESS_SLOTS = 256;

        void write(PacketSummary p, long relative, OutputStream out) throws IOException {
            line.clear();
            append(p, relative);
            line.writeTo(out);
        }

        private void append(PacketSummary p, long relative) {
            line.appendPadded(p.number, 6).append(' ');
            // a frame earlier than the first (pcapng interfaces need not be in time order) gets a minus sign, as in
            // tshark; the sign cannot ride on the whole seconds, which are 0 for -0.5 s
            long magnitude = Math.abs(relative);
            long seconds = magnitude / 1_000_000_000L;
            if (relative < 0) {
                line.pad(4 - 1 - Utf8Line.digits(seconds)).append('-').appendDigits(seconds);
            } else {
                line.appendPadded(seconds, 4);
            }
            line.append('.').appendZeroPadded(magnitude % 1_000_000_000L, 9).append(' ');
            if (PacketColumns.hasNetworkAddresses(p)) {
                line.append(address(p.ipSrcHi, p.ipSrcLo));
            } else {
                line.append(PacketColumns.source(p));
            }
            // the arrow as a char: in a String it sent the rest of that String through the JDK's encoder, every line
            line.append(' ').append('→').append(' ');
            if (PacketColumns.hasNetworkAddresses(p)) {
                line.append(address(p.ipDstHi, p.ipDstLo));
            } else {
                line.append(PacketColumns.destination(p));
            }
            line.append(' ').append(PacketColumns.protocol(p)).append(' ').appendDigits(p.originalLength).append(' ');
            info.setLength(0);
            PacketColumns.info(p, info);
            line.append(info).append('\n');
        }

        private String address(long hi, long lo) {
            int slot = (int) ((hi * 31 + lo) * 0x9E3779B97F4A7C15L >>> 56);
            String text = addressText[slot];
            if (text == null || addressHi[slot] != hi || addressLo[slot] != lo) {
                text = Addresses.ip(hi, lo);
                addressHi[slot] = hi;
                addressLo[slot] = lo;
                addressText[slot] = text;
            }
            return text;
        }
    }

    /** The frames the filter passes, written to the output capture; false after printing why that failed. */
    private boolean writeFrames(CaptureReader reader, SummaryPipeline pipeline, DisplayFilter filter,
                                AnalysisMarks marks, CaptureFormat format) throws IOException {
        Dissector dissector = new Dissector(pipeline.options());
        long[] otherLinks = {0};
        try (CaptureWriter writer = CaptureWriter.open(write, format, CaptureWriter.MAX_SNAPLEN)) {
            pipeline.run(reader, count, (frame, summary) -> {
                notDissected.count(summary);
                if (!filter.matches(summary, marks, () -> dissector.dissect(frame))) {
                    return;
                }
                if (frame.linkType() != LinkType.ETHERNET) {
                    otherLinks[0]++;
                    return;
                }
                byte[] bytes = new byte[frame.capturedLength()];
                frame.data().get(0, bytes);
                try {
                    // with its packet comments, as tshark -w keeps them (pcapng; pcap has no place for them)
                    writer.write(frame.timestampNanos(), frame.originalLength(), bytes, 0, bytes.length,
                            frame.comments());
                } catch (IOException failure) {
                    throw new UncheckedIOException(failure);
                }
            }, delivered -> true);
        } catch (UncheckedIOException | IOException failure) {
            IOException cause = failure instanceof UncheckedIOException unchecked ? unchecked.getCause()
                    : (IOException) failure;
            CliSupport.printError("cannot write " + write + ": " + CliSupport.reason(cause));
            return false;
        }
        if (otherLinks[0] > 0) {
            notes.add(otherLinks[0] + " matching frame" + (otherLinks[0] == 1 ? "" : "s")
                    + " not written: the output holds Ethernet frames only");
        }
        return true;
    }

    /**
     * True once standard output has failed, typically a pipe whose reader quit ({@code decode F | head}): Java
     * ignores SIGPIPE and System.out swallows the error, so without this the whole file would still be decoded.
     */
    private static boolean readerGone(Flushable ours) throws IOException {
        ours.flush();
        return System.out.checkError();
    }

    /**
     * The layout of {@code -T fields}, checked as tshark checks it; {@link TsharkFields.Layout#defaults()} for the
     * other formats; null after printing what is wrong.
     */
    private TsharkFields.Layout fieldsLayout() {
        String format = outputFormat == null ? "text" : outputFormat;
        if (!List.of("text", "fields", "json", "ek").contains(format)) {
            CliSupport.printError("-T " + format + ": RoCE Lens writes text, fields, json and ek as tshark does (and"
                    + " its own JSON with --json); not " + format);
            return null;
        }
        if ((format.equals("json") || format.equals("ek")) && (json || write != null)) {
            CliSupport.printError("-T " + format + " prints the frames as tshark's JSON" + (json
                    ? "; --json as RoCE Lens's own" : "; -w writes them to a capture") + ": give one or the other");
            return null;
        }
        boolean fields = format.equals("fields");
        if (fields && (printedFields == null || printedFields.isEmpty())) {
            CliSupport.printError("-T fields was given, but no field was named with -e");
            return null;
        }
        if (!fields && (printedFields != null || fieldOptions != null)) {
            CliSupport.printError((printedFields != null ? "-e" : "-E") + " goes with -T fields");
            return null;
        }
        if (fields && (json || write != null)) {
            CliSupport.printError("-T fields prints the fields" + (json ? "; --json prints every field as JSON"
                    : "; -w writes the frames to a capture") + ": give one or the other");
            return null;
        }
        if (fields) {
            List<String> unknown = printedFields.stream().filter(name -> !TsharkFields.known(name)).toList();
            if (!unknown.isEmpty()) {
                CliSupport.printError("some fields are not known: " + String.join(", ", unknown));
                return null;
            }
        }
        TsharkFields.Layout layout = TsharkFields.Layout.defaults();
        try {
            for (String option : fieldOptions == null ? List.<String>of() : fieldOptions) {
                layout = layout.with(option);
            }
        } catch (IllegalArgumentException wrong) {
            CliSupport.printError(wrong.getMessage());
            return null;
        }
        return layout;
    }

    /**
     * {@code -T fields}: a line per frame the filter passes, with the -e fields as tshark prints them, from the bulk
     * pass. Where the summary holds every -e field they are read from it (SummaryFieldValues: the detail's values,
     * SummaryFieldValuesTest); the detail dissector only for the frames where the summary cannot tell (nested
     * tunnels), for the other fields, or where the filter needs it.
     */
    private void writeFields(CaptureReader reader, SummaryPipeline pipeline, DisplayFilter filter, AnalysisMarks marks,
                             TsharkFields.Layout layout, OutputStream out) throws IOException {
        SummaryFieldValues fromSummary = SummaryFieldValues.of(printedFields);
        Writer lines = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16);
        if (layout.header()) {
            lines.append(layout.headerLine(printedFields)).append('\n');
        }
        pass(reader, pipeline, lines, (summary, detail) -> {
            if (filter.matches(summary, marks, detail)) {
                String line = fromSummary != null ? fromSummary.line(layout, summary) : null;
                lines.append(line != null ? line : layout.line(detail.get(), printedFields)).append('\n');
            }
        });
    }

    private void writeJson(CaptureReader reader, Dissector dissector, DisplayFilter filter, AnalysisMarks marks,
                           OutputStream out) throws IOException {
        try (JsonGenerator generator = new JsonFactory().createGenerator(out, JsonEncoding.UTF8)) {
            generator.configure(JsonGenerator.Feature.AUTO_CLOSE_TARGET, false);
            generator.setPrettyPrinter(new DefaultPrettyPrinter());
            generator.writeStartArray();
            eachFrame(reader, dissector, filter, marks, generator, d -> {
                if (json) {
                    DissectionJson.write(d, generator, positions);
                } else {
                    TsharkJson.write(d, generator);     // -T json
                }
            });
            generator.writeEndArray();
        }
        out.write('\n');
    }

    /** {@code -T ek}: two lines a frame. */
    private void writeEk(CaptureReader reader, Dissector dissector, DisplayFilter filter, AnalysisMarks marks,
                         OutputStream out) throws IOException {
        try (JsonGenerator generator = TsharkJson.ekGenerator(out)) {
            eachFrame(reader, dissector, filter, marks, generator, d -> TsharkJson.writeEk(d, generator));
        }
    }

    /** What a JSON output writes of a frame the filter passed. */
    private interface FrameWriter {
        void write(Dissection dissection) throws IOException;
    }

    /** Dissects each frame and writes those the filter passes, each as soon as it came. */
    private void eachFrame(CaptureReader reader, Dissector dissector, DisplayFilter filter, AnalysisMarks marks,
                           JsonGenerator generator, FrameWriter writer) throws IOException {
        FrameClock clock = new FrameClock();
        Frame frame;
        for (long n = 0; n < count && (frame = reader.next()) != null; n++) {
            if (n % READER_CHECK_FRAMES == READER_CHECK_FRAMES - 1 && readerGone(generator)) {
                break;
            }
            Dissection d = dissector.dissect(frame);
            clock.stamp(d.summary());
            notDissected.count(d.summary());
            if (filter.matches(d, marks)) {
                writer.write(d);
            }
            if (reader.wouldBlock()) {
                generator.flush();      // a stream's next frame is on its way: show what came, as tshark does
            }
        }
    }
}
