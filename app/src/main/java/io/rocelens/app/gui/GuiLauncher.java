package io.rocelens.app.gui;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.logging.Level;
import javafx.application.Application;

/**
 * Opens the desktop window. Kept apart from {@code Main} so the headless commands never load a JavaFX class; where
 * no display can be opened it says so in one line and points to those commands.
 */
public final class GuiLauncher {

    /** The capture a first start opens, bundled in the jar from {@code sample-captures/}. */
    static final String SAMPLE = "mixed.pcapng";

    private static final int EXIT_NO_DISPLAY = 2;

    /** JavaFX's own logger, held so the level set below is not lost to garbage collection. */
    private static final java.util.logging.Logger JAVAFX_LOG = java.util.logging.Logger.getLogger("javafx");

    private static volatile StartOptions startOptions;

    private GuiLauncher() {
    }

    /** What the command line asked the window to do at start. */
    record StartOptions(Path file, String displayFilter, Long goToFrame, java.util.List<Path> correlated) {
    }

    /**
     * Runs the window on the captures of one path, in path order: the first in the packet list, all correlated.
     *
     * @return the process exit status
     */
    public static int launchCorrelated(java.util.List<Path> files, String displayFilter, Long goToFrame) {
        correlated = java.util.List.copyOf(files);
        return launch(files.get(0), displayFilter, goToFrame);
    }

    private static volatile java.util.List<Path> correlated;

    /**
     * Runs the window until it is closed.
     *
     * @param file          the capture to open, or null for the bundled sample
     * @param displayFilter applied once the file is open, or null
     * @param goToFrame     frame selected once loaded, or null
     * @return the process exit status
     */
    public static int launch(Path file, String displayFilter, Long goToFrame) {
        String noDisplay = whyNoDisplay();
        if (noDisplay != null) {
            System.err.println("rocelens: cannot open the window: " + noDisplay + "; the headless commands need no"
                    + " display: rocelens decode|analyze|generate|bench (see 'rocelens --help')");
            return EXIT_NO_DISPLAY;
        }
        try {
            startOptions = new StartOptions(file != null ? file : bundledSample(), displayFilter, goToFrame,
                    correlated);
        } catch (IOException failure) {
            System.err.println("rocelens: cannot unpack the sample capture: " + failure.getMessage());
            return EXIT_NO_DISPLAY;
        }
        // JavaFX warns that it runs from the class path (the jar is one shaded jar); that is intended here
        JAVAFX_LOG.setLevel(Level.SEVERE);
        renderingSettings();
        try {
            Application.launch(RoceLensApp.class);
        } catch (RuntimeException | UnsatisfiedLinkError failure) {
            System.err.println(cannotOpen(failure));
            return EXIT_NO_DISPLAY;
        }
        return 0;
    }

    /**
     * JavaFX's rendering settings, read once when the toolkit starts: set before it does, unless given on the command
     * line. Region caching off: JavaFX draws a region whose background has more than one fill (modena's table rows,
     * the tables, buttons, scroll bars) from an image of it cached in nine slices; with software rendering (no GPU
     * pipeline, as on a remote display or under Xvfb) drawing those images cost about three times drawing the fills
     * themselves, and was most of the renderer's time while a live capture scrolled the packet list ten times a
     * second (docs/speed.md). A GPU draws a plain fill as cheaply as an image.
     */
    public static void renderingSettings() {
        if (System.getProperty("prism.disableRegionCaching") == null) {
            System.setProperty("prism.disableRegionCaching", "true");
        }
    }

    /** The package that holds GTK 3, which JavaFX's glass needs on Linux. */
    static final String GTK_PACKAGE = "libgtk-3-0";

    /**
     * The one line for a window that could not open. JavaFX says only "Unable to load glass GTK library" when GTK 3
     * is missing (a server with Xvfb but no desktop): the line names the package, as the libpcap message does.
     */
    static String cannotOpen(Throwable failure) {
        String why = String.valueOf(failure.getMessage());
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            String message = String.valueOf(cause.getMessage());
            if (message.contains("glass GTK") || message.contains("libgtk")) {
                why = message.replaceAll("\\.$", "") + " (GTK 3 is missing: install it with 'apt-get install "
                        + GTK_PACKAGE + "' on Debian and Ubuntu, 'dnf install gtk3' on Fedora and RHEL)";
                break;
            }
        }
        return "rocelens: cannot open the window: " + why + "; the headless commands need no display: "
                + "rocelens decode|analyze|generate|bench (see 'rocelens --help')";
    }

    static StartOptions startOptions() {
        return startOptions;
    }

    /** Null when a display is there to try; else why not (JavaFX would fail with a stack trace). */
    private static String whyNoDisplay() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        if (!os.startsWith("linux") || System.getProperty("glass.platform") != null) {
            return null;
        }
        boolean x11 = System.getenv("DISPLAY") != null && !System.getenv("DISPLAY").isBlank();
        boolean wayland = System.getenv("WAYLAND_DISPLAY") != null && !System.getenv("WAYLAND_DISPLAY").isBlank();
        return x11 || wayland ? null : "no display (DISPLAY is not set)";
    }

    /** Copies the bundled sample to a temporary file, removed when the program ends: readers need a real file. */
    static Path bundledSample() throws IOException {
        Path folder = Files.createTempDirectory("rocelens");
        Path sample = folder.resolve(SAMPLE);
        try (InputStream in = GuiLauncher.class.getResourceAsStream(SAMPLE)) {
            if (in == null) {
                throw new IOException("it is missing from the jar");
            }
            Files.copy(in, sample, StandardCopyOption.REPLACE_EXISTING);
        }
        // deleted in the reverse order of these calls: the file, then its folder
        folder.toFile().deleteOnExit();
        sample.toFile().deleteOnExit();
        bundledCopy = sample;
        return sample;
    }

    /** The temporary copy of the bundled sample this run made, or null. */
    private static volatile Path bundledCopy;

    /** True for the temporary copy of the bundled sample: it is gone when the program ends. */
    static boolean isBundledCopy(Path file) {
        Path copy = bundledCopy;
        return copy != null && copy.toAbsolutePath().normalize().equals(file.toAbsolutePath().normalize());
    }
}
