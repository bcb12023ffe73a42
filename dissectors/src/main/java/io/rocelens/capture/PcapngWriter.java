package io.rocelens.capture;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a little-endian pcapng file: one Section Header Block, one Interface Description Block per interface with
 * {@code if_tsresol} = 9 (nanoseconds), then one Enhanced Packet Block per frame and, for a live capture, an
 * Interface Statistics Block per interface at the end.
 */
public final class PcapngWriter implements CaptureWriter {

    private static final int SHB_TYPE = 0x0A0D0D0A;
    private static final int BYTE_ORDER_MAGIC = 0x1A2B3C4D;
    private static final int IDB_TYPE = 0x00000001;
    private static final int EPB_TYPE = 0x00000006;
    private static final int ISB_TYPE = 0x00000005;
    private static final short OPT_END = 0;
    private static final short OPT_COMMENT = 1;
    private static final short OPT_SHB_USERAPPL = 4;
    private static final short OPT_IF_NAME = 2;
    private static final short OPT_IF_DESCRIPTION = 3;
    private static final short OPT_IF_TSRESOL = 9;
    private static final short OPT_IF_FILTER = 11;
    private static final short OPT_ISB_STARTTIME = 2;
    private static final short OPT_ISB_ENDTIME = 3;
    private static final short OPT_ISB_IFDROP = 5;
    private static final short OPT_ISB_FILTERACCEPT = 6;
    private static final short OPT_ISB_OSDROP = 7;
    private static final short OPT_ISB_USRDELIV = 8;
    private static final int EPB_FIXED_BYTES = 32;

    /**
     * One interface of the file.
     *
     * @param name        {@code if_name}, or null for none
     * @param description {@code if_description}, or null for none
     * @param filter      the capture filter ({@code if_filter}, libpcap syntax), or null for none
     * @param linkType    LINKTYPE_* of its frames
     * @param snaplen     its snap length; longer frames are cut to it
     */
    public record Interface(String name, String description, String filter, int linkType, int snaplen) {

        /** An unnamed Ethernet interface, as a generated capture has. */
        public static Interface ethernet(int snaplen) {
            return new Interface(null, null, null, LinkType.ETHERNET, snaplen);
        }
    }

    /**
     * What libpcap counted on one interface, for its Interface Statistics Block. The names follow pcapng's options.
     *
     * @param startNanos   capture start ({@code isb_starttime})
     * @param endNanos     capture end ({@code isb_endtime}), also the block's timestamp
     * @param filterAccept frames that passed the capture filter ({@code isb_filteraccept}; pcap_stats' ps_recv on Linux)
     * @param osDrop       frames the operating system dropped for lack of buffer space ({@code isb_osdrop}; ps_drop)
     * @param ifDrop       frames the interface dropped ({@code isb_ifdrop}; ps_ifdrop)
     * @param delivered    frames delivered to the writer ({@code isb_usrdeliv})
     */
    public record Statistics(long startNanos, long endNanos, long filterAccept, long osDrop, long ifDrop,
                             long delivered) {
    }

    private final BufferedFileOutput out;
    private int[] snaplens;
    private long frames;

    /** A file with one Ethernet interface, as the generator writes. */
    public PcapngWriter(Path path, int snaplen) throws IOException {
        this(new BufferedFileOutput(path), List.of(Interface.ethernet(snaplen)), null);
    }

    /**
     * A file on an open channel (a file, or standard output as a pipe) with the given interfaces; {@code
     * application} goes into {@code shb_userappl} unless null. Closing the writer closes the channel.
     */
    public PcapngWriter(FileChannel channel, List<Interface> interfaces, String application) throws IOException {
        this(new BufferedFileOutput(channel), interfaces, application);
    }

    private PcapngWriter(BufferedFileOutput out, List<Interface> interfaces, String application) throws IOException {
        this.out = out;
        snaplens = new int[interfaces.size()];
        for (int i = 0; i < snaplens.length; i++) {
            snaplens[i] = PcapWriter.checkSnaplen(interfaces.get(i).snaplen());
        }
        List<byte[]> shbOptions = new ArrayList<>();
        if (application != null) {
            shbOptions.add(option(OPT_SHB_USERAPPL, utf8(application)));
        }
        int shbLength = 28 + optionsLength(shbOptions);
        ByteBuffer shb = out.reserve(shbLength)
                .putInt(SHB_TYPE)
                .putInt(shbLength)
                .putInt(BYTE_ORDER_MAGIC)
                .putShort((short) 1)
                .putShort((short) 0)
                .putLong(-1L);      // section length not given
        putOptions(shb, shbOptions).putInt(shbLength);
        for (Interface description : interfaces) {
            writeInterface(description);
        }
    }

    /**
     * Adds an interface after frames were written (pcapng lets an Interface Description Block come anywhere in its
     * section before the first frame that names it), as a merge does when an input brings a new one.
     *
     * @return its interface id, for {@link #write(int, long, int, byte[], int, int)}
     */
    public int addInterface(Interface description) throws IOException {
        int snaplen = PcapWriter.checkSnaplen(description.snaplen());
        snaplens = java.util.Arrays.copyOf(snaplens, snaplens.length + 1);
        snaplens[snaplens.length - 1] = snaplen;
        writeInterface(description);
        return snaplens.length - 1;
    }

    private void writeInterface(Interface description) throws IOException {
        List<byte[]> options = new ArrayList<>();
        if (description.name() != null) {
            options.add(option(OPT_IF_NAME, utf8(description.name())));
        }
        if (description.description() != null) {
            options.add(option(OPT_IF_DESCRIPTION, utf8(description.description())));
        }
        options.add(option(OPT_IF_TSRESOL, new byte[] {9}));   // 10^-9 s per timestamp unit
        if (description.filter() != null) {
            byte[] text = utf8(description.filter());
            byte[] value = new byte[text.length + 1];           // first byte 0: a libpcap filter string
            System.arraycopy(text, 0, value, 1, text.length);
            options.add(option(OPT_IF_FILTER, value));
        }
        int idbLength = 20 + optionsLength(options);
        ByteBuffer idb = out.reserve(idbLength)
                .putInt(IDB_TYPE)
                .putInt(idbLength)
                .putShort((short) description.linkType())
                .putShort((short) 0)
                .putInt(description.snaplen());
        putOptions(idb, options).putInt(idbLength);
    }

    @Override
    public void write(long timestampNanos, int originalLength, byte[] data, int offset, int capturedLength)
            throws IOException {
        write(0, timestampNanos, originalLength, data, offset, capturedLength);
    }

    @Override
    public void write(long timestampNanos, int originalLength, byte[] data, int offset, int capturedLength,
                      List<String> comments) throws IOException {
        write(0, timestampNanos, originalLength, data, offset, capturedLength, comments);
    }

    @Override
    public boolean holdsComments() {
        return true;
    }

    /** Appends one frame captured on interface {@code interfaceId} (its index in the list given when opening). */
    public void write(int interfaceId, long timestampNanos, int originalLength, byte[] data, int offset,
                      int capturedLength) throws IOException {
        write(interfaceId, timestampNanos, originalLength, data, offset, capturedLength, List.of());
    }

    /**
     * Appends one frame captured on interface {@code interfaceId} with its packet comments, each an {@code
     * opt_comment} option (UTF-8, at most 65,535 bytes: a longer one is cut at a character boundary).
     */
    public void write(int interfaceId, long timestampNanos, int originalLength, byte[] data, int offset,
                      int capturedLength, List<String> comments) throws IOException {
        List<byte[]> options = new java.util.ArrayList<>(comments.size());
        for (String comment : comments) {
            options.add(option(OPT_COMMENT, commentBytes(comment)));
        }
        int included = Math.min(capturedLength, snaplens[interfaceId]);
        int padding = -included & 3;
        int optionsLength = optionsLength(options);
        int blockLength = EPB_FIXED_BYTES + included + padding + optionsLength;
        out.reserve(28)
                .putInt(EPB_TYPE)
                .putInt(blockLength)
                .putInt(interfaceId)
                .putInt((int) (timestampNanos >>> 32))
                .putInt((int) timestampNanos)
                .putInt(included)
                .putInt(originalLength);
        out.put(data, offset, included);
        out.putZeros(padding);
        if (optionsLength > 0) {
            for (byte[] option : options) {
                out.put(option, 0, option.length);
            }
            out.reserve(4).putShort(OPT_END).putShort((short) 0);
        }
        out.reserve(4).putInt(blockLength);
        frames++;
    }

    /** Appends an Interface Statistics Block for interface {@code interfaceId}. */
    public void writeStatistics(int interfaceId, Statistics statistics) throws IOException {
        List<byte[]> options = List.of(
                option(OPT_ISB_STARTTIME, timestamp(statistics.startNanos())),
                option(OPT_ISB_ENDTIME, timestamp(statistics.endNanos())),
                option(OPT_ISB_IFDROP, u64(statistics.ifDrop())),
                option(OPT_ISB_FILTERACCEPT, u64(statistics.filterAccept())),
                option(OPT_ISB_OSDROP, u64(statistics.osDrop())),
                option(OPT_ISB_USRDELIV, u64(statistics.delivered())));
        int length = 24 + optionsLength(options);
        ByteBuffer isb = out.reserve(length)
                .putInt(ISB_TYPE)
                .putInt(length)
                .putInt(interfaceId)
                .putInt((int) (statistics.endNanos() >>> 32))
                .putInt((int) statistics.endNanos());
        putOptions(isb, options).putInt(length);
    }

    /**
     * Passes everything written so far on to the file in the background, so that its readers see it soon; does
     * nothing while the previous block is still being written (then call again later), so it never waits for the disk.
     */
    public void flush() throws IOException {
        out.flushUnlessBusy();
    }

    /** Bytes of the file so far, including what is still buffered: where the next block will start. */
    public long bytesWritten() {
        return out.position();
    }

    @Override
    public long framesWritten() {
        return frames;
    }

    @Override
    public void close() throws IOException {
        out.close();
    }

    /** A comment's UTF-8 bytes, cut to the 65,535 an option holds without splitting a character. */
    private static byte[] commentBytes(String comment) {
        byte[] bytes = utf8(comment);
        if (bytes.length <= 0xFFFF) {
            return bytes;
        }
        int end = 0xFFFF;
        while (end > 0 && (bytes[end] & 0xC0) == 0x80) {
            end--;      // a continuation byte: the character starts before
        }
        return java.util.Arrays.copyOf(bytes, end);
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] u64(long value) {
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(value).array();
    }

    /** A pcapng timestamp option: the upper 32 bits, then the lower 32 bits, of nanoseconds since the epoch. */
    private static byte[] timestamp(long nanos) {
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN)
                .putInt((int) (nanos >>> 32)).putInt((int) nanos).array();
    }

    /** An option's code, length, value and padding to 4 bytes, ready to be copied into a block. */
    private static byte[] option(short code, byte[] value) {
        ByteBuffer option = ByteBuffer.allocate(4 + value.length + (-value.length & 3))
                .order(ByteOrder.LITTLE_ENDIAN);
        option.putShort(code).putShort((short) value.length).put(value);
        return option.array();
    }

    /** The options' bytes plus the end-of-options marker; zero when there are none. */
    private static int optionsLength(List<byte[]> options) {
        if (options.isEmpty()) {
            return 0;
        }
        return options.stream().mapToInt(option -> option.length).sum() + 4;
    }

    private static ByteBuffer putOptions(ByteBuffer block, List<byte[]> options) {
        if (options.isEmpty()) {
            return block;
        }
        options.forEach(block::put);
        return block.putShort(OPT_END).putShort((short) 0);
    }
}
