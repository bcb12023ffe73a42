package io.rocelens.dissect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import io.rocelens.capture.LinkType;
import io.rocelens.capture.RealCaptures;
import io.rocelens.filter.FrameProtocols;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The layer shape a recording fast dissector leaves in each summary is the one {@link Dissector#shape} gives, and
 * {@code frame.protocols} found from it is the detail dissection's: for every frame of every sample, real capture
 * and test capture (the deep GRE and VXLAN nest among them, hundreds of layers).
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

    /**
     * Two frames told apart only by a module's own part of the shape ({@link ProtocolModule#layerShape}): the same
     * IPv4/UDP datagram under one VLAN tag and under two, which Ethernet marks as one header each.
     */
    @Test
    void framesWithMoreTagsInTheirEthernetHeaderGetTheirOwnPath() {
        DissectorOptions options = DissectorOptions.defaults();
        FastDissector recording = FastDissector.recordingLayerShapes(options);
        Dissector dissector = new Dissector(options);
        FrameProtocols.ByShape paths = new FrameProtocols.ByShape();
        byte[] datagram = Nesting.ipv4(17, Nesting.udp(9999, new byte[8]));
        String[] texts = new String[2];
        for (int tags = 1; tags <= 2; tags++) {
            ByteBuffer bytes = ByteBuffer.allocate(12 + 4 * tags + 2 + datagram.length);
            bytes.put(new byte[] {2, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 1});
            for (int tag = 0; tag < tags; tag++) {
                bytes.putShort((short) 0x8100).putShort((short) 3);
            }
            bytes.putShort((short) 0x0800).put(datagram).flip();
            Frame frame = new Frame(tags, tags * 1000L, bytes.limit(), LinkType.ETHERNET, Frame.NO_INTERFACE, -1,
                    bytes);
            PacketSummary summary = new PacketSummary();
            recording.summarize(frame, summary);
            texts[tags - 1] = paths.of(summary, () -> dissector.dissect(frame));
            assertEquals(FrameProtocols.of(dissector.dissect(frame)), texts[tags - 1], tags + " tags");
        }
        assertNotEquals(texts[0], texts[1]);
    }
}
