package io.rocelens.capture;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * A capture file could not be opened. The message is one plain line naming the file, the same for the command
 * line's standard error and the window's dialog: "x.pcap: no such file", "y.txt is not a pcap or pcapng capture file
 * (starts with 0x48656c6c)".
 */
public final class CaptureOpenException extends IOException {
    private static final long serialVersionUID = 1L;

    private CaptureOpenException(String message, IOException cause) {
        super(message, cause);
    }

    /** Why {@code file} could not be opened, from what opening it threw. */
    public static CaptureOpenException of(Path file, IOException failure) {
        if (failure instanceof CaptureOpenException already) {
            return already;
        }
        String message;
        if (failure instanceof NotACaptureException) {
            message = failure.getMessage();
        } else if (failure instanceof NoSuchFileException) {
            message = file + ": no such file";
        } else if (failure instanceof AccessDeniedException) {
            message = file + ": permission denied";
        } else {
            message = "cannot read " + file + ": " + reason(failure);
        }
        return new CaptureOpenException(message, failure);
    }

    /** Refuses an empty file name, which would otherwise name the current directory. */
    public static void checkName(Path file) throws CaptureOpenException {
        if (file.toString().isEmpty()) {
            throw new CaptureOpenException("the file name is empty", null);
        }
    }

    /**
     * Why a file operation failed, in words: the NIO exceptions for a missing file or a denied access carry only the
     * file name as their message.
     */
    public static String reason(IOException failure) {
        if (failure instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (failure instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (failure instanceof FileSystemException fileSystem && fileSystem.getReason() != null) {
            return fileSystem.getReason();
        }
        return String.valueOf(failure.getMessage());
    }
}
