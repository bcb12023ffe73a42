package io.rocelens.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.live.PcapngBlocks;
import io.rocelens.live.SentFrames;
import io.rocelens.live.Veth;
import io.rocelens.live.VethPairs;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rocelens capture} as a user runs it: a child process capturing on one end of a veth pair while frames are
 * sent from the other end, in another network namespace.
 */
@Tag("veth")
@ExtendWith(VethPairs.class)
class CaptureCommandTest {

    @TempDir
    Path dir;

    @Test
    void capturesEveryFrameSentIntoTheFileAndCountsThemOnStandardError(Veth veth, SentFrames sent) throws Exception {
        Path file = dir.resolve("cli.pcapng");
        int expected = sent.count();
        Capture capture = Capture.start(veth, "-w", file.toString(), "-c", String.valueOf(expected));
        veth.replayAndWait(SentFrames.CAPTURE);
        assertEquals(0, capture.waitFor(), capture.stderr());

        sent.assertArrived(SentFrames.read(file));
        assertTrue(capture.stderr().contains("Packets: " + expected), capture.stderr());
        assertTrue(capture.stderr().contains(veth.outside + ": " + expected + " packets captured, "),
                capture.stderr());
    }

    @Test
    void sigtermMidCaptureLeavesACompleteFileWithEveryFrameCounted(Veth veth, SentFrames sent) throws Exception {
        Path file = dir.resolve("term.pcapng");
        Capture capture = Capture.start(veth, "-w", file.toString());
        veth.replayAndWait(SentFrames.CAPTURE);
        // SIGTERM the moment the sender is done, while the last frames may still wait in libpcap's ring: a stop
        // keeps what arrived before it. Through the handle because Process.destroy() also closes our end of the
        // child's pipes.
        assertTrue(capture.process.toHandle().destroy());
        assertTrue(capture.process.waitFor(10, TimeUnit.SECONDS), "exited after SIGTERM");

        int expected = sent.count();
        sent.assertArrived(SentFrames.read(file));
        PcapngBlocks blocks = PcapngBlocks.read(file);
        assertTrue(blocks.complete(), "whole blocks only, " + Files.size(file) + " bytes: " + blocks);
        assertEquals(expected, blocks.ofType(PcapngBlocks.ISB).get(0).u64(PcapngBlocks.ISB_USRDELIV),
                "the statistics block counts every frame");
        assertTrue(capture.stderr().contains(veth.outside + ": " + expected + " packets captured, "),
                capture.stderr());
    }

    @Test
    void writesPcapngToStandardOutputForAPipe(Veth veth, SentFrames sent) throws Exception {
        int expected = sent.count();
        Capture capture = Capture.start(veth, "-w", "-", "-q", "-c", String.valueOf(expected));
        veth.replayAndWait(SentFrames.CAPTURE);
        assertEquals(0, capture.waitFor(), capture.stderr());
        Path piped = dir.resolve("piped.pcapng");
        Files.write(piped, capture.stdout.get(10, TimeUnit.SECONDS));
        sent.assertArrived(SentFrames.read(piped));
        assertFalse(capture.stderr().contains("Packets:"), "-q prints no counts: " + capture.stderr());
    }

    @Test
    void analyzeEndsWithTheSummaryOfWhatWasCaptured(Veth veth, SentFrames sent) throws Exception {
        Path file = dir.resolve("analyzed.pcapng");
        int expected = sent.count();
        Capture capture = Capture.start(veth, "-w", file.toString(), "-c", String.valueOf(expected), "-q",
                "--analyze");
        veth.replayAndWait(SentFrames.CAPTURE);
        assertEquals(0, capture.waitFor(), capture.stderr());
        String summary = new String(capture.stdout.get(10, TimeUnit.SECONDS), StandardCharsets.UTF_8);
        CommandRunner analyze = CommandRunner.run("analyze", file.toString());
        assertEquals(analyze.out(), summary);
        assertTrue(summary.contains(String.valueOf(expected)), summary);
    }

    @Test
    void stopConditionsAndTheRingBufferFollowDumpcapsOptions(Veth veth, SentFrames sent) throws Exception {
        Path timed = dir.resolve("timed.pcapng");
        long start = System.nanoTime();
        CommandRunner duration = CommandRunner.run("capture", "-i", veth.outside, "-w", timed.toString(),
                "-a", "duration:0.5", "-q");
        assertEquals(0, duration.status(), duration.err());
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(5), "stopped after about 0.5 s");
        assertTrue(PcapngBlocks.read(timed).complete());

        Path ring = dir.resolve("ring").resolve("r.pcapng");
        Files.createDirectories(ring.getParent());
        Capture capture = Capture.start(veth, "-w", ring.toString(), "-b", "filesize:60", "-b", "files:2",
                "-a", "packets:" + sent.count(), "-q");
        veth.replayAndWait(SentFrames.CAPTURE);
        assertEquals(0, capture.waitFor(), capture.stderr());
        try (var files = Files.list(ring.getParent())) {
            List<Path> kept = files.sorted().toList();
            assertEquals(2, kept.size(), kept.toString());
            List<io.rocelens.capture.Frame> frames = new ArrayList<>();
            for (Path file : kept) {
                frames.addAll(SentFrames.read(file));
            }
            sent.assertArrivedFrom(sent.count() - frames.size(), frames);
        }
    }

    @Test
    void startFailuresAreOneLineAndExit2() {
        CommandRunner noSuch = CommandRunner.run("capture", "-i", "nosuch0");
        assertEquals(2, noSuch.status());
        assertTrue(noSuch.err().startsWith("rocelens: no interface named 'nosuch0'; the interfaces are: "),
                noSuch.err());
        assertEquals(1, noSuch.err().lines().count());

        CommandRunner badFilter = CommandRunner.run("capture", "-i", "lo", "-f", "udp port", "-w",
                dir.resolve("x.pcapng").toString());
        assertEquals(2, badFilter.status());
        assertEquals("rocelens: bad capture filter \"udp port\": can't parse filter expression: syntax error",
                badFilter.err().strip());

        CommandRunner mirrorAndFilter = CommandRunner.run("capture", "-i", "lo", "--mirror", "-f", "udp");
        assertEquals(2, mirrorAndFilter.status());
        assertEquals("rocelens: --mirror is a capture filter of its own: give either --mirror or -f FILTER",
                mirrorAndFilter.err().strip());

        CommandRunner ring = CommandRunner.run("capture", "-i", "lo", "-b", "filesize:10");
        assertEquals(2, ring.status());
        assertEquals("rocelens: a ring buffer (-b) needs -w FILE to name its files", ring.err().strip());
    }

    /** Issue 21 item 19: -B 99999999 was accepted and silently became about 2 GB. */
    @Test
    void aBufferBeyondWhatCanBeHadIsRefused() {
        Path output = dir.resolve("buffer.pcapng");
        CommandRunner huge = CommandRunner.run("capture", "-i", "lo", "-B", "99999999", "-c", "1", "-w",
                output.toString());
        assertEquals(2, huge.status(), huge.err());
        // pcap_set_buffer_size(pcap_t *, int): 2^31 - 1 bytes are 2047 whole MiB
        assertEquals("rocelens: -B 99999999: the buffer can be at most 2047 MiB (libpcap takes its size in bytes as "
                + "an int)\n", huge.err());
        // twenty interfaces' buffers of 2000 MiB each are more than a test machine's memory (about 24 GiB here)
        java.util.List<String> many = new java.util.ArrayList<>(java.util.List.of("capture"));
        for (int i = 0; i < 20; i++) {
            many.addAll(java.util.List.of("-i", "lo"));
        }
        many.addAll(java.util.List.of("-B", "2000", "-c", "1", "-w", output.toString()));
        CommandRunner memory = CommandRunner.run(many.toArray(String[]::new));
        assertEquals(2, memory.status(), memory.err());
        assertTrue(memory.err().matches("rocelens: -B 2000: the buffer can be at most [0-9]+ MiB: this machine has "
                + "[0-9]+ MiB of memory for 20 interfaces' buffers\n"), memory.err());
        assertTrue(!Files.exists(output));
    }

    @Test
    void withoutCapturePermissionNorAHelperTheMessageSaysHowToSetUpTheHelper() throws Exception {
        // root without CAP_NET_RAW and CAP_NET_ADMIN is refused a packet socket, as an ordinary user is
        List<String> command = new ArrayList<>(List.of("setpriv", "--bounding-set=-net_raw,-net_admin",
                "--inh-caps=-net_raw,-net_admin"));
        command.addAll(Veth.javaCommand("capture", "-i", "lo", "-w", dir.resolve("denied.pcapng").toString()));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertEquals(2, process.waitFor(), output);
        assertTrue(output.startsWith("rocelens: no permission to capture on lo ("), output);
        assertTrue(output.endsWith("run as root, or let the members of a group capture through RoCE Lens's capture"
                + " helper: with the .deb, 'sudo dpkg-reconfigure rocelens' and answer yes; from source,"
                + " 'sudo packaging/capture-helper/install.sh' once"), output);
        assertEquals(1, output.lines().count(), output);
    }

    @Test
    void withoutLibpcapTheMessageNamesThePackage() throws Exception {
        List<String> command = Veth.javaCommand("capture", "-D");
        command.add(1, "-Dorg.pcap4j.core.pcapLibName=/nonexistent/libpcap.so.0.8");
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertEquals(2, process.waitFor(), output);
        assertTrue(output.startsWith("rocelens: libpcap is not installed (cannot load /nonexistent/libpcap.so.0.8: "),
                output);
        assertTrue(output.contains("'apt-get install libpcap0.8'"), output);
        assertEquals(1, output.lines().count(), output);
    }

    /** A {@code rocelens capture} child process on the veth's outer end, its output collected. */
    record Capture(Process process, CompletableFuture<byte[]> stdout, StringBuffer err, Thread reader) {

        /** Starts the capture and returns once it says it is capturing (libpcap is then buffering frames). */
        static Capture start(Veth veth, String... options) throws IOException {
            List<String> args = new ArrayList<>(List.of("capture", "-i", veth.outside));
            args.addAll(List.of(options));
            Process process = new ProcessBuilder(Veth.javaCommand(args.toArray(String[]::new))).start();
            CompletableFuture<byte[]> stdout = CompletableFuture.supplyAsync(() -> {
                try {
                    return process.getInputStream().readAllBytes();
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            StringBuffer err = new StringBuffer();
            CompletableFuture<Void> capturing = new CompletableFuture<>();
            Thread reader = new Thread(() -> {
                try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getErrorStream(),
                        StandardCharsets.UTF_8))) {
                    String line;
                    while ((line = lines.readLine()) != null) {
                        err.append(line).append('\n');
                        if (line.startsWith("Capturing on")) {
                            capturing.complete(null);
                        }
                    }
                } catch (IOException ignored) {
                    // the process ended
                }
                capturing.complete(null);
            });
            reader.setDaemon(true);
            reader.start();
            capturing.join();
            return new Capture(process, stdout, err, reader);
        }

        int waitFor() throws InterruptedException {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return -1;
            }
            return process.exitValue();
        }

        /** What the capture printed on standard error; all of it once the process has ended. */
        String stderr() {
            try {
                reader.join(process.isAlive() ? 1 : 5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return err.toString();
        }
    }
}
