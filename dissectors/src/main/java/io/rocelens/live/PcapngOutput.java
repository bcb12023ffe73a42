package io.rocelens.live;

import io.rocelens.capture.PcapngWriter;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * The pcapng a live capture writes: one file, standard output, or a ring of files. Each file starts with the
 * section and interface blocks and ends with an interface statistics block per interface. Not thread-safe: the
 * capture writes under its own lock.
 */
final class PcapngOutput {

    private static final String APPLICATION = "RoCE Lens 0.1.0";
    private static final DateTimeFormatter FILE_TIME = DateTimeFormatter.ofPattern("yyyyMMddHHmmss");

    private final CaptureOutput target;
    private final List<PcapngWriter.Interface> interfaces;
    private final Deque<Path> ring = new ArrayDeque<>();
    private PcapngWriter writer;
    private Path current;
    private int fileNumber;
    private long finishedBytes;

    /** Opens the first (or only) file. */
    PcapngOutput(CaptureOutput target, List<PcapngWriter.Interface> interfaces) throws IOException {
        this.target = target;
        this.interfaces = interfaces;
        if (target instanceof CaptureOutput.StandardOutput) {
            writer = new PcapngWriter(new FileOutputStream(FileDescriptor.out).getChannel(), interfaces, APPLICATION);
        } else if (target instanceof CaptureOutput.NamedFile named) {
            open(named.path());
        } else if (target instanceof CaptureOutput.RingBuffer ringBuffer) {
            nextRingFile(ringBuffer);
        } else {
            open(Files.createTempFile("rocelens_" + String.join("-", interfaces.stream()
                    .map(PcapngOutput::safeName).toList()) + "_" + LocalDateTime.now().format(FILE_TIME) + "_",
                    ".pcapng"));
        }
    }

    private static String safeName(PcapngWriter.Interface description) {
        return description.name().replaceAll("[^A-Za-z0-9._-]", "_");
    }

    private void open(Path path) throws IOException {
        FileChannel channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING);
        try {
            writer = new PcapngWriter(channel, interfaces, APPLICATION);
        } catch (IOException | RuntimeException failure) {
            channel.close();
            throw failure;
        }
        current = path;
    }

    private void nextRingFile(CaptureOutput.RingBuffer ringBuffer) throws IOException {
        fileNumber++;
        String name = ringBuffer.path().getFileName().toString();
        int dot = name.lastIndexOf('.');
        String stem = dot > 0 ? name.substring(0, dot) : name;
        String extension = dot > 0 ? name.substring(dot) : "";
        Path path = ringBuffer.path().resolveSibling(String.format("%s_%05d_%s%s", stem, fileNumber,
                LocalDateTime.now().format(FILE_TIME), extension));
        open(path);
        ring.addLast(path);
        while (ringBuffer.files() > 0 && ring.size() > ringBuffer.files()) {
            Path oldest = ring.removeFirst();
            Files.deleteIfExists(oldest);
        }
    }

    /**
     * Writes one frame ({@code length} bytes of {@code data} from {@code dataOffset}) and returns the offset of its block in the file, or -1 when that offset says nothing
     * (standard output, a ring of files).
     */
    long write(int interfaceId, long timestampNanos, int originalLength, byte[] data, int dataOffset, int length)
            throws IOException {
        long offset = writer.bytesWritten();
        writer.write(interfaceId, timestampNanos, originalLength, data, dataOffset, length);
        return current == null || target instanceof CaptureOutput.RingBuffer ? -1 : offset;
    }

    /** True when the output is a ring buffer and its current file has reached its size. */
    boolean fileFull() {
        return target instanceof CaptureOutput.RingBuffer ringBuffer && writer.bytesWritten() >= ringBuffer.fileBytes();
    }

    /** Closes the current file of the ring with these counters in its statistics blocks, and starts the next. */
    void nextFile(List<PcapngWriter.Statistics> statistics) throws IOException {
        finishedBytes += writer.bytesWritten();
        close(statistics);
        nextRingFile((CaptureOutput.RingBuffer) target);
    }

    void flush() throws IOException {
        writer.flush();
    }

    /** Bytes written over all files. */
    long bytes() {
        return finishedBytes + writer.bytesWritten();
    }

    /** The files written and still there, oldest first; empty for standard output. */
    List<Path> files() {
        if (target instanceof CaptureOutput.RingBuffer) {
            return List.copyOf(ring);
        }
        return current == null ? List.of() : List.of(current);
    }

    /** Writes a statistics block per interface and closes the file. */
    void close(List<PcapngWriter.Statistics> statistics) throws IOException {
        try (PcapngWriter closing = writer) {
            for (int i = 0; i < statistics.size(); i++) {
                closing.writeStatistics(i, statistics.get(i));
            }
        }
    }
}
