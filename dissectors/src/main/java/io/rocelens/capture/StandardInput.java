package io.rocelens.capture;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;

/**
 * The process's standard input as a capture stream that another thread can end: {@link #stop()} (from a shutdown
 * hook, on SIGINT or SIGTERM) wakes a read waiting for the writer, and the stream ends there, so what was read so
 * far can still be reported. System.in cannot do that: a read blocked on a pipe outlives closing it. The read goes
 * through a {@link FileChannel}, whose close signals the blocked thread; what is ready comes from the descriptor's
 * FIONREAD count.
 */
public final class StandardInput extends InputStream {

    private static final FileInputStream DESCRIPTOR = new FileInputStream(FileDescriptor.in);
    private static final FileChannel CHANNEL = DESCRIPTOR.getChannel();
    private static final StandardInput INSTANCE = new StandardInput();

    private StandardInput() {
    }

    /** The one stream over file descriptor 0. */
    public static StandardInput get() {
        return INSTANCE;
    }

    /**
     * Ends the stream: a read waiting for the writer returns at once (the capture reader sees the end of the input),
     * and later reads find the end.
     */
    public static void stop() {
        try {
            CHANNEL.close();
        } catch (IOException ignored) {
            // closing fd 0 loses nothing
        }
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        try {
            return CHANNEL.read(ByteBuffer.wrap(b, off, len));
        } catch (ClosedChannelException stopped) {
            // stop() closed it, before this read or while it waited (AsynchronousCloseException): the end
            return -1;
        }
    }

    @Override
    public int available() throws IOException {
        return CHANNEL.isOpen() ? DESCRIPTOR.available() : 0;
    }

    @Override
    public void close() {
        // the descriptor stays: a second reader would find it closed, and the process may still use it
    }
}
