package io.rocelens.capture;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * Where the tests find the shared real captures (the folder {@code real-captures} beside the clone) and the
 * committed pcapng fixtures. Without the folder a test that needs it is skipped, except on CI ({@code CI=true}),
 * where a skip would hide that nothing was checked: there it fails.
 */
public final class RealCaptures {
    private static final Path DIRECTORY =
            Path.of(System.getProperty("user.dir")).resolve("../../shared/real-captures").normalize();

    private RealCaptures() {
    }

    /** The folder; the calling test is skipped when it is missing (fails on CI). */
    public static Path directory() {
        Assumptions.assumeTrue(present(), "no real captures at " + DIRECTORY);
        return DIRECTORY;
    }

    /**
     * Whether the folder is there, for tests that do something else without it; on CI its absence fails the
     * calling test.
     */
    public static boolean present() {
        boolean present = Files.isDirectory(DIRECTORY);
        if (!present && "true".equals(System.getenv("CI"))) {
            Assertions.fail("CI=true but the real captures are missing: " + DIRECTORY);
        }
        return present;
    }

    public static Path file(String name) {
        return directory().resolve(name);
    }

    static Path fixture(String name) {
        try {
            return Path.of(RealCaptures.class.getResource("/capture/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
