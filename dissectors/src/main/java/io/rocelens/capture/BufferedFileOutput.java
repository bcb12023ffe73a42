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
import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A little-endian output buffer in front of a file channel. Capture writers fill it record by record; each full block
 * goes to the file on a background thread while the caller fills the next one, so writing millions of small frames
 * costs few system calls, no per-frame allocation, and the file system's time overlaps the caller's. Up to
 * {@link #BLOCKS} blocks wait for the file at once: a live capture's reading thread waits for the disk only once all
 * of them do.
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
    private static final int BLOCK_BYTES = 256 << 10;
    /** 4 MiB in all, the slack two blocks of 4 MiB gave the caller before the blocks became small. */
    private static final int BLOCKS = 16;

    private final FileChannel channel;
    private long flushed;
    private final ExecutorService io = Executors.newSingleThreadExecutor(runnable -> {
        Thread thread = new Thread(runnable, "capture-writer");
        thread.setDaemon(true);
        return thread;
    });
    private ByteBuffer buffer = newBlock();
    private int blocksMade = 1;
    /** Blocks written to the file, back from the writer thread for the caller to fill again. */
    private final Queue<ByteBuffer> written = new ConcurrentLinkedQueue<>();
    /** The writes handed to the writer thread and not yet seen done, oldest first (it writes them in this order). */
    private final ArrayDeque<Future<?>> writing = new ArrayDeque<>();

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

    /**
     * Appends bytes, at most a block's worth at once: the writers' longest piece is a frame of the largest snap length
     * ({@link CaptureWriter#MAX_SNAPLEN}, a block exactly); a pcapng option is at most 64 KiB.
     */
    void put(byte[] data, int offset, int length) throws IOException {
        reserve(length).put(data, offset, length);
    }

    void putZeros(int count) throws IOException {
        ByteBuffer out = reserve(count);
        for (int i = 0; i < count; i++) {
            out.put((byte) 0);
        }
    }

    /**
     * Hands what is buffered to the writer thread, unless every block is waiting for the file: a live capture calls
     * this often, so that a reader of the file (or of the pipe) sees frames soon, and must never wait for the disk
     * while frames arrive.
     */
    void flushUnlessBusy() throws IOException {
        forgetFinishedWrites();
        if (written.isEmpty() && blocksMade == BLOCKS) {
            return;
        }
        flush();
    }

    /** Hands what is buffered to the writer thread and continues in another block, waiting for one if none is free. */
    void flush() throws IOException {
        forgetFinishedWrites();
        if (buffer.position() == 0) {
            return;
        }
        flushed += buffer.position();
        ByteBuffer full = buffer.flip();
        writing.add(io.submit(() -> {
            try {
                writeFully(full);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            written.add(full);
        }));
        buffer = freeBlock();
    }

    /**
     * A block to fill: one the writer thread is done with, a new one while fewer than {@link #BLOCKS} exist, or else
     * the next one it finishes.
     */
    private ByteBuffer freeBlock() throws IOException {
        while (true) {
            ByteBuffer block = written.poll();
            if (block != null) {
                return block.clear();
            }
            if (blocksMade < BLOCKS) {
                blocksMade++;
                return newBlock();
            }
            await(writing.poll());
        }
    }

    private static ByteBuffer newBlock() {
        return ByteBuffer.allocateDirect(BLOCK_BYTES).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** Forgets the writes already done, failing with the first of them that failed. */
    private void forgetFinishedWrites() throws IOException {
        while (!writing.isEmpty() && writing.peek().isDone()) {
            await(writing.poll());
        }
    }

    private void awaitAllWrites() throws IOException {
        while (!writing.isEmpty()) {
            await(writing.poll());
        }
    }

    private static void await(Future<?> write) throws IOException {
        try {
            write.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while writing the capture");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UncheckedIOException unchecked) {
                throw unchecked.getCause();
            }
            throw new IOException(e.getCause());
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
            awaitAllWrites();
        } finally {
            io.shutdownNow();
        }
    }
}
