package io.rocelens.capture;

import static io.rocelens.capture.CaptureBytes.bytes;
import static io.rocelens.capture.CaptureBytes.concat;
import static io.rocelens.capture.PcapReaderTest.contents;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A pcapng file larger than 4 GiB, written sparse so it costs no disk space: frames beyond the 2 GiB reach of one
 * ByteBuffer and beyond 32-bit offsets must still be found, which needs reading in chunks at 64-bit offsets and
 * unsigned block lengths.
 */
class LargeFileTest {
    /** Above 2^31, so a block length read as a signed int would be negative. */
    private static final long SKIPPED_LENGTH = 0xF000_0000L;

    @TempDir
    Path dir;

    @Test
    void readsFramesPastTwoAndFourGibibytes() throws IOException {
        CaptureBytes le = new CaptureBytes(ByteOrder.LITTLE_ENDIAN);
        byte[] head = concat(le.sectionHeader(), le.interfaceDescription(LinkType.ETHERNET, 0));
        byte[] frame1 = le.enhancedPacket(0, 1_000_000, 3, bytes(1, 2, 3));
        byte[] frame2 = le.enhancedPacket(0, 2_000_000, 2, bytes(4, 5));
        long skipped1 = head.length;
        long frame1At = skipped1 + SKIPPED_LENGTH;
        long skipped2 = frame1At + frame1.length;
        long frame2At = skipped2 + SKIPPED_LENGTH;
        Path file = dir.resolve("huge.pcapng");
        try (FileChannel out = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                StandardOpenOption.SPARSE)) {
            out.write(ByteBuffer.wrap(head), 0);
            writeSkippedBlock(out, skipped1);
            out.write(ByteBuffer.wrap(frame1), frame1At);
            writeSkippedBlock(out, skipped2);
            out.write(ByteBuffer.wrap(frame2), frame2At);
        }
        try (CaptureReader reader = CaptureReaders.open(file)) {
            Frame first = reader.next();
            assertEquals(frame1At, first.fileOffset());
            assertEquals(1_000_000_000L, first.timestampNanos());
            assertArrayEquals(bytes(1, 2, 3), contents(first.data()));
            Frame second = reader.next();
            assertEquals(2, second.number());
            assertEquals(frame2At, second.fileOffset());
            assertArrayEquals(bytes(4, 5), contents(second.data()));
            assertNull(reader.next());
            assertNull(reader.problem());
        }
    }

    /** An unknown block (type 0xBAD) whose body is a hole in the file: only its two length fields are written. */
    private static void writeSkippedBlock(FileChannel out, long at) throws IOException {
        ByteBuffer start = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putInt(0xBAD)
                .putInt((int) SKIPPED_LENGTH).flip();
        out.write(start, at);
        ByteBuffer end = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt((int) SKIPPED_LENGTH).flip();
        out.write(end, at + SKIPPED_LENGTH - 4);
    }
}
