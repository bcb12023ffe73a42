package io.rocelens.app.gui.packetlist.model;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A check for the window tests: reading a frame again from the capture file on the JavaFX thread (which must never
 * wait for a disk) is recorded and refused when the system property {@code rocelens.guard.frameReads} is true (the
 * build sets it for the app's tests). Off by default: a user's window never pays for it.
 */
public final class FrameReadGuard {

    static final boolean ON = Boolean.getBoolean("rocelens.guard.frameReads");
    /** The name JavaFX gives its application thread (this package holds no JavaFX to ask it). */
    private static final String FX_THREAD = "JavaFX Application Thread";
    private static final List<String> VIOLATIONS = new CopyOnWriteArrayList<>();

    private FrameReadGuard() {
    }

    /** Called before each read of a frame from the file: refuses one on the JavaFX thread, when on. */
    static void reading(long frameNumber) {
        if (ON && Thread.currentThread().getName().equals(FX_THREAD)) {
            IllegalStateException refused = new IllegalStateException("frame " + frameNumber
                    + " read from the capture file on the JavaFX thread");
            VIOLATIONS.add(refused.getMessage() + " at " + refused.getStackTrace()[2]);
            throw refused;
        }
    }

    /** The reads refused so far, and clears them: the window tests fail when there were any. */
    public static List<String> takeViolations() {
        List<String> seen = List.copyOf(VIOLATIONS);
        VIOLATIONS.clear();
        return seen;
    }

    public static boolean isOn() {
        return ON;
    }
}
