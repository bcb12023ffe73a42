package io.rocelens.capture;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Writes a little-endian pcapng file: one Section Header Block, one Ethernet Interface Description Block with
 * {@code if_tsresol} = 9 (nanoseconds), then one Enhanced Packet Block per frame.
 */
public final class PcapngWriter implements CaptureWriter {

    private static final int SHB_TYPE = 0x0A0D0D0A;
    private static final int BYTE_ORDER_MAGIC = 0x1A2B3C4D;
    private static final int IDB_TYPE = 0x00000001;
    private static final int EPB_TYPE = 0x00000006;
    private static final short OPT_END = 0;
    private static final short OPT_IF_TSRESOL = 9;
    private static final int EPB_FIXED_BYTES = 32;

    private final BufferedFileOutput out;
    private final int snaplen;
    private long frames;

    public PcapngWriter(Path path, int snaplen) throws IOException {
        this.snaplen = PcapWriter.checkSnaplen(snaplen);
        out = new BufferedFileOutput(path);
        int shbLength = 28;
        out.reserve(shbLength)
                .putInt(SHB_TYPE)
                .putInt(shbLength)
                .putInt(BYTE_ORDER_MAGIC)
                .putShort((short) 1)
                .putShort((short) 0)
                .putLong(-1L)       // section length not given
                .putInt(shbLength);
        int idbLength = 32;
        out.reserve(idbLength)
                .putInt(IDB_TYPE)
                .putInt(idbLength)
                .putShort((short) LinkType.ETHERNET)
                .putShort((short) 0)
                .putInt(snaplen)
                .putShort(OPT_IF_TSRESOL)
                .putShort((short) 1)
                .put((byte) 9)      // 10^-9 s per timestamp unit
                .put(new byte[3])
                .putShort(OPT_END)
                .putShort((short) 0)
                .putInt(idbLength);
    }

    @Override
    public void write(long timestampNanos, int originalLength, byte[] data, int offset, int capturedLength)
            throws IOException {
        int included = Math.min(capturedLength, snaplen);
        int padding = -included & 3;
        int blockLength = EPB_FIXED_BYTES + included + padding;
        out.reserve(28)
                .putInt(EPB_TYPE)
                .putInt(blockLength)
                .putInt(0)          // interface id
                .putInt((int) (timestampNanos >>> 32))
                .putInt((int) timestampNanos)
                .putInt(included)
                .putInt(originalLength);
        out.put(data, offset, included);
        out.putZeros(padding);
        out.reserve(4).putInt(blockLength);
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
