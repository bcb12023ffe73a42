package io.rocelens.live;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/**
 * A veth pair with one end ({@link #outside}) in this network namespace and the other ({@link #inside}) in a new
 * namespace, both up. Names are unique per JVM and test; {@link #close()} deletes the namespace and the pair.
 * Frames are sent from inside by {@code rocelens replay} in a child JVM run with {@code ip netns exec}. Test methods
 * get their pairs as parameters through {@link VethPairs}.
 */
public final class Veth implements AutoCloseable {

    private static final AtomicInteger NEXT = new AtomicInteger();

    public final String namespace;
    public final String outside;
    public final String inside;

    private Veth(String namespace, String outside, String inside) {
        this.namespace = namespace;
        this.outside = outside;
        this.inside = inside;
    }

    /**
     * Creates the pair, or aborts the test (skipped, with the reason) when no namespace can be created; with
     * {@code CI=true} that fails the test instead, as a missing real capture does.
     */
    public static Veth create() {
        String id = Long.toString(ProcessHandle.current().pid() * 100 + NEXT.incrementAndGet() % 100, 36);
        Veth veth = new Veth("rocelens-" + id, "rlo" + id, "rli" + id);
        String failure = veth.tryRun("ip", "netns", "add", veth.namespace);
        if (failure != null) {
            String reason = "cannot create a network namespace (needs root and iproute2): " + failure;
            if ("true".equals(System.getenv("CI"))) {
                // on CI a skip would hide that capture was never tested (.ci/apt-packages installs iproute2)
                throw new AssertionFailedError("CI=true but " + reason);
            }
            throw new TestAbortedException(reason);
        }
        // a test run killed half-way (surefire's timeout, Ctrl+C) must not leave the namespace behind
        Runtime.getRuntime().addShutdownHook(new Thread(veth::close));
        try {
            veth.run("ip", "link", "add", veth.outside, "type", "veth", "peer", "name", veth.inside, "netns",
                    veth.namespace);
            // no IPv6 router solicitations or other chatter on the test link
            veth.tryRun("sysctl", "-qw", "net.ipv6.conf." + veth.outside + ".disable_ipv6=1");
            veth.tryRun("ip", "netns", "exec", veth.namespace, "sysctl", "-qw",
                    "net.ipv6.conf." + veth.inside + ".disable_ipv6=1");
            veth.run("ip", "link", "set", veth.outside, "up");
            veth.run("ip", "-n", veth.namespace, "link", "set", veth.inside, "up");
            return veth;
        } catch (RuntimeException failed) {
            veth.close();
            throw failed;
        }
    }

    /**
     * Starts {@code rocelens replay FILE -i inside} in the namespace, in a child JVM on this test's class path.
     */
    public Process replay(Path capture, String... options) throws IOException {
        List<String> command = new ArrayList<>(List.of("ip", "netns", "exec", namespace));
        command.addAll(javaCommand("replay", capture.toString(), "-i", inside, "-q"));
        command.addAll(List.of(options));
        return new ProcessBuilder(command).redirectErrorStream(true).start();
    }

    /** Sends the capture's frames from inside and waits for the sender to finish. */
    public void replayAndWait(Path capture, String... options) throws IOException, InterruptedException {
        Process sender = replay(capture, options);
        boolean done = sender.waitFor(60, TimeUnit.SECONDS);
        String output = new String(sender.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!done) {
            sender.destroyForcibly();
        }
        assertEquals(0, done ? sender.exitValue() : -1, "rocelens replay failed: " + output);
    }

    /** Sets the MTU of both ends (the receiving end drops what is longer than its own). */
    public void mtu(int bytes) {
        run("ip", "link", "set", outside, "mtu", String.valueOf(bytes));
        run("ip", "-n", namespace, "link", "set", inside, "mtu", String.valueOf(bytes));
    }

    /** {@code java -cp <this class path> io.rocelens.app.Main ARGS}. */
    public static List<String> javaCommand(String... args) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), "io.rocelens.app.Main"));
        command.addAll(List.of(args));
        return command;
    }

    @Override
    public void close() {
        tryRun("ip", "netns", "del", namespace);    // takes the inside end, and with it the pair
        tryRun("ip", "link", "del", outside);
    }

    private void run(String... command) {
        String failure = tryRun(command);
        if (failure != null) {
            throw new IllegalStateException(String.join(" ", command) + ": " + failure);
        }
    }

    /** Runs a command; returns null when it succeeded, else its output or why it could not run. */
    private String tryRun(String... command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            return process.waitFor() == 0 ? null : output;
        } catch (IOException failure) {
            return failure.getMessage();
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }
}
