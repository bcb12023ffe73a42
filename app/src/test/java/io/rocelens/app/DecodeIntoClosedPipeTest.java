package io.rocelens.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code rocelens decode F | head}: once nobody reads standard output, decode stops instead of decoding all of F. */
class DecodeIntoClosedPipeTest {

    @TempDir
    static Path temp;

    /** Takes the first 10 000 bytes, then fails every write, as a pipe does once {@code head} has quit. */
    private static final class ClosedAfterAWhile extends OutputStream {
        long attempted;

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            attempted += length;
            if (attempted > 10_000) {
                throw new IOException("Broken pipe");
            }
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void decodeStopsSoonAfterTheReaderQuits(boolean json) {
        Path capture = temp.resolve("bulk.pcap");
        assertEquals(0, CommandRunner.run("generate", "bulk", "--packets", "50000", "-o", capture.toString()).status());
        ClosedAfterAWhile pipe = new ClosedAfterAWhile();
        int status;
        synchronized (CommandRunner.class) {   // CommandRunner swaps System.out under the same lock
            PrintStream saved = System.out;
            try {
                System.setOut(StandardOutput.over(pipe));
                status = json ? Main.run("decode", "--json", capture.toString()) : Main.run("decode", capture.toString());
            } finally {
                System.setOut(saved);
            }
        }
        assertEquals(0, status);
        // 50 000 frames are about 5 MB of lines (100 MB of JSON); the check every 512 frames stops well before
        long limit = json ? 4_000_000 : 1_000_000;
        assertTrue(pipe.attempted < limit, "bytes offered after the pipe closed: " + pipe.attempted);
    }
}
