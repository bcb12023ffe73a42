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
import java.util.ArrayList;
import java.util.List;
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
        "decode x.pcap -c 0              | '0' is out of range: at least 1",
        "analyze x.pcap -c -1            | '-1' is out of range: at least 1",
        "decode x.pcap --roce-port 70000 | '70000' is out of range: 1 to 65535",
        "analyze x.pcap --roce-port 0    | '0' is out of range: 1 to 65535",
        "analyze x.pcap --top -1         | '-1' is out of range: at least 0",
        "analyze x.pcap --max-events -1  | '-1' is out of range: at least 0",
        "bench x.pcap --passes 0         | '0' is out of range: at least 1",
        "bench x.pcap --passes -1        | '-1' is out of range: at least 1",
        "bench x.pcap --workers 0        | '0' is out of range: at least 1",
        // issue 21 item 20: the real reason, with the range, for numbers too large (also for a long)
        "analyze x.pcap --top 99999999999 | '99999999999' is out of range: 0 to 2147483647",
        "decode x.pcap -c 99999999999999999999 | '99999999999999999999' is out of range: 1 to 9223372036854775807",
        "analyze x.pcap -c -99999999999999999999 | '-99999999999999999999' is out of range: at least 1",
        "decode x.pcap -c 1.5            | '1.5' is not a whole number",
        // and options that cannot go together
        "decode x.pcap --positions       | --positions adds byte positions to the JSON: give it with --json",
        "decode x.pcap --json -w x.pcap  | --json prints the frames and -w writes them to a capture: give one",
        // issue 21 item 5: standard input twice
        "analyze - -                     | standard input (-) can be read only once: name it once",
        "analyze x.pcap - x.pcap -       | standard input (-) can be read only once: name it once",
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
        for (String command : new String[] {"decode", "analyze", "bench"}) {
            assertOneLine(CommandRunner.run(command, temp.toString()), "is a directory");
        }
    }

    @Test
    void anEmptyFileNameIsSaidToBeEmpty() {
        assertOneLine(CommandRunner.run("decode", ""), "the file name is empty");
        assertOneLine(CommandRunner.run("analyze", ""), "the file name is empty");
    }

    @Test
    void aFileNameWithANewlineStaysOneLine() throws IOException {
        assertOneLine(CommandRunner.run("analyze", "no\nsuch.pcap"), "no\\nsuch.pcap: no such file");
        Path text = Files.writeString(temp.resolve("not\na capture.pcap"), "hello, this is text\n");
        assertOneLine(CommandRunner.run("decode", text.toString()), "not\\na capture.pcap is not a pcap or pcapng");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--json --qp-csv -                | --json and --qp-csv - would both write to standard output",
        "--qp-csv - --events-csv -        | --qp-csv - and --events-csv - would both write to standard output",
    })
    void twoDocumentsForStandardOutputAreRefused(String options, String message) {
        List<String> arguments = new ArrayList<>(List.of("analyze", "../sample-captures/mixed.pcapng"));
        arguments.addAll(List.of(options.split(" ")));
        assertOneLine(CommandRunner.run(arguments.toArray(String[]::new)), message);
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

    @Test
    void benchOnACutFileSaysWhereItStoppedAndExitsWith1() throws IOException {
        Path whole = temp.resolve("mixed.pcap");
        assertEquals(0, CommandRunner.run("generate", "mixed", "-o", whole.toString()).status());
        byte[] bytes = Files.readAllBytes(whole);
        Path cut = Files.write(temp.resolve("cut.pcap"), java.util.Arrays.copyOf(bytes, bytes.length - 10));
        CommandRunner run = CommandRunner.run("bench", "--passes", "2", cut.toString());
        assertEquals(1, run.status(), run.err());
        assertEquals(1, run.err().lines().count(), run.err());
        assertTrue(run.err().contains("cut short"), run.err());
    }

    @Test
    void anOutputThatCannotBeWrittenGetsOneLineWithTheReason() throws IOException {
        Path capture = temp.resolve("mixed.pcap");
        assertEquals(0, CommandRunner.run("generate", "mixed", "-o", capture.toString()).status());
        String missing = temp.resolve("no-such-dir/qps.csv").toString();
        assertOneLine(CommandRunner.run("analyze", capture.toString(), "--qp-csv", missing),
                "cannot write " + missing + ": no such file or directory");
        assertOneLine(CommandRunner.run("analyze", capture.toString(), "--events-csv", temp.toString()),
                "cannot write " + temp + ": Is a directory");
        CommandRunner generate = CommandRunner.run("generate", "mixed", "-o", missing);
        assertEquals(2, generate.status());
        assertEquals("rocelens generate: cannot write " + missing + ": no such file or directory",
                generate.err().strip());
        CommandRunner truth = CommandRunner.run("generate", "mixed", "-o", capture.toString(), "--truth",
                temp.toString());
        assertEquals(2, truth.status());
        assertEquals("rocelens generate: cannot write " + temp + ": Is a directory", truth.err().strip());
    }
}
