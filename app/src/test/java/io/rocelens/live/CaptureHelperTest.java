package io.rocelens.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.rocelens.capture.Frame;
import java.io.BufferedReader;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.opentest4j.TestAbortedException;

/**
 * Capture without root, as Wireshark does it with dumpcap: the capture helper is installed by the project's own
 * install script (packaging/capture-helper/install.sh) for a group made here, and an ordinary user of that group
 * captures on a real veth pair with {@code rocelens capture} and through the library with a frame listener, as the
 * window does, neither process holding a capability; a user outside the group is told in one line how to join it.
 * Needs root (to make the users, the group and the helper's file capabilities), gcc and setcap.
 */
@Tag("veth")
@ExtendWith(VethPairs.class)
class CaptureHelperTest {

    private static final String ID = Long.toString(ProcessHandle.current().pid(), 36);
    private static final String GROUP = "rlcap" + ID;
    private static final String MEMBER = "rlin" + ID;
    private static final String STRANGER = "rlout" + ID;

    private static Path root;
    private static String classPath;
    private static Path helper;
    private static Path out;

    @BeforeAll
    static void installTheHelperForAGroupOfOne() throws Exception {
        if (!"root".equals(System.getProperty("user.name"))) {
            throw new TestAbortedException("needs root to make users, a group and file capabilities");
        }
        for (String tool : List.of("gcc", "setcap", "useradd", "runuser")) {
            if (run(List.of("sh", "-c", "command -v " + tool)).status != 0) {
                String why = tool + " is missing (.ci/apt-packages installs it)";
                if ("true".equals(System.getenv("CI"))) {
                    throw new AssertionError(why);
                }
                throw new TestAbortedException(why);
            }
        }
        root = Files.createTempDirectory("rocelens-helper-test");
        Files.setPosixFilePermissions(root, PosixFilePermissions.fromString("rwxr-xr-x"));
        classPath = copyClassPath(root.resolve("classes"));
        out = Files.createDirectory(root.resolve("out"));
        Files.setPosixFilePermissions(out, PosixFilePermissions.fromString("rwxrwxrwx"));
        mustRun(List.of("groupadd", "--system", GROUP));
        mustRun(List.of("useradd", "--system", "--no-create-home", "--groups", GROUP, MEMBER));
        mustRun(List.of("useradd", "--system", "--no-create-home", STRANGER));
        mustRun(List.of("../packaging/capture-helper/install.sh", "--prefix", root.resolve("helper").toString(),
                "--group", GROUP, "--classpath", classPath));
        helper = root.resolve("helper/rocelens-capture");
    }

    @AfterAll
    static void removeUsersGroupAndFiles() throws Exception {
        if (root == null) {
            return;
        }
        run(List.of("userdel", MEMBER));
        run(List.of("userdel", STRANGER));
        run(List.of("groupdel", GROUP));
        try (Stream<Path> all = Files.walk(root)) {
            all.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
    }

    @Test
    void aMemberOfTheGroupCapturesWithoutAnyCapabilityOfItsOwn(Veth veth, SentFrames sent) throws Exception {
        Path file = out.resolve("member.pcapng");
        Process capture = asUser(MEMBER, "io.rocelens.app.Main", "capture", "-i", veth.outside, "-c",
                String.valueOf(sent.count()), "-w", file.toString());
        String said = awaitLine(capture, "File: ");
        ProcessHandle command = capture.toHandle().children().findFirst().orElseThrow();
        assertEquals("0000000000000000", effectiveCapabilities(command), "rocelens capture holds no capability");
        ProcessHandle capturer = command.children().findFirst().orElseThrow();
        assertEquals("0000000000003000", effectiveCapabilities(capturer), "the helper holds CAP_NET_RAW and"
                + " CAP_NET_ADMIN (bits 13 and 12), no more");
        veth.replayAndWait(SentFrames.CAPTURE);
        assertTrue(capture.waitFor(30, TimeUnit.SECONDS), "capture ended after -c frames");
        String rest = new String(capture.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, capture.exitValue(), said + rest);

        sent.assertArrived(SentFrames.read(file));
        assertEquals(MEMBER, Files.getOwner(file).getName(), "the file is the user's");
        assertTrue(rest.contains(veth.outside + ": " + sent.count() + " packets captured"), rest);
        PcapngBlocks blocks = PcapngBlocks.read(file);
        assertTrue(blocks.complete());
        assertEquals(sent.count(), blocks.ofType(PcapngBlocks.ISB).get(0).u64(PcapngBlocks.ISB_USRDELIV));
    }

    @Test
    void aMemberCapturesThroughTheLibraryWithAFrameListenerAsTheWindowDoes(Veth veth, SentFrames sent)
            throws Exception {
        Path file = out.resolve("listener.pcapng");
        Path heard = out.resolve("heard.bin");
        Process probe = asUser(MEMBER, ListenerProbe.class.getName(), veth.outside, String.valueOf(sent.count()),
                file.toString(), heard.toString());
        String said = awaitLine(probe, "started");
        veth.replayAndWait(SentFrames.CAPTURE);
        assertTrue(probe.waitFor(30, TimeUnit.SECONDS), "probe ended after its frames");
        String rest = new String(probe.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertEquals(0, probe.exitValue(), said + rest);

        sent.assertArrived(readHeard(heard));
        sent.assertArrived(SentFrames.read(file));
        String last = rest.lines().reduce((first, second) -> second).orElse("");
        assertEquals(sent.count() + " " + sent.count() + " 0 [" + file + "] null", last, rest);
    }

    @Test
    void aUserOutsideTheGroupIsToldInOneLineHowToJoinIt(Veth veth) throws Exception {
        Process capture = asUser(STRANGER, "io.rocelens.app.Main", "capture", "-i", veth.outside, "-w",
                out.resolve("stranger.pcapng").toString());
        assertTrue(capture.waitFor(30, TimeUnit.SECONDS));
        String said = new String(capture.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertEquals(2, capture.exitValue(), said);
        assertEquals("rocelens: no permission to capture: only the members of the group '" + GROUP + "' may run the"
                + " capture helper " + helper + "; join it with 'sudo usermod -aG " + GROUP + " " + STRANGER
                + "' and log in again", said);
        assertTrue(Files.notExists(out.resolve("stranger.pcapng")), "nothing was written");
    }

    /** {@code runuser -u USER -- java -cp COPY -Drocelens.captureHelper=HELPER MAIN ARGS}, stderr into stdout. */
    private static Process asUser(String user, String mainClass, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of("runuser", "-u", user, "--",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", classPath,
                "-D" + CaptureHelper.PROPERTY + "=" + helper, mainClass));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).directory(out.toFile()).redirectErrorStream(true).start();
    }

    /** Reads the process's output up to the line starting with {@code start}; all it read. */
    private static String awaitLine(Process process, String start) throws IOException {
        BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8));
        StringBuilder read = new StringBuilder();
        String line;
        while ((line = reader.readLine()) != null) {
            read.append(line).append('\n');
            if (line.startsWith(start)) {
                return read.toString();
            }
        }
        throw new AssertionError("ended before a line starting with '" + start + "': " + read);
    }

    /** The CapEff line of /proc/PID/status: the capabilities the process may use. */
    private static String effectiveCapabilities(ProcessHandle process) throws IOException {
        return Files.readAllLines(Path.of("/proc", String.valueOf(process.pid()), "status")).stream()
                .filter(line -> line.startsWith("CapEff:")).findFirst().orElseThrow().substring(7).strip();
    }

    private static List<Frame> readHeard(Path heard) throws IOException {
        List<Frame> frames = new ArrayList<>();
        try (DataInputStream in = new DataInputStream(Files.newInputStream(heard))) {
            while (true) {
                long timestamp;
                try {
                    timestamp = in.readLong();
                } catch (EOFException end) {
                    return frames;
                }
                int originalLength = in.readInt();
                byte[] bytes = new byte[in.readInt()];
                in.readFully(bytes);
                frames.add(new Frame(frames.size() + 1, timestamp, originalLength, 1, 0, -1, ByteBuffer.wrap(bytes)));
            }
        }
    }

    /**
     * This test JVM's class path copied under {@code into}, readable by every user (root's Maven repository is not)
     * and owned by root, as the install script demands of what the helper runs; surefire's manifest-only jar is
     * followed to the entries it names.
     */
    private static String copyClassPath(Path into) throws IOException {
        List<Path> entries = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            entries.addAll(expand(Path.of(entry)));
        }
        Files.createDirectories(into);
        Files.setPosixFilePermissions(into, PosixFilePermissions.fromString("rwxr-xr-x"));
        List<String> copied = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            Path entry = entries.get(i);
            Path target = into.resolve(i + "-" + entry.getFileName());
            copyTree(entry, target);
            copied.add(target.toString());
        }
        return String.join(":", copied);
    }

    private static List<Path> expand(Path entry) throws IOException {
        if (!Files.isRegularFile(entry)) {
            return List.of(entry);
        }
        try (JarFile jar = new JarFile(entry.toFile())) {
            Manifest manifest = jar.getManifest();
            String named = manifest == null ? null : manifest.getMainAttributes().getValue("Class-Path");
            if (named == null || !entry.getFileName().toString().startsWith("surefire")) {
                return List.of(entry);
            }
            List<Path> paths = new ArrayList<>();
            for (String url : named.trim().split("\\s+")) {
                paths.add(Path.of(URI.create(url)));
            }
            return paths;
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            all.forEach(path -> {
                Path target = to.resolve(from.relativize(path).toString());
                try {
                    if (Files.isDirectory(path)) {
                        Files.createDirectories(target);
                        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwxr-xr-x"));
                    } else {
                        Files.copy(path, target);
                        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-r--r--"));
                    }
                } catch (IOException failure) {
                    throw new UncheckedIOException(failure);
                }
            });
        }
    }

    private record Result(int status, String output) {
    }

    private static Result run(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Result(process.waitFor(), output);
    }

    private static void mustRun(List<String> command) throws IOException, InterruptedException {
        Result result = run(command);
        assertEquals(0, result.status, String.join(" ", command) + ": " + result.output);
    }
}
