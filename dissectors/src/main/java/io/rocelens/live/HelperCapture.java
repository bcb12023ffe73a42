package io.rocelens.live;

import io.rocelens.capture.Frame;
import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A capture run by the capture helper ({@link CaptureHelper}) for a process that may not capture itself: the helper
 * opens the interfaces and writes the files; this side reads its reports and frames ({@link HelperProtocol}) and
 * answers as the in-process engine would.
 */
final class HelperCapture implements LiveCapture {

    private final CaptureOptions options;
    private final FrameListener listener;
    private final Process helper;
    private final BufferedReader reports;
    private final CountDownLatch finished = new CountDownLatch(1);
    private final Object lock = new Object();
    private long reportedFrames;
    private long delivered;
    private long bytes;
    private long[] counters;
    private List<Path> files;
    private volatile String problem;
    private boolean stopped;

    private HelperCapture(CaptureOptions options, FrameListener listener, Process helper) {
        this.options = options;
        this.listener = listener;
        this.helper = helper;
        this.reports = new BufferedReader(new InputStreamReader(helper.getErrorStream(), StandardCharsets.UTF_8));
        this.counters = new long[4 * options.interfaces().size()];
        this.files = options.output() instanceof CaptureOutput.NamedFile named ? List.of(named.path()) : List.of();
    }

    static LiveCapture start(CaptureHelper capturer, CaptureOptions options, FrameListener listener)
            throws CaptureException {
        String refusal = capturer.refusal();
        if (refusal != null) {
            throw new CaptureException(CaptureException.Kind.PERMISSION, refusal);
        }
        boolean toStandardOutput = options.output() instanceof CaptureOutput.StandardOutput;
        boolean frames = listener != FrameListener.NONE;
        if (toStandardOutput && frames) {
            throw new CaptureException(CaptureException.Kind.OUTPUT, "a capture through the capture helper writes"
                    + " either to standard output or to a file that frames are shown from, not both");
        }
        List<String> command = new ArrayList<>();
        command.add(capturer.executable().toString());
        command.addAll(HelperProtocol.arguments(options, frames, Path.of(System.getProperty("java.io.tmpdir"))));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.redirectOutput(toStandardOutput ? ProcessBuilder.Redirect.INHERIT
                : frames ? ProcessBuilder.Redirect.PIPE : ProcessBuilder.Redirect.DISCARD);
        Process process;
        try {
            process = builder.start();
        } catch (IOException failure) {
            throw new CaptureException(CaptureException.Kind.LIBPCAP, "cannot start the capture helper "
                    + capturer.executable() + ": " + failure.getMessage());
        }
        HelperCapture capture = new HelperCapture(options, listener, process);
        capture.awaitStart(capturer.executable());
        Thread reader = new Thread(capture::follow, "rocelens-capture-helper");
        reader.setDaemon(true);
        reader.start();
        return capture;
    }

    /** Reads the reports until the helper says it started, or why it could not. */
    private void awaitStart(Path executable) throws CaptureException {
        try {
            String line;
            while ((line = reports.readLine()) != null) {
                if (!line.startsWith(HelperProtocol.PREFIX)) {
                    System.err.println(line);
                    continue;
                }
                String report = line.substring(HelperProtocol.PREFIX.length());
                if (report.equals(HelperProtocol.STARTED)) {
                    return;
                }
                if (report.startsWith(HelperProtocol.ERROR + " ")) {
                    String[] parts = report.split(" ", 3);
                    helper.destroy();
                    throw new CaptureException(kind(parts[1]), parts.length > 2 ? parts[2] : "capture failed");
                }
            }
        } catch (IOException unreadable) {
            // told below
        }
        helper.destroy();
        throw new CaptureException(CaptureException.Kind.LIBPCAP, "the capture helper " + executable
                + " ended before capturing" + exitStatus());
    }

    private String exitStatus() {
        try {
            return helper.waitFor(2, TimeUnit.SECONDS) ? " (exit status " + helper.exitValue() + ")" : "";
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    private static CaptureException.Kind kind(String name) {
        return Arrays.stream(CaptureException.Kind.values()).filter(kind -> kind.name().equals(name)).findFirst()
                .orElse(CaptureException.Kind.LIBPCAP);
    }

    /** Hands the frames over as they come while a second thread reads the reports; ends when the helper has. */
    private void follow() {
        Thread reportReader = new Thread(this::readReports, "rocelens-capture-helper-reports");
        reportReader.setDaemon(true);
        reportReader.start();
        if (listener != FrameListener.NONE) {
            readFrames();
        }
        try {
            reportReader.join();
            helper.waitFor();
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
        finished.countDown();
        listener.finished();
    }

    private void readFrames() {
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(helper.getInputStream(), 1 << 16))) {
            while (true) {
                int interfaceId;
                try {
                    interfaceId = in.readInt();
                } catch (EOFException end) {
                    return;
                }
                long number = in.readLong();
                long timestamp = in.readLong();
                int originalLength = in.readInt();
                int linkType = in.readInt();
                long offset = in.readLong();
                byte[] data = new byte[in.readInt()];
                in.readFully(data);
                synchronized (lock) {
                    delivered = number;
                }
                listener.frame(new Frame(number, timestamp, originalLength, linkType, interfaceId, offset,
                        ByteBuffer.wrap(data)));
            }
        } catch (IOException | RuntimeException broken) {
            fail("the capture helper's frames broke off: " + broken.getMessage());
        }
    }

    private void readReports() {
        try {
            String line;
            while ((line = reports.readLine()) != null) {
                if (!line.startsWith(HelperProtocol.PREFIX)) {
                    System.err.println(line);
                } else {
                    take(line.substring(HelperProtocol.PREFIX.length()));
                }
            }
        } catch (IOException | RuntimeException broken) {
            fail("the capture helper's reports broke off: " + broken.getMessage());
        }
    }

    private void take(String report) {
        if (report.startsWith(HelperProtocol.STATS + " ")) {
            long[] numbers = Arrays.stream(report.substring(HelperProtocol.STATS.length() + 1).split(" "))
                    .mapToLong(Long::parseLong).toArray();
            synchronized (lock) {
                reportedFrames = numbers[0];
                bytes = numbers[1];
                counters = Arrays.copyOfRange(numbers, 2, numbers.length);
            }
        } else if (report.startsWith(HelperProtocol.FILES)) {
            String listed = report.substring(HelperProtocol.FILES.length()).strip();
            List<Path> paths = listed.isEmpty() ? List.of()
                    : Arrays.stream(listed.split("\t")).map(Path::of).toList();
            synchronized (lock) {
                files = paths;
            }
        } else if (report.startsWith(HelperProtocol.FINISHED)) {
            String said = report.substring(HelperProtocol.FINISHED.length()).strip();
            if (!said.isEmpty()) {
                fail(said);
            }
        }
    }

    private void fail(String message) {
        if (problem == null) {
            problem = message.strip();
        }
        stop();
    }

    @Override
    public void stop() {
        synchronized (lock) {
            if (stopped) {
                return;
            }
            stopped = true;
        }
        OutputStream input = helper.getOutputStream();
        try {
            input.close();
        } catch (IOException gone) {
            // the helper has ended already
        }
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        return finished.await(timeout, unit);
    }

    @Override
    public long framesCaptured() {
        synchronized (lock) {
            return Math.max(reportedFrames, delivered);
        }
    }

    @Override
    public List<InterfaceStatistics> statistics() {
        synchronized (lock) {
            List<InterfaceStatistics> list = new ArrayList<>();
            for (int i = 0; i < options.interfaces().size(); i++) {
                int at = 4 * i;
                boolean known = at + 3 < counters.length;
                list.add(new InterfaceStatistics(options.interfaces().get(i), known ? counters[at] : 0,
                        known ? counters[at + 1] : 0, known ? counters[at + 2] : 0, known ? counters[at + 3] : 0));
            }
            return list;
        }
    }

    @Override
    public long bytesWritten() {
        synchronized (lock) {
            return bytes;
        }
    }

    @Override
    public List<Path> files() {
        synchronized (lock) {
            return files;
        }
    }

    @Override
    public String problem() {
        return problem;
    }
}
