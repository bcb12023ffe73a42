package io.rocelens.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Real captures cut short: every whole frame before the cut comes back, then problem() says where it stopped. */
class TruncationTest {
    @TempDir
    Path dir;

    /**
     * Frame counts TShark 4.0.17 reads before the cut, from
     * {@code head -c CUT F > cut; tshark -r cut -T fields -e frame.number | wc -l}; for each of these cuts TShark
     * also says the file "appears to have been cut short in the middle of a packet or other data".
     */
    @ParameterizedTest(name = "{0} cut at {1}")
    @CsvSource({
        "rxe-rc-atomic-fetchadd.pcap, 30, 0",
        "rxe-rc-atomic-fetchadd.pcap, 40, 0",
        "rxe-rc-atomic-fetchadd.pcap, 100, 0",
        "rxe-rc-atomic-fetchadd.pcap, 1000, 11",
        "rxe-rc-atomic-fetchadd.pcap, 2500, 20",
        "rxe-rc-atomic-fetchadd.pcap, 4000, 35",
        "rxe-rc-atomic-fetchadd.pcap, 5000, 44",
        "rxe-rc-atomic-fetchadd.pcap, 5307, 47",
        "rxe-rc-rdma-read-response-only.pcapng, 120, 0",
        "rxe-rc-rdma-read-response-only.pcapng, 200, 0",
        "rxe-rc-rdma-read-response-only.pcapng, 300, 1",
        "rxe-rc-rdma-read-response-only.pcapng, 1000, 8",
        "rxe-rc-rdma-read-response-only.pcapng, 2500, 17",
        "rxe-rc-rdma-read-response-only.pcapng, 4000, 27",
        "rxe-rc-rdma-read-response-only.pcapng, 5411, 37",
        "two-interfaces-erf-and-ethernet.pcapng, 1100, 4",
        "two-interfaces-erf-and-ethernet.pcapng, 1200, 5",
        "two-interfaces-erf-and-ethernet.pcapng, 5000, 40",
        "two-interfaces-erf-and-ethernet.pcapng, 10000, 81",
    })
    void returnsTheWholeFramesBeforeACut(String name, int cut, int expectedFrames) throws IOException {
        Path source = source(name);
        List<Frame> whole = PcapngReaderTest.readAll(source, ChunkedWindow.CHUNK);
        try (CaptureReader reader = CaptureReaders.open(cut(source, cut))) {
            List<Frame> frames = drain(reader);
            assertEquals(expectedFrames, frames.size());
            assertPrefix(whole, frames);
            assertNotNull(reader.problem());
            assertTrue(reader.problem().startsWith("file is cut short inside "), reader.problem());
        }
    }

    /** tshark also reads exactly these counts with no error: 114 = 24-byte header + 16 + 74; 236 = end of frame 1's block. */
    @ParameterizedTest(name = "{0} cut at {1}")
    @CsvSource({"rxe-rc-atomic-fetchadd.pcap, 114, 1", "rxe-rc-rdma-read-response-only.pcapng, 236, 1"})
    void aCutOnARecordBoundaryIsACleanEnd(String name, int cut, int expectedFrames) throws IOException {
        try (CaptureReader reader = CaptureReaders.open(cut(source(name), cut))) {
            assertEquals(expectedFrames, drain(reader).size());
            assertNull(reader.problem());
        }
    }

    @Test
    void aCutInsideTheFirstSectionHeaderIsNotACapture() throws IOException {
        Path file = cut(source("rxe-rc-rdma-read-response-only.pcapng"), 50);
        NotACaptureException e = assertThrows(NotACaptureException.class, () -> CaptureReaders.open(file));
        assertEquals("cut50.pcapng is not a readable pcapng file: file is cut short inside the section header block"
                + " before frame 1 (block at byte 0 needs 108 bytes, 50 remain)", e.getMessage());
    }

    @Test
    void pcapProblemNamesTheFrameAndItsOffset() throws IOException {
        // tshark -c 12 -T fields -e frame.len: 74 74 66 82 66 82 66 70 70 70 70 68, so frame 12's record starts at
        // 24 + 11 * 16 + 790 = 990 and needs 16 + 68 bytes
        Path source = source("rxe-rc-atomic-fetchadd.pcap");
        try (CaptureReader reader = CaptureReaders.open(cut(source, 1010))) {
            assertEquals(11, drain(reader).size());
            assertEquals("file is cut short inside frame 12 (record at byte 990 needs 84 bytes, 20 remain)",
                    reader.problem());
        }
        try (CaptureReader reader = CaptureReaders.open(cut(source, 1000))) {
            assertEquals(11, drain(reader).size());
            assertEquals("file is cut short inside the header of frame 12 (record at byte 990 needs 16 bytes,"
                    + " 10 remain)", reader.problem());
        }
    }

    @Test
    void aCutInsideThePcapFileHeaderIsNotACapture() throws IOException {
        Path file = cut(source("rxe-rc-atomic-fetchadd.pcap"), 10);
        NotACaptureException e = assertThrows(NotACaptureException.class, () -> CaptureReaders.open(file));
        assertEquals("cut10.pcap is cut short inside its 24-byte pcap file header (the file has only 10 bytes)",
                e.getMessage());
    }

    /** Every cut point of a small pcap: the frames are exactly those whose record ends at or before the cut. */
    @Test
    void everyCutOfAPcapKeepsExactlyTheWholeRecords() throws IOException {
        Path source = source("rxe-rc-atomic-fetchadd.pcap");
        List<Frame> whole = PcapngReaderTest.readAll(source, ChunkedWindow.CHUNK);
        long size = Files.size(source);
        for (int cut = 24; cut < size; cut += 7) {
            int expected = 0;
            boolean boundary = cut == 24;
            for (Frame f : whole) {
                long end = f.fileOffset() + 16 + f.capturedLength();
                if (end <= cut) {
                    expected++;
                    boundary |= end == cut;
                }
            }
            try (CaptureReader reader = CaptureReaders.open(cut(source, cut), 256)) {
                List<Frame> frames = drain(reader);
                assertEquals(expected, frames.size(), "cut at " + cut);
                assertPrefix(whole, frames);
                assertEquals(boundary, reader.problem() == null, "cut at " + cut + ": " + reader.problem());
            }
        }
    }

    /** Every cut point of a small pcapng: a prefix of the frames comes back, growing with the cut. */
    @Test
    void everyCutOfAPcapngKeepsAGrowingPrefix() throws IOException {
        Path source = RealCaptures.fixture("two-interfaces-erf-and-ethernet.pcapng");
        List<Frame> whole = PcapngReaderTest.readAll(source, ChunkedWindow.CHUNK);
        long size = Files.size(source);
        int previous = 0;
        // 136 is the end of the section header block: shorter cuts are not readable pcapng files
        for (int cut = 136; cut < size; cut += 23) {
            try (CaptureReader reader = CaptureReaders.open(cut(source, cut), 1024)) {
                List<Frame> frames = drain(reader);
                assertPrefix(whole, frames);
                assertTrue(frames.size() >= previous, "cut at " + cut);
                previous = frames.size();
            }
        }
        assertEquals(whole.size() - 1, previous);
    }

    private static Path source(String name) {
        return name.endsWith(".pcapng") ? RealCaptures.fixture(name) : RealCaptures.file(name);
    }

    private Path cut(Path source, int length) throws IOException {
        String name = source.getFileName().toString();
        // a new file per cut: rewriting a file that earlier frames still map would pull pages from under them
        Path target = dir.resolve("cut" + length + name.substring(name.lastIndexOf('.')));
        return Files.write(target, Arrays.copyOf(Files.readAllBytes(source), length));
    }

    private static List<Frame> drain(CaptureReader reader) throws IOException {
        List<Frame> frames = new ArrayList<>();
        for (Frame f = reader.next(); f != null; f = reader.next()) {
            frames.add(f);
        }
        return frames;
    }

    private static void assertPrefix(List<Frame> whole, List<Frame> frames) {
        for (int i = 0; i < frames.size(); i++) {
            PcapngReaderTest.assertSameFrame(whole.get(i), frames.get(i));
        }
    }
}
