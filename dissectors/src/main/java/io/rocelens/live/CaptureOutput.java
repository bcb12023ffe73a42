package io.rocelens.live;

import java.nio.file.Path;

/** Where a live capture writes its pcapng. */
public sealed interface CaptureOutput {

    /** A new file in the temporary directory, named after the interfaces and the start time. */
    record TemporaryFile() implements CaptureOutput {
    }

    /** The named file, replaced if it exists. */
    record NamedFile(Path path) implements CaptureOutput {
    }

    /** Standard output, for a pipe into Wireshark ({@code wireshark -k -i -}) or another reader. */
    record StandardOutput() implements CaptureOutput {
    }

    /**
     * Several files of at most {@code fileBytes} each (the frame that crosses the size ends a file), named like
     * dumpcap's: {@code NAME_00001_20260101120000.pcapng} for {@code path} NAME.pcapng. With {@code files} above 0
     * only the newest {@code files} are kept, the oldest deleted as a new one starts; 0 keeps every file.
     */
    record RingBuffer(Path path, int files, long fileBytes) implements CaptureOutput {
        public RingBuffer {
            if (files < 0 || fileBytes < 1) {
                throw new IllegalArgumentException("a ring buffer needs at least 0 files (0: keep all) of at least 1"
                        + " byte, not " + files + " files of " + fileBytes + " bytes");
            }
        }
    }
}
