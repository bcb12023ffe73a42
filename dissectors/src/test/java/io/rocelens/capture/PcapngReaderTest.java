package io.rocelens.capture;

import static io.rocelens.capture.CaptureBytes.bytes;
import static io.rocelens.capture.CaptureBytes.concat;
import static io.rocelens.capture.CaptureBytes.write;
import static io.rocelens.capture.PcapReaderTest.contents;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Hand-built pcapng files, laid out as draft-ietf-opsawg-pcapng describes. Expected timestamps are worked out by hand
 * from the if_tsresol and if_tsoffset rules; the EPB ones were also checked against TShark 4.0.17 on the same blocks
 * written by an independent Python script (frame.time_epoch 1600000000.123456000, .123456789, 1600000100.000000953
 * and 1600000100.511773109).
 */
class PcapngReaderTest {
    private static final CaptureBytes LE = new CaptureBytes(ByteOrder.LITTLE_ENDIAN);
    private static final CaptureBytes BE = new CaptureBytes(ByteOrder.BIG_ENDIAN);
    private static final long SECONDS_1600M_IN_2_POW_20 = 1_600_000_000L << 20;

    @TempDir
    Path dir;

    /** Three interfaces with different link types and resolutions, every packet block type, two skipped blocks. */
    private static byte[] mixedSection(CaptureBytes b) {
        return concat(
                b.sectionHeader(),
                b.interfaceDescription(LinkType.ETHERNET, 64),
                b.interfaceDescription(LinkType.LINUX_SLL2, 96, b.tsresol(9)),
                // 2^-20 s units (MSB set, exponent 20) and 100 s added to every timestamp
                b.interfaceDescription(LinkType.LINUX_SLL, 0, b.tsresol(0x80 | 20), b.tsoffset(100)),
                b.enhancedPacket(0, 1_600_000_000_123_456L, 60, bytes(0xde, 0xad, 0xbe, 0xef)),
                b.block(CaptureBytes.NRB, new byte[4]),
                b.block(0x40000BAD, bytes(1, 2, 3, 4, 5)),
                b.enhancedPacket(1, 1_600_000_000_123_456_789L, 5, bytes(1, 2, 3, 4, 5)),
                b.enhancedPacket(2, SECONDS_1600M_IN_2_POW_20 | 1, 1, bytes(0xaa)),
                b.enhancedPacket(2, SECONDS_1600M_IN_2_POW_20 | (1 << 19) | 12345, 1, bytes(0xbb)),
                // captured = min(original 100, snap length 64, block space 72) = 64
                b.simplePacket(100, new byte[70]),
                // captured = original 3
                b.simplePacket(3, bytes(7, 8, 9)),
                // captured = block space 8
                b.simplePacket(50, new byte[8]),
                b.obsoletePacket(1, 1_700_000_000_000_000_001L, 9, bytes(0x11, 0x22)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"LITTLE_ENDIAN", "BIG_ENDIAN"})
    void readsEveryPacketBlockTypeAcrossInterfaces(String orderName) throws IOException {
        CaptureBytes b = orderName.equals("BIG_ENDIAN") ? BE : LE;
        List<Frame> frames = readAll(write(dir, "mixed.pcapng", mixedSection(b)), ChunkedWindow.CHUNK);
        assertEquals(8, frames.size());
        long[] timestamps = {1_600_000_000_123_456_000L, 1_600_000_000_123_456_789L, 1_600_000_100_000_000_953L,
            1_600_000_100_511_773_109L, 1_600_000_100_511_773_109L, 1_600_000_100_511_773_109L,
            1_600_000_100_511_773_109L, 1_700_000_000_000_000_001L};
        int[] linkTypes = {1, 276, 113, 113, 1, 1, 1, 276};
        int[] interfaceIds = {0, 1, 2, 2, 0, 0, 0, 1};
        int[] originalLengths = {60, 5, 1, 1, 100, 3, 50, 9};
        int[] capturedLengths = {4, 5, 1, 1, 64, 3, 8, 2};
        // SHB 28, IDBs 20 + 32 + 44, then EPB 36, NRB 16, custom 20, EPB 40, 36, 36, SPB 88, 20, 24, OPB 36
        long[] offsets = {124, 196, 236, 272, 308, 396, 416, 440};
        for (int i = 0; i < frames.size(); i++) {
            Frame f = frames.get(i);
            String which = "frame " + (i + 1);
            assertEquals(i + 1, f.number(), which);
            assertEquals(timestamps[i], f.timestampNanos(), which);
            assertEquals(linkTypes[i], f.linkType(), which);
            assertEquals(interfaceIds[i], f.interfaceId(), which);
            assertEquals(originalLengths[i], f.originalLength(), which);
            assertEquals(capturedLengths[i], f.capturedLength(), which);
            assertEquals(offsets[i], f.fileOffset(), which);
            assertEquals(0, f.data().position(), which);
        }
        assertArrayEquals(bytes(0xde, 0xad, 0xbe, 0xef), contents(frames.get(0).data()));
        assertArrayEquals(bytes(1, 2, 3, 4, 5), contents(frames.get(1).data()));
        assertArrayEquals(bytes(7, 8, 9), contents(frames.get(5).data()));
        assertArrayEquals(bytes(0x11, 0x22), contents(frames.get(7).data()));
    }

    @Test
    void windowsSmallerThanABlockGiveTheSameFrames() throws IOException {
        Path file = write(dir, "mixed.pcapng", mixedSection(LE));
        List<Frame> expected = readAll(file, ChunkedWindow.CHUNK);
        for (int window : new int[] {1, 7, 16, 64, 100}) {
            List<Frame> frames = readAll(file, window);
            assertEquals(expected.size(), frames.size());
            for (int i = 0; i < expected.size(); i++) {
                assertSameFrame(expected.get(i), frames.get(i));
            }
        }
    }

    @Test
    void eachSectionHasItsOwnByteOrderAndInterfaces() throws IOException {
        byte[] first = concat(BE.sectionHeader(), BE.interfaceDescription(LinkType.ETHERNET, 0),
                BE.enhancedPacket(0, 5_000_000, 1, bytes(1)));
        byte[] second = concat(LE.sectionHeader(), LE.interfaceDescription(LinkType.LINUX_SLL, 0, LE.tsresol(3)),
                LE.enhancedPacket(0, 7_000, 2, bytes(2, 3)));
        byte[] stray = LE.enhancedPacket(1, 8_000, 1, bytes(4));
        Path file = write(dir, "sections.pcapng", first, second, stray);
        try (CaptureReader reader = CaptureReaders.open(file)) {
            assertEquals(LinkType.ETHERNET, reader.linkType());
            Frame a = reader.next();
            assertEquals(LinkType.ETHERNET, a.linkType());
            assertEquals(5_000_000_000L, a.timestampNanos());
            Frame b = reader.next();
            assertEquals(2, b.number());
            assertEquals(LinkType.LINUX_SLL, b.linkType());
            assertEquals(0, b.interfaceId());
            assertEquals(7_000_000_000L, b.timestampNanos());
            assertArrayEquals(bytes(2, 3), contents(b.data()));
            assertNull(reader.next());
            assertEquals("frame 3 (block at byte " + (first.length + second.length)
                    + ") refers to interface 1, but its section describes only 1 interface", reader.problem());
        }
    }

    @Test
    void linkTypeIsKnownAtOnceEvenAfterOtherBlocks() throws IOException {
        Path file = write(dir, "late.pcapng", LE.sectionHeader(), LE.block(CaptureBytes.NRB, new byte[4]),
                LE.interfaceDescription(LinkType.LINUX_SLL2, 0), LE.enhancedPacket(0, 1, 1, bytes(1)));
        try (CaptureReader reader = CaptureReaders.open(file)) {
            assertEquals(CaptureFormat.PCAPNG, reader.format());
            assertEquals(LinkType.LINUX_SLL2, reader.linkType());
            assertEquals(1, reader.next().number());
            assertNull(reader.next());
            assertNull(reader.problem());
        }
    }

    @Test
    void aFileWithoutInterfacesHasNoLinkTypeAndNoFrames() throws IOException {
        try (CaptureReader reader = CaptureReaders.open(write(dir, "bare.pcapng", BE.sectionHeader()))) {
            assertEquals(-1, reader.linkType());
            assertNull(reader.next());
            assertNull(reader.problem());
        }
    }

    @Test
    void reportsABlockLengthThatIsNotAMultipleOfFour() throws IOException {
        byte[] prefix = oneFrame();
        byte[] bad = LE.block(0xBAD, new byte[12]);
        ByteBuffer.wrap(bad).order(ByteOrder.LITTLE_ENDIAN).putInt(4, 22);
        assertProblem(1, "the block of type 0xbad before frame 2 (block at byte " + prefix.length
                + ") has length 22, which is not a multiple of 4", prefix, bad);
    }

    @Test
    void reportsABlockLengthBelowTwelve() throws IOException {
        byte[] prefix = oneFrame();
        byte[] bad = LE.block(0xBAD, new byte[0]);
        ByteBuffer.wrap(bad).order(ByteOrder.LITTLE_ENDIAN).putInt(4, 8);
        assertProblem(1, "the block of type 0xbad before frame 2 (block at byte " + prefix.length
                + ") has length 8, less than the 12-byte minimum", prefix, bad);
    }

    @Test
    void reportsAPacketBlockRunningPastTheEnd() throws IOException {
        byte[] prefix = oneFrame();
        byte[] packet = LE.enhancedPacket(0, 2, 4, bytes(1, 2, 3, 4));
        assertProblem(1, "file is cut short inside frame 2 (block at byte " + prefix.length + " needs 36 bytes,"
                + " 20 remain)", prefix, Arrays.copyOf(packet, 20));
    }

    @Test
    void reportsStrayBytesTooFewForABlock() throws IOException {
        byte[] prefix = oneFrame();
        assertProblem(1, "file is cut short inside the block before frame 2 (block at byte " + prefix.length
                + " needs at least 8 bytes, 5 remain)", prefix, new byte[5]);
    }

    @Test
    void reportsATrailingLengthMismatch() throws IOException {
        byte[] prefix = oneFrame();
        byte[] packet = LE.enhancedPacket(0, 2, 4, bytes(1, 2, 3, 4));
        ByteBuffer.wrap(packet).order(ByteOrder.LITTLE_ENDIAN).putInt(packet.length - 4, 40);
        assertProblem(1, "frame 2 (block at byte " + prefix.length + ") starts with length 36 but ends with"
                + " length 40", prefix, packet);
    }

    @Test
    void reportsACapturedLengthLargerThanTheBlock() throws IOException {
        byte[] prefix = oneFrame();
        byte[] packet = LE.enhancedPacket(0, 2, 4, bytes(1, 2, 3, 4));
        ByteBuffer.wrap(packet).order(ByteOrder.LITTLE_ENDIAN).putInt(20, 5);
        assertProblem(1, "frame 2 (block at byte " + prefix.length + ") claims 5 captured bytes, more than its"
                + " 36-byte block holds", prefix, packet);
    }

    @Test
    void reportsACapturedLengthAboveTheLimit() throws IOException {
        byte[] prefix = oneFrame();
        byte[] packet = LE.enhancedPacket(0, 2, 262_145, new byte[262_145]);
        assertProblem(1, "frame 2 (block at byte " + prefix.length + ") claims 262145 captured bytes, more than"
                + " the 262144-byte limit, so the file is damaged there", prefix, packet);
    }

    @Test
    void reportsATimestampResolutionTooFineToRepresent() throws IOException {
        byte[] prefix = oneFrame();
        assertProblem(1, "the interface description block before frame 2 (block at byte " + prefix.length
                        + ") declares a timestamp resolution of 10^-19 seconds, finer than this reader can represent",
                prefix, LE.interfaceDescription(1, 0, LE.tsresol(19)));
    }

    @Test
    void reportsAnOptionRunningPastItsBlock() throws IOException {
        byte[] prefix = oneFrame();
        byte[] idb = LE.interfaceDescription(1, 0, LE.tsresol(9));
        ByteBuffer.wrap(idb).order(ByteOrder.LITTLE_ENDIAN).putShort(18, (short) 40);
        assertProblem(1, "the interface description block before frame 2 (block at byte " + prefix.length
                + ") has an option (code 9, 40 bytes) at byte " + (prefix.length + 16)
                + " that runs past the end of the block", prefix, idb);
    }

    @Test
    void reportsATimestampOptionOfTheWrongSize() throws IOException {
        byte[] prefix = oneFrame();
        assertProblem(1, "the interface description block before frame 2 (block at byte " + prefix.length
                        + ") has an if_tsresol option of 2 bytes instead of 1",
                prefix, LE.interfaceDescription(1, 0, LE.option(9, bytes(9, 0))));
    }

    @Test
    void reportsASimplePacketBeforeAnyInterface() throws IOException {
        byte[] header = LE.sectionHeader();
        assertProblem(0, "frame 1 (simple packet block at byte 28) comes before any interface description block"
                + " in its section", header, LE.simplePacket(1, bytes(1)));
    }

    @Test
    void reportsADamagedSecondSectionHeader() throws IOException {
        byte[] prefix = oneFrame();
        byte[] shb = BE.sectionHeader();
        shb[12] = 0;
        shb[13] = 2;
        assertProblem(1, "the section header block before frame 2 (block at byte " + prefix.length
                + ") has pcapng version 2.0, but only version 1 exists", prefix, shb);
    }

    @Test
    void rejectsAFirstSectionHeaderWithABadByteOrderMagic() throws IOException {
        byte[] shb = LE.sectionHeader();
        shb[8] = 0x55;
        assertEquals("bom.pcapng is not a readable pcapng file: the section header block before frame 1 (block at"
                + " byte 0) has byte-order magic 0x553c2b1a, neither 0x1a2b3c4d nor 0x4d3c2b1a",
                openFails(write(dir, "bom.pcapng", shb)));
    }

    @Test
    void rejectsAFirstSectionHeaderCutShort() throws IOException {
        assertEquals("cut.pcapng is not a readable pcapng file: file is cut short inside the section header block"
                + " before frame 1 (block at byte 0 needs 28 bytes, 20 remain)",
                openFails(write(dir, "cut.pcapng", Arrays.copyOf(LE.sectionHeader(), 20))));
        assertEquals("cut8.pcapng is not a readable pcapng file: file is cut short inside the section header block"
                + " before frame 1 (block at byte 0 needs at least 12 bytes, 8 remain)",
                openFails(write(dir, "cut8.pcapng", Arrays.copyOf(LE.sectionHeader(), 8))));
    }

    @Test
    void rejectsAFirstSectionHeaderOfTheWrongLength() throws IOException {
        byte[] shb = LE.sectionHeader();
        ByteBuffer.wrap(shb).order(ByteOrder.LITTLE_ENDIAN).putInt(4, 24);
        assertEquals("len.pcapng is not a readable pcapng file: the section header block before frame 1 (block at"
                + " byte 0) has length 24, less than the 28-byte minimum",
                openFails(write(dir, "len.pcapng", shb, new byte[8])));
    }

    @Test
    void anOffsetBeyondWhatNanosecondsHoldStopsReadingInsteadOfWrapping() throws IOException {
        // 2^63 - 1 seconds: in nanoseconds it would wrap to a time before 1970
        byte[] idb = LE.interfaceDescription(LinkType.ETHERNET, 0, LE.tsoffset(Long.MAX_VALUE));
        assertProblem(1, "the interface description block before frame 2 (block at byte 84) declares an if_tsoffset"
                + " of 9223372036854775807 seconds, beyond the 292 years either side of 1970 that nanosecond"
                + " timestamps can hold", oneFrame(), idb, LE.enhancedPacket(1, 1, 1, bytes(2)));
    }

    @Test
    void aTimestampBeyondWhatNanosecondsHoldStopsReadingInsteadOfWrapping() throws IOException {
        // if_tsoffset 9 223 372 036 s is the largest allowed; 1 s more in microseconds passes 2^63 ns
        byte[] idb = LE.interfaceDescription(LinkType.ETHERNET, 0, LE.tsoffset(9_223_372_036L));
        // SHB 28 bytes, IDB 20 + if_tsoffset option 12 + end of options 4
        assertProblem(0, "frame 1 (block at byte 64) has a timestamp beyond the 292 years either side of 1970 that"
                + " nanosecond timestamps can hold", LE.sectionHeader(), idb, LE.enhancedPacket(0, 1_000_000, 1, bytes(2)));
        // 2^64 - 1 microseconds: unsigned, past 2^63
        assertProblem(1, "frame 2 (block at byte 84) has a timestamp beyond the 292 years either side of 1970 that"
                + " nanosecond timestamps can hold", oneFrame(), LE.enhancedPacket(0, -1L, 1, bytes(2)));
    }

    /** A section header, an Ethernet interface and frame 1, little-endian. */
    private static byte[] oneFrame() {
        return concat(LE.sectionHeader(), LE.interfaceDescription(LinkType.ETHERNET, 0),
                LE.enhancedPacket(0, 1, 1, bytes(1)));
    }

    private void assertProblem(int framesBefore, String problem, byte[]... parts) throws IOException {
        try (CaptureReader reader = CaptureReaders.open(write(dir, "bad.pcapng", parts))) {
            for (int i = 1; i <= framesBefore; i++) {
                assertEquals(i, reader.next().number());
            }
            assertNull(reader.next());
            assertEquals(problem, reader.problem());
            assertNull(reader.next());
        }
    }

    private static String openFails(Path file) {
        return assertThrows(NotACaptureException.class, () -> CaptureReaders.open(file)).getMessage();
    }

    static List<Frame> readAll(Path file, int chunkSize) throws IOException {
        List<Frame> frames = new ArrayList<>();
        try (CaptureReader reader = CaptureReaders.open(file, chunkSize)) {
            for (Frame f = reader.next(); f != null; f = reader.next()) {
                frames.add(f);
            }
            assertNull(reader.problem());
        }
        return frames;
    }

    static void assertSameFrame(Frame expected, Frame actual) {
        assertEquals(expected.number(), actual.number());
        assertEquals(expected.timestampNanos(), actual.timestampNanos());
        assertEquals(expected.originalLength(), actual.originalLength());
        assertEquals(expected.linkType(), actual.linkType());
        assertEquals(expected.interfaceId(), actual.interfaceId());
        assertEquals(expected.fileOffset(), actual.fileOffset());
        assertArrayEquals(contents(expected.data()), contents(actual.data()));
    }
}
