package io.rocelens.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * rocelens as a process, with real pipes and a real full device: captures read from standard input, standard
 * output that cannot be written, and a heap too small for the capture.
 */
class StandardStreamsTest {

    private static final Path MIXED = Path.of("../sample-captures/mixed.pcapng");

    @TempDir
    static Path temp;

    /** What a finished process left: its status and its two outputs. */
    record Ran(int status, String out, String err) {
    }

    private static Ran rocelens(List<String> jvmOptions, ProcessBuilder.Redirect stdin, ProcessBuilder.Redirect stdout,
                                byte[] input, String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(arguments));
        Path err = Files.createTempFile(temp, "err", ".txt");
        Path out = Files.createTempFile(temp, "out", ".txt");
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(err.toFile()).redirectInput(stdin)
                .redirectOutput(stdout == null ? ProcessBuilder.Redirect.to(out.toFile()) : stdout);
        Process process = builder.start();
        if (input != null) {
            try (OutputStream pipe = process.getOutputStream()) {
                // written in pieces, as a capture arrives through a pipe
                for (int at = 0; at < input.length; at += 65_536) {
                    pipe.write(input, at, Math.min(65_536, input.length - at));
                }
            }
        }
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "rocelens did not finish");
        return new Ran(process.exitValue(), Files.readString(out), Files.readString(err));
    }

    private static Ran rocelens(ProcessBuilder.Redirect stdout, String... arguments)
            throws IOException, InterruptedException {
        return rocelens(List.of(), ProcessBuilder.Redirect.INHERIT, stdout, null, arguments);
    }

    private static Ran fromPipe(byte[] input, String... arguments) throws IOException, InterruptedException {
        return rocelens(List.of(), ProcessBuilder.Redirect.PIPE, null, input, arguments);
    }

    @ParameterizedTest
    @ValueSource(strings = {"decode --json", "analyze --qp-csv -", "analyze --json", "analyze"})
    void aFullStandardOutputIsAnErrorOfOneLine(String command) throws IOException, InterruptedException {
        List<String> arguments = new ArrayList<>(List.of(command.split(" ")));
        arguments.add(1, MIXED.toString());
        Ran ran = rocelens(ProcessBuilder.Redirect.to(new File("/dev/full")), arguments.toArray(String[]::new));
        assertEquals(2, ran.status(), ran.err());
        assertEquals("rocelens: cannot write to standard output: No space left on device\n", ran.err());
    }

    @Test
    void aReaderThatQuitsIsNoError() throws IOException, InterruptedException {
        Path bulk = temp.resolve("bulk.pcap");
        assertEquals(0, CommandRunner.run("generate", "bulk", "--packets", "50000", "-o", bulk.toString()).status());
        List<String> command = List.of(ProcessHandle.current().info().command().orElse("java"), "-cp",
                System.getProperty("java.class.path"), Main.class.getName(), "decode", bulk.toString());
        Path err = Files.createTempFile(temp, "err", ".txt");
        Process process = new ProcessBuilder(command).redirectError(err.toFile()).start();
        try (InputStream lines = process.getInputStream()) {
            // what `| head -1` does: read a little, then close the pipe
            assertTrue(lines.readNBytes(100).length > 0);
        }
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "decode went on after its reader quit");
        assertEquals(0, process.exitValue());
        assertEquals("", Files.readString(err));
    }

    @ParameterizedTest
    @ValueSource(strings = {"mixed.pcapng", "incast.pcap"})
    void aCaptureFromAPipeGivesWhatTheFileGives(String sample) throws IOException, InterruptedException {
        Path file = Path.of("../sample-captures", sample);
        byte[] bytes = Files.readAllBytes(file);
        Ran analyzed = fromPipe(bytes, "analyze", "--json", "-");
        assertEquals(0, analyzed.status(), analyzed.err());
        assertEquals(CommandRunner.run("analyze", "--json", file.toString()).out(), analyzed.out());
        Ran decoded = fromPipe(bytes, "decode", "-");
        assertEquals(0, decoded.status(), decoded.err());
        assertEquals(CommandRunner.run("decode", file.toString()).out(), decoded.out());
    }

    @Test
    void aPipeCutShortSaysWhereAndKeepsTheFramesBefore() throws IOException, InterruptedException {
        byte[] bytes = Files.readAllBytes(MIXED);
        byte[] cut = java.util.Arrays.copyOf(bytes, bytes.length / 2);
        Path cutFile = Files.write(temp.resolve("cut.pcapng"), cut);
        Ran piped = fromPipe(cut, "decode", "-");
        CommandRunner fromFile = CommandRunner.run("decode", cutFile.toString());
        assertEquals(1, piped.status());
        assertEquals(fromFile.out(), piped.out());
        assertEquals(fromFile.err().replace(cutFile.toString(), "standard input"), piped.err());
        Ran empty = fromPipe(new byte[0], "analyze", "-");
        assertEquals(2, empty.status());
        assertEquals("rocelens: standard input is empty, not a pcap or pcapng capture file\n", empty.err());
    }

    /** The JVM options the launcher script runs with (its options=( … ) array), the -X ones. */
    private static List<String> launcherOptions() throws IOException {
        String script = Files.readString(Path.of("../rocelens"));
        java.util.regex.Matcher array = java.util.regex.Pattern.compile("(?s)\\noptions=\\((.*?)\\)").matcher(script);
        assertTrue(array.find(), "no options=( … ) in the launcher");
        return java.util.Arrays.stream(array.group(1).replaceAll("(?m)#.*$", "").trim().split("\\s+"))
                .filter(option -> option.startsWith("-X") && !option.startsWith("-Xlog")).toList();
    }

    /**
     * Issue 21 item 3: with the launcher's options and -Xmx400m, analysing 3M flows spun in back-to-back full
     * collections for 208 s (each freed a few per cent, so ParallelGC's default overhead limit never fired) before
     * the out-of-memory line. It must come within seconds; the .deb's launcher runs with the same limits.
     */
    @Test
    void aHeapTooSmallForTheFlowsEndsPromptlyNotInMinutesOfCollections() throws IOException, InterruptedException {
        List<String> options = launcherOptions();
        assertTrue(options.containsAll(List.of("-XX:+UseParallelGC", "-XX:GCTimeLimit=90", "-XX:GCHeapFreeLimit=10")),
                options.toString());
        String deb = Files.readString(Path.of("../packaging/build-deb.sh"));
        for (String option : options) {
            if (option.startsWith("-XX:+UseParallelGC") || option.startsWith("-XX:GC")) {
                assertTrue(deb.contains("--java-options \"" + option + "\""), "the .deb's launcher lacks " + option);
            }
        }
        Path flows = temp.resolve("flows-3m.pcap");
        assertEquals(0, CommandRunner.run("generate", "flows", "--packets", "3000000", "-o", flows.toString()).status());
        try {
            List<String> jvm = new ArrayList<>(options);
            jvm.add("-Xmx400m");
            List<String> command = new ArrayList<>();
            command.add(ProcessHandle.current().info().command().orElse("java"));
            command.addAll(jvm);
            command.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(), "analyze",
                    flows.toString()));
            Path err = Files.createTempFile(temp, "err", ".txt");
            Process process = new ProcessBuilder(command).redirectError(err.toFile())
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            long start = System.nanoTime();
            try {
                // 13 s on a loaded two-core machine with the limits; 208 s without
                assertTrue(process.waitFor(90, TimeUnit.SECONDS), "still collecting after 90 s");
            } finally {
                process.destroyForcibly();
            }
            assertEquals(3, process.exitValue(), Files.readString(err));
            assertTrue(Files.readString(err).matches("rocelens: out of memory: the Java heap \\(at most [0-9]+ MiB\\) is"
                    + " too small for this capture; give it more with ROCELENS_JAVA_OPTS=-Xmx<size>\\n"),
                    Files.readString(err));
            System.out.printf("out of memory after %.1f s%n", (System.nanoTime() - start) / 1e9);
        } finally {
            Files.deleteIfExists(flows);
        }
    }

    @Test
    void runningOutOfMemoryIsOneLineAndStatus3() throws IOException, InterruptedException {
        Path flows = temp.resolve("flows.pcap");
        assertEquals(0, CommandRunner.run("generate", "flows", "--packets", "300000", "-o", flows.toString()).status());
        Ran ran = rocelens(List.of("-Xmx24m"), ProcessBuilder.Redirect.INHERIT, null, null, "analyze",
                flows.toString());
        assertEquals(3, ran.status(), ran.err());
        assertTrue(ran.err().startsWith("rocelens: out of memory: the Java heap (at most "), ran.err());
        // one line from RoCE Lens; when a second worker runs out of memory at the same moment, HotSpot itself may
        // add its own line for it (printed by the JVM when a thread ends, out of Java's reach) before the exit
        List<String> others = ran.err().lines().skip(1).filter(line -> !line.isEmpty()).toList();
        assertTrue(others.isEmpty() || others.equals(List.of("Exception: java.lang.OutOfMemoryError thrown from the"
                + " UncaughtExceptionHandler in thread \"rocelens-dissect\"")), ran.err());
        assertEquals("", ran.out());
    }

    /** rocelens reading from a pipe that stays open, as under {@code capture -w - | rocelens decode -}. */
    private static Process fromOpenPipe(Path err, String... arguments) throws IOException {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"), "-cp",
                System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(arguments));
        return new ProcessBuilder(command).redirectError(err.toFile()).start();
    }

    /** The lines a process prints, collected as they come. */
    private static java.util.concurrent.BlockingQueue<String> linesOf(Process process) {
        java.util.concurrent.BlockingQueue<String> lines = new java.util.concurrent.LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            try (var in = new java.io.BufferedReader(new java.io.InputStreamReader(process.getInputStream(),
                    java.nio.charset.StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null; ) {
                    lines.add(line);
                }
            } catch (IOException ended) {
                // the process ended
            }
        });
        reader.setDaemon(true);
        reader.start();
        return lines;
    }

    /** Issue 21 item 4: decode - printed nothing until standard input ended. */
    @Test
    void decodeFromAPipePrintsEachFrameAsItArrives() throws IOException, InterruptedException {
        byte[] bytes = Files.readAllBytes(MIXED);
        byte[] firstHalf = java.util.Arrays.copyOf(bytes, bytes.length / 2);
        // the frames whole in the first half, as decode of that cut file lists them
        List<String> expectedFirst = CommandRunner.run("decode", Files.write(temp.resolve("half.pcapng"), firstHalf)
                .toString()).out().lines().toList();
        List<String> expectedAll = CommandRunner.run("decode", MIXED.toString()).out().lines().toList();
        Path err = Files.createTempFile(temp, "err", ".txt");
        Process process = fromOpenPipe(err, "decode", "-");
        try {
            java.util.concurrent.BlockingQueue<String> lines = linesOf(process);
            OutputStream pipe = process.getOutputStream();
            pipe.write(firstHalf);
            pipe.flush();
            List<String> seen = new ArrayList<>();
            while (seen.size() < expectedFirst.size()) {
                String line = lines.poll(60, TimeUnit.SECONDS);
                assertTrue(line != null, "after " + seen.size() + " lines, nothing more while standard input is open");
                seen.add(line);
            }
            assertEquals(expectedFirst, seen);
            pipe.write(bytes, firstHalf.length, bytes.length - firstHalf.length);
            pipe.flush();
            while (seen.size() < expectedAll.size()) {
                String line = lines.poll(60, TimeUnit.SECONDS);
                assertTrue(line != null, "after " + seen.size() + " lines, nothing more while standard input is open");
                seen.add(line);
            }
            assertEquals(expectedAll, seen);
            assertTrue(process.isAlive(), "decode ended before standard input did");
            pipe.close();
            assertTrue(process.waitFor(60, TimeUnit.SECONDS));
            assertEquals(0, process.exitValue(), Files.readString(err));
        } finally {
            process.destroyForcibly();
        }
    }

    @Test
    void decodeJsonFromAPipeShowsEachFrameAsItArrives() throws IOException, InterruptedException {
        Path err = Files.createTempFile(temp, "err", ".txt");
        Process process = fromOpenPipe(err, "decode", "--json", "-");
        try {
            java.util.concurrent.BlockingQueue<String> lines = linesOf(process);
            process.getOutputStream().write(Files.readAllBytes(MIXED));
            process.getOutputStream().flush();
            // the last frame's object, while standard input is still open
            for (String line; !(line = lines.poll(60, TimeUnit.SECONDS)).contains("\"number\" : 401"); ) {
                assertTrue(process.isAlive(), line);
            }
            process.getOutputStream().close();
            assertTrue(process.waitFor(60, TimeUnit.SECONDS));
            assertEquals(0, process.exitValue(), Files.readString(err));
        } catch (NullPointerException nothing) {
            throw new AssertionError("frame 401 not shown while standard input is open");
        } finally {
            process.destroyForcibly();
        }
    }

    /** Issue 21 item 4: {@code (cat F; sleep 100) | rocelens analyze -} killed lost everything. */
    @Test
    void analyzeFromAPipeKilledWithSigtermPrintsTheSummaryOfWhatCame() throws IOException, InterruptedException {
        Path err = Files.createTempFile(temp, "err", ".txt");
        Path out = Files.createTempFile(temp, "out", ".txt");
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"), "-cp",
                System.getProperty("java.class.path"), Main.class.getName(), "analyze", "--json", "-"));
        Process process = new ProcessBuilder(command).redirectError(err.toFile()).redirectOutput(out.toFile()).start();
        try {
            process.getOutputStream().write(Files.readAllBytes(MIXED));
            process.getOutputStream().flush();
            awaitReadingStandardInput(process);     // it has read what came; standard input stays open
            assertTrue(process.isAlive(), Files.readString(err));
            // SIGTERM through the handle: Process.destroy() also closes our end of the child's standard input, and
            // the child could take that end of input for the end of the stream before the signal's hook runs
            assertTrue(process.toHandle().destroy());
            assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        } finally {
            process.destroyForcibly();
        }
        assertEquals("rocelens: standard input: interrupted after 401 frames; the summary covers those\n",
                Files.readString(err));
        // what the whole file gives, since every frame had come
        assertEquals(CommandRunner.run("analyze", "--json", MIXED.toString()).out()
                .replace(MIXED.toString(), "standard input"), Files.readString(out));
    }

    /**
     * Waits until a thread of the process is blocked reading its standard input, an empty pipe (Linux: the thread's
     * {@code /proc/PID/task/TID/syscall} has file descriptor 0 as its first argument and its {@code wchan} is a pipe
     * read), twice 100 ms apart: every byte written has been read. Waiting for the process to spend no CPU for a
     * second was not enough on a loaded machine, where a process that gets no CPU looks idle too.
     */
    private static void awaitReadingStandardInput(Process process) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        Path tasks = Path.of("/proc", Long.toString(process.pid()), "task");
        int seen = 0;
        while (seen < 2) {
            assertTrue(System.nanoTime() < deadline, "the process never waited for input");
            assertTrue(process.isAlive(), "the process ended");
            Thread.sleep(100);
            seen = blockedOnStandardInput(tasks) ? seen + 1 : 0;
        }
    }

    private static boolean blockedOnStandardInput(Path tasks) {
        try (var threads = Files.list(tasks)) {
            return threads.anyMatch(task -> {
                try {
                    String[] syscall = Files.readString(task.resolve("syscall")).strip().split(" ");
                    return syscall.length > 1 && syscall[1].equals("0x0")
                            && Files.readString(task.resolve("wchan")).contains("pipe_read");
                } catch (IOException gone) {
                    return false;       // the thread ended meanwhile
                }
            });
        } catch (IOException gone) {
            return false;
        }
    }
}
