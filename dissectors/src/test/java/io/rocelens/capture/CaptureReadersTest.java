package io.rocelens.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What open() says about files that are not captures. */
class CaptureReadersTest {
    @TempDir
    Path dir;

    @Test
    void rejectsAnEmptyFile() throws IOException {
        Path file = Files.write(dir.resolve("empty.pcap"), new byte[0]);
        assertEquals("empty.pcap is empty, not a pcap or pcapng capture file", messageOf(file));
    }

    @Test
    void rejectsAFileTooShortForAMagicNumber() throws IOException {
        Path file = Files.write(dir.resolve("tiny.pcap"), new byte[] {(byte) 0xd4, (byte) 0xc3, (byte) 0xb2});
        assertEquals("tiny.pcap is not a pcap or pcapng capture file (only 3 bytes long)", messageOf(file));
    }

    @Test
    void rejectsATextFileNamingItsFirstBytes() throws IOException {
        Path file = Files.writeString(dir.resolve("x.txt"), "<html><body>not a capture</body></html>",
                StandardCharsets.US_ASCII);
        assertEquals("x.txt is not a pcap or pcapng capture file (starts with 0x3c68746d)", messageOf(file));
    }

    @Test
    void saysWhenAFileIsGzipCompressed() throws IOException {
        Path file = Files.write(dir.resolve("c.pcap.gz"), new byte[] {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0});
        assertEquals("c.pcap.gz is gzip-compressed (starts with 0x1f8b0800); decompress it first", messageOf(file));
    }

    @Test
    void aMissingFileIsAnOrdinaryIoError() {
        assertThrows(NoSuchFileException.class, () -> CaptureReaders.open(dir.resolve("missing.pcap")));
    }

    private static String messageOf(Path file) {
        return assertThrows(NotACaptureException.class, () -> CaptureReaders.open(file)).getMessage();
    }
}
