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
        }
    }

    /** @param frames frames written; @param spanNanos time from the first frame's start to the link going idle */
    public record Result(long frames, long spanNanos) {
    }

    private Generator() {
    }

    /** Generates {@code output} and, when {@code truth} is not null, the expected analysis JSON there. */
    public static Result generate(Options options, Path output, Path truth) throws IOException {
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
            }
        }
        return new Result(out.frames(), out.now());
    }

    /** The {@code index}-th host address under a /16 such as {@code 10.1}, skipping .0 and .255. */
    static String ipv4(String prefix16, int index) {
        return prefix16 + "." + index / 254 + "." + (index % 254 + 1);
    }
}
