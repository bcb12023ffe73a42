package io.rocelens.capture;

import static io.rocelens.capture.CaptureBytes.bytes;
import static io.rocelens.capture.CaptureBytes.concat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A capture read from a stream (standard input, a pipe) gives exactly the frames and problems the same bytes give
 * as a file, however the stream hands out its bytes; frames read earlier keep their bytes.
 */
class StreamReadingTest {

    private static final Path SAMPLES = Path.of("../sample-captures");

    /** Hands out at most {@code chunk} bytes per read, as a pipe written in small pieces does. */
    private static final class Trickle extends FilterInputStream {
        private final int chunk;

        Trickle(byte[] bytes, int chunk) {
            super(new ByteArrayInputStream(bytes));
            this.chunk = chunk;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            return super.read(b, off, Math.min(len, chunk));
        }
    }

    private record Read(List<Frame> frames, String problem) {
    }

    private static Read read(CaptureReader reader) throws IOException {
        List<Frame> frames = new ArrayList<>();
        try (reader) {
            for (Frame f = reader.next(); f != null; f = reader.next()) {
                frames.add(f);
            }
            return new Read(frames, reader.problem());
        }
    }

    private static void assertSameRead(Read expected, Read actual) {
        assertEquals(expected.problem(), actual.problem());
        assertEquals(expected.frames().size(), actual.frames().size());
        for (int i = 0; i < expected.frames().size(); i++) {
            PcapngReaderTest.assertSameFrame(expected.frames().get(i), actual.frames().get(i));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"mixed.pcapng", "mixed-headers-only.pcap", "incast.pcap", "pfc-storm.pcap"})
    void aStreamGivesTheFramesOfTheFile(String sample) throws IOException {
        Path file = SAMPLES.resolve(sample);
        byte[] bytes = Files.readAllBytes(file);
        Read expected = read(CaptureReaders.open(file));
        assertNull(expected.problem());
        for (int chunk : new int[] {1, 7, 4096, Integer.MAX_VALUE}) {
            assertSameRead(expected, read(CaptureReaders.open(new Trickle(bytes, chunk), "standard input")));
        }
    }

    @Test
    void aStreamOverManyBuffersKeepsEveryFrameIntact() throws IOException {
        // 3 MiB of 1000-byte frames: the stream's buffer moves several times under frames already handed out
        CaptureBytes b = new CaptureBytes(ByteOrder.LITTLE_ENDIAN);
        List<byte[]> parts = new ArrayList<>(List.of(b.sectionHeader(), b.interfaceDescription(LinkType.ETHERNET, 0)));
        for (int i = 0; i < 3_000; i++) {
            byte[] data = new byte[1_000];
            ByteBuffer.wrap(data).putInt(i);
            parts.add(b.enhancedPacket(0, i, 1_000, data));
        }
        List<Frame> frames = read(CaptureReaders.open(new Trickle(concat(parts.toArray(byte[][]::new)), 65_536),
                "standard input")).frames();
        assertEquals(3_000, frames.size());
        for (int i = 0; i < frames.size(); i++) {
            assertEquals(i, frames.get(i).data().getInt(0));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"mixed.pcapng", "incast.pcap"})
    void aCutStreamStopsWhereTheCutFileStops(String sample, @TempDir Path temp) throws IOException {
        byte[] bytes = Files.readAllBytes(SAMPLES.resolve(sample));
        for (int length : new int[] {30, 100, 1_000, 100_000, bytes.length - 1}) {
            byte[] cut = Arrays.copyOf(bytes, length);
            Read expected = read(CaptureReaders.open(Files.write(temp.resolve("cut-" + length), cut)));
            assertNotNull(expected.problem());
            assertSameRead(expected, read(CaptureReaders.open(new Trickle(cut, 3_000), "standard input")));
        }
    }

    @Test
    void aHugeBlockLengthInAStreamStopsReadingInsteadOfBufferingIt() throws IOException {
        CaptureBytes b = new CaptureBytes(ByteOrder.LITTLE_ENDIAN);
        byte[] custom = b.block(0x40000BAD, bytes(1, 2, 3, 4));
        ByteBuffer.wrap(custom).order(ByteOrder.LITTLE_ENDIAN).putInt(4, 0x7FFF_FFF0);
        byte[] stream = concat(b.sectionHeader(), b.interfaceDescription(LinkType.ETHERNET, 0),
                b.enhancedPacket(0, 1, 1, bytes(9)), custom);
        try (CaptureReader reader = CaptureReaders.open(new ByteArrayInputStream(stream), "standard input")) {
            assertEquals(1, reader.next().number());
            assertNull(reader.next());
            assertEquals("the block of type 0x40000bad before frame 2 (block at byte 84) has length 2147483632, more"
                    + " than the 134217728 bytes a block read from a pipe may have", reader.problem());
        }
    }

    @Test
    void anEmptyStreamIsNotACapture() {
        InputStream empty = new ByteArrayInputStream(new byte[0]);
        assertEquals("standard input is empty, not a pcap or pcapng capture file",
                assertThrows(NotACaptureException.class, () -> CaptureReaders.open(empty, "standard input"))
                        .getMessage());
    }
}
