package io.rocelens.capture;

import java.io.IOException;

/**
 * Thrown by {@link CaptureReaders#open(java.nio.file.Path)} when a file is empty, is not a pcap or pcapng file, or
 * its file header (pcap) or first section header block (pcapng) is cut short or damaged. The message is one plain
 * line naming the file.
 */
public class NotACaptureException extends IOException {
    private static final long serialVersionUID = 1L;

    public NotACaptureException(String message) {
        super(message);
    }
}
