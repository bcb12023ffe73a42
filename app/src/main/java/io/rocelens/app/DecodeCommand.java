package io.rocelens.app;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import io.rocelens.dissect.Dissection;
import io.rocelens.dissect.DissectionJson;
import io.rocelens.dissect.Dissector;
import io.rocelens.dissect.DissectorOptions;
import io.rocelens.dissect.NotDissected;
import java.io.BufferedOutputStream;
import java.io.Flushable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code rocelens decode}: one line per frame like tshark, or every field as JSON. */
@Command(name = "decode", mixinStandardHelpOptions = true,
        description = "Decode every frame of a pcap or pcapng file: one line per frame, or every field as JSON.",
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:the whole file was decoded", "1:the file is cut short or corrupt; frames before the damage were decoded",
                "2:the file could not be read or is not a capture"})
public final class DecodeCommand implements Callable<Integer> {

    /** How often (in frames) to look whether standard output is still read. */
    private static final int READER_CHECK_FRAMES = 512;

    @Parameters(index = "0", paramLabel = "FILE", description = "pcap or pcapng capture")
    Path file;

    @Option(names = "-c", paramLabel = "N", converter = CliSupport.Count.class, description = "stop after N frames")
    long count = Long.MAX_VALUE;

    @Option(names = "--json", description = "print a JSON array with one object per frame and every field")
    boolean json;

    @Option(names = "--roce-port", paramLabel = "PORT", split = ",", converter = CliSupport.Port.class,
            description = "UDP destination ports decoded as RoCEv2 (default: ${DEFAULT-VALUE})", defaultValue = "4791")
    Set<Integer> rocePorts;

    private final NotDissected notDissected = new NotDissected();

    @Override
    public Integer call() throws IOException {
        Dissector dissector = new Dissector(new DissectorOptions(rocePorts));
        try (CaptureReader reader = CliSupport.open(file)) {
            if (reader == null) {
                return CliSupport.EXIT_UNREADABLE;
            }
            OutputStream out = new BufferedOutputStream(System.out, 1 << 16);
            if (json) {
                writeJson(reader, dissector, out);
            } else {
                writeLines(reader, dissector, out);
            }
            out.flush();
            for (String line : NotDissected.lines(notDissected.byReason())) {
                CliSupport.printError(line);
            }
            return CliSupport.reportProblem(file, reader);
        }
    }

    private void writeLines(CaptureReader reader, Dissector dissector, OutputStream out) throws IOException {
        PrintStream lines = new PrintStream(out, false, StandardCharsets.UTF_8);
        long firstTimestamp = Long.MIN_VALUE;
        Frame frame;
        for (long n = 0; n < count && (frame = reader.next()) != null; n++) {
            if (n % READER_CHECK_FRAMES == READER_CHECK_FRAMES - 1 && readerGone(lines)) {
                break;
            }
            Dissection d = dissector.dissect(frame);
            notDissected.count(d.summary());
            if (firstTimestamp == Long.MIN_VALUE) {
                firstTimestamp = d.timestampNanos();
            }
            long relative = d.timestampNanos() - firstTimestamp;
            // a frame earlier than the first (pcapng interfaces need not be in time order) gets a minus sign, as in
            // tshark; the sign cannot ride on the whole seconds, which are 0 for -0.5 s
            long magnitude = Math.abs(relative);
            String seconds = (relative < 0 ? "-" : "") + magnitude / 1_000_000_000L;
            lines.printf(Locale.ROOT, "%6d %4s.%09d %s → %s %s %d %s%n", d.number(), seconds,
                    magnitude % 1_000_000_000L, d.source(), d.destination(), d.protocol(), d.originalLength(),
                    d.info());
        }
        lines.flush();
    }

    /**
     * True once standard output has failed, typically a pipe whose reader quit ({@code decode F | head}): Java
     * ignores SIGPIPE and System.out swallows the error, so without this the whole file would still be decoded.
     */
    private static boolean readerGone(Flushable ours) throws IOException {
        ours.flush();
        return System.out.checkError();
    }

    private void writeJson(CaptureReader reader, Dissector dissector, OutputStream out) throws IOException {
        try (JsonGenerator generator = new JsonFactory().createGenerator(out, JsonEncoding.UTF8)) {
            generator.configure(JsonGenerator.Feature.AUTO_CLOSE_TARGET, false);
            generator.setPrettyPrinter(new DefaultPrettyPrinter());
            generator.writeStartArray();
            Frame frame;
            for (long n = 0; n < count && (frame = reader.next()) != null; n++) {
                if (n % READER_CHECK_FRAMES == READER_CHECK_FRAMES - 1 && readerGone(generator)) {
                    break;
                }
                Dissection d = dissector.dissect(frame);
                notDissected.count(d.summary());
                DissectionJson.write(d, generator);
            }
            generator.writeEndArray();
        }
        out.write('\n');
    }
}
