package io.rocelens.app;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.NotACaptureException;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Path;

/** What every file-reading command does alike: open with a plain one-line error, report where reading stopped. */
final class CliSupport {

    static final int EXIT_OK = 0;
    static final int EXIT_DAMAGED = 1;
    static final int EXIT_UNREADABLE = 2;

    private CliSupport() {
    }

    /** Opens the capture, or prints one line on stderr and returns null. */
    static CaptureReader open(Path file) {
        try {
            return CaptureReaders.open(file);
        } catch (NotACaptureException notCapture) {
            System.err.println("rocelens: " + notCapture.getMessage());
        } catch (NoSuchFileException missing) {
            System.err.println("rocelens: " + file + ": no such file");
        } catch (AccessDeniedException denied) {
            System.err.println("rocelens: " + file + ": permission denied");
        } catch (IOException failure) {
            System.err.println("rocelens: cannot read " + file + ": " + failure.getMessage());
        }
        return null;
    }

    /** Prints where and why reading stopped early, if it did, and returns the exit status. */
    static int reportProblem(Path file, CaptureReader reader) {
        String problem = reader.problem();
        if (problem == null) {
            return EXIT_OK;
        }
        System.err.println("rocelens: " + file + ": " + problem);
        return EXIT_DAMAGED;
    }
}
