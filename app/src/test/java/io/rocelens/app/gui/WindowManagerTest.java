package io.rocelens.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The window as a desktop user meets it: the program itself (a JVM of its own, GTK rather than Monocle) on a virtual
 * X display of 1600×1000 with a real window manager, openbox, driven with xdotool. Needs Xvfb, openbox and xdotool
 * (Debian: xvfb openbox xdotool); skipped without them, except with CI=true, where they must be there
 * (.ci/apt-packages installs them).
 */
@Tag("wm")
class WindowManagerTest {

    private static final Path MIXED = Path.of("../sample-captures/mixed.pcapng").toAbsolutePath();

    @TempDir
    Path folder;

    private final List<Process> started = new ArrayList<>();
    private String display;

    @BeforeEach
    void display() throws Exception {
        boolean tools = List.of("Xvfb", "openbox", "xdotool").stream().allMatch(WindowManagerTest::onPath);
        if (!"true".equals(System.getenv("CI"))) {
            Assumptions.assumeTrue(tools, "Xvfb, openbox and xdotool are needed");
        }
        assertTrue(tools, "with CI=true, Xvfb, openbox and xdotool must be installed (.ci/apt-packages)");
        // Xvfb picks a free display and writes its number
        Process xvfb = start(List.of("Xvfb", "-displayfd", "1", "-screen", "0", "1600x1000x24", "-nolisten", "tcp"),
                null, folder.resolve("xvfb.log"), false);
        BufferedReader number = new BufferedReader(new InputStreamReader(xvfb.getInputStream(),
                StandardCharsets.US_ASCII));
        display = ":" + number.readLine().strip();
        Path config = folder.resolve("openbox.xml");
        // openbox's defaults, and a key to maximise the window with (Super+Up)
        Files.writeString(config, """
                <?xml version="1.0" encoding="UTF-8"?>
                <openbox_config xmlns="http://openbox.org/3.4/rc">
                  <keyboard><keybind key="W-Up"><action name="Maximize"/></keybind></keyboard>
                </openbox_config>
                """);
        start(List.of("openbox", "--config-file", config.toString()), display, folder.resolve("openbox.log"), true);
        // openbox has no sign of being ready that xdotool reads: give it a moment
        Thread.sleep(1500);
    }

    @AfterEach
    void stop() throws InterruptedException {
        for (int i = started.size() - 1; i >= 0; i--) {
            started.get(i).destroy();
            started.get(i).waitFor(10, TimeUnit.SECONDS);
        }
    }

    /**
     * It opened at 200×200 under openbox, and a maximised window fell back to its small size when a dialog opened. It
     * opens at its default size (1280×860 less openbox's frame), keeps its maximised state with Go to Packet open,
     * and opens again where it was left.
     */
    @Test
    void opensAtItsSizeStaysMaximisedWithADialogAndComesBackWhereItWasLeft() throws Exception {
        Path preferences = folder.resolve("config");
        Process app = launch(preferences);
        String window = mainWindow();
        // openbox maps it at GTK's default size first; the window asks for its own once shown
        waitFor("the default size, 1280x860 less the frame", () -> {
            int[] size = geometry(window);
            return size[2] >= 1200 && size[3] >= 780;
        });

        xdotool("windowactivate", "--sync", window);
        xdotool("key", "super+Up");
        waitFor("the window maximised", () -> geometry(window)[2] == 1600);
        xdotool("key", "ctrl+g");
        waitFor("Go to Packet", () -> !xdotool("search", "--name", "^Go to Packet$").isEmpty());
        Thread.sleep(1500);
        int[] withDialog = geometry(window);
        assertEquals(1600, withDialog[2], "the width with the dialog open");
        assertTrue(withDialog[3] >= 900, "the height with the dialog open: " + withDialog[3]);
        xdotool("key", "Escape");
        waitFor("the dialog closed", () -> xdotool("search", "--name", "^Go to Packet$").isEmpty());

        xdotool("windowactivate", "--sync", window);
        xdotool("key", "ctrl+q");
        assertTrue(app.waitFor(30, TimeUnit.SECONDS), "the program ended");
        String saved = Files.readString(preferences.resolve("preferences.properties"));
        assertTrue(saved.contains("window.maximized=true"), saved);

        launch(preferences);
        String again = mainWindow();
        waitFor("the window maximised again", () -> geometry(again)[2] == 1600);
    }

    /**
     * File › Open's chooser is GTK's own, modal in the toolkit: JavaFX 21 disables the main window meanwhile, freezing
     * its size (JDK-8332222), and openbox took its maximised state away for good (1280×841 after the chooser). Once
     * the chooser is gone, the window is maximised again.
     */
    @Test
    void aMaximisedWindowIsMaximisedAgainAfterTheFileChooser() throws Exception {
        launch(folder.resolve("config"));
        String window = mainWindow();
        xdotool("windowactivate", "--sync", window);
        xdotool("key", "super+Up");
        waitFor("the window maximised", () -> geometry(window)[2] == 1600);
        xdotool("key", "ctrl+o");
        waitFor("the file chooser", () -> !xdotool("search", "--onlyvisible", "--name", "^Open Capture File$")
                .isEmpty());
        Thread.sleep(1500);
        xdotool("key", "Escape");
        waitFor("the chooser closed", () -> xdotool("search", "--onlyvisible", "--name", "^Open Capture File$")
                .isEmpty());
        waitFor("the window maximised again", () -> geometry(window)[2] == 1600 && geometry(window)[3] >= 900);
    }

    private Process launch(Path preferences) throws Exception {
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Path log = folder.resolve("app-" + started.size() + ".log");
        Process app = start(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dprism.order=sw", "-Drocelens.config.dir=" + preferences, "-cp", classpath,
                "io.rocelens.app.Main", MIXED.toString()), display, log, true);
        waitFor("the capture opened (" + log + ")", () -> Files.readString(log).contains("opened "));
        return app;
    }

    /** The main window's X id, once mapped. */
    private String mainWindow() throws Exception {
        String[] found = new String[1];
        waitFor("the main window", () -> {
            List<String> ids = xdotool("search", "--onlyvisible", "--name", "^RoCE Lens — mixed.pcapng$");
            found[0] = ids.isEmpty() ? null : ids.get(0);
            return found[0] != null;
        });
        return found[0];
    }

    /** x, y, width, height as xdotool gives them. */
    private int[] geometry(String window) throws IOException, InterruptedException {
        int[] values = new int[4];
        for (String line : xdotool("getwindowgeometry", "--shell", window)) {
            String[] pair = line.split("=", 2);
            switch (pair[0]) {
                case "X" -> values[0] = Integer.parseInt(pair[1]);
                case "Y" -> values[1] = Integer.parseInt(pair[1]);
                case "WIDTH" -> values[2] = Integer.parseInt(pair[1]);
                case "HEIGHT" -> values[3] = Integer.parseInt(pair[1]);
                default -> { }
            }
        }
        return values;
    }

    private List<String> xdotool(String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("xdotool"));
        command.addAll(List.of(arguments));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("DISPLAY", display);
        Process run = builder.start();
        List<String> lines;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(run.getInputStream(),
                StandardCharsets.UTF_8))) {
            lines = out.lines().filter(Predicate.not(String::isBlank)).toList();
        }
        run.waitFor(20, TimeUnit.SECONDS);
        return run.exitValue() == 0 ? lines : List.of();
    }

    private Process start(List<String> command, String onDisplay, Path log, boolean logOutput) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command);
        if (onDisplay != null) {
            builder.environment().put("DISPLAY", onDisplay);
        }
        Map<String, String> environment = builder.environment();
        environment.remove("JAVA_TOOL_OPTIONS");
        if (logOutput) {
            builder.redirectErrorStream(true).redirectOutput(log.toFile());
        } else {
            builder.redirectError(log.toFile());
        }
        Process process = builder.start();
        started.add(process);
        return process;
    }

    private interface Check {
        boolean holds() throws Exception;
    }

    /** Waits up to a minute (the machine may be busy) for the check. */
    private static void waitFor(String what, Check check) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < end) {
            if (check.holds()) {
                return;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("timed out waiting for " + what);
    }

    private static boolean onPath(String program) {
        for (String folder : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (Files.isExecutable(Path.of(folder, program))) {
                return true;
            }
        }
        return false;
    }
}
