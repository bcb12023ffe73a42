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
    record StartOptions(Path file, String displayFilter, Long goToFrame) {
    }

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
            startOptions = new StartOptions(file != null ? file : bundledSample(), displayFilter, goToFrame);
        } catch (IOException failure) {
            System.err.println("rocelens: cannot unpack the sample capture: " + failure.getMessage());
            return EXIT_NO_DISPLAY;
        }
        // JavaFX warns that it runs from the class path (the jar is one shaded jar); that is intended here
        JAVAFX_LOG.setLevel(Level.SEVERE);
        try {
            Application.launch(RoceLensApp.class);
        } catch (RuntimeException | UnsatisfiedLinkError failure) {
            System.err.println("rocelens: cannot open the window: " + failure.getMessage() + "; the headless commands"
                    + " need no display: rocelens decode|analyze|generate|bench (see 'rocelens --help')");
            return EXIT_NO_DISPLAY;
        }
        return 0;
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
        sample.toFile().deleteOnExit();
        folder.toFile().deleteOnExit();
        return sample;
    }
}
