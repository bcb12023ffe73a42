package io.rocelens.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.Frame;
import io.rocelens.capture.RealCaptures;
import io.rocelens.dissect.Dissection;
import io.rocelens.dissect.Dissector;
import io.rocelens.dissect.DissectorOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code frame.protocols} remembered by the frame's shape is the text the frame's own detail gives (which
 * TsharkAgreementTest holds to tshark), on every frame of every sample and real capture, with one memory across all
 * of them: two frames of one shape, in one capture or in two, never differ in it.
 */
class FrameProtocolsByShapeTest {

    @Test
    void everyFrameGetsItsOwnDetailsProtocols() throws IOException {
        Dissector dissector = new Dissector(new DissectorOptions(Set.of(4791, 69, 72)));
        FrameProtocols.ByShape byShape = new FrameProtocols.ByShape();
        long frames = 0;
        long[] dissected = {0};
        for (Path capture : captures()) {
            try (CaptureReader reader = CaptureReaders.open(capture)) {
                Frame frame;
                while ((frame = reader.next()) != null) {
                    Dissection own = dissector.dissect(frame);
                    String remembered = byShape.of(frame, dissector, () -> {
                        dissected[0]++;
                        return own;
                    });
                    assertEquals(FrameProtocols.of(own), remembered, capture.getFileName() + " frame " + frame.number());
                    frames++;
                }
            }
        }
        assertTrue(frames > 1000, "frames compared: " + frames);
        assertTrue(dissected[0] * 20 < frames, dissected[0] + " of " + frames + " frames dissected in detail");
    }

    private static List<Path> captures() throws IOException {
        Stream<Path> samples = Files.list(Path.of("../sample-captures"));
        Stream<Path> reals = RealCaptures.present() ? Files.list(RealCaptures.directory()) : Stream.empty();
        return Stream.concat(samples, reals)
                .filter(p -> p.toString().endsWith(".pcap") || p.toString().endsWith(".pcapng")).sorted().toList();
    }
}
