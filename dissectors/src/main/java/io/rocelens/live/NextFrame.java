package io.rocelens.live;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.PointerByReference;
import java.lang.reflect.Field;
import org.pcap4j.core.PcapHandle;

/**
 * {@code pcap_next_ex} on a handle pcap4j opened, without pcap4j's per-frame garbage: its getNextRawPacketEx
 * allocates two native {@code PointerByReference}s (each a finalizable JNA Memory), a {@code java.sql.Timestamp}
 * and two thread-local values for every frame, which at tens of thousands of frames per second kept the JVM busy
 * enough to overflow the kernel's capture buffer where dumpcap dropped nothing. Here the two references are
 * reused and the header is read in place; only the frame's own byte array is allocated.
 *
 * <p>Not thread-safe: one instance per reading thread. The handle must stay open while {@link #next()} runs
 * (the capture closes its handles only after its readers have ended).
 */
final class NextFrame {

    /** pcap_next_ex's results. */
    static final int FRAME = 1;
    static final int TIMEOUT = 0;
    static final int ERROR = -1;
    static final int BREAK = -2;

    private static final int CAPLEN_OFFSET = 2 * NativeLong.SIZE;     // after struct timeval { tv_sec; tv_usec; }

    static {
        Native.register(NextFrame.class, NativeLibrary.getInstance(System.getProperty(Libpcap.LIBRARY_PROPERTY)));
    }

    private static native int pcap_next_ex(Pointer pcap, PointerByReference header, PointerByReference data);

    private final Pointer pcap;
    private final long fractionToNanos;
    private final PointerByReference header = new PointerByReference();
    private final PointerByReference data = new PointerByReference();
    private long timestampNanos;
    private int originalLength;

    NextFrame(PcapHandle handle) {
        pcap = pcapPointer(handle);
        fractionToNanos = handle.getTimestampPrecision() == PcapHandle.TimestampPrecision.NANO ? 1 : 1000;
    }

    /** The pcap_t behind pcap4j's handle (a private field of pcap4j 1.8, the version the build pins). */
    private static Pointer pcapPointer(PcapHandle handle) {
        try {
            Field field = PcapHandle.class.getDeclaredField("handle");
            field.setAccessible(true);
            return (Pointer) field.get(handle);
        } catch (ReflectiveOperationException | RuntimeException changed) {
            throw new IllegalStateException("this pcap4j version hides its pcap_t differently", changed);
        }
    }

    /**
     * Reads the next frame: {@link #FRAME} (then {@link #bytes()}, {@link #timestampNanos()} and
     * {@link #originalLength()} describe it), {@link #TIMEOUT}, {@link #BREAK} after pcap_breakloop, or
     * {@link #ERROR} (libpcap's message is the handle's error text).
     */
    int next() {
        int result = pcap_next_ex(pcap, header, data);
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
