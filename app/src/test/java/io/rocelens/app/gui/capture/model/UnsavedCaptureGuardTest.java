package io.rocelens.app.gui.capture.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** The unsaved-capture question's logic, without JavaFX, a capture or root: the window's side is recorded. */
class UnsavedCaptureGuardTest {

    private final List<String> seen = new ArrayList<>();
    private UnsavedCaptureGuard.Answer answer = UnsavedCaptureGuard.Answer.CANCEL;
    private boolean capturing;
    private Path target = Path.of("kept.pcapng");
    private boolean saveWorks = true;
    /** The capture's file closes later (the window waits for it off the UI thread). */
    private boolean deferStop;
    private Runnable pendingStop;

    private final UnsavedCaptureGuard guard = new UnsavedCaptureGuard(new UnsavedCaptureGuard.Actions() {
        @Override
        public UnsavedCaptureGuard.Answer ask(String question) {
            seen.add("asked: " + question);
            return answer;
        }

        @Override
        public boolean capturing() {
            return capturing;
        }

        @Override
        public void stopCapture(Runnable stopped) {
            seen.add("stopped");
            capturing = false;
            if (deferStop) {
                pendingStop = stopped;
            } else {
                stopped.run();
            }
        }

        @Override
        public Path chooseSaveTarget() {
            seen.add("chose " + target);
            return target;
        }

        @Override
        public void saveTo(Path where, Consumer<Boolean> saved) {
            seen.add("saved to " + where);
            saved.accept(saveWorks);
        }

        @Override
        public void discard() {
            seen.add("discarded");
        }
    });

    private void then(String when) {
        guard.then(when, () -> seen.add("went on"));
    }

    @Test
    void nothingUnsavedGoesOnWithoutAsking() {
        guard.captureStarted(false);    // into a file the user named
        then("before quitting");
        assertEquals(List.of("went on"), seen);
    }

    @Test
    void cancelStopsThereAndKeepsTheCapture() {
        guard.captureStarted(true);
        then("before closing");
        assertEquals(List.of("asked: Do you want to save the captured packets before closing?"), seen);
        assertTrue(guard.unsaved());
    }

    @Test
    void dontSaveStopsARunningCaptureThenDiscardsIt() {
        guard.captureStarted(true);
        capturing = true;
        answer = UnsavedCaptureGuard.Answer.DONT_SAVE;
        then("before opening another file");
        assertEquals(List.of("asked: Do you want to stop the capture and save the captured packets before opening"
                + " another file?", "stopped", "discarded", "went on"), seen);
        assertFalse(guard.unsaved());
    }

    @Test
    void saveGoesOnOnlyOnceSaved() {
        guard.captureStarted(true);
        answer = UnsavedCaptureGuard.Answer.SAVE;
        saveWorks = false;
        then("before quitting");
        assertEquals(List.of("asked: Do you want to save the captured packets before quitting?", "chose kept.pcapng",
                "saved to kept.pcapng"), seen);
        seen.clear();
        saveWorks = true;
        then("before quitting");
        assertEquals("went on", seen.get(seen.size() - 1));
    }

    @Test
    void aCancelledFileChooserGoesNowhere() {
        guard.captureStarted(true);
        answer = UnsavedCaptureGuard.Answer.SAVE;
        target = null;
        then("before quitting");
        assertEquals(List.of("asked: Do you want to save the captured packets before quitting?", "chose null"), seen);
    }

    @Test
    void nothingGoesOnBeforeTheStoppedCaptureHasClosedItsFile() {
        guard.captureStarted(true);
        capturing = true;
        deferStop = true;
        answer = UnsavedCaptureGuard.Answer.DONT_SAVE;
        then("before quitting");
        assertEquals(List.of("asked: Do you want to stop the capture and save the captured packets before quitting?",
                "stopped"), seen);
        pendingStop.run();
        assertEquals(List.of("discarded", "went on"), seen.subList(2, seen.size()));
    }
}
