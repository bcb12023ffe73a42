package io.rocelens.capture;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.io.Closeable;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads pcapng files section by section: each section header block sets the byte order and starts a new list of
 * interfaces. Enhanced, simple and (obsolete) packet blocks become frames; interface description blocks are kept;
 * every other block is skipped by its length.
 *
 * @see <a href="https://datatracker.ietf.org/doc/draft-ietf-opsawg-pcapng/">draft-ietf-opsawg-pcapng</a>
 */
final class PcapngReader extends WindowedCaptureReader {
    private static final int SECTION_HEADER = CaptureReaders.PCAPNG_SECTION_HEADER;
    static final int INTERFACE_DESCRIPTION = 1;
    static final int OBSOLETE_PACKET = 2;
    static final int SIMPLE_PACKET = 3;
    static final int ENHANCED_PACKET = 6;
    static final int BYTE_ORDER_MAGIC = 0x1A2B3C4D;

    /** Block type and total length at the start, total length again at the end. */
    static final int MIN_BLOCK_LENGTH = 12;
    /** Adds byte-order magic, major and minor version and the 64-bit section length. */
    static final int MIN_SECTION_HEADER_LENGTH = 28;
    /** Adds link type, reserved and snap length. */
    static final int MIN_INTERFACE_DESCRIPTION_LENGTH = 20;
    /** Adds interface id, 64-bit timestamp, captured and original length (the obsolete block has the same size). */
    static final int PACKET_HEADER_LENGTH = 28;
    static final int MIN_PACKET_LENGTH = PACKET_HEADER_LENGTH + 4;
    /** Adds the original length. */
    static final int SIMPLE_PACKET_HEADER_LENGTH = 12;
    static final int MIN_SIMPLE_PACKET_LENGTH = SIMPLE_PACKET_HEADER_LENGTH + 4;

    private static final int OPT_END = 0;
    private static final int OPT_IF_TSRESOL = 9;
    private static final int OPT_IF_TSOFFSET = 14;

    private final String name;
    private final List<PcapngInterface> interfaces = new ArrayList<>();
    private final PcapngLayout layout;
    private PcapngLayout.Section section;
    private final int linkType;
    private long position;
    private long frameNumber;
    private long lastTimestamp;
    /** No block starting at or after this byte is read (a split's end, see {@link CaptureSplit})... */
    private long end = Long.MAX_VALUE;
    /** ...that the next split recognises as a block's start, or any when null. */
    private Boundaries boundaries;
    /**
     * True while the section and interfaces are those of the file's leading blocks, assumed to hold at a split's
     * first block rather than read up to it: anything that shows more is needed makes {@link #learnExactly} walk.
     */
    private boolean guessed;
    /** False while a split has met no timed block yet: a simple packet block would need the time before it. */
    private boolean timeKnown = true;

    PcapngReader(String name, Closeable source, ByteWindow window, PcapngLayout layout) throws IOException {
        super(source, window);
        this.name = name;
        this.layout = layout;
        String damage = readSectionHeader();
        if (damage != null) {
            throw new NotACaptureException(name + " is not a readable pcapng file: " + damage);
        }
        this.linkType = readUntilFirstInterface();
    }

    /** Reads the blocks before the first packet block so that {@link #linkType()} is known at once. */
    private int readUntilFirstInterface() throws IOException {
        while (interfaces.isEmpty() && !done && window.available(position, 8) >= 8) {
            int at = window.ensure(position, 8);
            int type = window.buffer().getInt(at);
            if (type == ENHANCED_PACKET || type == SIMPLE_PACKET || type == OBSOLETE_PACKET) {
                break;
            }
            readBlock();
        }
        return interfaces.isEmpty() ? -1 : interfaces.get(0).linkType;
    }

    /** Reads the blocks before the file's first packet block (section header, interfaces, name resolution...). */
    void readLeadingBlocks() throws IOException {
        while (!done && window.available(position, 8) >= 8) {
            int at = window.ensure(position, 8);
            int type = window.buffer().getInt(at);
            if (type == ENHANCED_PACKET || type == SIMPLE_PACKET || type == OBSOLETE_PACKET) {
                break;
            }
            readBlock();
        }
    }

    /**
     * Makes the next block read the one at {@code start}, a block boundary of the section whose state this reader
     * holds ({@code guessed}: assumed from the leading blocks, checked as described at {@link #guessed}), the next
     * frame numbered {@code numberBefore + 1}, and reading end cleanly before the first block at or after {@code end}
     * that {@code boundaries} (when not null) recognises: the next split starts there.
     */
    void startAt(long start, long numberBefore, long end, Boundaries boundaries, boolean guessed) {
        this.position = Math.max(start, position);
        this.frameNumber = numberBefore;
        this.end = end;
        this.boundaries = boundaries;
        this.guessed = guessed;
        this.timeKnown = !guessed;
    }

    /** Reads blocks until the next starts at or after {@code target}, reading stops, or the file ends. */
    void skipTo(long target) throws IOException {
        while (!done && position < target) {
            readBlock();
        }
    }

    long position() {
        return position;
    }

    /**
     * Replaces the guessed state by the exact one at {@link #position}, read by walking the file's blocks from its
     * start; returns null, or why that failed.
     */
    private String learnExactly() throws IOException {
        PcapngReader walker = new PcapngReader(name, () -> { }, window, new PcapngLayout());
        walker.skipTo(position);
        if (walker.problem() != null) {
            return walker.problem();
        }
        if (walker.position != position) {
            return "the block at byte " + position + " looked like a block boundary but is none (the blocks from the"
                    + " file's start reach byte " + walker.position + "), so this part of the file cannot be read";
        }
        interfaces.clear();
        interfaces.addAll(walker.interfaces);
        section = walker.section;
        lastTimestamp = walker.lastTimestamp;
        guessed = false;
        timeKnown = true;
        return null;
    }

    @Override
    public boolean wouldBlock() throws IOException {
        return !done && lacks(window.held(position, false)) && lacks(window.held(position, true));
    }

    /** True when {@code held} bytes at {@link #position} are not the whole next block. */
    private boolean lacks(long held) throws IOException {
        if (held == Long.MAX_VALUE) {
            return false;
        }
        if (held < 8) {
            return true;
        }
        // the next block whole (a section header in another byte order may be misjudged: next() then just waits)
        int at = window.ensure(position, 8);
        return held < Integer.toUnsignedLong(window.buffer().getInt(at + 4));
    }

    @Override
    public Frame next() throws IOException {
        checkOpen();
        Frame frame = null;
        while (frame == null && !done) {
            frame = readBlock();
        }
        layout.knownUpTo(done ? Long.MAX_VALUE : position);
        return frame;
    }

    /** Reads the block at {@link #position}; returns its frame if it is a packet block, else null. */
    private Frame readBlock() throws IOException {
        if (position >= end && (boundaries == null || boundaries.recognised(position))) {
            done = true;
            return null;
        }
        window.release(position);
        long remaining = window.available(position, 8);
        if (remaining == 0) {
            done = true;
            return null;
        }
        if (remaining < 8) {
            return stop("file is cut short inside the block " + beforeFrame() + " (block at byte " + position
                    + " needs at least 8 bytes, " + remaining + " remain)");
        }
        int at = window.ensure(position, 8);
        int type = window.buffer().getInt(at);
        if (type == SECTION_HEADER) {
            String damage = readSectionHeader();
            return damage == null ? null : stop(damage);
        }
        if (guessed && (type == INTERFACE_DESCRIPTION || type == SIMPLE_PACKET && !timeKnown)) {
            // an interface's local id counts the section's interfaces before it; a simple packet takes the time before
            String damage = learnExactly();
            // read the block again: its section's byte order may differ from the guess
            return damage != null ? stop(damage) : readBlock();
        }
        long length = Integer.toUnsignedLong(window.buffer().getInt(at + 4));
        return switch (type) {
            case ENHANCED_PACKET -> packet(length, false);
            case OBSOLETE_PACKET -> packet(length, true);
            case SIMPLE_PACKET -> simplePacket(length);
            case INTERFACE_DESCRIPTION -> interfaceDescription(length);
            default -> skip(length, type);
        };
    }

    private Frame skip(long length, int type) throws IOException {
        String damage = checkLength(length, MIN_BLOCK_LENGTH, type);
        if (damage != null) {
            return stop(damage);
        }
        position += length;
        return null;
    }

    /**
     * Reads a section header block at {@link #position} and starts its section; returns null, or one sentence saying
     * what is wrong with it (then nothing changes).
     */
    private String readSectionHeader() throws IOException {
        long remaining = window.available(position, 12);
        if (remaining < 12) {
            return "file is cut short inside " + subject(SECTION_HEADER) + " (block at byte " + position
                    + " needs at least 12 bytes, " + remaining + " remain)";
        }
        int at = window.ensure(position, 12);
        int magic = window.buffer().getInt(at + 8);
        ByteOrder previous = window.order();
        ByteOrder order;
        if (magic == BYTE_ORDER_MAGIC) {
            order = previous;
        } else if (Integer.reverseBytes(magic) == BYTE_ORDER_MAGIC) {
            order = previous == ByteOrder.BIG_ENDIAN ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
        } else {
            return String.format("%s (block at byte %d) has byte-order magic 0x%08x, neither 0x1a2b3c4d nor"
                    + " 0x4d3c2b1a", subject(SECTION_HEADER), position,
                    previous == ByteOrder.BIG_ENDIAN ? magic : Integer.reverseBytes(magic));
        }
        window.order(order);
        long length = Integer.toUnsignedLong(window.buffer().getInt(at + 4));
        String damage = checkLength(length, MIN_SECTION_HEADER_LENGTH, SECTION_HEADER);
        if (damage == null) {
            at = window.ensure(position, 16);
            int major = Short.toUnsignedInt(window.buffer().getShort(at + 12));
            int minor = Short.toUnsignedInt(window.buffer().getShort(at + 14));
            if (major != 1) {
                damage = where(SECTION_HEADER) + " has pcapng version " + major + "." + minor
                        + ", but only version 1 exists";
            }
        }
        if (damage != null) {
            window.order(previous);
            return damage;
        }
        interfaces.clear();
        guessed = false;
        timeKnown = true;
        section = layout.section(position, order);
        // a simple packet block takes the time of the frame before it, but never from another section
        lastTimestamp = 0;
        position += length;
        return null;
    }

    /** Adds the interface to its section; returns null, as it is no frame. */
    private Frame interfaceDescription(long length) throws IOException {
        String damage = checkLength(length, MIN_INTERFACE_DESCRIPTION_LENGTH, INTERFACE_DESCRIPTION);
        if (damage != null) {
            return stop(damage);
        }
        int at = window.ensure(position, 16);
        ByteBuffer buffer = window.buffer();
        int interfaceLinkType = Short.toUnsignedInt(buffer.getShort(at + 8));
        long snapLength = Integer.toUnsignedLong(buffer.getInt(at + 12));
        int resolution = 6;
        long offsetSeconds = 0;
        long option = position + 16;
        long optionsEnd = position + length - 4;
        while (optionsEnd - option >= 4) {
            at = window.ensure(option, 4);
            int code = Short.toUnsignedInt(window.buffer().getShort(at));
            int valueLength = Short.toUnsignedInt(window.buffer().getShort(at + 2));
            if (code == OPT_END) {
                break;
            }
            long padded = (valueLength + 3) & ~3L;
            if (option + 4 + padded > optionsEnd) {
                return stop(where(INTERFACE_DESCRIPTION) + " has an option (code " + code + ", " + valueLength
                        + " bytes) at byte " + option + " that runs past the end of the block");
            }
            if (code == OPT_IF_TSRESOL || code == OPT_IF_TSOFFSET) {
                int expected = code == OPT_IF_TSRESOL ? 1 : 8;
                if (valueLength != expected) {
                    String optionName = code == OPT_IF_TSRESOL ? "if_tsresol" : "if_tsoffset";
                    return stop(where(INTERFACE_DESCRIPTION) + " has an " + optionName + " option of " + valueLength
                            + " bytes instead of " + expected);
                }
                at = window.ensure(option + 4, expected);
                if (code == OPT_IF_TSRESOL) {
                    resolution = Byte.toUnsignedInt(window.buffer().get(at));
                } else {
                    offsetSeconds = window.buffer().getLong(at);
                }
            }
            option += 4 + padded;
        }
        if (Math.abs(offsetSeconds) > PcapngInterface.MAX_OFFSET_SECONDS) {
            return stop(where(INTERFACE_DESCRIPTION) + " declares an if_tsoffset of " + offsetSeconds
                    + " seconds, beyond the 292 years either side of 1970 that nanosecond timestamps can hold");
        }
        PcapngInterface described = PcapngInterface.of(interfaceLinkType, snapLength, resolution, offsetSeconds);
        if (described == null) {
            return stop(where(INTERFACE_DESCRIPTION) + " declares a timestamp resolution of "
                    + describeResolution(resolution) + " seconds, finer than this reader can represent");
        }
        interfaces.add(described);
        layout.interfaceDescribed(section, interfaces.size() - 1, described);
        position += length;
        return null;
    }

    private static String describeResolution(int resolution) {
        return (resolution & 0x80) != 0 ? "2^-" + (resolution & 0x7F) : "10^-" + resolution;
    }

    /** An enhanced packet block, or an obsolete one (16-bit interface id and drop count instead of a 32-bit id). */
    private Frame packet(long length, boolean obsolete) throws IOException {
        int type = obsolete ? OBSOLETE_PACKET : ENHANCED_PACKET;
        String damage = checkLength(length, MIN_PACKET_LENGTH, type);
        if (damage != null) {
            return stop(damage);
        }
        int at = window.ensure(position, PACKET_HEADER_LENGTH);
        ByteBuffer buffer = window.buffer();
        int interfaceId = obsolete ? Short.toUnsignedInt(buffer.getShort(at + 8)) : buffer.getInt(at + 8);
        long timestamp = (Integer.toUnsignedLong(buffer.getInt(at + 12)) << 32)
                | Integer.toUnsignedLong(buffer.getInt(at + 16));
        long captured = Integer.toUnsignedLong(buffer.getInt(at + 20));
        long original = Integer.toUnsignedLong(buffer.getInt(at + 24));
        if (guessed && (interfaceId < 0 || interfaceId >= interfaces.size())) {
            // an interface described after the file's first packet block, or a later section
            String learned = learnExactly();
            return learned != null ? stop(learned) : readBlock();
        }
        if (interfaceId < 0 || interfaceId >= interfaces.size()) {
            return stop(where(type) + " refers to interface " + Integer.toUnsignedString(interfaceId)
                    + ", but its section describes only " + interfaces.size()
                    + (interfaces.size() == 1 ? " interface" : " interfaces"));
        }
        if (captured > length - MIN_PACKET_LENGTH) {
            return stop(where(type) + " claims " + captured + " captured bytes, more than its " + length
                    + "-byte block holds");
        }
        if (captured > CaptureReaders.MAX_CAPTURED_LENGTH) {
            return stop(where(type) + " claims " + captured + " captured bytes, more than the "
                    + CaptureReaders.MAX_CAPTURED_LENGTH + "-byte limit, so the file is damaged there");
        }
        PcapngInterface source = interfaces.get(interfaceId);
        try {
            lastTimestamp = source.toNanos(timestamp);
            timeKnown = true;
        } catch (ArithmeticException outOfRange) {
            return stop(where(type) + " has a timestamp beyond the 292 years either side of 1970 that nanosecond"
                    + " timestamps can hold");
        }
        layout.timedBlock(section, position);
        return frame(original, source, interfaceId, PACKET_HEADER_LENGTH, (int) captured, length);
    }

    private Frame simplePacket(long length) throws IOException {
        String damage = checkLength(length, MIN_SIMPLE_PACKET_LENGTH, SIMPLE_PACKET);
        if (damage != null) {
            return stop(damage);
        }
        if (interfaces.isEmpty()) {
            return stop(where(SIMPLE_PACKET) + " comes before any interface description block in its section");
        }
        PcapngInterface source = interfaces.get(0);
        int at = window.ensure(position, SIMPLE_PACKET_HEADER_LENGTH);
        long original = Integer.toUnsignedLong(window.buffer().getInt(at + 8));
        long captured = Math.min(original, length - MIN_SIMPLE_PACKET_LENGTH);
        if (source.snapLength > 0) {
            captured = Math.min(captured, source.snapLength);
        }
        if (captured > CaptureReaders.MAX_CAPTURED_LENGTH) {
            return stop(where(SIMPLE_PACKET) + " holds " + captured + " captured bytes, more than the "
                    + CaptureReaders.MAX_CAPTURED_LENGTH + "-byte limit, so the file is damaged there");
        }
        // A simple packet block has no timestamp: it inherits the previous frame's time
        return frame(original, source, 0, SIMPLE_PACKET_HEADER_LENGTH, (int) captured, length);
    }

    private Frame frame(long original, PcapngInterface source, int interfaceId, int dataOffset, int captured,
                        long blockLength) throws IOException {
        long number = frameNumber + 1;
        // read before the bytes are sliced: reading them may move the window
        List<String> comments = dataOffset == PACKET_HEADER_LENGTH ? comments(captured, blockLength) : List.of();
        int at = window.ensure(position, dataOffset + captured);
        Frame frame = new Frame(number, lastTimestamp, (int) Math.min(original, Integer.MAX_VALUE), source.linkType,
                interfaceId, position, window.slice(at + dataOffset, captured), comments);
        frameNumber = number;
        position += blockLength;
        return frame;
    }

    /** The packet comments among the options of the (enhanced or obsolete) packet block at {@link #position}. */
    private List<String> comments(int captured, long blockLength) throws IOException {
        long start = PcapngComments.optionsStart(position, PACKET_HEADER_LENGTH, captured);
        long length = position + blockLength - 4 - start;
        if (length < 4) {
            return List.of();
        }
        int at = window.ensure(start, (int) length);
        ByteBuffer options = window.buffer().duplicate().order(window.buffer().order());
        options.limit(at + (int) length).position(at);
        return PcapngComments.read(options);
    }

    /**
     * Checks the total length of the block at {@link #position} (its type and length already read) and the copy of
     * the length at the block's end; returns null, or one sentence saying what is wrong.
     */
    private String checkLength(long length, int minimum, int type) throws IOException {
        if (length < minimum) {
            return where(type) + " has length " + length + ", less than the " + minimum + "-byte minimum";
        }
        if (length % 4 != 0) {
            return where(type) + " has length " + length + ", which is not a multiple of 4";
        }
        if (length > window.largestBlock()) {
            return where(type) + " has length " + length + ", more than the " + window.largestBlock()
                    + " bytes a block read from a pipe may have";
        }
        long remaining = window.available(position, length);
        if (length > remaining) {
            return "file is cut short inside " + subject(type) + " (block at byte " + position + " needs " + length
                    + " bytes, " + remaining + " remain)";
        }
        int at = window.ensure(position + length - 4, 4);
        long trailer = Integer.toUnsignedLong(window.buffer().getInt(at));
        if (trailer != length) {
            return where(type) + " starts with length " + length + " but ends with length " + trailer;
        }
        return null;
    }

    /** Names the block at {@link #position} in a problem sentence; built only when something is wrong. */
    private String subject(int type) {
        return switch (type) {
            case ENHANCED_PACKET, OBSOLETE_PACKET, SIMPLE_PACKET -> "frame " + (frameNumber + 1);
            case SECTION_HEADER -> "the section header block " + beforeFrame();
            case INTERFACE_DESCRIPTION -> "the interface description block " + beforeFrame();
            default -> "the block of type 0x" + Integer.toHexString(type) + " " + beforeFrame();
        };
    }

    private String where(int type) {
        return subject(type) + (type == SIMPLE_PACKET ? " (simple packet block at byte " : " (block at byte ")
                + position + ")";
    }

    private String beforeFrame() {
        return "before frame " + (frameNumber + 1);
    }

    @Override
    public CaptureFormat format() {
        return CaptureFormat.PCAPNG;
    }

    @Override
    public int linkType() {
        return linkType;
    }
}
