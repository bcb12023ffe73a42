package io.rocelens.app.gui.packetlist.model;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A check for the window tests: reading a frame again from the capture file on the JavaFX thread (which must never
 * wait for a disk) is recorded and refused when the system property {@code rocelens.guard.frameReads} is true (the
 * build sets it for the app's tests). Off by default: a user's window never pays for it.
 *
 * <p>The one read still allowed there is a packet-list row's look (its Info text and colour), made when the row
 * comes on screen: {@link #allowedHere} marks it until that work moves off the JavaFX thread.
 */
public final class FrameReadGuard {

    static final boolean ON = Boolean.getBoolean("rocelens.guard.frameReads");
    /** The name JavaFX gives its application thread (this package holds no JavaFX to ask it). */
    private static final String FX_THREAD = "JavaFX Application Thread";
    private static final ThreadLocal<Integer> ALLOWED = ThreadLocal.withInitial(() -> 0);
    private static final List<String> VIOLATIONS = new CopyOnWriteArrayList<>();

    private FrameReadGuard() {
    }

    /** Called before each read of a frame from the file: refuses one on the JavaFX thread, when on. */
    static void reading(long frameNumber) {
        if (ON && Thread.currentThread().getName().equals(FX_THREAD) && ALLOWED.get() == 0) {
            IllegalStateException refused = new IllegalStateException("frame " + frameNumber
                    + " read from the capture file on the JavaFX thread");
            VIOLATIONS.add(refused.getMessage() + " at " + refused.getStackTrace()[2]);
            throw refused;
        }
    }

    /** Runs {@code read} with frame reads allowed on this thread (the packet list's row looks). */
    static <T> T allowedHere(java.util.function.Supplier<T> read) {
        ALLOWED.set(ALLOWED.get() + 1);
        try {
            return read.get();
        } finally {
            ALLOWED.set(ALLOWED.get() - 1);
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
