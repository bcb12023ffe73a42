package io.rocelens.live;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Platform;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.PointerByReference;
import io.rocelens.dissect.Addresses;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;

/**
 * One libpcap handle ({@code pcap_t}) opened for live capture or sending, over {@link PcapNative}; also the calls
 * that need no open interface (the interface list, the filter check). Call {@link Libpcap#load()} first.
 *
 * <p>Methods other than {@link #breakLoop()} are called from one thread at a time; {@link #close()} only after
 * every other call on the handle has returned (the capture closes its handles after its readers have ended).
 */
final class Pcap implements AutoCloseable {

    /** libpcap before 1.8 compiles filters with global state: one compile at a time. */
    private static final Object COMPILE_LOCK = new Object();

    /** A libpcap call failed: its result code (a PCAP_ERROR_* or -1) and libpcap's message. */
    static final class Failure extends Exception {
        private final int code;

        Failure(int code, String message) {
            super(message);
            this.code = code;
        }

        int code() {
            return code;
        }
    }

    /** pcap_stats' counters (unsigned 32-bit in libpcap, so they wrap there). */
    record Stats(long received, long dropped, long droppedByInterface) {
    }

    private volatile Pointer pcap;
    private final Memory statsBuffer = new Memory(16);    // struct pcap_stat: three u_int on Linux and macOS

    private Pcap(Pointer pcap) {
        this.pcap = pcap;
    }

    /** The interfaces pcap_findalldevs lists, in its order, with their IPv4 and IPv6 addresses as text. */
    static List<CaptureInterface> interfaces() throws Failure {
        PointerByReference first = new PointerByReference();
        byte[] errbuf = new byte[PcapNative.ERRBUF_SIZE];
        if (PcapNative.pcap_findalldevs(first, errbuf) != 0) {
            throw new Failure(PcapNative.ERROR, Native.toString(errbuf));
        }
        List<CaptureInterface> found = new ArrayList<>();
        Pointer devices = first.getValue();
        try {
            int p = Native.POINTER_SIZE;
            // struct pcap_if { next; char *name; char *description; struct pcap_addr *addresses; bpf_u_int32 flags; }
            for (Pointer device = devices; device != null; device = device.getPointer(0)) {
                String name = device.getPointer(p).getString(0);
                Pointer description = device.getPointer(2L * p);
                List<String> addresses = new ArrayList<>();
                // struct pcap_addr { next; struct sockaddr *addr; netmask; broadaddr; dstaddr; }
                for (Pointer address = device.getPointer(3L * p); address != null; address = address.getPointer(0)) {
                    String text = addressText(address.getPointer(p));
                    if (text != null) {
                        addresses.add(text);
                    }
                }
                int flags = device.getInt(4L * p);
                found.add(new CaptureInterface(name, description == null ? null : description.getString(0),
                        addresses, (flags & PcapNative.IF_UP) != 0, (flags & PcapNative.IF_RUNNING) != 0,
                        (flags & PcapNative.IF_LOOPBACK) != 0));
            }
        } finally {
            if (devices != null) {
                PcapNative.pcap_freealldevs(devices);
            }
        }
        return found;
    }

    /**
     * An IPv4 address as dotted decimal, an IPv6 one as RFC 5952 text (as everywhere in RoCE Lens), else null
     * (link-layer addresses). Linux's sockaddr starts with a 16-bit family (AF_INET6 = 10), the BSDs' with a length
     * byte and a family byte (macOS: AF_INET6 = 30).
     */
    private static String addressText(Pointer sockaddr) {
        if (sockaddr == null) {
            return null;
        }
        boolean bsd = Platform.isMac() || Platform.isFreeBSD() || Platform.isOpenBSD() || Platform.isNetBSD();
        int family = bsd ? sockaddr.getByte(1) & 0xff : sockaddr.getShort(0) & 0xffff;
        int inet6 = Platform.isLinux() ? 10 : Platform.isMac() ? 30 : 28;
        if (family == 2) {                         // AF_INET: struct sockaddr_in's address at offset 4
            try {
                return InetAddress.getByAddress(sockaddr.getByteArray(4, 4)).getHostAddress();
            } catch (UnknownHostException impossible) {
                throw new IllegalStateException(impossible);
            }
        }
        if (family == inet6) {                     // struct sockaddr_in6's address at offset 8
            byte[] bytes = sockaddr.getByteArray(8, 16);
            return Addresses.ipv6(Addresses.high(bytes), Addresses.low(bytes));
        }
        return null;
    }

    /**
     * Compiles a filter for Ethernet with a handle that captures nothing (pcap_open_dead): no interface, no
     * permission.
     *
     * @return null when libpcap compiles it, else libpcap's message
     */
    static String checkFilter(String filter, int snaplen) throws Failure {
        Pointer dead = PcapNative.pcap_open_dead(PcapNative.DLT_EN10MB, snaplen);
        if (dead == null) {
            throw new Failure(PcapNative.ERROR, "pcap_open_dead failed");
        }
        Pcap handle = new Pcap(dead);
        try {
            handle.compile(filter, program -> { });
            return null;
        } catch (Failure wrong) {
            return wrong.getMessage();
        } finally {
            handle.close();
        }
    }

    /**
     * Opens an interface for capture (or sending) with pcap_create, the settings and pcap_activate. Warnings
     * (a positive result, e.g. promiscuous mode not supported) are not failures.
     *
     * @param bufferBytes the kernel's buffer, or 0 for libpcap's default
     * @throws Failure with pcap_activate's result and libpcap's message (its status text when it has none)
     */
    static Pcap open(String name, int snaplen, boolean promiscuous, int timeoutMillis, int bufferBytes,
                     boolean immediate) throws Failure {
        byte[] errbuf = new byte[PcapNative.ERRBUF_SIZE];
        Pointer created = PcapNative.pcap_create(name, errbuf);
        if (created == null) {
            throw new Failure(PcapNative.ERROR, Native.toString(errbuf));
        }
        Pcap handle = new Pcap(created);
        try {
            PcapNative.pcap_set_snaplen(created, snaplen);
            PcapNative.pcap_set_promisc(created, promiscuous ? 1 : 0);
            PcapNative.pcap_set_timeout(created, timeoutMillis);
            if (bufferBytes > 0) {
                PcapNative.pcap_set_buffer_size(created, bufferBytes);
            }
            PcapNative.pcap_set_immediate_mode(created, immediate ? 1 : 0);
            // where nanoseconds are not supported, microseconds it is: nanoPrecision() says which
            PcapNative.pcap_set_tstamp_precision(created, PcapNative.TSTAMP_PRECISION_NANO);
            int result = PcapNative.pcap_activate(created);
            if (result < 0) {
                String message = PcapNative.pcap_geterr(created);
                if (message == null || message.isBlank()) {
                    message = PcapNative.pcap_statustostr(result);
                }
                throw new Failure(result, message);
            }
            return handle;
        } catch (Failure | RuntimeException failure) {
            handle.close();
            throw failure;
        }
    }

    /**
     * Opens a pcap or pcapng file to read as if it were an interface, with nanosecond timestamps: for testing the
     * reading path against frames known in advance.
     */
    static Pcap openOffline(String file) throws Failure {
        byte[] errbuf = new byte[PcapNative.ERRBUF_SIZE];
        Pointer opened = PcapNative.pcap_open_offline_with_tstamp_precision(file, PcapNative.TSTAMP_PRECISION_NANO,
                errbuf);
        if (opened == null) {
            throw new Failure(PcapNative.ERROR, Native.toString(errbuf));
        }
        return new Pcap(opened);
    }

    /** Compiles {@code filter} (optimized) and hands the program over; frees it afterwards. */
    private void compile(String filter, ProgramUse use) throws Failure {
        Pointer handle = pointer();
        Memory program = new Memory(2L * Native.POINTER_SIZE);     // struct bpf_program { u_int; insns *; }
        program.clear();
        synchronized (COMPILE_LOCK) {
            if (PcapNative.pcap_compile(handle, program, filter, 1, PcapNative.NETMASK_UNKNOWN) != 0) {
                throw new Failure(PcapNative.ERROR, PcapNative.pcap_geterr(handle));
            }
        }
        try {
            use.accept(program);
        } finally {
            PcapNative.pcap_freecode(program);
        }
    }

    private interface ProgramUse {
        void accept(Pointer program) throws Failure;
    }

    /** Compiles the filter and sets it on the handle. */
    void setFilter(String filter) throws Failure {
        compile(filter, program -> {
            if (PcapNative.pcap_setfilter(pointer(), program) != 0) {
                throw new Failure(PcapNative.ERROR, PcapNative.pcap_geterr(pointer()));
            }
        });
    }

    /** The link type (DLT_*, the pcapng LINKTYPE_* for the common ones). */
    int datalink() {
        return PcapNative.pcap_datalink(pointer());
    }

    /** True when frames come with nanosecond timestamps, false for microseconds. */
    boolean nanoPrecision() {
        return PcapNative.pcap_get_tstamp_precision(pointer()) == PcapNative.TSTAMP_PRECISION_NANO;
    }

    /** libpcap's message for the last failure on this handle. */
    String error() {
        Pointer handle = pcap;
        return handle == null ? "the handle is closed" : PcapNative.pcap_geterr(handle);
    }

    /** pcap_stats. */
    synchronized Stats stats() throws Failure {
        Pointer handle = pointer();
        if (PcapNative.pcap_stats(handle, statsBuffer) != 0) {
            throw new Failure(PcapNative.ERROR, PcapNative.pcap_geterr(handle));
        }
        return new Stats(Integer.toUnsignedLong(statsBuffer.getInt(0)), Integer.toUnsignedLong(statsBuffer.getInt(4)),
                Integer.toUnsignedLong(statsBuffer.getInt(8)));
    }

    /** Sends the first {@code length} bytes of {@code frame} as they are. */
    void send(byte[] frame, int length) throws Failure {
        Pointer handle = pointer();
        if (PcapNative.pcap_sendpacket(handle, frame, length) != 0) {
            throw new Failure(PcapNative.ERROR, PcapNative.pcap_geterr(handle));
        }
    }

    /** Makes a pcap_dispatch in progress (or the next one) return PCAP_ERROR_BREAK; any thread. */
    void breakLoop() {
        Pointer handle = pcap;
        if (handle != null) {
            PcapNative.pcap_breakloop(handle);
        }
    }

    /** The pcap_t, for the reading calls. */
    Pointer pointer() {
        Pointer handle = pcap;
        if (handle == null) {
            throw new IllegalStateException("the libpcap handle is closed");
        }
        return handle;
    }

    /** pcap_close, once. */
    @Override
    public synchronized void close() {
        Pointer handle = pcap;
        pcap = null;
        if (handle != null) {
            PcapNative.pcap_close(handle);
        }
    }
}
