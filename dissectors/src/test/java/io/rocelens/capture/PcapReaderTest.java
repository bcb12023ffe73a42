package io.rocelens.capture;

import static io.rocelens.capture.CaptureBytes.bytes;
import static io.rocelens.capture.CaptureBytes.write;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.ReadOnlyBufferException;
import java.nio.channels.ClosedChannelException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Hand-built pcap files, laid out as draft-ietf-opsawg-pcap describes; expected values are worked out by hand. */
class PcapReaderTest {
    private static final int MICROS = 0xA1B2C3D4;
    private static final int NANOS = 0xA1B23C4D;

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"BIG_ENDIAN", "LITTLE_ENDIAN"})
    void readsMicrosecondRecordsInEitherByteOrder(String orderName) throws IOException {
        CaptureBytes b = new CaptureBytes(orderName.equals("BIG_ENDIAN") ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
        Path file = write(dir, "us.pcap", b.pcapHeader(MICROS, 65535, LinkType.ETHERNET),
                b.pcapRecord(1_600_000_000L, 123_456, 4, 60, bytes(0xde, 0xad, 0xbe, 0xef)),
                // ts_sec above 2^31: the field is unsigned, so this is 2106, not 1969
                b.pcapRecord(0xFFFF_FFF0L, 999_999, 2, 2, bytes(1, 2)));
        try (CaptureReader reader = CaptureReaders.open(file)) {
            assertEquals(CaptureFormat.PCAP, reader.format());
            assertEquals(LinkType.ETHERNET, reader.linkType());
            Frame first = reader.next();
            assertEquals(1, first.number());
            assertEquals(1_600_000_000_123_456_000L, first.timestampNanos());
            assertEquals(60, first.originalLength());
            assertEquals(4, first.capturedLength());
            assertEquals(0, first.data().position());
            assertArrayEquals(bytes(0xde, 0xad, 0xbe, 0xef), contents(first.data()));
            assertEquals(LinkType.ETHERNET, first.linkType());
            // a pcap file names no interface: tshark shows no frame.interface_id
            assertEquals(Frame.NO_INTERFACE, first.interfaceId());
            assertEquals(24, first.fileOffset());
            Frame second = reader.next();
            assertEquals(2, second.number());
            assertEquals(4_294_967_280_999_999_000L, second.timestampNanos());
            assertEquals(24 + 16 + 4, second.fileOffset());
            assertNull(reader.next());
            assertNull(reader.problem());
            assertNull(reader.next());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"BIG_ENDIAN", "LITTLE_ENDIAN"})
    void readsNanosecondRecordsInEitherByteOrder(String orderName) throws IOException {
        CaptureBytes b = new CaptureBytes(orderName.equals("BIG_ENDIAN") ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
        Path file = write(dir, "ns.pcap", b.pcapHeader(NANOS, 262144, LinkType.ETHERNET),
                b.pcapRecord(1_600_000_000L, 123_456_789, 1, 1, bytes(7)));
        try (CaptureReader reader = CaptureReaders.open(file)) {
            assertEquals(1_600_000_000_123_456_789L, reader.next().timestampNanos());
            assertNull(reader.next());
            assertNull(reader.problem());
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {LinkType.LINUX_SLL, LinkType.LINUX_SLL2, 197})
    void passesLinkTypesThrough(int linkType) throws IOException {
        CaptureBytes b = new CaptureBytes(ByteOrder.LITTLE_ENDIAN);
        Path file = write(dir, "lt.pcap", b.pcapHeader(MICROS, 65535, linkType), b.pcapRecord(1, 0, 1, 1, bytes(0)));
        try (CaptureReader reader = CaptureReaders.open(file)) {
            assertEquals(linkType, reader.linkType());
            assertEquals(linkType, reader.next().linkType());
        }
    }

    @Test
    void ignoresFcsInformationInTheUpperBitsOfTheLinkType() throws IOException {
        CaptureBytes b = new CaptureBytes(ByteOrder.BIG_ENDIAN);
        // draft-ietf-opsawg-pcap: bit 28 (F) set and FCS length 4 in bits 29-31, above link type 1
        Path file = write(dir, "fcs.pcap", b.pcapHeader(MICROS, 65535, 0x9000_0000 | LinkType.ETHERNET));
        try (CaptureReader reader = CaptureReaders.open(file)) {
            assertEquals(LinkType.ETHERNET, reader.linkType());
            assertNull(reader.next());
            assertNull(reader.problem());
        }
    }

    @Test
    void frameDataIsReadOnlyAndStaysValidAfterTheReaderMovesOn() throws IOException {
        CaptureBytes b = new CaptureBytes(ByteOrder.LITTLE_ENDIAN);
        Path file = write(dir, "ro.pcap", b.pcapHeader(MICROS, 65535, 1),
                b.pcapRecord(1, 0, 3, 3, bytes(1, 2, 3)), b.pcapRecord(2, 0, 3, 3, bytes(4, 5, 6)));
        Frame first;
        try (CaptureReader reader = CaptureReaders.open(file)) {
            first = reader.next();
            reader.next();
        }
        assertTrue(first.data().isReadOnly());
        assertThrows(ReadOnlyBufferException.class, () -> first.data().put(0, (byte) 9));
        assertArrayEquals(bytes(1, 2, 3), contents(first.data()));
    }

    @Test
    void stopsAtACapturedLengthAboveTheLimit() throws IOException {
        CaptureBytes b = new CaptureBytes(ByteOrder.LITTLE_ENDIAN);
        Path file = write(dir, "huge.pcap", b.pcapHeader(MICROS, 65535, 1), b.pcapRecord(1, 0, 1, 1, bytes(0)),
                b.pcapRecord(2, 0, 262_145, 262_145, new byte[262_145]));
        try (CaptureReader reader = CaptureReaders.open(file)) {
            assertEquals(1, reader.next().number());
            assertNull(reader.next());
            assertEquals("frame 2 at byte 41 claims 262145 captured bytes, more than the 262144-byte limit,"
                    + " so the file is damaged there", reader.problem());
        }
    }

    @Test
    void readsAFrameOfExactlyTheLimit() throws IOException {
        CaptureBytes b = new CaptureBytes(ByteOrder.LITTLE_ENDIAN);
        Path file = write(dir, "limit.pcap", b.pcapHeader(MICROS, 262144, 1),
                b.pcapRecord(2, 0, 262_144, 262_144, new byte[262_144]));
        try (CaptureReader reader = CaptureReaders.open(file)) {
            assertEquals(262_144, reader.next().capturedLength());
            assertNull(reader.next());
            assertNull(reader.problem());
        }
    }

    @Test
    void treatsANegativeCapturedLengthAsAbsurd() throws IOException {
        CaptureBytes b = new CaptureBytes(ByteOrder.BIG_ENDIAN);
        Path file = write(dir, "neg.pcap", b.pcapHeader(MICROS, 65535, 1), b.pcapRecord(2, 0, -1, 60, new byte[8]));
        try (CaptureReader reader = CaptureReaders.open(file)) {
            assertNull(reader.next());
            assertEquals("frame 1 at byte 24 claims 4294967295 captured bytes, more than the 262144-byte limit,"
                    + " so the file is damaged there", reader.problem());
        }
    }

    @Test
    void reportsARecordCutShort() throws IOException {
        CaptureBytes b = new CaptureBytes(ByteOrder.LITTLE_ENDIAN);
        byte[] whole = CaptureBytes.concat(b.pcapHeader(MICROS, 65535, 1), b.pcapRecord(1, 0, 2, 2, bytes(1, 2)),
                b.pcapRecord(2, 0, 100, 100, new byte[100]));
        Path file = write(dir, "cut.pcap", java.util.Arrays.copyOf(whole, whole.length - 30));
        try (CaptureReader reader = CaptureReaders.open(file)) {
            assertEquals(1, reader.next().number());
            assertNull(reader.next());
            assertEquals("file is cut short inside frame 2 (record at byte 42 needs 116 bytes, 86 remain)",
                    reader.problem());
        }
    }

    @Test
    void reportsARecordHeaderCutShort() throws IOException {
        CaptureBytes b = new CaptureBytes(ByteOrder.LITTLE_ENDIAN);
        Path file = write(dir, "cuthdr.pcap", b.pcapHeader(MICROS, 65535, 1), new byte[5]);
        try (CaptureReader reader = CaptureReaders.open(file)) {
            assertNull(reader.next());
            assertEquals("file is cut short inside the header of frame 1 (record at byte 24 needs 16 bytes,"
                    + " 5 remain)", reader.problem());
        }
    }

    @Test
    void rejectsAFileShorterThanItsHeader() throws IOException {
        CaptureBytes b = new CaptureBytes(ByteOrder.LITTLE_ENDIAN);
        Path file = write(dir, "short.pcap", java.util.Arrays.copyOf(b.pcapHeader(MICROS, 65535, 1), 20));
        NotACaptureException e = assertThrows(NotACaptureException.class, () -> CaptureReaders.open(file));
        assertEquals("short.pcap is cut short inside its 24-byte pcap file header (the file has only 20 bytes)",
                e.getMessage());
    }

    @Test
    void rejectsAnUnknownMajorVersion() throws IOException {
        CaptureBytes b = new CaptureBytes(ByteOrder.BIG_ENDIAN);
        byte[] header = b.pcapHeader(MICROS, 65535, 1);
        header[5] = 3;
        Path file = write(dir, "v3.pcap", header);
        NotACaptureException e = assertThrows(NotACaptureException.class, () -> CaptureReaders.open(file));
        assertEquals("v3.pcap is a pcap file of version 3.4, but only version 2 exists", e.getMessage());
    }

    @Test
    void nextAfterCloseThrows() throws IOException {
        CaptureBytes b = new CaptureBytes(ByteOrder.BIG_ENDIAN);
        CaptureReader reader = CaptureReaders.open(write(dir, "c.pcap", b.pcapHeader(MICROS, 65535, 1)));
        reader.close();
        assertThrows(ClosedChannelException.class, reader::next);
    }

    static byte[] contents(ByteBuffer data) {
        byte[] bytes = new byte[data.limit()];
        data.duplicate().get(bytes);
        return bytes;
    }
}
