package io.rocelens.app;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.NotACaptureException;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Path;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** What every file-reading command does alike: open with a plain one-line error, report where reading stopped. */
final class CliSupport {

    static final int EXIT_OK = 0;
    static final int EXIT_DAMAGED = 1;
    static final int EXIT_UNREADABLE = 2;

    private CliSupport() {
    }

    /** Opens the capture, or prints one line on stderr and returns null. */
    static CaptureReader open(Path file) {
        if (file.toString().isEmpty()) {
            // Path.of("") is the current directory, which would be reported under an empty name
            System.err.println("rocelens: the file name is empty");
            return null;
        }
        try {
            return CaptureReaders.open(file);
        } catch (NotACaptureException notCapture) {
            System.err.println("rocelens: " + notCapture.getMessage());
        } catch (NoSuchFileException missing) {
            System.err.println("rocelens: " + file + ": no such file");
        } catch (AccessDeniedException denied) {
            System.err.println("rocelens: " + file + ": permission denied");
        } catch (IOException failure) {
            System.err.println("rocelens: cannot read " + file + ": " + reason(failure));
        }
        return null;
    }

    /**
     * Why a file operation failed, in words: the NIO exceptions for a missing file or a denied access carry only the
     * file name as their message.
     */
    static String reason(IOException failure) {
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

    /** Prints where and why reading stopped early, if it did, and returns the exit status. */
    static int reportProblem(Path file, CaptureReader reader) {
        String problem = reader.problem();
        if (problem == null) {
            return EXIT_OK;
        }
        System.err.println("rocelens: " + file + ": " + problem);
        return EXIT_DAMAGED;
    }

    /** A frame count of at least 1. */
    static final class Count implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return inRange(value, 1, Long.MAX_VALUE);
        }
    }

    /** A whole number of at least 1. */
    static final class PositiveInt implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return (int) inRange(value, 1, Integer.MAX_VALUE);
        }
    }

    /** A whole number of at least 0. */
    static final class NonNegative implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return (int) inRange(value, 0, Integer.MAX_VALUE);
        }
    }

    /** A UDP port, 1 to 65535. */
    static final class Port implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return (int) inRange(value, 1, 65_535);
        }
    }

    private static long inRange(String value, long min, long max) {
        long number;
        try {
            number = Long.parseLong(value.strip());
        } catch (NumberFormatException notANumber) {
            throw new TypeConversionException("'" + value + "' is not a whole number");
        }
        if (number < min || number > max) {
            throw new TypeConversionException("'" + value + "' is out of range: " + (max == Long.MAX_VALUE
                    || max == Integer.MAX_VALUE ? "at least " + min : min + " to " + max));
        }
        return number;
    }
}
