package io.rocelens.capture;

import static io.rocelens.capture.CaptureBytes.bytes;
import static io.rocelens.capture.CaptureBytes.concat;
import static io.rocelens.capture.CaptureBytes.write;
import static io.rocelens.capture.PcapReaderTest.contents;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Random access gives each frame exactly as the sequential reader gives it (which the reader tests check against
 * tshark): on every sample capture, every shared real capture, the pcapng fixtures and hand-built pcapng files with
 * several sections, byte orders, interfaces and every packet block type.
 */
class CaptureFileTest {
    private static final CaptureBytes LE = new CaptureBytes(ByteOrder.LITTLE_ENDIAN);
    private static final CaptureBytes BE = new CaptureBytes(ByteOrder.BIG_ENDIAN);

    @TempDir
    Path dir;

    static Stream<Path> captures() throws IOException {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> samples = Files.list(Path.of("../sample-captures"))) {
            samples.filter(CaptureFileTest::isCapture).sorted().forEach(files::add);
        }
        files.add(RealCaptures.fixture("rxe-rc-rdma-read-response-only.pcapng"));
        files.add(RealCaptures.fixture("two-interfaces-erf-and-ethernet.pcapng"));
        if (RealCaptures.present()) {
            try (Stream<Path> shared = Files.list(RealCaptures.directory())) {
                shared.filter(CaptureFileTest::isCapture).sorted().forEach(files::add);
            }
        }
        return files.stream();
    }

    private static boolean isCapture(Path p) {
        String name = p.getFileName().toString();
        return name.endsWith(".pcap") || name.endsWith(".pcapng");
    }

    @ParameterizedTest
    @MethodSource("captures")
    void everyFrameReadsBackAsTheSequentialReaderGaveIt(Path file) throws IOException {
        List<Frame> expected = PcapngReaderTest.readAll(file, ChunkedWindow.CHUNK);
        assertTrue(expected.size() > 0);
        // a fresh file, last frame first: it must walk the file itself to learn the sections
        try (CaptureFile capture = CaptureFile.open(file)) {
            for (int i = expected.size() - 1; i >= 0; i--) {
                assertSame(capture, expected.get(i));
            }
        }
        // a file whose own reader has passed every frame
        try (CaptureFile capture = CaptureFile.open(file); CaptureReader reader = capture.reader()) {
            for (Frame f = reader.next(); f != null; f = reader.next()) {
                assertSame(capture, f);
            }
        }
    }

    /**
     * Frames read in file order come from the thread's window of bytes read ahead: with a window of 700 bytes, smaller
     * than some frames and crossed by many, every frame still reads back as the reader gave it, in order, in order
     * again after a jump back, and alternating with reads far away (which keep their own reads).
     */
    @ParameterizedTest
    @MethodSource("captures")
    void framesReadInFileOrderThroughASmallWindowReadBackAsTheReaderGaveThem(Path file) throws IOException {
        List<Frame> expected = PcapngReaderTest.readAll(file, ChunkedWindow.CHUNK);
        try (CaptureFile capture = CaptureFile.open(file, 700)) {
            for (Frame frame : expected) {
                assertSame(capture, frame);
            }
            for (int i = expected.size() / 2; i < expected.size(); i++) {
                assertSame(capture, expected.get(i));
                assertSame(capture, expected.get(expected.size() - 1 - i));
            }
            for (Frame frame : expected) {
                assertSame(capture, frame);
            }
        }
    }

    private static void assertSame(CaptureFile capture, Frame expected) throws IOException {
        PcapngReaderTest.assertSameFrame(expected, capture.frameAt(expected.fileOffset(), expected.number()));
    }

    /**
     * Two sections of opposite byte order; the second has its own interfaces (local id 0 again, with millisecond
     * units), simple packet blocks after an enhanced one (they take its time) and one before any (time 0: a simple
     * packet block never takes a time from another section).
     */
    @Test
    void sectionsByteOrdersAndSimplePacketsReadBackAlone() throws IOException {
        byte[] first = concat(BE.sectionHeader(), BE.interfaceDescription(LinkType.ETHERNET, 0),
                BE.enhancedPacket(0, 5_000_000, 60, bytes(1)));
        byte[] second = concat(LE.sectionHeader(), LE.interfaceDescription(LinkType.LINUX_SLL, 0, LE.tsresol(3)),
                LE.interfaceDescription(LinkType.ETHERNET, 0),
                LE.simplePacket(20, bytes(9, 9)),
                LE.enhancedPacket(0, 7_000, 2, bytes(2, 3)),
                LE.block(CaptureBytes.NRB, new byte[4]),
                LE.simplePacket(4, bytes(4, 5, 6, 7)),
                LE.obsoletePacket(1, 8_000_000, 1, bytes(8)),
                LE.simplePacket(1, bytes(10)));
        Path file = write(dir, "sections.pcapng", first, second);
        List<Frame> expected = PcapngReaderTest.readAll(file, ChunkedWindow.CHUNK);
        // worked out by hand: microseconds in section 1, milliseconds on interface 0 of section 2
        long[] times = {5_000_000_000L, 0, 7_000_000_000L, 7_000_000_000L, 8_000_000_000L, 8_000_000_000L};
        int[] interfaces = {0, 0, 0, 0, 1, 0};
        int[] linkTypes = {LinkType.ETHERNET, LinkType.LINUX_SLL, LinkType.LINUX_SLL, LinkType.LINUX_SLL,
            LinkType.ETHERNET, LinkType.LINUX_SLL};
        assertEquals(times.length, expected.size());
        try (CaptureFile capture = CaptureFile.open(file)) {
            for (int i = expected.size() - 1; i >= 0; i--) {
                Frame f = capture.frameAt(expected.get(i).fileOffset(), i + 1);
                assertEquals(times[i], f.timestampNanos(), "frame " + (i + 1));
                assertEquals(interfaces[i], f.interfaceId(), "frame " + (i + 1));
                assertEquals(linkTypes[i], f.linkType(), "frame " + (i + 1));
                PcapngReaderTest.assertSameFrame(expected.get(i), f);
            }
            assertArrayEquals(bytes(4, 5, 6, 7), contents(capture.frameAt(expected.get(3).fileOffset(), 4).data()));
        }
    }

    @Test
    void anOffsetWhereNoFrameStartsIsRefusedInOneLine() throws IOException {
        Path pcapng = write(dir, "one.pcapng", LE.sectionHeader(), LE.interfaceDescription(LinkType.ETHERNET, 0),
                LE.enhancedPacket(0, 1, 4, bytes(1, 2, 3, 4)));
        try (CaptureFile capture = CaptureFile.open(pcapng)) {
            assertEquals("no frame starts at byte 28 of one.pcapng: the block there has type 0x1, not a packet block",
                    assertThrows(IOException.class, () -> capture.frameAt(28, 1)).getMessage());
            assertEquals("no frame starts at byte 0 of one.pcapng: no packet block starts there",
                    assertThrows(IOException.class, () -> capture.frameAt(0, 1)).getMessage());
            assertEquals("no frame starts at byte 50 of one.pcapng: no well-formed pcapng block starts there",
                    assertThrows(IOException.class, () -> capture.frameAt(50, 1)).getMessage());
            assertEquals("no frame starts at byte 84 of one.pcapng: it lies outside the file's 84 bytes",
                    assertThrows(IOException.class, () -> capture.frameAt(84, 1)).getMessage());
            assertEquals(1, capture.frameAt(48, 1).number());
        }
        Path pcap = write(dir, "one.pcap", LE.pcapHeader(0xA1B2C3D4, 65535, 1), LE.pcapRecord(1, 2, 3, 3, bytes(1, 2, 3)));
        try (CaptureFile capture = CaptureFile.open(pcap)) {
            assertEquals("no frame starts at byte 4 of one.pcap: no pcap record fits there",
                    assertThrows(IOException.class, () -> capture.frameAt(4, 1)).getMessage());
            assertEquals(1_000_002_000L, capture.frameAt(24, 1).timestampNanos());
        }
    }

    /** Several threads read frames at random while the loading reader goes on; an interrupted one harms no other. */
    @Test
    void manyThreadsReadWhileTheFileLoads() throws Exception {
        Path file = Path.of("../sample-captures/mixed.pcapng");
        List<Frame> expected = PcapngReaderTest.readAll(file, ChunkedWindow.CHUNK);
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try (CaptureFile capture = CaptureFile.open(file); CaptureReader loading = capture.reader()) {
            List<Future<?>> readers = new ArrayList<>();
            for (int t = 0; t < 3; t++) {
                int seed = t;
                readers.add(pool.submit(() -> {
                    for (int n = 0; n < 2000; n++) {
                        Frame want = expected.get((n * 7919 + seed * 104_729) % expected.size());
                        try {
                            assertSame(capture, want);
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    }
                }));
            }
            Thread.currentThread().interrupt();
            assertThrows(IOException.class, () -> capture.frameAt(expected.get(0).fileOffset(), 1));
            assertTrue(Thread.interrupted());
            while (loading.next() != null) {
                assertSame(capture, expected.get(0));
            }
            for (Future<?> f : readers) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** A live capture's file: frames written after it was opened are found, at the offsets the writer gave. */
    @Test
    void followsAFileThatIsStillBeingWritten() throws IOException {
        Path file = dir.resolve("growing.pcapng");
        byte[] first = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14};
        byte[] second = {21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36};
        try (PcapngWriter writer = new PcapngWriter(file, 65535)) {
            long firstAt = writer.bytesWritten();
            writer.write(1_000L, first.length, first, 0, first.length);
            flushed(writer, file);
            try (CaptureFile opened = CaptureFile.open(file)) {
                long secondAt = writer.bytesWritten();
                writer.write(2_000L, second.length, second, 0, second.length);
                assertThrows(IOException.class, () -> opened.frameAt(secondAt, 2), "not flushed yet");
                flushed(writer, file);
                assertArrayEquals(first, contents(opened.frameAt(firstAt, 1).data()));
                Frame later = opened.frameAt(secondAt, 2);
                assertArrayEquals(second, contents(later.data()));
                assertEquals(2_000L, later.timestampNanos());
            }
        }
    }

    /** Flushes the writer (which writes in the background) until the file holds everything written. */
    private static void flushed(PcapngWriter writer, Path file) throws IOException {
        while (Files.size(file) < writer.bytesWritten()) {
            writer.flush();
            Thread.onSpinWait();
        }
    }
}
