package io.rocelens.testing;

import io.rocelens.capture.CaptureFormat;
import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.CaptureWriter;
import io.rocelens.capture.Frame;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** Captures made of the sample captures' frames, for tests that need more frames than one sample holds. */
public final class Samples {
    public static final Path DIRECTORY = Path.of("../sample-captures");
    /** Frames in one round of {@link #repeated}: mixed 401, mixed-headers-only 401, incast 702, pfc-storm 802. */
    public static final int FRAMES_PER_ROUND = 2306;

    private Samples() {
    }

    /**
     * Writes the frames of four samples (RoCE, PFC, ARP, TCP, some cut by the snap length) {@code rounds} times over
     * into one pcap file, 1 µs apart.
     */
    public static Path repeated(Path file, int rounds) throws IOException {
        long time = 0;
        try (CaptureWriter writer = CaptureWriter.open(file, CaptureFormat.PCAP, CaptureWriter.MAX_SNAPLEN)) {
            for (int round = 0; round < rounds; round++) {
                for (String sample : List.of("mixed.pcapng", "mixed-headers-only.pcap", "incast.pcap",
                        "pfc-storm.pcap")) {
                    try (CaptureReader reader = CaptureReaders.open(DIRECTORY.resolve(sample))) {
                        Frame frame;
                        while ((frame = reader.next()) != null) {
                            byte[] bytes = new byte[frame.capturedLength()];
                            frame.data().get(0, bytes);
                            writer.write(time += 1_000, frame.originalLength(), bytes, 0, bytes.length);
                        }
                    }
                }
            }
        }
        return file;
    }
}
