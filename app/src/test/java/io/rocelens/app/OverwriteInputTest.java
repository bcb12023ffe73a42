package io.rocelens.app;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 21 item 1: {@code decode F -w F} truncated F to 24 bytes. Writing onto the capture being read, under its own
 * name, a hard link or a symbolic link, is refused in one line with status 2, and the file is left as it was.
 */
class OverwriteInputTest {

    private static final Path MIXED = Path.of("../sample-captures/mixed.pcapng");

    @TempDir
    Path folder;

    @Test
    void decodeRefusesToWriteOntoItsInputUnderAnyName() throws IOException {
        Path input = Files.copy(MIXED, folder.resolve("in.pcapng"));
        byte[] before = Files.readAllBytes(input);
        Path hardLink = Files.createLink(folder.resolve("hard.pcapng"), input);
        Path symbolic = Files.createSymbolicLink(folder.resolve("soft.pcap"), input);
        for (Path output : List.of(input, hardLink, symbolic)) {
            CommandRunner ran = CommandRunner.run("decode", input.toString(), "-w", output.toString());
            assertEquals(2, ran.status(), ran.err());
            String as = output.equals(input) ? "" : " (as " + input + ")";
            assertEquals("rocelens: -w " + output + " is the capture being read" + as
                    + "; writing there would destroy it: name another file\n", ran.err());
            assertEquals("", ran.out());
            assertArrayEquals(before, Files.readAllBytes(input), output.toString());
        }
        // with a filter that reads the file twice too
        CommandRunner ran = CommandRunner.run("decode", hardLink.toString(), "-Y", "roce.analysis.nak", "-w",
                input.toString());
        assertEquals(2, ran.status(), ran.err());
        assertArrayEquals(before, Files.readAllBytes(input));
    }

    @Test
    void analyzeRefusesAnExportOntoOneOfItsInputs() throws IOException {
        Path first = Files.copy(MIXED, folder.resolve("first.pcapng"));
        Path second = Files.copy(MIXED, folder.resolve("second.pcapng"));
        byte[] before = Files.readAllBytes(second);
        CommandRunner ran = CommandRunner.run("analyze", first.toString(), second.toString(), "--pfc-csv",
                second.toString());
        assertEquals(2, ran.status(), ran.err());
        assertEquals("rocelens: --pfc-csv " + second + " is the capture being read; writing there would destroy it:"
                + " name another file\n", ran.err());
        assertArrayEquals(before, Files.readAllBytes(second));
    }

    @Test
    void captureRefusesAFileThatIsItsStandardInput() throws IOException, InterruptedException {
        Path input = Files.copy(MIXED, folder.resolve("in.pcapng"));
        byte[] before = Files.readAllBytes(input);
        Path err = folder.resolve("err.txt");
        Process process = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"), "-cp",
                System.getProperty("java.class.path"), Main.class.getName(), "capture", "-i", "lo", "-c", "1", "-w",
                input.toString()).redirectInput(input.toFile()).redirectError(err.toFile()).start();
        try {
            assertEquals(true, process.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), "capture started");
        } finally {
            process.destroyForcibly();
        }
        assertEquals(2, process.exitValue());
        assertEquals("rocelens: -w " + input + " is the capture being read (as standard input); writing there would"
                + " destroy it: name another file\n", Files.readString(err));
        assertArrayEquals(before, Files.readAllBytes(input));
    }

    @Test
    void anotherOutputIsWrittenAsBefore() throws IOException {
        Path input = Files.copy(MIXED, folder.resolve("in.pcapng"));
        Path output = Files.write(folder.resolve("out.pcap"), new byte[] {1});
        CommandRunner ran = CommandRunner.run("decode", input.toString(), "-Y", "aeth", "-w", output.toString());
        assertEquals(0, ran.status(), ran.err());
    }
}
