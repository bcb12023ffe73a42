package io.rocelens.capture;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.io.Closeable;

/**
 * Reads classic libpcap files: a 24-byte file header, then records of a 16-byte header (seconds, microseconds or
 * nanoseconds, captured length, original length) followed by the captured bytes.
 *
 * @see <a href="https://datatracker.ietf.org/doc/draft-ietf-opsawg-pcap/">draft-ietf-opsawg-pcap</a>
 */
final class PcapReader extends WindowedCaptureReader {
    static final int FILE_HEADER_LENGTH = 24;
    static final int RECORD_HEADER_LENGTH = 16;
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private final ByteOrder order;
    private final long fractionToNanos;
    private final int linkType;
    private final long snapLength;
    private long position = FILE_HEADER_LENGTH;
    private long frameNumber;
    /** No record starting at or after this byte is read (a split's end, see {@link CaptureSplit})... */
    private long end = Long.MAX_VALUE;
    /** ...that the next split recognises as a record's start, or any when null. */
    private Boundaries boundaries;

    PcapReader(String name, Closeable source, ByteWindow window, ByteOrder order, boolean nanos)
            throws IOException {
        super(source, window);
        this.order = order;
        this.fractionToNanos = nanos ? 1 : 1000;
        long size = window.available(0, FILE_HEADER_LENGTH);
        if (size < FILE_HEADER_LENGTH) {
            throw new NotACaptureException(name + " is cut short inside its " + FILE_HEADER_LENGTH
                    + "-byte pcap file header (the file has only " + size + " bytes)");
        }
        window.order(order);
        int at = window.ensure(0, FILE_HEADER_LENGTH);
        ByteBuffer header = window.buffer();
        int major = Short.toUnsignedInt(header.getShort(at + 4));
        int minor = Short.toUnsignedInt(header.getShort(at + 6));
        if (major != 2) {
            throw new NotACaptureException(name + " is a pcap file of version " + major + "." + minor
                    + ", but only version 2 exists");
        }
        // The upper 16 bits may carry FCS information (draft-ietf-opsawg-pcap, "LinkType and additional information")
        this.linkType = header.getInt(at + 20) & 0xFFFF;
        this.snapLength = Integer.toUnsignedLong(header.getInt(at + 16));
    }

    /**
     * Makes the next record read the one at {@code start} (a record boundary), numbered {@code numberBefore + 1}, and
     * reading end cleanly before the first record starting at or after {@code end} that {@code boundaries} (when not
     * null) recognises: the next split starts there.
     */
    void startAt(long start, long numberBefore, long end, Boundaries boundaries) {
        this.position = Math.max(start, FILE_HEADER_LENGTH);
        this.frameNumber = numberBefore;
        this.end = end;
        this.boundaries = boundaries;
    }

    /** Reads records until the next starts at or after {@code target}, reading stops, or the file ends. */
    void skipTo(long target) throws IOException {
        while (!done && position < target) {
            next();
        }
    }

    long position() {
        return position;
    }

    @Override
    public boolean wouldBlock() throws IOException {
        return !done && lacks(window.held(position, false)) && lacks(window.held(position, true));
    }

    /** True when {@code held} bytes at {@link #position} are not the whole next record. */
    private boolean lacks(long held) throws IOException {
        if (held == Long.MAX_VALUE) {
            return false;
        }
        if (held < RECORD_HEADER_LENGTH) {
            return true;
        }
        int at = window.ensure(position, RECORD_HEADER_LENGTH);
        return held < RECORD_HEADER_LENGTH + Integer.toUnsignedLong(window.buffer().getInt(at + 8));
    }

    @Override
    public Frame next() throws IOException {
        checkOpen();
        if (done) {
            return null;
        }
        if (position >= end && (boundaries == null || boundaries.recognised(position))) {
            done = true;
            return null;
        }
        long number = frameNumber + 1;
        window.release(position);
        long remaining = window.available(position, RECORD_HEADER_LENGTH);
        if (remaining < RECORD_HEADER_LENGTH) {
            if (remaining > 0) {
                return stop("file is cut short inside the header of frame " + number + " (record at byte " + position
                        + " needs " + RECORD_HEADER_LENGTH + " bytes, " + remaining + " remain)");
            }
            done = true;
            return null;
        }
        int at = window.ensure(position, RECORD_HEADER_LENGTH);
        ByteBuffer buffer = window.buffer();
        long seconds = seconds(buffer, at);
        long fraction = fraction(buffer, at);
        long captured = captured(buffer, at);
        long original = original(buffer, at);
        if (captured > CaptureReaders.MAX_CAPTURED_LENGTH) {
            return stop("frame " + number + " at byte " + position + " claims " + captured
                    + " captured bytes, more than the " + CaptureReaders.MAX_CAPTURED_LENGTH
                    + "-byte limit, so the file is damaged there");
        }
        int recordLength = RECORD_HEADER_LENGTH + (int) captured;
        remaining = window.available(position, recordLength);
        if (recordLength > remaining) {
            return stop("file is cut short inside frame " + number + " (record at byte " + position + " needs "
                    + recordLength + " bytes, " + remaining + " remain)");
        }
        at = window.ensure(position, recordLength);
        Frame frame = new Frame(number, seconds * NANOS_PER_SECOND + fraction * fractionToNanos,
                (int) Math.min(original, Integer.MAX_VALUE), linkType, Frame.NO_INTERFACE, position,
                window.slice(at + RECORD_HEADER_LENGTH, (int) captured));
        frameNumber = number;
        position += recordLength;
        return frame;
    }

    ByteOrder order() {
        return order;
    }

    // The fields of the record header at index {@code at} of a buffer in the file's byte order, all unsigned 32 bits

    static long seconds(ByteBuffer header, int at) {
        return Integer.toUnsignedLong(header.getInt(at));
    }

    /** Microseconds or nanoseconds, as the file's magic says. */
    static long fraction(ByteBuffer header, int at) {
        return Integer.toUnsignedLong(header.getInt(at + 4));
    }

    static long captured(ByteBuffer header, int at) {
        return Integer.toUnsignedLong(header.getInt(at + 8));
    }

    static long original(ByteBuffer header, int at) {
        return Integer.toUnsignedLong(header.getInt(at + 12));
    }

    /** The file header's snap length (0 or more, as written). */
    long snapLength() {
        return snapLength;
    }

    /** 1 for a nanosecond file, 1000 for a microsecond one. */
    long fractionToNanos() {
        return fractionToNanos;
    }

    @Override
    public CaptureFormat format() {
        return CaptureFormat.PCAP;
    }

    @Override
    public int linkType() {
        return linkType;
    }
}
