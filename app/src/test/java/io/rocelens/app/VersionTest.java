package io.rocelens.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code rocelens --version} names the version and the commit the build saw, by git's own account. */
class VersionTest {

    private static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent();
    private static final Path SCRIPT = ROOT.resolve("app/src/build/build-info.sh");

    @Test
    void versionNamesTheCommitGitReports() throws Exception {
        String expected = Files.exists(ROOT.resolve(".git"))
                ? run(ROOT, "git", "rev-parse", "--short=12", "HEAD").strip()
                : "unknown";
        CommandRunner version = CommandRunner.run("--version");
        assertEquals(0, version.status());
        assertTrue(version.out().matches("RoCE Lens \\d+\\.\\d+\\.\\d+(-SNAPSHOT)? \\(commit " + expected
                + "(-dirty)?\\)\\R"), version.out());
        assertEquals(version.out(), CommandRunner.run("analyze", "--version").out(), "sub-commands say the same");
    }

    /** A source tarball unpacked inside some other repository must not take that repository's commit. */
    @Test
    void sourcesWithoutTheirOwnGitSayUnknown(@TempDir Path dir) throws Exception {
        Path outer = Files.createDirectories(dir.resolve("outer"));
        run(outer, "git", "init", "-q");
        run(outer, "git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "x");
        Path sources = Files.createDirectories(outer.resolve("rocelens-0.1.0"));
        Path properties = dir.resolve("build.properties");
        run(dir, "bash", SCRIPT.toString(), sources.toString(), "0.1.0", properties.toString());
        assertEquals("version=0.1.0\ncommit=unknown\n", Files.readString(properties, StandardCharsets.UTF_8));
    }

    private static String run(Path directory, String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.waitFor(), String.join(" ", command) + ": " + output);
        return output;
    }
}
