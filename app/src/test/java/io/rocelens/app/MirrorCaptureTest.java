package io.rocelens.app;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rocelens.capture.CaptureFormat;
import io.rocelens.capture.CaptureWriter;
import io.rocelens.capture.Frame;
import io.rocelens.live.CaptureOptions;
import io.rocelens.live.CaptureOutput;
import io.rocelens.live.FrameListener;
import io.rocelens.live.LiveCapture;
import io.rocelens.live.SentFrames;
import io.rocelens.live.Veth;
import io.rocelens.live.VethPairs;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A mirror port on a veth pair: the generator's {@code mixed} scenario, delivered as a switch's mirror session or a
 * tunnel would ({@code generate --encap}), is sent from the far end of the pair by {@code rocelens replay} and
 * captured by {@code rocelens capture --mirror}. Every frame must arrive byte for byte, and the capture must analyse
 * to the generator's truth of the plain scenario. At the same time a capture with the default filter on the same
 * interface must catch none of the mirrored frames, and then exactly the plain frames it is meant for. The largest
 * mirrored frame of {@code mixed} is 1180 bytes (ERSPAN type III), within the veth's 1500-byte MTU.
 */
@Tag("veth")
@ExtendWith(VethPairs.class)
class MirrorCaptureTest {

    /**
     * What a live capture cannot share with the generated file: the capture stamps the frames with their arrival
     * times, so durations, rates and PFC pause times differ; counts, bytes, PSNs, priorities and ICRCs do not.
     */
    private static final List<String> TIMES = List.of("roce_duration_s", "first_ts", "last_ts", "duration_s",
            "throughput_bps", "paused_us");

    private static final Path SAMPLE = Path.of("../sample-captures/mixed-erspan3.pcapng");
    private static final Path SAMPLE_TRUTH = Path.of("../sample-captures/mixed-erspan3.json");

    @TempDir
    Path dir;

    @ParameterizedTest(name = "--encap {0}")
    @ValueSource(strings = {"erspan3", "erspan2", "gre", "vxlan"})
    void theMirrorPresetCapturesEveryMirroredFrameAndTheDefaultFilterNone(String encap, Veth veth, SentFrames plain)
            throws Exception {
        Path truthFile = dir.resolve("plain.json");
        EncapsulatedAnalysisTest.generate("mixed --seed 1", dir.resolve("plain.pcap"), "--truth", truthFile.toString());
        Path mirrored = dir.resolve("mirrored.pcapng");
        EncapsulatedAnalysisTest.generate("mixed --seed 1", mirrored, "--encap", encap);
        List<Frame> sent = SentFrames.read(mirrored);

        Path byDefault = dir.resolve("default.pcapng");
        LiveCapture defaultFilter = LiveCapture.start(CaptureOptions.of(List.of(veth.outside))
                .withOutput(new CaptureOutput.NamedFile(byDefault)).withMaxPackets(plain.count()), FrameListener.NONE);
        Path captured = dir.resolve("mirror.pcapng");
        CaptureCommandTest.Capture mirror = CaptureCommandTest.Capture.start(veth, "--mirror", "-w",
                captured.toString(), "-c", String.valueOf(sent.size()), "-q", "--analyze");
        veth.replayAndWait(mirrored);
        assertEquals(0, mirror.waitFor(), mirror.stderr());
        // the mirrored frames have gone by; the default filter's capture must still be waiting for its first frame
        veth.replayAndWait(SentFrames.CAPTURE);
        assertTrue(defaultFilter.awaitTermination(20, TimeUnit.SECONDS), "the default filter's capture got "
                + defaultFilter.framesCaptured() + " of " + plain.count() + " frames");
        plain.assertArrived(SentFrames.read(byDefault));

        assertSameFrames(sent, SentFrames.read(captured));
        assertAnalysesAsTheTruthSays(captured, truthFile);
        String summary = new String(mirror.stdout().get(10, TimeUnit.SECONDS), StandardCharsets.UTF_8);
        assertEquals(CommandRunner.run("analyze", captured.toString()).out(), summary);
    }

    /**
     * The engine with the preset, on a mirror that reaches the capture port VLAN-tagged (VLAN 100, priority 1):
     * the committed ERSPAN type III sample with an 802.1Q tag put into each outer frame. The outer priority must not
     * count: the analysis is still the sample's truth, whose priorities are the inner frames'. (Linux takes the tag
     * off a received frame before the filter runs and libpcap gives it back from the frame's metadata, so here the
     * untagged part of the preset catches these frames; its {@code vlan and} part is for tags left in the data.)
     */
    @Test
    void theEngineWithThePresetCapturesATaggedMirror(Veth veth) throws Exception {
        List<Frame> sent = new ArrayList<>();
        Path tagged = dir.resolve("tagged.pcapng");
        try (CaptureWriter writer = CaptureWriter.open(tagged, CaptureFormat.PCAPNG, CaptureWriter.MAX_SNAPLEN)) {
            for (Frame frame : SentFrames.read(SAMPLE)) {
                byte[] untagged = bytes(frame);
                byte[] bytes = new byte[untagged.length + 4];
                System.arraycopy(untagged, 0, bytes, 0, 12);
                System.arraycopy(new byte[] {(byte) 0x81, 0x00, 0x20, 0x64}, 0, bytes, 12, 4);
                System.arraycopy(untagged, 12, bytes, 16, untagged.length - 12);
                writer.write(frame.timestampNanos(), bytes.length, bytes, 0, bytes.length);
                sent.add(new Frame(frame.number(), frame.timestampNanos(), bytes.length, frame.linkType(), 0, 0,
                        ByteBuffer.wrap(bytes)));
            }
        }
        Path captured = dir.resolve("engine.pcapng");
        LiveCapture capture = LiveCapture.start(CaptureOptions.of(List.of(veth.outside))
                .withFilter(CaptureOptions.MIRROR_FILTER).withOutput(new CaptureOutput.NamedFile(captured))
                .withMaxPackets(sent.size()), FrameListener.NONE);
        veth.replayAndWait(tagged);
        if (!capture.awaitTermination(20, TimeUnit.SECONDS)) {
            capture.stop();
            capture.awaitTermination(5, TimeUnit.SECONDS);
        }

        assertNull(capture.problem());
        assertSameFrames(sent, SentFrames.read(captured));
        assertAnalysesAsTheTruthSays(captured, SAMPLE_TRUTH);
    }

    /**
     * A mirror adds its headers to every frame (62 bytes for ERSPAN type III with its sub-header), so a mirrored
     * full-size frame no longer fits a 1500-byte MTU: replay refuses it in one line that says so and gives the
     * command to raise the MTU; raised on both ends, the frame arrives whole with the preset. The frame is the
     * ERSPAN type III sample's first, padded with zeros to 1514 + 62 bytes: only its length matters here.
     */
    @Test
    void aMirroredFrameAboveTheMtuIsRefusedByReplayWithTheCommandThatRaisesIt(Veth veth) throws Exception {
        Frame first = SentFrames.read(SAMPLE).get(0);
        byte[] big = Arrays.copyOf(bytes(first), 1514 + 62);
        Path file = dir.resolve("big.pcap");
        try (CaptureWriter writer = CaptureWriter.open(file, CaptureFormat.PCAP, CaptureWriter.MAX_SNAPLEN)) {
            writer.write(first.timestampNanos(), big.length, big, 0, big.length);
        }
        Process refused = veth.replay(file);
        String output = new String(refused.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertEquals(2, refused.waitFor(), output);
        assertTrue(output.startsWith("rocelens: cannot send on " + veth.inside + ": "), output);
        assertTrue(output.endsWith("; frame 1 has 1576 bytes, more than the MTU of 1500 lets through (1514 with the"
                + " Ethernet header): raise it with 'ip link set " + veth.inside + " mtu 1562' (and the receiving"
                + " side's)"), output);
        assertEquals(1, output.lines().count(), output);

        veth.mtu(1562);
        Path captured = dir.resolve("big.pcapng");
        LiveCapture capture = LiveCapture.start(CaptureOptions.of(List.of(veth.outside))
                .withFilter(CaptureOptions.MIRROR_FILTER).withOutput(new CaptureOutput.NamedFile(captured))
                .withMaxPackets(1), FrameListener.NONE);
        veth.replayAndWait(file);
        assertTrue(capture.awaitTermination(20, TimeUnit.SECONDS), "the frame arrived");
        assertSameFrames(SentFrames.read(file), SentFrames.read(captured));
    }

    private static void assertSameFrames(List<Frame> sent, List<Frame> arrived) {
        assertEquals(sent.size(), arrived.size(), "frames captured");
        for (int i = 0; i < sent.size(); i++) {
            assertArrayEquals(bytes(sent.get(i)), bytes(arrived.get(i)), "frame " + (i + 1) + " bytes");
            assertEquals(sent.get(i).originalLength(), arrived.get(i).originalLength(), "frame " + (i + 1) + " length");
        }
    }

    /** {@code analyze --json} of the capture equals the truth file on every key but {@link #TIMES}. */
    private void assertAnalysesAsTheTruthSays(Path capture, Path truthFile) throws IOException {
        ObjectNode truth = (ObjectNode) new ObjectMapper().readTree(truthFile.toFile());
        truth.remove(TIMES);
        truth.get("pfc").forEach(priority -> ((ObjectNode) priority).remove(TIMES));
        ((ArrayNode) truth.get("qps")).forEach(qp -> ((ObjectNode) qp).remove(TIMES));
        List<String> differences = AnalysisMatchesTruthTest.differences(capture, truth, dir);
        assertTrue(differences.isEmpty(), String.join("\n", differences));
    }

    private static byte[] bytes(Frame frame) {
        byte[] bytes = new byte[frame.capturedLength()];
        frame.data().get(0, bytes);
        return bytes;
    }
}
