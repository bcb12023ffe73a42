package io.rocelens.app;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.CaptureOpenException;
import java.io.IOException;
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
        try {
            CaptureOpenException.checkName(file);
            return CaptureReaders.open(file);
        } catch (IOException failure) {
            System.err.println("rocelens: " + CaptureOpenException.of(file, failure).getMessage());
            return null;
        }
    }

    /** Why a file operation failed, in words. */
    static String reason(IOException failure) {
        return CaptureOpenException.reason(failure);
    }

    /** Prints where and why reading stopped early, if it did, and returns the exit status. */
    static int reportProblem(Path file, CaptureReader reader) {
        return reportProblem(file, reader.problem());
    }

    /** Prints where and why reading stopped early, if {@code problem} says it did, and returns the exit status. */
    static int reportProblem(Path file, String problem) {
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
