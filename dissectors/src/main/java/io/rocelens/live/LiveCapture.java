package io.rocelens.live;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A live capture, behind {@code rocelens capture} and the desktop app's Capture menu: frames from one or more
 * interfaces through libpcap, each written to one pcapng as it arrives and then handed to a {@link FrameListener}.
 *
 * <p>A process allowed to capture (root, or holding CAP_NET_RAW) captures itself. Any other runs the capture in
 * the capture helper, as Wireshark runs dumpcap: a small separate process that alone holds the capabilities
 * ({@link CaptureHelper}); nothing else differs for the caller.
 */
public interface LiveCapture extends AutoCloseable {

    /** The interfaces libpcap can capture on, in its order (the first is its default). Needs no privileges. */
    static List<CaptureInterface> interfaces() throws CaptureException {
        return PcapCapture.interfaces();
    }

    /**
     * Checks a capture filter with libpcap's compiler for Ethernet, as the capture will, without opening an
     * interface (no permission needed).
     *
     * @return null when the filter is good, else libpcap's message
     */
    static String checkFilter(String filter) throws CaptureException {
        return PcapCapture.checkFilter(filter);
    }

    /**
     * Opens every interface, sets the filter on each and opens the output, then starts capturing. Nothing is
     * captured unless all of that worked.
     *
     * @throws CaptureException with a one-line message for the user
     */
    static LiveCapture start(CaptureOptions options, FrameListener listener) throws CaptureException {
        if (!CaptureHelper.mayCaptureHere()) {
            CaptureHelper helper = CaptureHelper.find();
            if (helper != null) {
                return HelperCapture.start(helper, options, listener);
            }
        }
        return PcapCapture.start(options, listener);
    }

    /**
     * Asks the capture to stop; frames received before it are still written, and the file is finished within about
     * 300 ms. Safe from any thread, any number of times.
     */
    void stop();

    /** Waits until the file is complete and closed; true when it is. */
    boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException;

    /** Stops the capture and waits until its file is complete. */
    @Override
    default void close() throws InterruptedException {
        stop();
        awaitTermination(Long.MAX_VALUE, TimeUnit.NANOSECONDS);     // 292 years: until it is complete
    }

    /** Frames captured so far, over all interfaces. */
    long framesCaptured();

    /** Per interface, in the order given: frames captured, and libpcap's counters as last polled. */
    List<InterfaceStatistics> statistics();

    /** Bytes of pcapng written so far, over all files. */
    long bytesWritten();

    /** The files written and still there (a ring buffer deletes its oldest), oldest first; none for stdout. */
    List<Path> files();

    /** Why the capture stopped before it was asked to (the interface went down, the disk is full), or null. */
    String problem();
}
