package io.rocelens.app;

import io.rocelens.analysis.AnalysisOptions;
import io.rocelens.capture.CaptureFormat;
import io.rocelens.correlate.Correlator;
import io.rocelens.generate.Encapsulation;
import io.rocelens.generate.Generator;
import io.rocelens.generate.PathGenerator;
import io.rocelens.generate.Scenario;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code rocelens generate}: writes a synthetic RoCEv2 capture and, optionally, the analysis it should give. */
@Command(name = "generate",
        mixinStandardHelpOptions = true,
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:the capture was written", "2:bad arguments, or the capture or truth file could not be written"},
        description = {
            "Writes a synthetic RoCEv2 capture with correct checksums, ICRCs and wire timing.",
            "Scenarios: mixed (every opcode, loss, RNR, PSN wrap, CE/CNP, PFC/PAUSE, IPv6, UD, VLAN),",
            "incast (many senders, rising CE, CNPs, PFC, retransmissions), pfc-storm, bulk (benchmark traffic), flows (one ACK to each of many flows: memory per flow),",
            "dcqcn (a sender slowing down after CNPs and recovering by a known schedule: the truth's dcqcn),",
            "qcn (RDMA WRITEs through two IEEE 802.1Q congestion points sending CNMs, some requests CN-tagged: the truth's qcn)."
        })
final class GenerateCommand implements Callable<Integer> {

    private static final Logger LOG = LoggerFactory.getLogger(GenerateCommand.class);

    @Parameters(index = "0", paramLabel = "SCENARIO", description = "mixed, incast, pfc-storm, bulk, flows, extended-opcodes, dcqcn or qcn")
    String scenario;

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "FILE", description = "capture file to write")
    Path output;

    @Option(names = "--format", paramLabel = "pcap|pcapng",
            description = "file format (default: from the file extension, else pcap)")
    String format;

    @Option(names = "--packets", paramLabel = "N", converter = WholeInt.class,
            description = "frames to write (default depends on the scenario); a capture larger than the disk's free "
                    + "space is refused before the file is created")
    Integer packets;

    @Option(names = "--qps", paramLabel = "Q", converter = WholeInt.class,
            description = "queue pairs, or senders for incast")
    Integer qps;

    /** A whole number that fits an int, the range said when it does not; the generator checks its own bounds. */
    static final class WholeInt implements picocli.CommandLine.ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            String digits = value.strip();
            if (digits.matches("[+]?[0-9]+") && new java.math.BigInteger(digits)
                    .compareTo(java.math.BigInteger.valueOf(Integer.MAX_VALUE)) > 0) {
                throw new picocli.CommandLine.TypeConversionException("'" + value + "' is out of range: at most "
                        + Integer.MAX_VALUE);
            }
            return (int) CliSupport.inRange(value, Integer.MIN_VALUE, Integer.MAX_VALUE);
        }
    }

    @Option(names = "--link-speed", paramLabel = "SPEED", defaultValue = "100G",
            description = "link speed for frame spacing and PFC quanta (default: ${DEFAULT-VALUE})")
    String linkSpeed;

    @Option(names = "--snaplen", paramLabel = "S", defaultValue = "65535",
            description = "snap length; frames are cut to it and keep their original length (default: ${DEFAULT-VALUE})")
    int snaplen;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "random seed (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--truth", paramLabel = "FILE.json", description = "also write the expected analysis as JSON")
    Path truth;

    @Option(names = "--encap", paramLabel = "erspan2|erspan3|gre|vxlan",
            description = "carry every frame as a switch's mirror session or a tunnel delivers it: ERSPAN type II or III,"
                    + " GRE (transparent Ethernet bridging) or VXLAN; the analysis is the plain capture's")
    String encap;

    @Option(names = "--points", paramLabel = "N",
            description = "write one capture per point of a path, OUTPUT_p0 … OUTPUT_pN-1, as rocelens correlate reads"
                    + " them: requests leave at point 0, responses at the last; each hop delays, loses, marks,"
                    + " rewrites and reorders as the options below say, each point's clock off by --point-clock")
    Integer points;

    @Option(names = "--hop-delay", paramLabel = "DURATION", converter = AnalyzeCommand.Duration.class,
            defaultValue = "2us", description = "with --points: every hop's fixed delay (default: ${DEFAULT-VALUE})")
    long hopDelay;

    @Option(names = "--jitter", paramLabel = "DURATION", converter = AnalyzeCommand.Duration.class,
            defaultValue = "500ns", description = "with --points: extra delay per packet and hop, up to this, uniform"
                    + " (default: ${DEFAULT-VALUE})")
    long jitter;

    @Option(names = "--drop", paramLabel = "CHANCE", defaultValue = "0.01",
            description = "with --points: the chance that a hop loses a packet (default: ${DEFAULT-VALUE})")
    double drop;

    @Option(names = "--ce-mark", paramLabel = "CHANCE", defaultValue = "0.05",
            description = "with --points: the chance that a hop marks an ECN-capable packet CE (default: ${DEFAULT-VALUE})")
    double ceMark;

    @Option(names = "--dscp-rewrite", paramLabel = "CHANCE", defaultValue = "0.01",
            description = "with --points: the chance that a hop rewrites a packet's DSCP (default: ${DEFAULT-VALUE})")
    double dscpRewrite;

    @Option(names = "--reorder", paramLabel = "CHANCE", defaultValue = "0.01",
            description = "with --points: the chance that a hop holds a packet back by four hop delays"
                    + " (default: ${DEFAULT-VALUE})")
    double reorder;

    @Option(names = "--point-clock", paramLabel = "P=OFFSET,…",
            description = "with --points: each point's clock offset, e.g. 0=+1h,1=-250us (default: all exact)")
    String pointClock;

    @Option(names = "--routed", description = "with --points: every hop is a router and decrements the TTL or hop limit")
    boolean routed;

    @Option(names = "--mirror-point", paramLabel = "P=ENCAP", split = ",",
            description = "with --points: point P's capture is a switch's mirror session, every frame carried in"
                    + " erspan2, erspan3, gre or vxlan, e.g. 1=erspan3")
    List<String> mirrorPoints;

    @Override
    public Integer call() {
        Generator.Options options;
        try {
            Scenario chosen = Scenario.fromCliName(scenario);
            options = new Generator.Options(chosen,
                    packets != null ? packets : chosen.defaultPackets(),
                    qps != null ? qps : chosen.defaultQps(),
                    AnalysisOptions.parseLinkSpeed(linkSpeed), snaplen, seed, captureFormat(),
                    encap != null ? Encapsulation.fromCliName(encap) : Encapsulation.NONE);
        } catch (IllegalArgumentException e) {
            System.err.println("rocelens generate: " + e.getMessage());
            return CliSupport.EXIT_UNREADABLE;
        }
        if (points != null) {
            return generatePath(options);
        }
        try {
            long start = System.nanoTime();
            Generator.Result result = Generator.generate(options, output, truth);
            double seconds = (System.nanoTime() - start) / 1e9;
            System.out.printf(Locale.ROOT, "%s: %d frames, %.6f s of traffic, written in %.3f s (%.0f frames/s)%s%n",
                    output, result.frames(), result.spanNanos() / 1e9, seconds, result.frames() / seconds,
                    truth != null ? ", truth in " + truth : "");
            return CliSupport.EXIT_OK;
        } catch (Generator.NoRoomException tooLarge) {
            System.err.println("rocelens generate: " + tooLarge.getMessage() + "; nothing written");
            return CliSupport.EXIT_UNREADABLE;
        } catch (IOException e) {
            LOG.debug("generate failed", e);
            // a full disk says only "No space left on device": name the file being written
            Path file = e instanceof FileSystemException named && named.getFile() != null ? Path.of(named.getFile())
                    : output;
            System.err.println("rocelens generate: cannot write " + file + ": " + CliSupport.reason(e));
            return CliSupport.EXIT_UNREADABLE;
        }
    }

    private int generatePath(Generator.Options options) {
        List<Path> files;
        try {
            Encapsulation[] mirrors = new Encapsulation[points];
            Arrays.fill(mirrors, Encapsulation.NONE);
            for (String mirror : mirrorPoints == null ? List.<String>of() : mirrorPoints) {
                try {
                    Correlator.eachPoint(mirror, points, "ENCAPSULATION", "1=erspan3",
                            (encapsulation, point) -> mirrors[point] = Encapsulation.fromCliName(encapsulation));
                } catch (IllegalArgumentException wrong) {
                    throw new IllegalArgumentException("--mirror-point: " + wrong.getMessage());
                }
            }
            PathGenerator.PathOptions path = new PathGenerator.PathOptions(points, hopDelay, jitter, drop, ceMark,
                    dscpRewrite, reorder, pointClock == null ? null
                    : CorrelateCommand.clockOffsets("--point-clock", pointClock, points), routed, mirrors);
            files = PathGenerator.generate(options, path, output, truth);
        } catch (IllegalArgumentException e) {
            System.err.println("rocelens generate: " + e.getMessage());
            return CliSupport.EXIT_UNREADABLE;
        } catch (IOException e) {
            LOG.debug("generate failed", e);
            String file = e instanceof FileSystemException named && named.getFile() != null ? " " + named.getFile() : "";
            System.err.println("rocelens generate: cannot write" + file + ": " + CliSupport.reason(e));
            return CliSupport.EXIT_UNREADABLE;
        }
        System.out.println(files.stream().map(Path::toString).collect(Collectors.joining(" ")) + ": one capture per"
                + " point" + (truth != null ? ", truth in " + truth : ""));
        return CliSupport.EXIT_OK;
    }

    private CaptureFormat captureFormat() {
        if (format == null) {
            return output.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".pcapng")
                    ? CaptureFormat.PCAPNG : CaptureFormat.PCAP;
        }
        return switch (format.toLowerCase(Locale.ROOT)) {
            case "pcap" -> CaptureFormat.PCAP;
            case "pcapng" -> CaptureFormat.PCAPNG;
            default -> throw new IllegalArgumentException("--format must be pcap or pcapng, not '" + format + "'");
        };
    }
}
