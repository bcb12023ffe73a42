package io.rocelens.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.testing.Samples;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link CaptureMerge} against mergecap: the merged frames, in order, with their times, lengths and bytes, as tshark
 * reads mergecap's merge of the same inputs (tshark/merge/*.tsv, made by make-merge-expected.sh there).
 */
class CaptureMergeTest {

    @TempDir
    Path folder;

    @Test
    void tiesGoToTheInputNamedLastAsMergecapDoes() throws IOException {
        assertMergedAsMergecap("ties", resource("tie-a.pcap"), resource("tie-b.pcap"), resource("tie-c.pcap"));
    }

    @Test
    void theSamplesMergeAsMergecapMergesThem() throws IOException {
        assertMergedAsMergecap("samples", Samples.DIRECTORY.resolve("incast.pcap"),
                Samples.DIRECTORY.resolve("mixed.pcapng"), Samples.DIRECTORY.resolve("pfc-storm.pcap"));
    }

    @Test
    void threeNodesOfARealNcclRunMergeAsMergecapMergesThem() throws IOException {
        assertMergedAsMergecap("nccl-ring", RealCaptures.file("rxe-nccl-ring-allreduce-node0.pcap"),
                RealCaptures.file("rxe-nccl-ring-allreduce-node1.pcap"),
                RealCaptures.file("rxe-nccl-ring-allreduce-node2.pcap"));
    }

    @Test
    void framesOfEveryLinkTypeKeepTheirBytesAndInterface() throws IOException {
        Path erf = RealCaptures.file("ibdump-native-ib-erf-rdma-write-only.pcap");
        Path both = RealCaptures.fixture("two-interfaces-erf-and-ethernet.pcapng");
        Path output = folder.resolve("merged.pcapng");
        CaptureMerge.Result result = CaptureMerge.merge(List.of(erf, both), output, () -> false);
        List<Frame> inputs = new ArrayList<>(frames(erf));
        inputs.addAll(frames(both));
        List<Frame> merged = frames(output);
        assertEquals(inputs.size(), result.frames());
        assertEquals(inputs.size(), merged.size());
        assertTrue(result.problems().isEmpty(), result.problems().toString());
        // every input frame is there once, with its link type and bytes; the order is by time
        for (Frame frame : inputs) {
            assertEquals(1, merged.stream().filter(m -> m.timestampNanos() == frame.timestampNanos()
                    && m.linkType() == frame.linkType() && m.data().equals(frame.data())).count(),
                    "frame " + frame.number() + " of link type " + frame.linkType());
        }
        for (int i = 1; i < merged.size(); i++) {
            assertTrue(merged.get(i - 1).timestampNanos() <= merged.get(i).timestampNanos(), "frame " + (i + 1));
        }
        // interfaces: one per input interface, so ERF frames of both files and the Ethernet ones stay apart
        assertEquals(3, merged.stream().mapToInt(Frame::interfaceId).distinct().count());
    }

    @Test
    void theOutputIsNeverAnInputAndADamagedInputIsNamed() throws IOException {
        Path a = resource("tie-a.pcap");
        Path copy = Files.copy(a, folder.resolve("a.pcap"));
        CaptureMerge.merge(List.of(copy, resource("tie-b.pcap")), folder.resolve("ok.pcapng"), () -> false);
        assertThrows(OverwriteCheck.WouldOverwriteInput.class,
                () -> CaptureMerge.merge(List.of(copy, resource("tie-b.pcap")), copy, () -> false));
        assertEquals(148, Files.size(copy), "the input is untouched");
        // a capture cut inside its second record: its first frame is merged, the damage named
        Path cut = folder.resolve("cut.pcap");
        Files.write(cut, java.util.Arrays.copyOf(Files.readAllBytes(a), 120));
        CaptureMerge.Result result = CaptureMerge.merge(List.of(cut, resource("tie-c.pcap")),
                folder.resolve("cut-merged.pcapng"), () -> false);
        assertEquals(2, result.frames());
        assertEquals(1, result.problems().size());
        assertTrue(result.problems().get(0).startsWith(cut + ": "), result.problems().get(0));
        IOException notACapture = assertThrows(IOException.class, () -> CaptureMerge.merge(
                List.of(copy, Samples.DIRECTORY.resolve("README.md")), folder.resolve("x.pcapng"), () -> false));
        assertTrue(notACapture.getMessage().contains("README.md"), notACapture.getMessage());
    }

    private void assertMergedAsMergecap(String name, Path... inputs) throws IOException {
        Path output = folder.resolve(name + ".pcapng");
        CaptureMerge.Result result = CaptureMerge.merge(List.of(inputs), output, () -> false);
        List<String> expected = Files.readAllLines(resource(name + ".tsv"));
        List<String> found = new ArrayList<>();
        for (Frame frame : frames(output)) {
            found.add(epoch(frame.timestampNanos()) + "\t" + frame.originalLength() + "\t" + frame.capturedLength()
                    + "\t" + md5(frame.data()));
        }
        assertEquals(expected.size(), result.frames());
        assertEquals(expected, found);
    }

    private static List<Frame> frames(Path file) throws IOException {
        List<Frame> frames = new ArrayList<>();
        try (CaptureReader reader = CaptureReaders.open(file)) {
            Frame frame;
            while ((frame = reader.next()) != null) {
                frames.add(frame);
            }
            assertEquals(null, reader.problem());
        }
        return frames;
    }

    /** tshark's frame.time_epoch: seconds, a point, nine digits. */
    private static String epoch(long nanos) {
        return Math.floorDiv(nanos, 1_000_000_000L) + "." + String.format("%09d", Math.floorMod(nanos, 1_000_000_000L));
    }

    private static String md5(ByteBuffer data) {
        try {
            MessageDigest digest = MessageDigest.getInstance("MD5");
            digest.update(data.duplicate());
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    private static Path resource(String name) {
        try {
            return Path.of(CaptureMergeTest.class.getResource("/tshark/merge/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
