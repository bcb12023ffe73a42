package io.rocelens.capture;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/**
 * Reads the frames of one byte range of a capture file, so that several tasks can share a large file: split the file
 * into ranges {@code [start, end)} that cover it, open each with {@link #open(Path, long, long)}, and every frame is
 * read by exactly one split, the one its record (pcap) or block (pcapng) <em>starts</em> in, in file order, with the
 * values the whole-file reader ({@link CaptureReaders#open(Path)}) gives it: timestamp, lengths, link type, interface
 * id, {@link Frame#fileOffset()} and bytes. Only the frame number differs (see below).
 *
 * <p><b>Frame numbers.</b> A split cannot know how many frames come before it without reading everything before it,
 * so {@link Frame#number()} counts within the split: {@code numberBefore + 1} for its first frame ({@code numberBefore}
 * is 0 in {@link #open(Path, long, long)}). The file's own frame number (tshark's) is the number of frames of all
 * earlier splits plus the number within the split: pass that count as {@code numberBefore} once it is known (e.g. from
 * a first pass that counts each split's frames, or from an index). Without it, {@link Frame#fileOffset()} is the
 * frame's unique id within its file and orders frames as the file does; problem sentences use split numbers too, and
 * absolute byte offsets.
 *
 * <p><b>Where a split starts.</b> At the first record or block boundary at or after {@code start}; it ends with the
 * last frame that starts before {@code end}. With {@link Boundary#SCAN} (the default) only bytes near the split are
 * read, and a boundary is recognised as below; a split ends before the first record at or after {@code end} that the
 * next split recognises, so a record the rule does not recognise (damaged, or one of the few before an implausible
 * one) is read by the split before it, as the whole-file reader reads it, and reported there if damaged. All splits
 * of a file must use the same {@link Boundary}. An empty split ({@code start == end}) reads no frame.
 * <ul>
 * <li>pcap: the first offset at or after {@code start} where {@value #PCAP_CHAIN} record headers follow each other
 * (or fewer reaching the file's end, exactly or inside a record after a whole one), each with a captured length no
 * more than the file header's snap length (when between 1 and 262144) and 262144, an original length at least 1, at
 * least the captured length and at most 262144, a fraction of a second below 10^6 (µs files) or 10^9 (ns files),
 * seconds from a day before the file's first record to a year after it, and no more than an hour before the
 * previous record's. Its limits: frame bytes that happen to form such a chain (a capture of pcap files
 * being copied) are taken for records, and near the file's end the chain is shorter, so the last records' bytes are
 * more easily mistaken for one; a file whose time jumps back more than an hour, or with records outside those bounds,
 * has stretches where no split can start, which the split before reads (a file that is all such records is read by
 * its first split alone). {@link Boundary#WALK} gives the whole-file reader's boundaries exactly.
 * <li>pcapng: the first offset at or after {@code start}, a multiple of 4 from the file's start (every block length
 * is), where {@value #PCAPNG_CHAIN} blocks follow each other (or fewer reaching the file's end), each of a known type
 * (1 to 10, section header, custom), a length of at least its type's minimum and a multiple of 4, the same length at
 * its end, a section header's byte-order magic, a packet block's captured length within its block (a block cut short
 * by the file's end counts only after a whole one, as for pcap). The section and
 * interfaces are those the file's leading blocks describe (its first section header and the blocks up to its first
 * packet block); when the split shows that is not enough (a block in the other byte order, a packet of an interface
 * not described there, an interface description block, a simple packet block before any timed one), the reader walks
 * the file's blocks from its start up to the split to learn them exactly. Its limit: a later section in the same byte
 * order whose packets use interface ids the first section also has (files joined with {@code cat}) is read with the
 * first section's interfaces: wrong link types or times, or a time out of range that stops the split. Use
 * {@link Boundary#WALK} for such files; mergecap and the capture tools write one section.
 * </ul>
 * With {@link Boundary#WALK} the record or block headers are followed from the file's start up to {@code start}:
 * exact, as the whole-file reader, but it reads a header per frame before the split.
 *
 * <p><b>gzip.</b> A gzip-compressed file cannot be entered in the middle: it is one split ({@link #splittable}
 * says false). The split starting at byte 0 reads it all (decompressing as a stream; {@link Frame#fileOffset()} is
 * then the offset in the decompressed capture), any other split reads no frame.
 *
 * <p><b>Damaged input</b> is as for the whole-file reader: reading stops at the first bad spot in the split, every
 * frame before it is returned and {@link CaptureReader#problem()} says where; nothing is thrown for bad data and
 * nothing hangs. A later split starts again at the next boundary it recognises after the damage, so the splits
 * together may give frames after a damaged spot that the whole-file reader never reaches. A split of more than
 * {@value #LONGEST_RECORD} bytes that holds no boundary at all says so in {@link CaptureReader#problem()}.
 */
public final class CaptureSplit {

    /** How a split finds its first record boundary. */
    public enum Boundary {
        /** Recognise it from the bytes at the split (see the class comment): reads only near the split. */
        SCAN,
        /** Follow the headers from the file's start: exact, but reads a header per frame before the split. */
        WALK
    }

    /** pcap record headers that must chain for a boundary to be recognised. */
    public static final int PCAP_CHAIN = 8;
    /** pcapng blocks that must chain for a boundary to be recognised. */
    public static final int PCAPNG_CHAIN = 4;
    /** A split longer than this must hold a boundary: a longer record or packet block is damage. */
    public static final int LONGEST_RECORD = CaptureReaders.MAX_CAPTURED_LENGTH + 65_536;

    private static final int PCAP_FILE_HEADER = PcapReader.FILE_HEADER_LENGTH;
    private static final int PCAP_RECORD_HEADER = PcapReader.RECORD_HEADER_LENGTH;
    private static final long DAY_SECONDS = 86_400;
    private static final long HOUR_SECONDS = 3_600;
    private static final long YEAR_SECONDS = 366 * DAY_SECONDS;
    private static final int BYTE_ORDER_MAGIC = PcapngReader.BYTE_ORDER_MAGIC;
    private static final int GZIP_MAGIC = 0x1F8B;

    private CaptureSplit() {
    }

    /** False when the file must be read whole by one split: a gzip-compressed file. */
    public static boolean splittable(Path file) throws IOException {
        try (FileChannel channel = CaptureReaders.openChannel(file)) {
            return !gzip(channel);
        }
    }

    /** The frames whose records start in {@code [start, end)}, numbered from 1, found with {@link Boundary#SCAN}. */
    public static CaptureReader open(Path file, long start, long end) throws IOException {
        return open(file, start, end, 0, Boundary.SCAN);
    }

    /**
     * The frames whose records start in {@code [start, end)}, the first numbered {@code numberBefore + 1}.
     *
     * @throws IllegalArgumentException when not {@code 0 <= start <= end} or {@code numberBefore < 0}
     * @throws NotACaptureException     as {@link CaptureReaders#open(Path)} does, whatever the range
     * @throws IOException              if the file cannot be opened or read
     */
    public static CaptureReader open(Path file, long start, long end, long numberBefore, Boundary boundary)
            throws IOException {
        return open(file, start, end, numberBefore, boundary, ChunkedWindow.CHUNK);
    }

    /** As {@link #open(Path, long, long, long, Boundary)}, with a chosen chunk size for tests. */
    static CaptureReader open(Path file, long start, long end, long numberBefore, Boundary boundary, int chunkSize)
            throws IOException {
        if (start < 0 || end < start || numberBefore < 0) {
            throw new IllegalArgumentException("bad split [" + start + ", " + end + ") after " + numberBefore
                    + " frames");
        }
        FileChannel channel = CaptureReaders.openChannel(file);
        CaptureReader reader;
        try {
            if (gzip(channel)) {
                channel.close();
                return gzipSplit(file, start, end, numberBefore);
            }
            reader = CaptureReaders.open(file, channel, chunkSize, new PcapngLayout());
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
        try {
            if (boundary == Boundary.WALK && walk(reader, start, end, numberBefore)) {
                return reader;
            }
            if (boundary == Boundary.WALK) {
                // damage before the split: that split reports it; this one starts after it, as SCAN does
                reader.close();
                reader = CaptureReaders.open(file, chunkSize);
            }
            scan(reader, start, end, numberBefore);
            return reader;
        } catch (IOException | RuntimeException e) {
            reader.close();
            throw e;
        }
    }

    /** Positions the reader by following headers; false when damage before {@code start} stopped it. */
    private static boolean walk(CaptureReader reader, long start, long end, long numberBefore) throws IOException {
        if (start == end) {
            ((WindowedCaptureReader) reader).done = true;
            return true;
        }
        if (reader instanceof PcapReader pcap) {
            pcap.skipTo(start);
            pcap.startAt(pcap.position(), numberBefore, end, null);
            return pcap.problem() == null;
        }
        PcapngReader pcapng = (PcapngReader) reader;
        pcapng.skipTo(start);
        pcapng.startAt(pcapng.position(), numberBefore, end, null, false);
        return pcapng.problem() == null;
    }

    private static void scan(CaptureReader reader, long start, long end, long numberBefore) throws IOException {
        if (start == end) {
            // no record starts in it, and the split before reads on into what the next one does not recognise
            ((WindowedCaptureReader) reader).done = true;
        } else if (reader instanceof PcapReader pcap) {
            scanPcap(pcap, start, end, numberBefore);
        } else {
            scanPcapng((PcapngReader) reader, start, end, numberBefore);
        }
    }

    private static void scanPcap(PcapReader pcap, long start, long end, long numberBefore) throws IOException {
        ByteWindow window = pcap.window;
        long size = window.available(0, Long.MAX_VALUE);
        long firstSeconds = size >= PCAP_FILE_HEADER + PCAP_RECORD_HEADER
                ? Integer.toUnsignedLong(readInt(window, PCAP_FILE_HEADER, window.order())) : 0;
        long snap = pcap.snapLength();
        long limit = snap >= 1 && snap <= CaptureReaders.MAX_CAPTURED_LENGTH ? snap : CaptureReaders.MAX_CAPTURED_LENGTH;
        long fractionLimit = pcap.fractionToNanos() == 1 ? 1_000_000_000L : 1_000_000L;
        PcapChain chain = new PcapChain(window, size, limit, fractionLimit, firstSeconds - DAY_SECONDS,
                firstSeconds + YEAR_SECONDS);
        if (start == 0) {
            pcap.startAt(PCAP_FILE_HEADER, numberBefore, end, chain::holds);
            return;
        }
        // any later split, even one starting inside the file header, starts where the split before it ends
        long stop = Math.min(end, size);
        for (long p = Math.max(start, PCAP_FILE_HEADER); p < stop; p++) {
            if (chain.holds(p)) {
                pcap.startAt(p, numberBefore, end, chain::holds);
                return;
            }
        }
        noBoundary(pcap, start, stop, "record");
    }

    private static void scanPcapng(PcapngReader pcapng, long start, long end, long numberBefore) throws IOException {
        pcapng.readLeadingBlocks();
        if (pcapng.done) {
            return;
        }
        ByteWindow window = pcapng.window;
        long size = window.available(0, Long.MAX_VALUE);
        WindowedCaptureReader.Boundaries recognised = p -> p % 4 == 0 && (pcapngChain(window, p, ByteOrder.BIG_ENDIAN,
                size) || pcapngChain(window, p, ByteOrder.LITTLE_ENDIAN, size));
        long leadingEnd = pcapng.position();
        if (start == 0) {
            pcapng.startAt(leadingEnd, numberBefore, end, recognised, false);
            return;
        }
        // any later split, even one starting inside the leading blocks, starts where the split before it ends
        ByteOrder order = window.order();
        ByteOrder other = order == ByteOrder.BIG_ENDIAN ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
        long stop = Math.min(end, size);
        for (long p = (Math.max(start, leadingEnd) + 3) & ~3L; p < stop; p += 4) {
            if (pcapngChain(window, p, order, size)) {
                pcapng.startAt(p, numberBefore, end, recognised, p > leadingEnd);
                return;
            }
            if (pcapngChain(window, p, other, size)) {
                // another section's block: learn the sections from the file's start
                pcapng.skipTo(p);
                if (pcapng.problem() == null && pcapng.position() != p) {
                    pcapng.stop("the block at byte " + p + " looked like a block boundary but is none (the blocks"
                            + " from the file's start reach byte " + pcapng.position() + ")");
                }
                pcapng.startAt(p, numberBefore, end, recognised, false);
                return;
            }
        }
        noBoundary(pcapng, start, stop, "block");
    }

    /** Ends a split in which no record or block starts: the one before reads on up to the next recognised one. */
    private static void noBoundary(WindowedCaptureReader reader, long start, long stop, String what) {
        reader.done = true;
        if (stop - start > LONGEST_RECORD) {
            reader.stop("no " + what + " starts between byte " + start + " and byte " + stop
                    + " as far as its headers show, so the file is damaged there");
        }
    }

    /** The pcap resynchronisation rule of the class comment. */
    private record PcapChain(ByteWindow window, long size, long capturedLimit, long fractionLimit,
                             long earliestSeconds, long latestSeconds) {

        boolean holds(long p) throws IOException {
            long previousSeconds = -1;
            for (int records = 0; records < PCAP_CHAIN; records++) {
                if (p == size) {
                    return records > 0;
                }
                if (window.available(p, PCAP_RECORD_HEADER) < PCAP_RECORD_HEADER) {
                    return records > 0; // a file cut short inside a record header
                }
                int at = window.ensure(p, PCAP_RECORD_HEADER);
                ByteBuffer b = window.buffer();
                long seconds = PcapReader.seconds(b, at);
                long fraction = PcapReader.fraction(b, at);
                long captured = PcapReader.captured(b, at);
                long original = PcapReader.original(b, at);
                if (captured > capturedLimit || original < Math.max(captured, 1)
                        || original > CaptureReaders.MAX_CAPTURED_LENGTH || fraction >= fractionLimit
                        || seconds < earliestSeconds || seconds > latestSeconds
                        || previousSeconds >= 0 && seconds + HOUR_SECONDS < previousSeconds) {
                    return false;
                }
                previousSeconds = seconds;
                p += PCAP_RECORD_HEADER + captured;
                if (p > size) {
                    return records > 0; // a file cut short inside this record
                }
            }
            return true;
        }
    }

    /** The pcapng resynchronisation rule of the class comment, reading lengths in {@code order}. */
    static boolean pcapngChain(ByteWindow window, long p, ByteOrder order, long size) throws IOException {
        for (int blocks = 0; blocks < PCAPNG_CHAIN; blocks++) {
            if (p == size) {
                return blocks > 0;
            }
            if (window.available(p, 12) < 12) {
                return blocks > 0; // a file cut short inside a block header
            }
            int type = readInt(window, p, order);
            if (type == CaptureReaders.PCAPNG_SECTION_HEADER) {
                int magic = readInt(window, p + 8, ByteOrder.BIG_ENDIAN);
                if (magic == BYTE_ORDER_MAGIC) {
                    order = ByteOrder.BIG_ENDIAN;
                } else if (Integer.reverseBytes(magic) == BYTE_ORDER_MAGIC) {
                    order = ByteOrder.LITTLE_ENDIAN;
                } else {
                    return false;
                }
            }
            int minimum = minimumLength(type);
            long length = Integer.toUnsignedLong(readInt(window, p + 4, order));
            if (minimum < 0 || length < minimum || length % 4 != 0) {
                return false;
            }
            if (p + length > size) {
                return blocks > 0; // a file cut short inside this block
            }
            if (Integer.toUnsignedLong(readInt(window, p + length - 4, order)) != length) {
                return false;
            }
            if ((type == PcapngReader.ENHANCED_PACKET || type == PcapngReader.OBSOLETE_PACKET)
                    && Integer.toUnsignedLong(readInt(window, p + 20, order)) > length - PcapngReader.MIN_PACKET_LENGTH) {
                return false;
            }
            p += length;
        }
        return true;
    }

    /** The smallest length a block of this type may have, or -1 for a type no pcapng writer uses. */
    private static int minimumLength(int type) {
        return switch (type) {
            case CaptureReaders.PCAPNG_SECTION_HEADER -> PcapngReader.MIN_SECTION_HEADER_LENGTH;
            case PcapngReader.INTERFACE_DESCRIPTION -> PcapngReader.MIN_INTERFACE_DESCRIPTION_LENGTH;
            case PcapngReader.OBSOLETE_PACKET, PcapngReader.ENHANCED_PACKET -> PcapngReader.MIN_PACKET_LENGTH;
            case PcapngReader.SIMPLE_PACKET -> PcapngReader.MIN_SIMPLE_PACKET_LENGTH;
            // name resolution, interface statistics, IRIG, ARINC 429, systemd journal, decryption secrets, custom
            case 4, 5, 7, 8, 9, 10, 0x00000BAD, 0x40000BAD -> PcapngReader.MIN_BLOCK_LENGTH;
            default -> -1;
        };
    }

    private static int readInt(ByteWindow window, long pos, ByteOrder order) throws IOException {
        int at = window.ensure(pos, 4);
        int value = window.buffer().getInt(at);
        return order == window.order() ? value : Integer.reverseBytes(value);
    }

    private static boolean gzip(FileChannel channel) throws IOException {
        ByteBuffer head = ByteBuffer.allocate(2);
        while (head.hasRemaining() && channel.read(head, head.position()) > 0) {
            // a positional read may return fewer bytes
        }
        return !head.hasRemaining() && Short.toUnsignedInt(head.getShort(0)) == GZIP_MAGIC;
    }

    private static CaptureReader gzipSplit(Path file, long start, long end, long numberBefore) throws IOException {
        String name = String.valueOf(file.getFileName());
        InputStream in = new BufferedInputStream(new GZIPInputStream(Files.newInputStream(file), 1 << 16), 1 << 16);
        CaptureReader whole = CaptureReaders.open(in, name);
        if (start == 0 && end > 0) {
            return new Renumbered(whole, numberBefore);
        }
        whole.close();
        return new Renumbered(null, whole.format(), whole.linkType(), numberBefore);
    }

    /** A gzip split: the stream reader's frames renumbered, or none. */
    private static final class Renumbered implements CaptureReader {
        private final CaptureReader whole;
        private final CaptureFormat format;
        private final int linkType;
        private final long numberBefore;

        Renumbered(CaptureReader whole, long numberBefore) {
            this(whole, whole.format(), whole.linkType(), numberBefore);
        }

        Renumbered(CaptureReader whole, CaptureFormat format, int linkType, long numberBefore) {
            this.whole = whole;
            this.format = format;
            this.linkType = linkType;
            this.numberBefore = numberBefore;
        }

        @Override
        public Frame next() throws IOException {
            Frame f = whole == null ? null : whole.next();
            return f == null || numberBefore == 0 ? f : f.renumbered(f.number() + numberBefore);
        }

        @Override
        public CaptureFormat format() {
            return format;
        }

        @Override
        public int linkType() {
            return linkType;
        }

        @Override
        public String problem() {
            return whole == null ? null : whole.problem();
        }

        @Override
        public void close() throws IOException {
            if (whole != null) {
                whole.close();
            }
        }
    }
}
