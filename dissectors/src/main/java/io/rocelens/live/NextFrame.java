package io.rocelens.live;

import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.PointerByReference;

/**
 * {@code pcap_next_ex} on an open {@link Pcap} without per-frame garbage: the two references are reused and the
 * header is read in place; only the frame's own byte array is allocated. (pcap4j's getNextRawPacketEx, used before,
 * allocated two finalizable native references, a {@code java.sql.Timestamp} and two thread-local values for every
 * frame, which at tens of thousands of frames per second overflowed the kernel's capture buffer where dumpcap
 * dropped nothing.)
 *
 * <p>Not thread-safe: one instance per reading thread. The handle must stay open while {@link #next()} runs
 * (the capture closes its handles only after its readers have ended).
 */
final class NextFrame {

    /** pcap_next_ex's results. */
    static final int FRAME = 1;
    static final int TIMEOUT = 0;
    static final int ERROR = PcapNative.ERROR;
    static final int BREAK = PcapNative.ERROR_BREAK;

    private static final int CAPLEN_OFFSET = 2 * NativeLong.SIZE;     // after struct timeval { tv_sec; tv_usec; }

    private final Pointer pcap;
    private final long fractionToNanos;
    private final PointerByReference header = new PointerByReference();
    private final PointerByReference data = new PointerByReference();
    private long timestampNanos;
    private int originalLength;

    NextFrame(Pcap handle) {
        pcap = handle.pointer();
        fractionToNanos = handle.nanoPrecision() ? 1 : 1000;
    }

    /**
     * Reads the next frame: {@link #FRAME} (then {@link #bytes()}, {@link #timestampNanos()} and
     * {@link #originalLength()} describe it), {@link #TIMEOUT}, {@link #BREAK} after pcap_breakloop, or
     * {@link #ERROR} (libpcap's message is the handle's error text).
     */
    int next() {
        int result = PcapNative.pcap_next_ex(pcap, header, data);
        if (result == FRAME) {
            Pointer pkthdr = header.getValue();
            timestampNanos = pkthdr.getNativeLong(0).longValue() * 1_000_000_000L
                    + pkthdr.getNativeLong(NativeLong.SIZE).longValue() * fractionToNanos;
            originalLength = pkthdr.getInt(CAPLEN_OFFSET + 4);
        }
        return result;
    }

    /** A copy of the frame just read. */
    byte[] bytes() {
        return data.getValue().getByteArray(0, header.getValue().getInt(CAPLEN_OFFSET));
    }

    long timestampNanos() {
        return timestampNanos;
    }

    int originalLength() {
        return originalLength;
    }
}
