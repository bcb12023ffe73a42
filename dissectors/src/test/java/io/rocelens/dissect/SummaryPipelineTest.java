package io.rocelens.dissect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.rocelens.capture.CaptureFormat;
import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.CaptureWriter;
import io.rocelens.capture.Frame;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pipeline dissects batches on several threads but must hand the summaries over in capture order, each one
 * what a single dissector gives for that frame, over many batches (2048 frames each) and with a frame limit.
 */
class SummaryPipelineTest {

    @TempDir
    static Path temp;
    static Path capture;

    /** The sample captures' frames (RoCE, PFC, ARP, TCP, cut by the snap length), 5 times over: 11,530 frames. */
    @BeforeAll
    static void writeCapture() throws IOException {
        capture = temp.resolve("samples.pcap");
        long time = 0;
        try (CaptureWriter writer = CaptureWriter.open(capture, CaptureFormat.PCAP, CaptureWriter.MAX_SNAPLEN)) {
            for (int round = 0; round < 5; round++) {
                for (String sample : List.of("mixed.pcapng", "mixed-headers-only.pcap", "incast.pcap",
                        "pfc-storm.pcap")) {
                    try (CaptureReader reader = CaptureReaders.open(Path.of("../sample-captures", sample))) {
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
    }

    /** What identifies a frame's dissection: number, kinds, opcode, destination QP, PSN, ICRC status. */
    private static String key(PacketSummary p) {
        return p.number + " " + p.kinds + " " + p.opcode + " " + p.destQp + " " + p.psn + " " + p.icrcStatus;
    }

    private static List<String> oneThread(long limit) throws IOException {
        List<String> keys = new ArrayList<>();
        FastDissector dissector = new FastDissector(DissectorOptions.defaults());
        PacketSummary summary = new PacketSummary();
        try (CaptureReader reader = CaptureReaders.open(capture)) {
            Frame frame;
            while (keys.size() < limit && (frame = reader.next()) != null) {
                dissector.summarize(frame, summary);
                keys.add(key(summary));
            }
        }
        return keys;
    }

    private static List<String> pipeline(int workers, long limit) throws IOException {
        List<String> keys = new ArrayList<>();
        try (CaptureReader reader = CaptureReaders.open(capture)) {
            long delivered = new SummaryPipeline(DissectorOptions.defaults(), workers)
                    .run(reader, limit, summary -> keys.add(key(summary)));
            assertEquals(keys.size(), delivered);
        }
        return keys;
    }

    @Test
    void summariesArriveInCaptureOrderAsOneThreadMakesThem() throws IOException {
        List<String> expected = oneThread(Long.MAX_VALUE);
        assertEquals(11_530, expected.size());
        assertEquals(expected, pipeline(3, Long.MAX_VALUE));
        assertEquals(expected, pipeline(1, Long.MAX_VALUE));
    }

    @Test
    void theLimitStopsThePassInsideABatch() throws IOException {
        assertEquals(oneThread(5_000), pipeline(3, 5_000));
        assertEquals(List.of(), pipeline(2, 0));
    }
}
