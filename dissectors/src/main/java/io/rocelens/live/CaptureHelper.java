package io.rocelens.live;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The capture helper: the one executable that holds the capabilities to capture (CAP_NET_RAW, CAP_NET_ADMIN), so
 * that neither the window nor {@code rocelens capture} nor the system's java needs them, as Wireshark leaves them to
 * dumpcap. It is a small C launcher ({@code packaging/capture-helper/rocelens-capture.c}) that raises those two
 * capabilities as ambient ones, clears the environment and starts a fixed java on a fixed, root-owned class path
 * with {@link CaptureHelperMain}: the capabilities reach the capture engine and nothing else. It is installed
 * {@code root:GROUP}, mode 0750, so only the members of its group (by default {@code rocelens}) may run it.
 */
public final class CaptureHelper {

    /** Where the .deb installs it; the from-source setup's default; both searched after the two settings below. */
    static final List<Path> INSTALLED = List.of(Path.of("/opt/rocelens/lib/rocelens-capture"),
            Path.of("/usr/local/lib/rocelens/rocelens-capture"));
    /** A system property naming the helper, searched first. */
    public static final String PROPERTY = "rocelens.captureHelper";
    /** An environment variable naming the helper, searched second. */
    public static final String ENVIRONMENT = "ROCELENS_CAPTURE_HELPER";
    /** The setup step for the user who has neither root nor a helper. */
    static final String HOW_TO_SET_UP = "with the .deb, 'sudo dpkg-reconfigure rocelens' and answer yes; from source,"
            + " 'sudo packaging/capture-helper/install.sh' once";

    private static final int CAP_NET_RAW = 13;

    private final Path executable;

    private CaptureHelper(Path executable) {
        this.executable = executable;
    }

    /**
     * Whether this process itself may open a capture: root, or CAP_NET_RAW in its effective set (Linux's
     * /proc/self/status). Where that cannot be read (not Linux) it says yes and lets libpcap answer.
     */
    static boolean mayCaptureHere() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("CapEff:")) {
                    long effective = Long.parseUnsignedLong(line.substring("CapEff:".length()).strip(), 16);
                    return (effective & (1L << CAP_NET_RAW)) != 0;
                }
            }
        } catch (IOException | RuntimeException unreadable) {
            return true;
        }
        return true;
    }

    /** The helper named by {@link #PROPERTY}, {@link #ENVIRONMENT} or found where it is installed, or null. */
    static CaptureHelper find() {
        List<Path> candidates = new ArrayList<>();
        String property = System.getProperty(PROPERTY);
        if (property != null && !property.isBlank()) {
            candidates.add(Path.of(property));
        }
        String environment = System.getenv(ENVIRONMENT);
        if (environment != null && !environment.isBlank()) {
            candidates.add(Path.of(environment));
        }
        candidates.addAll(INSTALLED);
        return candidates.stream().filter(Files::exists).findFirst().map(CaptureHelper::new).orElse(null);
    }

    Path executable() {
        return executable;
    }

    /**
     * Null when this user may run the helper, else the one line saying how to become allowed: join the group
     * that owns it.
     */
    String refusal() {
        if (Files.isExecutable(executable)) {
            return null;
        }
        PosixFileAttributes attributes;
        try {
            attributes = Files.readAttributes(executable, PosixFileAttributes.class);
        } catch (IOException | UnsupportedOperationException unknown) {
            return "no permission to capture: this user may not run the capture helper " + executable;
        }
        String group = attributes.group().getName();
        if ("root".equals(group) || !attributes.permissions().contains(PosixFilePermission.GROUP_EXECUTE)) {
            return "no permission to capture: the capture helper " + executable + " is for root only; let a group"
                    + " use it: " + HOW_TO_SET_UP;
        }
        String user = System.getProperty("user.name", "$USER");
        return String.format(Locale.ROOT, "no permission to capture: only the members of the group '%s' may run the"
                + " capture helper %s; join it with 'sudo usermod -aG %s %s' and log in again", group, executable,
                group, user);
    }
}
