package io.rocelens.generate;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rocelens.capture.CaptureFormat;
import io.rocelens.capture.CaptureWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

/** Writes a synthetic RoCEv2 capture for a scenario and, on request, the analysis it should produce. */
public final class Generator {

    public static final long DEFAULT_LINK_SPEED_BPS = 100_000_000_000L;

    /**
     * @param packets      frames to write (a scripted scenario writes at least its script)
     * @param qps          queue pairs (senders for incast); ignored by {@code mixed}, whose script fixes them
     * @param linkSpeedBps link speed: sets the frame spacing and the length of a PFC quantum
     */
    public record Options(Scenario scenario, int packets, int qps, long linkSpeedBps, int snaplen, long seed,
                          CaptureFormat format, Encapsulation encapsulation) {
        /** Options for frames written as they are, not encapsulated. */
        public Options(Scenario scenario, int packets, int qps, long linkSpeedBps, int snaplen, long seed,
                       CaptureFormat format) {
            this(scenario, packets, qps, linkSpeedBps, snaplen, seed, format, Encapsulation.NONE);
        }

        public Options {
            if (packets < 1) {
                throw new IllegalArgumentException("--packets must be at least 1");
            }
            if (qps < 1 || qps > 65_000) {
                throw new IllegalArgumentException("--qps must be 1..65000");
            }
            if (linkSpeedBps < 1_000_000L) {
                throw new IllegalArgumentException("--link-speed must be at least 1M");
            }
            if (snaplen < 1 || snaplen > CaptureWriter.MAX_SNAPLEN) {
                throw new IllegalArgumentException("--snaplen must be 1.." + CaptureWriter.MAX_SNAPLEN);
            }
            if (scenario == Scenario.FLOWS && packets > FlowsScenario.MAX_FLOWS) {
                throw new IllegalArgumentException("--packets must be at most " + FlowsScenario.MAX_FLOWS
                        + " for flows: one 10.x.y.z address each");
            }
        }
    }

    /** @param frames frames written; @param spanNanos time from the first frame's start to the link going idle */
    public record Result(long frames, long spanNanos) {
    }

    private Generator() {
    }

    /** The frames of a dry run that {@link #estimatedBytes} scales up from. */
    private static final int SAMPLE_FRAMES = 2048;

    /** The output would not fit on its file system; nothing was created. */
    public static final class NoRoomException extends IOException {
        private static final long serialVersionUID = 1L;

        NoRoomException(String message) {
            super(message);
        }
    }

    /**
     * About how many bytes the capture of these options takes: a dry run of the scenario's first frames (written
     * nowhere), scaled to the packets asked for. Exact for the frames sampled; the rest are taken to be alike.
     */
    public static long estimatedBytes(Options options) throws IOException {
        int sample = Math.min(options.packets(), SAMPLE_FRAMES);
        long[] bytes = {options.format() == CaptureFormat.PCAP ? 24 : 28 + 20};
        long[] frames = {0};
        CaptureWriter counting = new CaptureWriter() {
            @Override
            public void write(long timestampNanos, int originalLength, byte[] data, int offset, int capturedLength) {
                int kept = Math.min(capturedLength, options.snaplen());
                bytes[0] += options.format() == CaptureFormat.PCAP ? 16 + kept : 32 + kept + (-kept & 3);
                frames[0]++;
            }

            @Override
            public long framesWritten() {
                return frames[0];
            }

            @Override
            public void close() {
            }
        };
        options.scenario().run(new Emitter(counting, options.linkSpeedBps(), options.encapsulation(), false), sample,
                options.qps(), new SplittableRandom(options.seed()));
        if (sample == options.packets() || frames[0] == 0) {
            return bytes[0];
        }
        double perFrame = (double) bytes[0] / frames[0];
        return (long) Math.min(Long.MAX_VALUE, perFrame * frames[0] / sample * options.packets());
    }

    /**
     * Refuses, before anything is created, a capture that would not fit in the free space of {@code output}'s file
     * system (a device or a pipe named as the output is not checked).
     *
     * @throws NoRoomException naming the file, the size it would have and the space free
     */
    public static void checkRoom(Options options, Path output) throws IOException {
        Path absolute = output.toAbsolutePath();
        if (Files.exists(absolute) && !Files.isRegularFile(absolute)) {
            return;
        }
        Path folder = absolute.getParent();
        if (folder == null || !Files.isDirectory(folder)) {
            return;     // opening the output says what is wrong with its folder
        }
        long free = Files.getFileStore(folder).getUsableSpace() + (Files.exists(absolute) ? Files.size(absolute) : 0);
        long needed = estimatedBytes(options);
        if (needed > free) {
            throw new NoRoomException(options.scenario().cliName() + " with " + options.packets() + " packets would "
                    + "take about " + size(needed) + ", and " + output + "'s file system has " + size(free) + " free");
        }
    }

    /** Bytes for people: 1.5 GB, 830 MB (powers of 1000, as df -H and file managers give them). */
    static String size(long bytes) {
        String[] units = {"bytes", "kB", "MB", "GB", "TB", "PB", "EB"};
        double value = bytes;
        int unit = 0;
        while (value >= 1000 && unit < units.length - 1) {
            value /= 1000;
            unit++;
        }
        return unit == 0 ? bytes + " bytes" : String.format(java.util.Locale.ROOT, "%.1f %s", value, units[unit]);
    }

    /**
     * Generates {@code output} and, when {@code truth} is not null, the expected analysis JSON there; refuses first,
     * with {@link NoRoomException}, a capture that would not fit on the disk.
     */
    public static Result generate(Options options, Path output, Path truth) throws IOException {
        checkRoom(options, output);
        Emitter out;
        try (CaptureWriter writer = CaptureWriter.open(output, options.format(), options.snaplen())) {
            out = new Emitter(writer, options.linkSpeedBps(), options.encapsulation(), truth != null);
            options.scenario().run(out, options.packets(), options.qps(), new SplittableRandom(options.seed()));
        }
        if (truth != null) {
            ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
            // the outer headers take their share of the snap length: less of each frame is captured
            ObjectNode root = Truth.compute(out.emitted(), options.linkSpeedBps(),
                    options.snaplen() - options.encapsulation().overhead(), mapper);
            if (options.encapsulation() != Encapsulation.NONE) {
                root.putObject("encapsulated").put(options.encapsulation().cliName(), out.frames());
            }
            root.setAll(out.scenarioTruth);
            ObjectNode generator = root.putObject("generator");
            generator.put("scenario", options.scenario().cliName());
            generator.put("seed", options.seed());
            generator.put("link_speed_bps", options.linkSpeedBps());
            generator.put("snaplen", options.snaplen());
            if (options.encapsulation() != Encapsulation.NONE) {
                generator.put("encap", options.encapsulation().cliName());
            }
            try (Writer json = Files.newBufferedWriter(truth)) {
                mapper.writeValue(json, root);
            } catch (java.nio.file.FileSystemException named) {
                throw named;
            } catch (IOException failure) {
                // "No space left on device" alone would not say which of the two files it was
                throw new java.nio.file.FileSystemException(truth.toString(), null, failure.getMessage());
            }
        }
        return new Result(out.frames(), out.now());
    }

    /** The {@code index}-th host address under a /16 such as {@code 10.1}, skipping .0 and .255. */
    static String ipv4(String prefix16, int index) {
        return prefix16 + "." + index / 254 + "." + (index % 254 + 1);
    }
}
