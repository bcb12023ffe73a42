package io.rocelens.app;

import io.rocelens.analysis.AnalysisMarks;
import io.rocelens.analysis.AnalysisOptions;
import io.rocelens.analysis.RoceAnalyzer;
import io.rocelens.capture.CaptureFormat;
import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.CaptureReaders;
import io.rocelens.capture.CaptureOpenException;
import io.rocelens.capture.OverwriteCheck;
import io.rocelens.dissect.SummaryPipeline;
import io.rocelens.filter.DisplayFilter;
import io.rocelens.filter.FilterException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** What every file-reading command does alike: open with a plain one-line error, report where reading stopped. */
final class CliSupport {

    static final int EXIT_OK = 0;
    static final int EXIT_DAMAGED = 1;
    static final int EXIT_UNREADABLE = 2;

    private CliSupport() {
    }

    /**
     * Prints one line on standard error: "rocelens: " and the message, with control characters escaped (a newline
     * in a file name would otherwise break the line in two).
     */
    static void printError(String message) {
        StringBuilder line = new StringBuilder("rocelens: ");
        message.codePoints().forEach(c -> {
            switch (c) {
                case '\n' -> line.append("\\n");
                case '\r' -> line.append("\\r");
                case '\t' -> line.append("\\t");
                default -> {
                    if (Character.isISOControl(c)) {
                        line.append(String.format("\\x%02x", c));
                    } else {
                        line.appendCodePoint(c);
                    }
                }
            }
        });
        System.err.println(line);
    }

    /**
     * The exit status once standard output is flushed: {@code status}, or {@link #EXIT_UNREADABLE} with one line on
     * stderr when writing to it failed. A reader that quit ({@code decode F | head}) is not a failure.
     */
    static int checkStandardOutput(int status) {
        System.out.flush();
        if (!System.out.checkError()) {
            return status;
        }
        IOException failure = StandardOutput.failure();
        if (failure != null && "Broken pipe".equals(failure.getMessage())) {
            return status;
        }
        printError("cannot write to standard output" + (failure == null ? "" : ": " + failure.getMessage()));
        return EXIT_UNREADABLE;
    }

    /** Opens the capture ("-" reads standard input), or prints one line on stderr and returns null. */
    static CaptureReader open(Path file) {
        try {
            CaptureOpenException.checkName(file);
            return CaptureReaders.openFileOrStandardInput(file);
        } catch (IOException failure) {
            printError(CaptureOpenException.of(file, failure).getMessage());
            return null;
        }
    }

    /** The input as messages name it: "-" is standard input. */
    static String name(Path file) {
        return CaptureReaders.isStandardInput(file) ? "standard input" : file.toString();
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
        return reportProblem(file, problem, List.of());
    }

    /**
     * Prints the notes (frames not dissected, not written) and where and why reading stopped early, if it did, and
     * returns the exit status. A damaged file gets one line, the damage last ("3 frames of link type 105 not
     * dissected; x.pcap: file is cut short …"), so that a script reading the last line, or the only one, reads why
     * the status is 1; otherwise each note is a line of its own.
     */
    static int reportProblem(Path file, String problem, List<String> notes) {
        if (problem == null) {
            notes.forEach(CliSupport::printError);
            return EXIT_OK;
        }
        List<String> parts = new java.util.ArrayList<>(notes);
        parts.add(name(file) + ": " + problem);
        printError(String.join("; ", parts));
        return EXIT_DAMAGED;
    }

    /**
     * The display filter given with -Y (the empty filter when none), or null after printing why it is wrong, with
     * the column, on one line.
     */
    static DisplayFilter compileFilter(String text) {
        try {
            return DisplayFilter.compile(text == null ? "" : text);
        } catch (FilterException wrong) {
            printError("-Y: " + wrong.getMessage() + " (column " + (wrong.position() + 1) + ")");
            return null;
        }
    }

    /**
     * True when {@code output} is none of the files being read; else prints one line (the option, the file, which
     * input it is) and returns false. Asked before anything is opened for writing.
     */
    static boolean notAnInput(String option, Path output, Collection<Path> inputs) {
        try {
            OverwriteCheck.check(output, inputs);
            return true;
        } catch (OverwriteCheck.WouldOverwriteInput refused) {
            printError(option + " " + refused.getMessage());
            return false;
        }
    }

    /** The capture format an output file's extension names, or null after printing that it names none. */
    static CaptureFormat captureFormat(Path output) {
        String name = output.getFileName() == null ? "" : output.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".pcapng")) {
            return CaptureFormat.PCAPNG;
        }
        if (name.endsWith(".pcap")) {
            return CaptureFormat.PCAP;
        }
        printError("-w " + output + ": name the output .pcap or .pcapng");
        return null;
    }

    /**
     * The analysis marks of a capture, for a filter on {@code roce.analysis.*}: one analysis pass over its first
     * {@code limit} frames (a damaged file's frames before the damage), made before the pass the filter selects on.
     */
    static AnalysisMarks marks(CaptureReader reader, SummaryPipeline pipeline, long limit) throws IOException {
        AnalysisMarks marks = new AnalysisMarks();
        RoceAnalyzer analyzer = new RoceAnalyzer(AnalysisOptions.defaults(), marks);
        pipeline.run(reader, limit, analyzer::accept);
        analyzer.result();
        return marks;
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

    /**
     * A whole number from min to max. The message says what is wrong with what the user typed: not a whole number,
     * or out of range with the range ("at least 1" below an open-ended range, "0 to 2147483647" above it), also for a
     * number too large for a long.
     */
    static long inRange(String value, long min, long max) {
        String digits = value.strip();
        if (!digits.matches("[-+]?[0-9]+")) {
            throw new TypeConversionException("'" + value + "' is not a whole number");
        }
        java.math.BigInteger number = new java.math.BigInteger(digits);
        boolean below = number.compareTo(java.math.BigInteger.valueOf(min)) < 0;
        if (below || number.compareTo(java.math.BigInteger.valueOf(max)) > 0) {
            boolean openEnded = max == Long.MAX_VALUE || max == Integer.MAX_VALUE;
            throw new TypeConversionException("'" + value + "' is out of range: " + (below && openEnded
                    ? "at least " + min : min + " to " + max));
        }
        return number.longValueExact();
    }
}
