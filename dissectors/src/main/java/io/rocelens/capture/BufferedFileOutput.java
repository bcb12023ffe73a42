package io.rocelens.capture;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A little-endian output buffer in front of a file channel. Capture writers fill it record by record and it goes to
 * the file in large blocks, so writing millions of small frames costs few system calls and no per-frame allocation.
 */
final class BufferedFileOutput implements Closeable {

    private static final int BUFFER_BYTES = 4 << 20;

    private final FileChannel channel;
    private final ByteBuffer buffer = ByteBuffer.allocateDirect(BUFFER_BYTES).order(ByteOrder.LITTLE_ENDIAN);

    BufferedFileOutput(Path path) throws IOException {
        channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING);
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
            ByteBuffer wrapped = ByteBuffer.wrap(data, offset, length);
            while (wrapped.hasRemaining()) {
                channel.write(wrapped);
            }
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

    private void flush() throws IOException {
        buffer.flip();
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
        buffer.clear();
    }

    @Override
    public void close() throws IOException {
        try (channel) {
            flush();
        }
    }
}
