package io.rocelens.live;

import io.rocelens.capture.Frame;
import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;

/**
 * The capture helper's Java side ({@link CaptureHelper}): runs one capture in this process, which holds the
 * capabilities, and reports to the process that started it ({@link HelperProtocol}). It writes the capture's files
 * itself, as the user who started it (capabilities give no rights on files). It stops when its standard input ends
 * or on SIGINT/SIGTERM, and always finishes the file first.
 */
public final class CaptureHelperMain {

    private static final long REPORT_MILLIS = 100;

    private final PrintStream status = new PrintStream(new FileOutputStream(FileDescriptor.err), true,
            StandardCharsets.UTF_8);
    private final DataOutputStream frames = new DataOutputStream(new BufferedOutputStream(
            new FileOutputStream(FileDescriptor.out), 1 << 16));
    private final AtomicBoolean finished = new AtomicBoolean();
    private volatile boolean framesBroken;
    private String lastFiles = "";

    private CaptureHelperMain() {
    }

    public static void main(String[] arguments) {
        System.exit(new CaptureHelperMain().run(arguments));
    }

    private int run(String[] arguments) {
        HelperProtocol.Request request;
        try {
            request = HelperProtocol.request(arguments);
        } catch (RuntimeException wrong) {
            say(HelperProtocol.ERROR + " " + CaptureException.Kind.LIBPCAP + " the capture helper was started wrongly: "
                    + wrong.getMessage());
            return 2;
        }
        if (request.temporaryFolder() != null) {
            System.setProperty("java.io.tmpdir", request.temporaryFolder());
        }
        LiveCapture capture;
        try {
            capture = PcapCapture.start(request.options(), request.frames() ? this::send : FrameListener.NONE);
        } catch (CaptureException failure) {
            say(HelperProtocol.ERROR + " " + failure.kind() + " " + failure.getMessage());
            return 2;
        }
        say(HelperProtocol.STARTED);
        Thread onSignal = new Thread(() -> finish(capture), "rocelens-capture-helper-signal");
        Runtime.getRuntime().addShutdownHook(onSignal);
        Thread stdinWatch = new Thread(() -> stopAtEndOfInput(capture), "rocelens-capture-helper-stdin");
        stdinWatch.setDaemon(true);
        stdinWatch.start();
        try {
            while (!capture.awaitTermination(REPORT_MILLIS, TimeUnit.MILLISECONDS)) {
                flushFrames();
                report(capture);
            }
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
        finish(capture);
        return 0;
    }

    /** Reads standard input to its end: the parent closed it (asked to stop) or died. */
    private static void stopAtEndOfInput(LiveCapture capture) {
        try {
            while (System.in.read() >= 0) {
                // nothing is said on standard input; its end is the message
            }
        } catch (IOException closed) {
            // as good as the end
        }
        capture.stop();
    }

    private void finish(LiveCapture capture) {
        capture.stop();
        try {
            capture.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
        if (finished.compareAndSet(false, true)) {
            flushFrames();
            report(capture);
            String problem = capture.problem();
            say(HelperProtocol.FINISHED + (problem == null ? "" : " " + problem));
            try {
                frames.close();
            } catch (IOException gone) {
                // the parent is gone: nobody to tell
            }
        }
    }

    /** Called on the capture's thread, one frame at a time, in order. */
    private void send(Frame frame) {
        if (framesBroken) {
            return;
        }
        ByteBuffer data = frame.data();
        synchronized (frames) {
            try {
                frames.writeInt(frame.interfaceId());
                frames.writeLong(frame.number());
                frames.writeLong(frame.timestampNanos());
                frames.writeInt(frame.originalLength());
                frames.writeInt(frame.linkType());
                frames.writeLong(frame.fileOffset());
                frames.writeInt(data.remaining());
                if (data.hasArray()) {
                    frames.write(data.array(), data.arrayOffset() + data.position(), data.remaining());
                } else {
                    byte[] copy = new byte[data.remaining()];
                    data.duplicate().get(copy);
                    frames.write(copy);
                }
            } catch (IOException gone) {
                framesBroken = true;      // the parent stopped reading: its standard input closes next
            }
        }
    }

    private void flushFrames() {
        synchronized (frames) {
            try {
                frames.flush();
            } catch (IOException gone) {
                framesBroken = true;
            }
        }
    }

    private void report(LiveCapture capture) {
        StringBuilder stats = new StringBuilder(HelperProtocol.STATS).append(' ').append(capture.framesCaptured())
                .append(' ').append(capture.bytesWritten());
        for (InterfaceStatistics each : capture.statistics()) {
            stats.append(' ').append(each.captured()).append(' ').append(each.received()).append(' ')
                    .append(each.dropped()).append(' ').append(each.ifDropped());
        }
        say(stats.toString());
        List<Path> files = capture.files();
        String listed = files.stream().map(Path::toString).collect(Collectors.joining("\t"));
        if (!listed.equals(lastFiles)) {
            lastFiles = listed;
            say(HelperProtocol.FILES + " " + listed);
        }
    }

    private synchronized void say(String line) {
        status.println(HelperProtocol.PREFIX + line.replace('\n', ' '));
    }
}
