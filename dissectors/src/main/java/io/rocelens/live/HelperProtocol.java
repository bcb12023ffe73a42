package io.rocelens.live;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What the window or {@code rocelens capture} and the capture helper say to each other. The parent gives the
 * capture's options as arguments ({@link #arguments}); the helper answers on its standard error with lines that start
 * with {@link #PREFIX} (anything else there, a JVM warning, is passed on as it is) and, when frames are wanted, sends
 * each frame on its standard output ({@link #FRAME_HEADER_BYTES} bytes of header, then the captured bytes). Closing
 * the helper's standard input stops the capture, so a parent that dies never leaves a capture running.
 */
final class HelperProtocol {

    static final String PREFIX = "@rocelens-capture ";
    /** The capture has started: every interface is open and filtered, the output is open. */
    static final String STARTED = "started";
    /** {@code error KIND message}: the capture could not start; KIND is a {@link CaptureException.Kind}. */
    static final String ERROR = "error";
    /** {@code stats FRAMES BYTES} then per interface {@code CAPTURED RECEIVED DROPPED IFDROPPED}. */
    static final String STATS = "stats";
    /** {@code files PATH\tPATH…}: the files written and still there. */
    static final String FILES = "files";
    /** {@code finished [PROBLEM]}: the output is complete and closed; nothing follows. */
    static final String FINISHED = "finished";
    /** Interface index (int), number, timestamp (long, long), original length, link type (int), offset (long), captured length (int). */
    static final int FRAME_HEADER_BYTES = 4 + 8 + 8 + 4 + 4 + 8 + 4;

    private static final String TEMPORARY_FOLDER = "--tmpdir=";
    private static final String FRAMES = "--frames=";

    private HelperProtocol() {
    }

    /** The options as the helper's arguments: each {@code --name=value}, an interface per {@code --interface=}. */
    static List<String> arguments(CaptureOptions options, boolean frames, Path temporaryFolder) {
        List<String> arguments = new ArrayList<>();
        options.interfaces().forEach(name -> arguments.add("--interface=" + name));
        arguments.add("--filter=" + options.filter());
        arguments.add("--snaplen=" + options.snaplen());
        arguments.add("--promiscuous=" + options.promiscuous());
        arguments.add("--buffer=" + options.bufferBytes());
        arguments.add("--immediate=" + options.immediate());
        arguments.add("--max-packets=" + options.maxPackets());
        arguments.add("--max-nanos=" + options.maxDurationNanos());
        arguments.add("--max-bytes=" + options.maxBytes());
        CaptureOutput output = options.output();
        if (output instanceof CaptureOutput.NamedFile named) {
            arguments.add("--file=" + named.path().toAbsolutePath());
        } else if (output instanceof CaptureOutput.RingBuffer ring) {
            arguments.add("--ring=" + ring.files() + "," + ring.fileBytes() + "," + ring.path().toAbsolutePath());
        } else if (output instanceof CaptureOutput.StandardOutput) {
            arguments.add("--stdout=true");
        }
        arguments.add(FRAMES + frames);
        arguments.add(TEMPORARY_FOLDER + temporaryFolder.toAbsolutePath());
        return arguments;
    }

    /** What the helper was asked for. */
    record Request(CaptureOptions options, boolean frames, String temporaryFolder) {
    }

    /** The arguments read back; an argument it does not know is an IllegalArgumentException. */
    static Request request(String[] arguments) {
        List<String> interfaces = new ArrayList<>();
        CaptureOptions defaults = CaptureOptions.of(List.of("any"));
        String filter = defaults.filter();
        int snaplen = defaults.snaplen();
        boolean promiscuous = defaults.promiscuous();
        int buffer = defaults.bufferBytes();
        boolean immediate = defaults.immediate();
        long maxPackets = Long.MAX_VALUE;
        long maxNanos = Long.MAX_VALUE;
        long maxBytes = Long.MAX_VALUE;
        CaptureOutput output = new CaptureOutput.TemporaryFile();
        boolean frames = false;
        String temporaryFolder = null;
        for (String argument : arguments) {
            int equals = argument.indexOf('=');
            if (!argument.startsWith("--") || equals < 0) {
                throw new IllegalArgumentException("not an option: " + argument);
            }
            String name = argument.substring(2, equals);
            String value = argument.substring(equals + 1);
            switch (name) {
                case "interface" -> interfaces.add(value);
                case "filter" -> filter = value;
                case "snaplen" -> snaplen = Integer.parseInt(value);
                case "promiscuous" -> promiscuous = Boolean.parseBoolean(value);
                case "buffer" -> buffer = Integer.parseInt(value);
                case "immediate" -> immediate = Boolean.parseBoolean(value);
                case "max-packets" -> maxPackets = Long.parseLong(value);
                case "max-nanos" -> maxNanos = Long.parseLong(value);
                case "max-bytes" -> maxBytes = Long.parseLong(value);
                case "file" -> output = new CaptureOutput.NamedFile(Path.of(value));
                case "ring" -> {
                    String[] parts = value.split(",", 3);
                    output = new CaptureOutput.RingBuffer(Path.of(parts[2]), Integer.parseInt(parts[0]),
                            Long.parseLong(parts[1]));
                }
                case "stdout" -> output = new CaptureOutput.StandardOutput();
                case "frames" -> frames = Boolean.parseBoolean(value);
                case "tmpdir" -> temporaryFolder = value;
                default -> throw new IllegalArgumentException("unknown option: " + argument);
            }
        }
        return new Request(new CaptureOptions(interfaces, filter, snaplen, promiscuous, buffer, immediate, maxPackets,
                maxNanos, maxBytes, output), frames, temporaryFolder);
    }
}
