package io.rocelens.app.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Issue 21 item 22: on a Debian 12 with Xvfb but no desktop, JavaFX fails with "Unable to load glass GTK library"
 * (GtkApplication's words when neither GTK 3 nor GTK 2 loads); the line names the package, as the libpcap one does.
 */
class GuiLauncherTest {

    @Test
    void aMissingGtkNamesThePackage() {
        Throwable failure = new RuntimeException("Application launch failed",
                new UnsatisfiedLinkError("Unable to load glass GTK library."));
        assertEquals("rocelens: cannot open the window: Unable to load glass GTK library (GTK 3 is missing: install it"
                + " with 'apt-get install libgtk-3-0' on Debian and Ubuntu, 'dnf install gtk3' on Fedora and RHEL);"
                + " the headless commands need no display: rocelens decode|analyze|generate|bench (see 'rocelens"
                + " --help')", GuiLauncher.cannotOpen(failure));
    }

    @Test
    void otherFailuresAreSaidAsJavaFxSaysThem() {
        assertEquals("rocelens: cannot open the window: Unable to open DISPLAY; the headless commands need no display:"
                        + " rocelens decode|analyze|generate|bench (see 'rocelens --help')",
                GuiLauncher.cannotOpen(new UnsupportedOperationException("Unable to open DISPLAY")));
    }
}
