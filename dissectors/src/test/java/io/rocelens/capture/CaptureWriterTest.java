package io.rocelens.capture;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Checks the writers' output field by field against the pcap and pcapng layouts (tcpdump.org, IETF draft). */
class CaptureWriterTest {

    @TempDir
    Path dir;

    private static byte[] frame(int length) {
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = (byte) (i * 7 + 1);
        }
        return bytes;
    }

    @Test
    void pcapHasNanosecondMagicAndCutsToSnaplen() throws IOException {
        Path file = dir.resolve("a.pcap");
        byte[] big = frame(200);
        try (CaptureWriter writer = CaptureWriter.open(file, CaptureFormat.PCAP, 128)) {
            writer.write(1_767_225_600_000_000_123L, 200, big, 0, 200);
            writer.write(1_767_225_601_999_999_999L, 60, big, 10, 60);
            assertEquals(2, writer.framesWritten());
        }
        ByteBuffer in = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(0xA1B23C4D, in.getInt());
        assertEquals(2, in.getShort());
        assertEquals(4, in.getShort());
        assertEquals(0, in.getInt());
        assertEquals(0, in.getInt());
        assertEquals(128, in.getInt());
        assertEquals(1, in.getInt());

        assertEquals(1_767_225_600, in.getInt());
        assertEquals(123, in.getInt());
        assertEquals(128, in.getInt());
        assertEquals(200, in.getInt());
        byte[] first = new byte[128];
        in.get(first);
        assertArrayEquals(Arrays.copyOf(big, 128), first);

        assertEquals(1_767_225_601, in.getInt());
        assertEquals(999_999_999, in.getInt());
        assertEquals(60, in.getInt());
        assertEquals(60, in.getInt());
        byte[] second = new byte[60];
        in.get(second);
        assertArrayEquals(Arrays.copyOfRange(big, 10, 70), second);
        assertEquals(0, in.remaining());
    }

    @Test
    void pcapngHasSectionInterfaceAndEnhancedPacketBlocks() throws IOException {
        Path file = dir.resolve("a.pcapng");
        byte[] data = frame(61);
        long ts = 1_767_225_600_000_000_123L;
        try (CaptureWriter writer = CaptureWriter.open(file, CaptureFormat.PCAPNG, 65535)) {
            writer.write(ts, 61, data, 0, 61);
        }
        ByteBuffer in = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(0x0A0D0D0A, in.getInt());
        assertEquals(28, in.getInt());
        assertEquals(0x1A2B3C4D, in.getInt());
        assertEquals(1, in.getShort());
        assertEquals(0, in.getShort());
        assertEquals(-1L, in.getLong());
        assertEquals(28, in.getInt());

        assertEquals(1, in.getInt());
        assertEquals(32, in.getInt());
        assertEquals(1, in.getShort());
        assertEquals(0, in.getShort());
        assertEquals(65535, in.getInt());
        assertEquals(9, in.getShort());      // if_tsresol
        assertEquals(1, in.getShort());
        assertEquals(9, in.get());
        in.position(in.position() + 3);
        assertEquals(0, in.getShort());      // opt_endofopt
        assertEquals(0, in.getShort());
        assertEquals(32, in.getInt());

        int blockLength = 32 + 64;
        assertEquals(6, in.getInt());
        assertEquals(blockLength, in.getInt());
        assertEquals(0, in.getInt());
        long high = in.getInt() & 0xFFFFFFFFL;
        long low = in.getInt() & 0xFFFFFFFFL;
        assertEquals(ts, high << 32 | low);
        assertEquals(61, in.getInt());
        assertEquals(61, in.getInt());
        byte[] body = new byte[61];
        in.get(body);
        assertArrayEquals(data, body);
        assertEquals(0, in.get());
        assertEquals(0, in.get());
        assertEquals(0, in.get());
        assertEquals(blockLength, in.getInt());
        assertEquals(0, in.remaining());
    }

    @Test
    void framesOfTheLargestSnaplenAreWrittenWhole() throws IOException {
        Path file = dir.resolve("big.pcap");
        byte[] data = frame(CaptureWriter.MAX_SNAPLEN);
        try (CaptureWriter writer = CaptureWriter.open(file, CaptureFormat.PCAP, CaptureWriter.MAX_SNAPLEN)) {
            for (int i = 0; i < 20; i++) {
                writer.write(i, data.length, data, 0, data.length);
            }
        }
        assertEquals(24 + 20L * (16 + data.length), Files.size(file));
    }

    @Test
    void rejectsImpossibleSnaplen() {
        assertThrows(IllegalArgumentException.class, () -> new PcapWriter(dir.resolve("x.pcap"), 0));
    }
}
