package io.rocelens.capture;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The output's blocks go to the file in order, are filled again once written, and a failed write is reported. */
class BufferedFileOutputTest {

    @TempDir
    Path dir;

    @Test
    void everyByteReachesTheFileInOrderThroughBlocksFilledAgain() throws IOException {
        Path file = dir.resolve("records.bin");
        Random random = new Random(7);
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        // about 15 MB: each of the output's blocks is filled and written several times over
        try (BufferedFileOutput out = new BufferedFileOutput(file)) {
            for (int i = 0; i < 20_000; i++) {
                byte[] record = new byte[random.nextInt(1500)];
                random.nextBytes(record);
                out.put(record, 0, record.length);
                expected.write(record);
                if (i % 97 == 0) {
                    out.flushUnlessBusy();
                }
                assertEquals(expected.size(), out.position());
            }
        }
        assertArrayEquals(expected.toByteArray(), Files.readAllBytes(file));
    }

    @Test
    void aWriteTheFileRefusesEndsInAnIoExceptionNotAHang() throws IOException {
        Path file = dir.resolve("read-only.bin");
        Files.write(file, new byte[0]);
        byte[] record = new byte[1000];
        assertThrows(IOException.class, () -> {
            try (BufferedFileOutput out = new BufferedFileOutput(FileChannel.open(file, StandardOpenOption.READ))) {
                for (int i = 0; i < 20_000; i++) {
                    out.put(record, 0, record.length);
                }
            }
        });
    }
}
