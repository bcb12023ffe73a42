package io.rocelens.capture;

import java.io.Closeable;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A little-endian output buffer in front of a file channel. Capture writers fill it record by record; full
 * buffers go to the file in large blocks on a background thread while the caller fills the other buffer, so
 * writing millions of small frames costs few system calls, no per-frame allocation, and the file system's time
 * overlaps the caller's.
 */
final class BufferedFileOutput implements Closeable {

    /**
     * Measured, not derived: the kernel's copy of a block into the page cache cost several times as much per byte
     * from 4 MiB blocks as from 256 KiB ones on this project's 2-core machine (perf). With 4 MiB,
     * {@code rocelens capture -B 16} of 1 KB frames from two veth senders (1.2M frames,
     * {@code bench/capture-throughput.sh bulk100k.pcap 6 2 max}) spent 3.1 - 3.8 s of CPU, most of it that copy on
     * the writer thread, and lost 140,000 - 168,000 frames (dumpcap 68,000 - 147,000); with 256 KiB 1.2 - 1.9 s in
     * six runs of seven, and no frame lost in five (dumpcap 1,600 - 77,000; the seventh, in a slow spell of the
     * machine, lost 370,000). {@code decode F -w G} of 1 GB took 0.5 s of system time instead of 1.0 - 2.2 s.
     * 64 KiB hands over so often that the thread switches cost more (docs/speed.md).
     */
    private static final int BUFFER_BYTES = 256 << 10;

    private final FileChannel channel;
    private long flushed;
    private final ExecutorService io = Executors.newSingleThreadExecutor(runnable -> {
        Thread thread = new Thread(runnable, "capture-writer");
        thread.setDaemon(true);
        return thread;
    });
    private ByteBuffer buffer = ByteBuffer.allocateDirect(BUFFER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
    private ByteBuffer spare = ByteBuffer.allocateDirect(BUFFER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
    private Future<?> pending;

    BufferedFileOutput(Path path) throws IOException {
        this(FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING));
    }

    /** Writes to an open channel, which may be a pipe (standard output); {@link #close()} closes it. */
    BufferedFileOutput(FileChannel channel) {
        this.channel = channel;
    }

    /** Bytes appended so far, written or still buffered: the offset the next byte will have in the file. */
    long position() {
        return flushed + buffer.position();
    }

    /** Makes sure {@code bytes} more bytes fit in the buffer, flushing it if needed. */
    ByteBuffer reserve(int bytes) throws IOException {
        if (buffer.remaining() < bytes) {
            flush();
        }
        return buffer;
    }

    /** Appends bytes of any length; a block larger than the buffer goes straight to the file. */
    void put(byte[] data, int offset, int length) throws IOException {
        if (length > buffer.capacity()) {
            flush();
            awaitPending();
            writeFully(ByteBuffer.wrap(data, offset, length));
            flushed += length;
            return;
        }
        reserve(length).put(data, offset, length);
    }

    void putZeros(int count) throws IOException {
        ByteBuffer out = reserve(count);
        for (int i = 0; i < count; i++) {
            out.put((byte) 0);
        }
    }

    /**
     * Hands what is buffered to the writer thread, unless it is still writing the previous buffer: a live capture
     * calls this often, so that a reader of the file (or of the pipe) sees frames soon, and must never wait for
     * the disk while frames arrive.
     */
    void flushUnlessBusy() throws IOException {
        if (pending == null || pending.isDone()) {
            flush();
        }
    }

    /** Hands what is buffered to the writer thread (waiting for its previous write) and continues in the spare one. */
    void flush() throws IOException {
        awaitPending();
        if (buffer.position() == 0) {
            return;
        }
        flushed += buffer.position();
        ByteBuffer full = buffer;
        full.flip();
        pending = io.submit(() -> {
            try {
                writeFully(full);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        buffer = spare;
        spare = full;
        buffer.clear();
    }

    private void awaitPending() throws IOException {
        if (pending == null) {
            return;
        }
        try {
            pending.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while writing the capture");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UncheckedIOException unchecked) {
                throw unchecked.getCause();
            }
            throw new IOException(e.getCause());
        } finally {
            pending = null;
        }
    }

    private void writeFully(ByteBuffer block) throws IOException {
        while (block.hasRemaining()) {
            channel.write(block);
        }
    }

    @Override
    public void close() throws IOException {
        try (channel) {
            flush();
            awaitPending();
        } finally {
            io.shutdownNow();
        }
    }
}
