package io.rocelens.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Bad command lines get one plain line on stderr and status 2, never the usage text or a stack trace. */
class BadInputTest {

    @TempDir
    Path temp;

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "analyze x.pcap --link-speed 0   | link speed out of range",
        "analyze x.pcap --bin-width 0    | duration out of range",
        "analyze                         | Missing required parameter",
        "decode x.pcap --no-such-option  | Unknown option",
        "decode x.pcap -c many           | Invalid value for option '-c'",
    })
    void anOptionPicocliRejectsGetsOneLine(String arguments, String message) {
        assertOneLine(CommandRunner.run(arguments.split(" ")), message);
    }

    static void assertOneLine(CommandRunner run, String message) {
        assertEquals(2, run.status(), run.err());
        assertEquals("", run.out());
        assertTrue(run.err().startsWith("rocelens: ") && run.err().contains(message), run.err());
        assertEquals(1, run.err().lines().count(), run.err());
        assertFalse(run.err().contains("Usage") || run.err().contains("Exception"), run.err());
    }

    @Test
    void aDirectoryIsNotACapture() {
        for (String command : new String[] {"decode", "analyze"}) {
            assertOneLine(CommandRunner.run(command, temp.toString()), "is a directory");
        }
    }

    @Test
    void aPipeIsRefusedAtOnceInsteadOfWaitingForAWriter() throws IOException, InterruptedException {
        Path fifo = temp.resolve("capture.pcap");
        assumeTrue(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0, "mkfifo not available");
        assumeTrue(Files.exists(fifo));
        CommandRunner run = assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> CommandRunner.run("decode", fifo.toString()));
        assertOneLine(run, "not a regular file");
    }
}
