package io.rocelens.app.gui.capture.model;

import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * Nothing captured is lost without asking: while the open capture is a live capture's temporary file the user has
 * not saved, or a file whose packet comments the user changed, closing it, opening another file, starting another
 * capture or quitting first asks Save / Don't Save / Cancel, as Wireshark does (stopping a running capture first).
 * Don't Save deletes a temporary file (a named file is left as it was); Save asks for a name and goes on once the file
 * is there. Plain Java: the dialogs and the file work are the window's
 * {@link Actions}.
 */
public final class UnsavedCaptureGuard {

    /** The user's answer to the question. */
    public enum Answer { SAVE, DONT_SAVE, CANCEL }

    /** What the guard needs from the window. */
    public interface Actions {
        /** Asks the question (a heading) and waits for the answer. */
        Answer ask(String question);

        /** True while a live capture runs. */
        boolean capturing();

        /** Stops the running capture; {@code stopped} runs on the UI thread once its file is closed. */
        void stopCapture(Runnable stopped);

        /** Asks where to save; null when the user cancels. */
        Path chooseSaveTarget();

        /**
         * Saves the capture there, in the background; {@code saved} runs on the UI thread once it is, with true, or
         * false when it could not be saved (the user was told why).
         */
        void saveTo(Path target, Consumer<Boolean> saved);

        /** Closes the capture and deletes its temporary file. */
        void discard();
    }

    private final Actions actions;
    /** The open capture is a temporary file nobody named yet. */
    private boolean temporary;
    /** The user changed what the file holds (a packet comment) since it was opened or saved. */
    private boolean changed;

    public UnsavedCaptureGuard(Actions actions) {
        this.actions = actions;
    }

    /** A capture started: into a temporary file (to be saved) or a file the user named. */
    public void captureStarted(boolean temporaryFile) {
        temporary = temporaryFile;
        changed = false;
    }

    /**
     * The user changed what the open file would hold (added, edited or deleted a packet comment): it is unsaved until
     * saved, and Don't Save leaves the file as it is, as Wireshark asks for changes.
     */
    public void changed() {
        changed = true;
    }

    /** The capture is saved, discarded or closed: nothing is left to ask about. */
    public void settled() {
        temporary = false;
        changed = false;
    }

    /** True when closing the capture would lose something: a temporary capture file, or the user's changes. */
    public boolean unsaved() {
        return temporary || changed;
    }

    /** True when the open capture is a temporary file (a live capture's or a merge's) nobody named yet. */
    public boolean temporary() {
        return temporary;
    }

    /** True when the user changed the capture (packet comments) since it was opened or saved. */
    public boolean hasChanges() {
        return changed;
    }

    /**
     * Runs {@code then} once nothing unsaved would be lost by it: at once when nothing is unsaved; else after the
     * user's answer (and the save, if Save), or never if Cancel (or if the save failed or was cancelled).
     *
     * @param when the end of the question: "before quitting", "before opening another file", …
     */
    public void then(String when, Runnable then) {
        if (!unsaved()) {
            then.run();
            return;
        }
        boolean capturing = actions.capturing();
        Answer answer = actions.ask(temporary || capturing ? question(when, capturing) : changesQuestion(when));
        if (answer == Answer.CANCEL) {
            return;
        }
        if (capturing) {
            actions.stopCapture(() -> answered(answer, then));
        } else {
            answered(answer, then);
        }
    }

    private void answered(Answer answer, Runnable then) {
        if (answer == Answer.SAVE) {
            Path target = actions.chooseSaveTarget();
            if (target != null) {
                actions.saveTo(target, saved -> {
                    if (saved) {
                        then.run();
                    }
                });
            }
            return;
        }
        actions.discard();
        settled();
        then.run();
    }

    /** The question about the user's changes to a named file, as Wireshark asks it. */
    public static String changesQuestion(String when) {
        return "Do you want to save the changes you've made to the capture file " + when + "?";
    }

    /** The question, as Wireshark asks it. */
    public static String question(String when, boolean capturing) {
        return "Do you want to " + (capturing ? "stop the capture and " : "") + "save the captured packets " + when
                + "?";
    }
}
