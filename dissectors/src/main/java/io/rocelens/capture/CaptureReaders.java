package io.rocelens.capture;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** Opens capture files, choosing the reader from the file's first bytes rather than from its name. */
public final class CaptureReaders {

    /**
     * The largest captured length a frame may claim; a larger one means the file is damaged and reading stops there.
     * It is Wireshark's limit for ordinary link types (WTAP_MAX_PACKET_SIZE_STANDARD), far above any Ethernet or
     * RoCE frame (jumbo frames stay under 10 000 bytes, offloaded segments under 65 536 + headers).
     */
    public static final int MAX_CAPTURED_LENGTH = 262_144;

    static final int PCAP_MICROS = 0xA1B2C3D4;
    static final int PCAP_NANOS = 0xA1B23C4D;
    static final int PCAPNG_SECTION_HEADER = 0x0A0D0D0A;
    private static final int GZIP = 0x1F8B;

    private CaptureReaders() {
    }

    /**
     * Opens a pcap (microsecond or nanosecond, either byte order) or pcapng file.
     *
     * @throws NotACaptureException if the file is empty, a directory, a pipe or a device, is not a capture file, or
     *                              its file header is cut short or damaged; the message is one line naming the file
     * @throws IOException          if the file cannot be opened or read
     */
    public static CaptureReader open(Path file) throws IOException {
        return open(file, ChunkedWindow.CHUNK);
    }

    /** As {@link #open(Path)}, with a chosen chunk size so tests can make records cross chunk ends. */
    static CaptureReader open(Path file, int chunkSize) throws IOException {
        return open(file, chunkSize, new PcapngLayout());
    }

    /** As {@link #open(Path)}, recording a pcapng file's sections and interfaces in the given layout. */
    static CaptureReader open(Path file, int chunkSize, PcapngLayout layout) throws IOException {
        FileChannel channel = openChannel(file);
        try {
            return open(file, channel, chunkSize, layout);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /** Opens a regular file for reading; refuses a directory, a pipe or a device as not a capture file. */
    static FileChannel openChannel(Path file) throws IOException {
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            // a FIFO would block the open until a writer comes, and neither it nor a device has a size to read up to
            throw new NotACaptureException(file.getFileName() + " is " + (Files.isDirectory(file) ? "a directory"
                    : "not a regular file (a pipe or a device; read those as standard input: - < "
                    + file.getFileName() + ")") + ", not a pcap or pcapng capture file");
        }
        return FileChannel.open(file, StandardOpenOption.READ);
    }

    /** Reads the file open on {@code channel}, which the reader then owns. */
    static CaptureReader open(Path file, FileChannel channel, int chunkSize, PcapngLayout layout)
            throws IOException {
        return open(String.valueOf(file.getFileName()), channel, new ChunkedWindow(channel, chunkSize), layout);
    }

    /**
     * Reads a pcap or pcapng capture from a stream (standard input, a pipe) as it arrives, front to back: frames come
     * out as soon as their bytes are in, and only the record being read is held. Closing the reader closes the
     * stream.
     *
     * @param name what messages call the input, e.g. "standard input"
     * @throws NotACaptureException if the stream is empty or does not start like a pcap or pcapng file
     * @throws IOException          if reading the stream fails
     */
    public static CaptureReader open(InputStream in, String name) throws IOException {
        try {
            return open(name, in, new StreamWindow(in), new PcapngLayout());
        } catch (IOException | RuntimeException e) {
            in.close();
            throw e;
        }
    }

    /** "-" names standard input, as in tshark's {@code -r -}. */
    public static boolean isStandardInput(Path file) {
        return file.toString().equals("-");
    }

    /** Opens the capture file, or standard input when the path is "-" (see {@link #open(InputStream, String)}). */
    public static CaptureReader openFileOrStandardInput(Path file) throws IOException {
        return isStandardInput(file) ? open(StandardInput.get(), "standard input") : open(file);
    }

    private static CaptureReader open(String name, Closeable source, ByteWindow window, PcapngLayout layout)
            throws IOException {
        long head = window.available(0, 4);
        if (head == 0) {
            throw new NotACaptureException(name + " is empty, not a pcap or pcapng capture file");
        }
        if (head < 4) {
            throw new NotACaptureException(name + " is not a pcap or pcapng capture file (only " + head
                    + " bytes long)");
        }
        int at = window.ensure(0, 4);
        int magic = window.buffer().getInt(at);
        if (magic == PCAP_MICROS || magic == PCAP_NANOS) {
            return new PcapReader(name, source, window, ByteOrder.BIG_ENDIAN, magic == PCAP_NANOS);
        }
        if (Integer.reverseBytes(magic) == PCAP_MICROS || Integer.reverseBytes(magic) == PCAP_NANOS) {
            return new PcapReader(name, source, window, ByteOrder.LITTLE_ENDIAN,
                    Integer.reverseBytes(magic) == PCAP_NANOS);
        }
        if (magic == PCAPNG_SECTION_HEADER) {
            return new PcapngReader(name, source, window, layout);
        }
        String start = String.format("0x%08x", magic);
        if (magic >>> 16 == GZIP) {
            throw new NotACaptureException(name + " is gzip-compressed (starts with " + start
                    + "); decompress it first");
        }
        throw new NotACaptureException(name + " is not a pcap or pcapng capture file (starts with " + start + ")");
    }
}
