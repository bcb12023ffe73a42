package io.rocelens.capture;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/** Where the tests find the shared real captures and the committed pcapng fixtures. */
final class RealCaptures {
    private RealCaptures() {
    }

    /** The shared folder beside the repository; tests using it are skipped when it is missing. */
    static Path directory() {
        Path dir = Path.of(System.getProperty("user.dir")).resolve("../../shared/real-captures").normalize();
        Assumptions.assumeTrue(Files.isDirectory(dir), "no real captures at " + dir);
        return dir;
    }

    static Path file(String name) {
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
