package io.rocelens.app;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/**
 * The version and the commit the jar was built from, written by the build into {@code build.properties} (the
 * commit is "unknown" when the sources had no git history, as in a source tarball).
 */
public final class BuildInfo implements IVersionProvider {

    private static final String RESOURCE = "build.properties";

    private final String version;
    private final String commit;

    /** Reads what the build wrote (picocli makes its own instance for {@code --version}). */
    public BuildInfo() {
        Properties properties = new Properties();
        try (InputStream in = BuildInfo.class.getResourceAsStream(RESOURCE)) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException unreadable) {
            throw new UncheckedIOException(unreadable);
        }
        version = properties.getProperty("version", "unknown");
        commit = properties.getProperty("commit", "unknown");
    }

    public String version() {
        return version;
    }

    public String commit() {
        return commit;
    }

    @Override
    public String[] getVersion() {
        return new String[] {"RoCE Lens " + version + " (commit " + commit + ")"};
    }
}
