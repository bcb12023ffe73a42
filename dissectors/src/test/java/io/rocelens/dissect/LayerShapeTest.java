package io.rocelens.dissect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import io.rocelens.capture.RealCaptures;
import io.rocelens.filter.FrameProtocols;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The layer shape a recording fast dissector leaves in each summary is the one the detail walk gives
 * ({@link Dissector#shape}), so {@code frame.protocols} found from the summary is the detail's: for every frame of
 * every sample, real capture and test capture (the deep GRE and VXLAN nest among them, hundreds of layers).
 */
class LayerShapeTest {

    static Stream<Path> captures() throws IOException {
        Stream<Path> samples = Files.list(Path.of("../sample-captures"));
        Stream<Path> reals = RealCaptures.present() ? Files.list(RealCaptures.directory()) : Stream.empty();
        Stream<Path> resources;
        try (Stream<Path> walk = Files.walk(Path.of("src/test/resources"))) {
            resources = walk.toList().stream();
        }
        return Stream.of(samples, reals, resources).flatMap(s -> s)
                .filter(p -> p.toString().endsWith(".pcap") || p.toString().endsWith(".pcapng")).sorted();
    }

    @ParameterizedTest
    @MethodSource("captures")
    void theRecordedShapeIsTheDetailWalks(Path capture) throws IOException {
        DissectorOptions options = new DissectorOptions(Set.of(4791, 69, 72));
        FastDissector recording = FastDissector.recordingLayerShapes(options);
        FastDissector plain = new FastDissector(options);
        Dissector dissector = new Dissector(options);
        FrameProtocols.ByShape fromSummaries = new FrameProtocols.ByShape();
        PacketSummary summary = new PacketSummary();
        Set<String> shapes = new HashSet<>();
        int frames = 0;
        try (CaptureReader reader = CaptureReaders.open(capture)) {
            Frame frame;
            while ((frame = reader.next()) != null) {
                String where = capture.getFileName() + " frame " + frame.number();
                int[] walked = dissector.shape(frame, new PacketSummary());
                recording.summarize(frame, summary);
                assertTrue(summary.layerShapeLength >= 0, where);
                assertArrayEquals(walked, Arrays.copyOf(summary.layerShape, summary.layerShapeLength), where);
                Frame detailed = frame;
                assertEquals(FrameProtocols.of(dissector.dissect(frame)),
                        fromSummaries.of(summary, () -> dissector.dissect(detailed)), where);
                shapes.add(Arrays.toString(walked));
                PacketSummary notRecorded = new PacketSummary();
                plain.summarize(frame, notRecorded);
                assertEquals(-1, notRecorded.layerShapeLength, where);
                frames++;
            }
        }
        assertTrue(frames > 0 && !shapes.isEmpty(), capture + ": " + frames + " frames");
    }
}
