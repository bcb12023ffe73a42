package io.rocelens.live;

import io.rocelens.capture.Frame;
import io.rocelens.capture.CaptureOpenException;
import io.rocelens.capture.PcapngWriter;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The capture engine, in this process, behind {@link LiveCapture}: frames from one or more
 * interfaces through libpcap (RoCE Lens's own JNA binding, {@link Pcap}), each
 * written to one pcapng as it arrives and then handed to a {@link FrameListener}.
 *
 * <p>One thread per interface reads with {@code pcap_dispatch}, a batch at a time ({@link FrameBatch}), and writes
 * each batch under a shared lock, so frame numbers follow arrival order across interfaces. A monitor thread flushes the output every 100 ms, so a reader of the file
 * or the pipe sees frames soon and a kill loses at most that much, and polls {@code pcap_stats} every 200 ms. After
 * {@link #stop()}, a stop condition or an error, the file gets an Interface Statistics Block per interface and is
 * closed.
 *
 * <p>A stop (by the user or the duration limit) still reads what the kernel received before it: frames wait in
 * libpcap's ring until their block is handed over (at most the read timeout later), and a capture that says
 * "Captured: 381" for 401 frames sent before Stop was pressed would be a silent wrong answer. The readers go on until
 * libpcap has had nothing for a whole read timeout after the stop or hands over a frame stamped after the stop, bounded by {@link #DRAIN_NANOS}.
 * A packet or size limit, or a failure, halts at once.
 */
final class PcapCapture implements LiveCapture {

    private static final int READ_TIMEOUT_MILLIS = 100;
    private static final long FLUSH_MILLIS = 100;
    private static final long STATS_NANOS = 200_000_000L;
    private static final long DRAIN_NANOS = 1_000_000_000L;
    private static final int IFF_UP = 0x1;

    private final CaptureOptions options;
    private final FrameListener listener;
    private final List<Pcap> handles;
    private final int[] linkTypes;
    private final PcapngOutput output;
    private final long startNanos = System.currentTimeMillis() * 1_000_000L;
    private final long deadline;
    private final Object lock = new Object();
    private final Object stopLock = new Object();
    private final long[] captured;
    private final boolean[] watched;
    private final Pcap.Stats[] stats;
    private final CountDownLatch finished = new CountDownLatch(1);
    private long frames;
    private volatile long framesSoFar;
    private volatile boolean stopping;
    /** Wall-clock time of the stop in nanoseconds since the epoch, as libpcap stamps frames. */
    private volatile long stoppedAtNanos = Long.MAX_VALUE;
    private volatile long stoppedAt;
    private volatile boolean halted;
    private volatile String problem;

    private PcapCapture(CaptureOptions options, FrameListener listener, List<Pcap> handles, PcapngOutput output) {
        this.options = options;
        this.listener = listener;
        this.handles = handles;
        this.output = output;
        linkTypes = handles.stream().mapToInt(Pcap::datalink).toArray();
        captured = new long[handles.size()];
        watched = new boolean[handles.size()];
        for (int i = 0; i < watched.length; i++) {
            watched[i] = linkFlags(options.interfaces().get(i)) != null;
        }
        stats = new Pcap.Stats[handles.size()];
        long start = System.nanoTime();
        deadline = options.maxDurationNanos() == Long.MAX_VALUE ? Long.MAX_VALUE
                : start + options.maxDurationNanos();
    }

    /** The interfaces libpcap can capture on, in its order (the first is its default). */
    static List<CaptureInterface> interfaces() throws CaptureException {
        Libpcap.load();
        try {
            return Pcap.interfaces();
        } catch (Pcap.Failure failure) {
            throw new CaptureException(CaptureException.Kind.LIBPCAP, "cannot list the interfaces: "
                    + failure.getMessage());
        }
    }

    /**
     * Checks a capture filter with libpcap's compiler for Ethernet, as the capture will, without opening an
     * interface (no permission needed).
     *
     * @return null when the filter is good, else libpcap's message
     */
    static String checkFilter(String filter) throws CaptureException {
        Libpcap.load();
        try {
            return Pcap.checkFilter(filter, CaptureOptions.FULL_SNAPLEN);
        } catch (Pcap.Failure failure) {
            throw new CaptureException(CaptureException.Kind.LIBPCAP, failure.getMessage());
        }
    }

    /**
     * Opens every interface, sets the filter on each and opens the output, then starts capturing. Nothing is
     * captured unless all of that worked.
     *
     * @throws CaptureException with a one-line message for the user
     */
    static PcapCapture start(CaptureOptions options, FrameListener listener) throws CaptureException {
        Libpcap.load();
        List<Pcap> handles = new ArrayList<>();
        try {
            for (String name : options.interfaces()) {
                Pcap handle = openInterface(name, options);
                handles.add(handle);
                setFilter(handle, options.filter());
            }
            List<PcapngWriter.Interface> descriptions = new ArrayList<>();
            for (int i = 0; i < handles.size(); i++) {
                descriptions.add(new PcapngWriter.Interface(options.interfaces().get(i), null,
                        options.filter().isBlank() ? null : options.filter(), handles.get(i).datalink(),
                        options.snaplen()));
            }
            PcapngOutput output;
            try {
                output = new PcapngOutput(options.output(), descriptions);
            } catch (IOException failure) {
                throw new CaptureException(CaptureException.Kind.OUTPUT, "cannot write the capture: "
                        + CaptureOpenException.reason(failure));
            }
            PcapCapture capture = new PcapCapture(options, listener, handles, output);
            capture.run();
            return capture;
        } catch (CaptureException | RuntimeException failure) {
            handles.forEach(Pcap::close);
            throw failure;
        }
    }

    /** Opens one interface with the options' snap length, modes and buffer; checks first that it exists. */
    static Pcap openInterface(String name, CaptureOptions options) throws CaptureException {
        List<String> known = interfaces().stream().map(CaptureInterface::name).toList();
        if (!known.contains(name)) {
            throw noSuchInterface(name, known);
        }
        try {
            return Pcap.open(name, options.snaplen(), options.promiscuous(), READ_TIMEOUT_MILLIS,
                    options.bufferBytes(), options.immediate());
        } catch (Pcap.Failure failure) {
            int code = failure.code();
            String message = String.valueOf(failure.getMessage());
            if (code == PcapNative.ERROR_PERM_DENIED || message.contains("Operation not permitted")
                    || message.contains("ermission")) {
                throw new CaptureException(CaptureException.Kind.PERMISSION, "no permission to capture on " + name
                        + " (" + message + "): run as root, or let the members of a group capture through RoCE Lens's"
                        + " capture helper: " + CaptureHelper.HOW_TO_SET_UP);
            }
            if (code == PcapNative.ERROR_NO_SUCH_DEVICE) {
                throw noSuchInterface(name, known);
            }
            if (code == PcapNative.ERROR_IFACE_NOT_UP) {
                throw new CaptureException(CaptureException.Kind.LIBPCAP, "interface " + name + " is down: bring it"
                        + " up with 'ip link set " + name + " up'");
            }
            throw new CaptureException(CaptureException.Kind.LIBPCAP, "cannot capture on " + name + ": " + message);
        }
    }

    private static void setFilter(Pcap handle, String filter) throws CaptureException {
        try {
            handle.setFilter(filter);
        } catch (Pcap.Failure wrong) {
            throw new CaptureException(CaptureException.Kind.BAD_FILTER, "bad capture filter \"" + filter + "\": "
                    + wrong.getMessage());
        }
    }

    private static CaptureException noSuchInterface(String name, List<String> known) {
        return new CaptureException(CaptureException.Kind.NO_SUCH_INTERFACE, "no interface named '" + name
                + "'; the interfaces are: " + String.join(", ", known));
    }

    private void run() {
        List<Thread> readers = new ArrayList<>();
        for (int i = 0; i < handles.size(); i++) {
            int index = i;
            Thread reader = new Thread(() -> read(index), "rocelens-capture-" + options.interfaces().get(i));
            reader.setDaemon(true);
            readers.add(reader);
        }
        Thread monitor = new Thread(() -> monitor(readers), "rocelens-capture-monitor");
        monitor.setDaemon(true);
        readers.forEach(Thread::start);
        monitor.start();
    }

    /**
     * Reads frames until stopped: each pcap_dispatch hands over a batch of frames, a timeout (0), or (after
     * pcap_breakloop) a break.
     */
    private void read(int index) {
        Pcap handle = handles.get(index);
        try {
            FrameBatch batch = new FrameBatch(handle);
            while (!halted) {
                int result = batch.read();
                if (result > 0) {
                    if (!accept(index, batch)) {
                        break;      // a frame arrived after the stop
                    }
                } else if (result == FrameBatch.ERROR) {
                    if (stopping) {
                        break;      // reading what came before the stop, the interface went away: keep what came
                    }
                    fail("capture on " + options.interfaces().get(index) + " stopped: " + handle.error());
                } else if (stopping && System.nanoTime() - stoppedAt > 2L * READ_TIMEOUT_MILLIS * 1_000_000L) {
                    break;          // a whole read timeout after the stop and nothing: the ring is empty
                }
            }
        } catch (IOException failure) {
            fail("cannot write the capture: " + CaptureOpenException.reason(failure));
        } catch (RuntimeException failure) {
            fail("capture stopped: " + failure);
        }
    }

    /**
     * Writes a batch under one hold of the lock and hands each frame to the listener (a copy of its bytes, made only
     * when there is a listener).
     *
     * @return false when a frame of the batch was stamped after the stop: it and the rest are not written
     */
    private boolean accept(int index, FrameBatch batch) throws IOException {
        synchronized (lock) {
            for (int i = 0; i < batch.count(); i++) {
                long timestampNanos = batch.timestampNanos(i);
                if (timestampNanos > stoppedAtNanos) {
                    return false;
                }
                if (frames >= options.maxPackets() || output.bytes() >= options.maxBytes()) {
                    return true;    // a limit was reached (maybe by another interface's frame): halted already
                }
                int originalLength = batch.originalLength(i);
                long offset = output.write(index, timestampNanos, originalLength, batch.bytes(), batch.offset(i),
                        batch.length(i));
                captured[index]++;
                if (output.fileFull()) {
                    output.nextFile(isbStatistics());
                }
                framesSoFar = ++frames;
                if (listener != FrameListener.NONE) {
                    byte[] data = Arrays.copyOfRange(batch.bytes(), batch.offset(i), batch.offset(i) + batch.length(i));
                    listener.frame(new Frame(frames, timestampNanos, originalLength, linkTypes[index], index, offset,
                            ByteBuffer.wrap(data)));
                }
                if (frames >= options.maxPackets() || output.bytes() >= options.maxBytes()) {
                    halt();
                }
            }
            return true;
        }
    }

    /**
     * Runs beside the readers, which may block in libpcap for as long as no frame comes: flushes the output,
     * polls the counters, watches the clock, wakes the readers with pcap_breakloop once halted (or when draining
     * after a stop takes too long), and finishes the file when they are done.
     */
    private void monitor(List<Thread> readers) {
        long nextStats = 0;
        boolean broken = false;
        while (readers.stream().anyMatch(Thread::isAlive)) {
            long now = System.nanoTime();
            if (now >= deadline) {
                stop();
            }
            if (!broken && (halted || stopping && now - stoppedAt >= DRAIN_NANOS)) {
                halted = true;
                handles.forEach(Pcap::breakLoop);
                broken = true;
            }
            if (now >= nextStats) {
                pollStats();
                checkLinks();
                nextStats = now + STATS_NANOS;
            }
            try {
                synchronized (lock) {
                    output.flush();
                }
            } catch (IOException failure) {
                fail("cannot write the capture: " + CaptureOpenException.reason(failure));
            }
            readers.stream().filter(Thread::isAlive).findFirst()
                    .ifPresent(reader -> joinUninterruptibly(reader, FLUSH_MILLIS));
        }
        pollStats();
        finish();
    }

    private static void joinUninterruptibly(Thread thread, long millis) {
        try {
            thread.join(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Stops the capture when an interface is taken down or disappears: libpcap on Linux reports neither (its socket
     * just stops receiving), and a capture that silently records nothing would mislead. The state comes from
     * /sys/class/net (Java's NetworkInterface does not see an interface without addresses); pseudo-interfaces
     * ("any", nflog) and systems without /sys/class/net are not watched.
     */
    private void checkLinks() {
        if (stopping) {
            return;     // stopping anyway: an interface that goes away now takes nothing that was asked for
        }
        for (int i = 0; i < handles.size(); i++) {
            String name = options.interfaces().get(i);
            if (!watched[i]) {
                continue;
            }
            Integer flags = linkFlags(name);
            if (flags == null) {
                fail("capture on " + name + " stopped: the interface disappeared");
            } else if ((flags & IFF_UP) == 0) {
                fail("capture on " + name + " stopped: the interface went down");
            }
        }
    }

    /** The interface's IFF_* flags, or null when it does not exist (or this is not Linux). */
    private static Integer linkFlags(String name) {
        try {
            String text = Files.readString(Path.of("/sys/class/net", name, "flags")).strip();
            return Integer.decode(text);
        } catch (IOException | NumberFormatException | java.nio.file.InvalidPathException unknown) {
            return null;
        }
    }

    private void pollStats() {
        for (int i = 0; i < handles.size(); i++) {
            try {
                Pcap.Stats stat = handles.get(i).stats();
                synchronized (lock) {
                    stats[i] = stat;
                }
            } catch (Pcap.Failure | IllegalStateException unavailable) {
                // the interface went away: keep its last counters
            }
        }
    }

    private void fail(String message) {
        if (problem == null) {
            problem = message.strip();
        }
        halt();
    }

    private void finish() {
        try {
            synchronized (lock) {
                output.close(isbStatistics());
            }
        } catch (IOException failure) {
            fail("cannot write the capture: " + CaptureOpenException.reason(failure));
        } finally {
            handles.forEach(Pcap::close);
            finished.countDown();
            listener.finished();
        }
    }

    /** Called under the lock. */
    private List<PcapngWriter.Statistics> isbStatistics() {
        long end = System.currentTimeMillis() * 1_000_000L;
        List<PcapngWriter.Statistics> list = new ArrayList<>();
        for (int i = 0; i < handles.size(); i++) {
            Pcap.Stats stat = stats[i];
            list.add(new PcapngWriter.Statistics(startNanos, end, stat == null ? captured[i]
                    : stat.received(), stat == null ? 0 : stat.dropped(),
                    stat == null ? 0 : stat.droppedByInterface(), captured[i]));
        }
        return list;
    }

    @Override
    public void stop() {
        synchronized (stopLock) {
            if (stopping) {
                return;
            }
            Instant now = Instant.now();
            stoppedAtNanos = now.getEpochSecond() * 1_000_000_000L + now.getNano();
            stoppedAt = System.nanoTime();
            stopping = true;
        }
    }

    /** Stops without reading what is still queued: a limit was reached or the capture failed. */
    private void halt() {
        halted = true;
        stop();
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        return finished.await(timeout, unit);
    }

    @Override
    public long framesCaptured() {
        return framesSoFar;
    }

    @Override
    public List<InterfaceStatistics> statistics() {
        synchronized (lock) {
            List<InterfaceStatistics> list = new ArrayList<>();
            for (int i = 0; i < handles.size(); i++) {
                Pcap.Stats stat = stats[i];
                list.add(new InterfaceStatistics(options.interfaces().get(i), captured[i],
                        stat == null ? captured[i] : stat.received(),
                        stat == null ? 0 : stat.dropped(),
                        stat == null ? 0 : stat.droppedByInterface()));
            }
            return list;
        }
    }

    @Override
    public long bytesWritten() {
        synchronized (lock) {
            return output.bytes();
        }
    }

    @Override
    public List<Path> files() {
        synchronized (lock) {
            return output.files();
        }
    }

    @Override
    public String problem() {
        return problem;
    }
}
