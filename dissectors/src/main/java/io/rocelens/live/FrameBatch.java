package io.rocelens.live;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.util.Arrays;

/**
 * Reads an open {@link Pcap}'s frames a batch at a time with {@code pcap_dispatch}: libpcap hands over what its
 * ring holds (up to {@link #MAX_FRAMES} frames) through a direct-mapped callback, which copies each frame into one
 * reused array and notes its header in reused arrays. Nothing is allocated per frame: the callback's pointers come
 * as plain addresses, so JNA makes no objects for them, and the arrays grow only when a batch is larger than any
 * before. The capture then writes the whole batch under one lock.
 *
 * <p>Not thread-safe: one instance per reading thread. The handle must stay open while {@link #read()} runs
 * (the capture closes its handles only after its readers have ended).
 */
final class FrameBatch implements PcapNative.Handler {

    /** pcap_dispatch's results besides a frame count (0: the read timeout passed with nothing). */
    static final int ERROR = PcapNative.ERROR;
    static final int BREAK = PcapNative.ERROR_BREAK;

    /** Frames per pcap_dispatch: bounds a batch (and the lock held to write it) when frames keep coming. */
    static final int MAX_FRAMES = 256;

    /** Reads native memory at an address: a Pointer adds the offset it is given to its own address, here 0. */
    private static final Pointer MEMORY = new Pointer(0);
    /** struct pcap_pkthdr on a 64-bit system: struct timeval (two 8-byte fields), bpf_u_int32 caplen, len. */
    private static final int TV_USEC = 8;
    private static final int CAPLEN = 16;
    private static final int LEN = 20;

    private final Pointer pcap;
    private final long fractionToNanos;
    private byte[] bytes = new byte[1 << 20];
    private long[] timestamps = new long[MAX_FRAMES];
    private int[] offsets = new int[MAX_FRAMES + 1];
    private int[] originalLengths = new int[MAX_FRAMES];
    private int count;

    FrameBatch(Pcap handle) {
        if (Native.POINTER_SIZE != 8) {
            throw new IllegalStateException("live capture needs a 64-bit Java");
        }
        pcap = handle.pointer();
        fractionToNanos = handle.nanoPrecision() ? 1 : 1000;
    }

    /**
     * Reads the next batch: the number of frames in it (then {@link #count()} and the getters describe them), 0
     * when the read timeout passed with none, {@link #BREAK} after pcap_breakloop, or {@link #ERROR} (libpcap's
     * message is the handle's error text).
     */
    int read() {
        count = 0;
        offsets[0] = 0;
        int result = PcapNative.pcap_dispatch(pcap, MAX_FRAMES, this, null);
        return result > 0 ? count : result;
    }

    /** libpcap's callback, on the thread in {@link #read()}. Must not throw: there is no Java caller to catch it. */
    @Override
    public void invoke(long user, long header, long data) {
        int capturedLength = MEMORY.getInt(header + CAPLEN);
        int offset = offsets[count];
        if (offset + capturedLength > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(2 * bytes.length, offset + capturedLength));
        }
        if (count == timestamps.length) {                      // only if libpcap hands over more than asked
            timestamps = Arrays.copyOf(timestamps, 2 * count);
            offsets = Arrays.copyOf(offsets, 2 * count + 1);
            originalLengths = Arrays.copyOf(originalLengths, 2 * count);
        }
        MEMORY.read(data, bytes, offset, capturedLength);
        timestamps[count] = MEMORY.getLong(header) * 1_000_000_000L + MEMORY.getLong(header + TV_USEC) * fractionToNanos;
        originalLengths[count] = MEMORY.getInt(header + LEN);
        offsets[++count] = offset + capturedLength;
    }

    /** Frames in the last batch. */
    int count() {
        return count;
    }

    /** The array holding the batch's frames, each at its {@link #offset(int)} for its {@link #length(int)}. */
    byte[] bytes() {
        return bytes;
    }

    int offset(int frame) {
        return offsets[frame];
    }

    int length(int frame) {
        return offsets[frame + 1] - offsets[frame];
    }

    long timestampNanos(int frame) {
        return timestamps[frame];
    }

    int originalLength(int frame) {
        return originalLengths[frame];
    }
}
