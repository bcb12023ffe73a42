package io.rocelens.capture;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;

/**
 * Refuses to write a capture onto a file being read: {@code decode F -w F} would truncate F while it is
 * being read, destroying the capture before its frames are read. Every writer of a capture asks here before it opens
 * anything for writing. Two names are the same file when they reach the same device and inode
 * ({@link Files#isSameFile}): the same path, a hard link, a symbolic link, a relative and an absolute name. An input
 * named {@code -} is standard input, which may itself be the file ({@code decode - -w F < F}).
 */
public final class OverwriteCheck {

    /** Standard input as a path (Linux and macOS); where it does not exist, standard input is never a file. */
    private static final Path STANDARD_INPUT = Path.of("/dev/stdin");

    private OverwriteCheck() {
    }

    /** Writing onto an input was refused. The message names both: "x.pcap is the capture being read". */
    public static final class WouldOverwriteInput extends IOException {
        private static final long serialVersionUID = 1L;

        WouldOverwriteInput(String message) {
            super(message);
        }
    }

    /**
     * Throws when {@code output} is the same file as one of {@code inputs}; an output that does not exist yet, or is
     * {@code -} (standard output), is never one.
     *
     * @throws WouldOverwriteInput with a one-line message naming the output and the input it is
     */
    public static void check(Path output, Collection<Path> inputs) throws WouldOverwriteInput {
        Path input = inputAt(output, inputs);
        if (input == null) {
            return;
        }
        String as = isStandardInput(input) ? " (as standard input)"
                : input.toString().equals(output.toString()) ? "" : " (as " + input + ")";
        throw new WouldOverwriteInput(output + " is the capture being read" + as
                + "; writing there would destroy it: name another file");
    }

    /** The input {@code output} is the same file as, or null when it is none of them. */
    public static Path inputAt(Path output, Collection<Path> inputs) {
        if (output == null || isStandardInput(output) || !Files.exists(output)) {
            return null;
        }
        for (Path input : inputs) {
            if (input == null) {
                continue;
            }
            Path file = isStandardInput(input) ? STANDARD_INPUT : input;
            try {
                if (Files.exists(file) && Files.isSameFile(file, output)) {
                    return input;
                }
            } catch (IOException | SecurityException cannotTell) {
                // a file that cannot be examined cannot be the one being read through this process either
            }
        }
        return null;
    }

    private static boolean isStandardInput(Path path) {
        return "-".equals(path.toString());
    }
}
