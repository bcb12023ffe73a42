package io.rocelens.capture;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Writes a classic pcap file with nanosecond timestamps (magic 0xA1B23C4D, little-endian) and LINKTYPE_ETHERNET.
 */
public final class PcapWriter implements CaptureWriter {

    public static final int MAGIC_NANOS = 0xA1B23C4D;
    private static final int RECORD_HEADER_BYTES = 16;
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private final BufferedFileOutput out;
    private final int snaplen;
    private long frames;

    public PcapWriter(Path path, int snaplen) throws IOException {
        this.snaplen = checkSnaplen(snaplen);
        out = new BufferedFileOutput(path);
        out.reserve(24)
                .putInt(MAGIC_NANOS)
                .putShort((short) 2)
                .putShort((short) 4)
                .putInt(0)          // thiszone: timestamps are UTC
                .putInt(0)          // sigfigs
                .putInt(snaplen)
                .putInt(LinkType.ETHERNET);
    }

    static int checkSnaplen(int snaplen) {
        if (snaplen < 1 || snaplen > MAX_SNAPLEN) {
            throw new IllegalArgumentException("snap length must be 1.." + MAX_SNAPLEN + ", not " + snaplen);
        }
        return snaplen;
    }

    @Override
    public void write(long timestampNanos, int originalLength, byte[] data, int offset, int capturedLength)
            throws IOException {
        int included = Math.min(capturedLength, snaplen);
        out.reserve(RECORD_HEADER_BYTES)
                .putInt((int) (timestampNanos / NANOS_PER_SECOND))
                .putInt((int) (timestampNanos % NANOS_PER_SECOND))
                .putInt(included)
                .putInt(originalLength);
        out.put(data, offset, included);
        frames++;
    }

    @Override
    public long framesWritten() {
        return frames;
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
