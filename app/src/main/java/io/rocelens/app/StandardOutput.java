package io.rocelens.app;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;

/**
 * Standard output that remembers why a write failed. {@link PrintStream} keeps only a flag, but a reader that quit
 * ({@code rocelens decode F | head}: "Broken pipe") is a normal end while a full disk is a failure to report.
 */
final class StandardOutput extends FilterOutputStream {

    private static volatile IOException failure;

    private StandardOutput(OutputStream out) {
        super(out);
    }

    /** What {@code main} installs as {@link System#out}: the process's standard output, buffered as the JDK's is. */
    static PrintStream ofProcess() {
        return over(new FileOutputStream(FileDescriptor.out));
    }

    /** A print stream over {@code raw} whose failures {@link #failure()} reports. */
    static PrintStream over(OutputStream raw) {
        return new PrintStream(new BufferedOutputStream(new StandardOutput(raw), 8192), true, Charset.defaultCharset());
    }

    /** The last write failure of a stream made here, or null. */
    static IOException failure() {
        return failure;
    }

    static void forgetFailure() {
        failure = null;
    }

    @Override
    public void write(int b) throws IOException {
        try {
            out.write(b);
        } catch (IOException e) {
            failure = e;
            throw e;
        }
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
        try {
            out.write(bytes, offset, length);
        } catch (IOException e) {
            failure = e;
            throw e;
        }
    }

    @Override
    public void flush() throws IOException {
        try {
            out.flush();
        } catch (IOException e) {
            failure = e;
            throw e;
        }
    }
}
