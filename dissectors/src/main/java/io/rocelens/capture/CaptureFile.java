package io.rocelens.capture;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * A capture file opened for reading in both ways: sequential readers ({@link #reader()}) for the bulk pass, and
 * {@link #frameAt} to read one frame again from the byte offset a reader gave it ({@link Frame#fileOffset()}), as a
 * packet list does for the row the user selects.
 *
 * <p>A pcapng block cannot be decoded alone: its byte order, its interface's link type and timestamp units come from
 * earlier blocks of its section. The readers made by {@link #reader()} record the sections and interfaces they pass;
 * for an offset beyond what any of them has read, {@link #frameAt} first walks the file up to it.
 *
 * <p>{@link #frameAt} is safe to call from several threads at once, also while a reader is loading the file: it
 * reads with positional reads and allocates the frame's bytes on the heap. A thread interrupted inside it gets an
 * exception, but the file stays usable for the others. It also follows a file that is still being written (a live
 * capture's): a frame past the size seen so far is looked for in the file as it is now.
 */
public final class CaptureFile implements AutoCloseable {
    private static final int PCAP_RECORD_HEADER = 16;
    private static final int PCAP_FILE_HEADER = 24;
    private static final int OBSOLETE_PACKET = PcapngReader.OBSOLETE_PACKET;
    private static final int SIMPLE_PACKET = PcapngReader.SIMPLE_PACKET;
    private static final int ENHANCED_PACKET = PcapngReader.ENHANCED_PACKET;
    /** Type, length, interface id, 64-bit timestamp, captured and original length. */
    private static final int PACKET_HEADER = PcapngReader.PACKET_HEADER_LENGTH;
    private static final int SIMPLE_PACKET_HEADER = PcapngReader.SIMPLE_PACKET_HEADER_LENGTH;
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private final Path path;
    private volatile long size;
    private final CaptureFormat format;
    private final int linkType;
    private final ByteOrder pcapOrder;
    private final long pcapFractionToNanos;
    private final PcapngLayout layout;
    private final Object walkLock = new Object();
    /** A reader of this file that {@link #frameAt} advances to learn the pcapng sections ahead; guarded by walkLock. */
    private CaptureReader walker;
    private volatile FileChannel channel;
    private volatile boolean closed;
    /**
     * Each thread's bytes read ahead. A thread that reads frame after frame in file order (a statistics pass, a filter
     * that reads the frames, a sort by Info, rows going by on screen) reads a window of the file at once instead of
     * two or more reads of a few bytes a frame: {@code frameAt} over 2M frames of a 1 KB capture took 2.7 - 4.4 s,
     * two thirds of it in the kernel, and Statistics › Conversations on 100M frames three minutes (docs/speed.md).
     * A thread reading here and there (the frame a user selects) keeps its plain reads.
     */
    private final ThreadLocal<ReadAhead> readAhead;

    private CaptureFile(Path path, CaptureReader probe, PcapngLayout layout, int readAheadBytes) throws IOException {
        this.path = path;
        this.readAhead = ThreadLocal.withInitial(() -> new ReadAhead(readAheadBytes));
        this.layout = layout;
        this.format = probe.format();
        this.linkType = probe.linkType();
        if (probe instanceof PcapReader pcap) {
            this.pcapOrder = pcap.order();
            this.pcapFractionToNanos = pcap.fractionToNanos();
            probe.close();
        } else {
            this.pcapOrder = null;
            this.pcapFractionToNanos = 0;
            this.walker = probe;
        }
        this.channel = FileChannel.open(path, StandardOpenOption.READ);
        this.size = channel.size();
    }

    /**
     * Opens a pcap or pcapng file.
     *
     * @throws NotACaptureException as {@link CaptureReaders#open(Path)} does
     * @throws IOException          if the file cannot be opened or read
     */
    public static CaptureFile open(Path file) throws IOException {
        return open(file, READ_AHEAD);
    }

    /** The bytes a thread reading frames in file order reads at once (see {@link ReadAhead}). */
    static final int READ_AHEAD = 256 * 1024;

    /** As {@link #open(Path)}, reading ahead this many bytes (a test's small window makes frames cross its edge). */
    static CaptureFile open(Path file, int readAheadBytes) throws IOException {
        PcapngLayout layout = new PcapngLayout();
        CaptureReader probe = CaptureReaders.open(file, ChunkedWindow.CHUNK, layout);
        try {
            return new CaptureFile(file, probe, layout, readAheadBytes);
        } catch (IOException | RuntimeException e) {
            probe.close();
            throw e;
        }
    }

    /** A new sequential reader from the first frame; it teaches this file the pcapng sections it passes. */
    public CaptureReader reader() throws IOException {
        checkOpen();
        return CaptureReaders.open(path, ChunkedWindow.CHUNK, layout);
    }

    public Path path() {
        return path;
    }

    /** The file's size in bytes when it was opened (or when {@link #frameAt} last found it grown). */
    public long size() {
        return size;
    }

    public CaptureFormat format() {
        return format;
    }

    /** As {@link CaptureReader#linkType()}. */
    public int linkType() {
        return linkType;
    }

    /**
     * The frame whose record or block starts at {@code fileOffset}, as the sequential reader gave it, with the given
     * frame number (a record does not hold its own number).
     *
     * @throws IOException if no frame starts there (one line saying so), the file cannot be read, or it is closed
     */
    public Frame frameAt(long fileOffset, long number) throws IOException {
        checkOpen();
        if (fileOffset < 0 || !reaches(fileOffset + 1)) {
            throw noFrame(fileOffset, "it lies outside the file's " + size + " bytes");
        }
        return format == CaptureFormat.PCAP ? pcapFrame(fileOffset, number) : pcapngFrame(fileOffset, number);
    }

    private Frame pcapFrame(long offset, long number) throws IOException {
        if (offset < PCAP_FILE_HEADER || !reaches(offset + PCAP_RECORD_HEADER)) {
            throw noFrame(offset, "no pcap record fits there");
        }
        ByteBuffer head = read(offset, PCAP_RECORD_HEADER, pcapOrder);
        long seconds = Integer.toUnsignedLong(head.getInt(0));
        long fraction = Integer.toUnsignedLong(head.getInt(4));
        long captured = Integer.toUnsignedLong(head.getInt(8));
        long original = Integer.toUnsignedLong(head.getInt(12));
        if (captured > CaptureReaders.MAX_CAPTURED_LENGTH || !reaches(offset + PCAP_RECORD_HEADER + captured)) {
            throw noFrame(offset, "the record there claims " + captured + " captured bytes");
        }
        return new Frame(number, seconds * NANOS_PER_SECOND + fraction * pcapFractionToNanos,
                (int) Math.min(original, Integer.MAX_VALUE), linkType, Frame.NO_INTERFACE, offset,
                read(offset + PCAP_RECORD_HEADER, (int) captured, pcapOrder));
    }

    private Frame pcapngFrame(long offset, long number) throws IOException {
        learnSectionsUpTo(offset);
        PcapngLayout.Section section = layout.sectionAt(offset);
        if (section == null || section.start == offset) {
            throw noFrame(offset, "no packet block starts there");
        }
        long length = checkBlock(section, offset);
        ByteBuffer head = read(offset, (int) Math.min(PACKET_HEADER, length), section.order);
        int type = head.getInt(0);
        if (type == ENHANCED_PACKET || type == OBSOLETE_PACKET) {
            if (length < PACKET_HEADER + 4) {
                throw noFrame(offset, "its packet block is too short");
            }
            int interfaceId = type == OBSOLETE_PACKET ? Short.toUnsignedInt(head.getShort(8)) : head.getInt(8);
            PcapngInterface source = interfaceOf(section, interfaceId, offset);
            long captured = Integer.toUnsignedLong(head.getInt(20));
            long original = Integer.toUnsignedLong(head.getInt(24));
            if (captured > length - PACKET_HEADER - 4 || captured > CaptureReaders.MAX_CAPTURED_LENGTH) {
                throw noFrame(offset, "its packet block claims " + captured + " captured bytes");
            }
            long options = PcapngComments.optionsStart(offset, PACKET_HEADER, captured);
            long optionsLength = offset + length - 4 - options;
            List<String> comments = optionsLength < 4 ? List.of()
                    : PcapngComments.read(read(options, (int) optionsLength, section.order));
            return new Frame(number, timestamp(source, head), (int) Math.min(original, Integer.MAX_VALUE),
                    source.linkType, interfaceId, offset, read(offset + PACKET_HEADER, (int) captured, section.order),
                    comments);
        }
        if (type == SIMPLE_PACKET) {
            PcapngInterface source = interfaceOf(section, 0, offset);
            long original = Integer.toUnsignedLong(head.getInt(8));
            long captured = Math.min(original, length - SIMPLE_PACKET_HEADER - 4);
            if (source.snapLength > 0) {
                captured = Math.min(captured, source.snapLength);
            }
            if (captured > CaptureReaders.MAX_CAPTURED_LENGTH) {
                throw noFrame(offset, "its simple packet block holds " + captured + " captured bytes");
            }
            return new Frame(number, timeBefore(section, offset), (int) Math.min(original, Integer.MAX_VALUE),
                    source.linkType, 0, offset, read(offset + SIMPLE_PACKET_HEADER, (int) captured, section.order));
        }
        throw noFrame(offset, String.format("the block there has type 0x%x, not a packet block", type));
    }

    /** Reads the length of the block at {@code offset} and checks it against the file and the block's end. */
    private long checkBlock(PcapngLayout.Section section, long offset) throws IOException {
        if (!reaches(offset + 12)) {
            throw noFrame(offset, "no pcapng block fits there");
        }
        long length = Integer.toUnsignedLong(read(offset, 8, section.order).getInt(4));
        if (length < 12 || length % 4 != 0 || !reaches(offset + length)
                || Integer.toUnsignedLong(read(offset + length - 4, 4, section.order).getInt(0)) != length) {
            throw noFrame(offset, "no well-formed pcapng block starts there");
        }
        return length;
    }

    private PcapngInterface interfaceOf(PcapngLayout.Section section, int interfaceId, long offset)
            throws IOException {
        if (interfaceId < 0 || interfaceId >= section.interfaces.size()) {
            throw noFrame(offset, "its section describes no interface " + Integer.toUnsignedString(interfaceId));
        }
        return section.interfaces.get(interfaceId);
    }

    private static long timestamp(PcapngInterface source, ByteBuffer packetHeader) {
        return source.toNanos((Integer.toUnsignedLong(packetHeader.getInt(12)) << 32)
                | Integer.toUnsignedLong(packetHeader.getInt(16)));
    }

    /**
     * A simple packet block has no time of its own: the sequential reader gives it the time of the packet block with
     * a time before it in its section, so walk back to that block by the lengths each block repeats at its end.
     */
    private long timeBefore(PcapngLayout.Section section, long offset) throws IOException {
        long first = section.firstTimedBlock;
        if (first < 0 || first > offset) {
            return 0;
        }
        long position = offset;
        while (position > first) {
            long length = Integer.toUnsignedLong(read(position - 4, 4, section.order).getInt(0));
            if (length < 12 || length % 4 != 0 || length > position - first) {
                throw noFrame(offset, "the blocks before it cannot be walked back");
            }
            position -= length;
            ByteBuffer head = read(position, (int) Math.min(PACKET_HEADER, length), section.order);
            int type = head.getInt(0);
            if ((type == ENHANCED_PACKET || type == OBSOLETE_PACKET) && length >= PACKET_HEADER + 4) {
                int interfaceId = type == OBSOLETE_PACKET ? Short.toUnsignedInt(head.getShort(8)) : head.getInt(8);
                return timestamp(interfaceOf(section, interfaceId, position), head);
            }
        }
        return 0;
    }

    /** Makes sure every section header and interface description before {@code offset} is in the layout. */
    private void learnSectionsUpTo(long offset) throws IOException {
        if (layout.knownUpTo() > offset) {
            return;
        }
        synchronized (walkLock) {
            try {
                while (layout.knownUpTo() <= offset) {
                    if (walker == null) {
                        walker = reader();
                    }
                    if (walker.next() == null) {
                        return;
                    }
                }
            } catch (IOException e) {
                // an interrupt closes the walker's channel; the next caller starts a fresh one
                if (walker != null) {
                    walker.close();
                    walker = null;
                }
                throw e;
            }
        }
    }

    /**
     * True when the file has at least {@code end} bytes: as seen so far, or else now, for a file still being
     * written.
     */
    private boolean reaches(long end) throws IOException {
        if (end <= size) {
            return true;
        }
        while (true) {
            try {
                size = Math.max(size, channel().size());
                return end <= size;
            } catch (ClosedByInterruptException interrupted) {
                throw interrupted;
            } catch (ClosedChannelException closedByAnother) {
                checkOpen();    // another thread's interrupt closed it: ask a new one
            }
        }
    }

    private ByteBuffer read(long position, int length, ByteOrder order) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(length).order(order);
        ReadAhead ahead = readAhead.get();
        if (ahead.serves(position, length) || ahead.fill(this, position, length)) {
            ahead.copy(position, buffer);
            return buffer.flip();
        }
        readFully(buffer, position);
        return buffer.flip();
    }

    /** Reads the buffer full from the file at {@code position}, as many reads as it takes. */
    private void readFully(ByteBuffer buffer, long position) throws IOException {
        while (buffer.hasRemaining()) {
            int read;
            try {
                read = channel().read(buffer, position + buffer.position());
            } catch (ClosedByInterruptException interrupted) {
                throw interrupted;
            } catch (ClosedChannelException closedByAnother) {
                // another thread's interrupt closed the channel under this read: read again from a new one
                checkOpen();
                continue;
            }
            if (read < 0) {
                throw new IOException(path.getFileName() + " ended while reading byte " + position);
            }
        }
    }

    /** A thread's window onto the file, made at its first read in order (a thread that never reads so has none). */
    private static final class ReadAhead {
        /** Reads this near the one before count as going through the file in order. */
        private static final long NEAR = 64 * 1024;
        /** Reads in order before the window is used: a frame takes two to four reads. */
        private static final int IN_ORDER = 8;

        private final int size;
        private byte[] window;
        /** The file's bytes {@code start} … {@code start + valid - 1} are in the window; none when valid is 0. */
        private long start;
        private int valid;
        private long lastPosition = -1;
        private int inOrder;

        ReadAhead(int size) {
            this.size = size;
        }

        /** Whether the window holds the bytes; counts the read as in order or not. */
        boolean serves(long position, int length) {
            inOrder = lastPosition >= 0 && Math.abs(position - lastPosition) <= NEAR ? inOrder + 1 : 0;
            lastPosition = position;
            return valid > 0 && position >= start && position + length <= start + valid;
        }

        /**
         * Fills the window from {@code position} when the thread reads in order and the bytes fit it; false when it
         * does not. Only bytes the file holds now are read: a file still being written only grows, so they stay.
         */
        boolean fill(CaptureFile file, long position, int length) throws IOException {
            if (inOrder < IN_ORDER || length > size || !file.reaches(position + length)) {
                return false;
            }
            if (window == null) {
                window = new byte[size];
            }
            ByteBuffer into = ByteBuffer.wrap(window, 0, (int) Math.min(size, file.size - position));
            valid = 0;
            file.readFully(into, position);
            start = position;
            valid = into.position();
            return true;
        }

        void copy(long position, ByteBuffer into) {
            into.put(window, (int) (position - start), into.remaining());
        }
    }

    /**
     * The channel, opened again if an interrupted thread closed it: FileChannel closes itself when a thread is
     * interrupted inside a read, which must not end the file for every other thread.
     */
    private FileChannel channel() throws IOException {
        FileChannel current = channel;
        if (current.isOpen()) {
            return current;
        }
        synchronized (this) {
            checkOpen();
            if (!channel.isOpen()) {
                channel = FileChannel.open(path, StandardOpenOption.READ);
            }
            return channel;
        }
    }

    private void checkOpen() throws ClosedChannelException {
        if (closed) {
            throw new ClosedChannelException();
        }
    }

    private IOException noFrame(long offset, String why) {
        return new IOException("no frame starts at byte " + offset + " of " + path.getFileName() + ": " + why);
    }

    @Override
    public void close() throws IOException {
        closed = true;
        synchronized (walkLock) {
            if (walker != null) {
                walker.close();
                walker = null;
            }
        }
        synchronized (this) {
            channel.close();
        }
    }
}
