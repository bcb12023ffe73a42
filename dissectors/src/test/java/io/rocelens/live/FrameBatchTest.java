package io.rocelens.live;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pcap_dispatch reading path ({@link FrameBatch}) on frames known in advance: a nanosecond pcap file written here
 * byte by byte after the format's description (the tcpdump.org pcap file format: magic 0xa1b23c4d, then per record
 * seconds, nanoseconds, included and original length), read by the real libpcap as if it were an interface. Jumbo
 * frames, more of them than one batch holds and more bytes than the batch's first array, some cut short by the snap
 * length: every frame must come back whole, in order, with its timestamp and original length.
 */
class FrameBatchTest {

    private static final int FRAMES = 700;

    @TempDir
    Path dir;

    @Test
    void everyFrameComesBackWithItsBytesTimeAndLengthAcrossBatches() throws Exception {
        Path file = dir.resolve("jumbo.pcap");
        writePcap(file);
        Libpcap.load();
        int seen = 0;
        int batches = 0;
        try (Pcap handle = Pcap.openOffline(file.toString())) {
            assertEquals(1, handle.datalink());
            FrameBatch batch = new FrameBatch(handle);
            int result;
            while ((result = batch.read()) > 0) {
                batches++;
                assertEquals(result, batch.count());
                assertTrue(result <= FrameBatch.MAX_FRAMES, "a batch of " + result);
                for (int i = 0; i < result; i++, seen++) {
                    byte[] got = Arrays.copyOfRange(batch.bytes(), batch.offset(i), batch.offset(i) + batch.length(i));
                    assertArrayEquals(frame(seen), got, "frame " + seen);
                    assertEquals(originalLength(seen), batch.originalLength(i), "frame " + seen);
                    assertEquals(1_700_000_000L * 1_000_000_000L + seen * 1_000_003L, batch.timestampNanos(i),
                            "frame " + seen);
                }
            }
            assertEquals(0, result, "the end of the file");
        }
        assertEquals(FRAMES, seen);
        assertEquals((FRAMES + FrameBatch.MAX_FRAMES - 1) / FrameBatch.MAX_FRAMES, batches);
    }

    /** Frame n: 9000 bytes less n (every tenth cut to 60 of its bytes), each byte (n + its index) mod 251. */
    private static byte[] frame(int n) {
        byte[] bytes = new byte[n % 10 == 0 ? 60 : originalLength(n)];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) ((n + i) % 251);
        }
        return bytes;
    }

    private static int originalLength(int n) {
        return 9000 - n;
    }

    private static void writePcap(Path file) throws IOException {
        ByteBuffer out = ByteBuffer.allocate(24 + FRAMES * (16 + 9000)).order(ByteOrder.LITTLE_ENDIAN);
        out.putInt(0xa1b23c4d).putShort((short) 2).putShort((short) 4).putInt(0).putInt(0).putInt(9018).putInt(1);
        for (int n = 0; n < FRAMES; n++) {
            long nanos = n * 1_000_003L;
            byte[] bytes = frame(n);
            out.putInt((int) (1_700_000_000L + nanos / 1_000_000_000L)).putInt((int) (nanos % 1_000_000_000L))
                    .putInt(bytes.length).putInt(originalLength(n)).put(bytes);
        }
        Files.write(file, Arrays.copyOf(out.array(), out.position()));
    }
}
