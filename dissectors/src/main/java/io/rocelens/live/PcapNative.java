package io.rocelens.live;

import com.sun.jna.Callback;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.PointerByReference;

/**
 * The functions of libpcap's C API that live capture calls, bound with JNA's direct mapping (each a static native
 * method, called without reflection or argument boxing). {@link Libpcap#load()} registers them with the library it
 * found; nothing here may be called before that. Handles ({@code pcap_t *}) are {@link Pointer}s, owned by
 * {@link Pcap}, which is where they are used.
 *
 * <p>Written here rather than taken from pcap4j: pcap4j hides its {@code pcap_t} and its frame-reading calls
 * allocate several objects per frame, and a capture that keeps up needs {@code pcap_dispatch} with a callback that
 * allocates nothing of its own.
 */
final class PcapNative {

    /** libpcap's PCAP_ERRBUF_SIZE. */
    static final int ERRBUF_SIZE = 256;
    /** pcap_set_tstamp_precision / pcap_get_tstamp_precision: nanoseconds. */
    static final int TSTAMP_PRECISION_NANO = 1;
    /** pcap_compile's netmask when it is not known (only "ip broadcast" needs it). */
    static final int NETMASK_UNKNOWN = 0xffffffff;
    /** pcap_open_dead's link type for Ethernet. */
    static final int DLT_EN10MB = 1;

    /** The results of pcap_activate this package turns into its own messages (pcap/pcap.h). */
    static final int ERROR = -1;
    static final int ERROR_BREAK = -2;
    static final int ERROR_NO_SUCH_DEVICE = -5;
    static final int ERROR_PERM_DENIED = -8;
    static final int ERROR_IFACE_NOT_UP = -9;

    /** pcap_if_t's flags. */
    static final int IF_LOOPBACK = 0x1;
    static final int IF_UP = 0x2;
    static final int IF_RUNNING = 0x4;

    private PcapNative() {
    }

    /**
     * pcap_handler, called by pcap_dispatch for each frame with its {@code struct pcap_pkthdr *} and its bytes,
     * both valid only during the call. The pointers come as plain addresses ({@code long}: JNA then makes no
     * Pointer objects per call; this needs 64-bit pointers, which {@link Libpcap#load()} checks).
     */
    interface Handler extends Callback {
        void invoke(long user, long header, long bytes);
    }

    static native String pcap_lib_version();

    static native int pcap_findalldevs(PointerByReference devices, byte[] errbuf);

    static native void pcap_freealldevs(Pointer devices);

    static native Pointer pcap_create(String source, byte[] errbuf);

    static native int pcap_set_snaplen(Pointer pcap, int snaplen);

    static native int pcap_set_promisc(Pointer pcap, int promisc);

    static native int pcap_set_timeout(Pointer pcap, int millis);

    static native int pcap_set_buffer_size(Pointer pcap, int bytes);

    static native int pcap_set_immediate_mode(Pointer pcap, int immediate);

    static native int pcap_set_tstamp_precision(Pointer pcap, int precision);

    static native int pcap_get_tstamp_precision(Pointer pcap);

    static native int pcap_activate(Pointer pcap);

    static native String pcap_statustostr(int status);

    static native String pcap_geterr(Pointer pcap);

    static native int pcap_datalink(Pointer pcap);

    static native Pointer pcap_open_dead(int linkType, int snaplen);

    static native Pointer pcap_open_offline_with_tstamp_precision(String file, int precision, byte[] errbuf);

    static native int pcap_compile(Pointer pcap, Pointer program, String filter, int optimize, int netmask);

    static native int pcap_setfilter(Pointer pcap, Pointer program);

    static native void pcap_freecode(Pointer program);

    static native int pcap_stats(Pointer pcap, Pointer stats);

    static native int pcap_dispatch(Pointer pcap, int count, Handler handler, Pointer user);

    static native void pcap_breakloop(Pointer pcap);

    static native int pcap_sendpacket(Pointer pcap, byte[] frame, int length);

    static native void pcap_close(Pointer pcap);
}
