package io.rocelens.live;

import io.rocelens.capture.CaptureWriter;
import java.util.List;

/**
 * What to capture and where to write it.
 *
 * @param interfaces       one or more interface names; all go into one pcapng, with an interface block each
 * @param filter           BPF capture filter in libpcap syntax; empty captures everything
 * @param snaplen          bytes kept of each frame, 1 to {@value CaptureWriter#MAX_SNAPLEN} ({@link #FULL_SNAPLEN})
 * @param promiscuous      capture frames addressed to other hosts too
 * @param bufferBytes      the kernel's capture buffer per interface ({@link #DEFAULT_BUFFER_BYTES}), or 0 for
 *                         libpcap's default (2 MiB on Linux)
 * @param immediate        hand each frame over as soon as it arrives instead of when the kernel's block fills
 *                         or the 100 ms timeout passes: fresher, at more CPU per frame
 * @param maxPackets       stop after this many frames ({@link Long#MAX_VALUE}: no limit)
 * @param maxDurationNanos stop after this long ({@link Long#MAX_VALUE}: no limit)
 * @param maxBytes         stop once the output has this many bytes ({@link Long#MAX_VALUE}: no limit)
 * @param output           where the pcapng goes
 */
public record CaptureOptions(List<String> interfaces, String filter, int snaplen, boolean promiscuous,
                             int bufferBytes, boolean immediate, long maxPackets, long maxDurationNanos,
                             long maxBytes, CaptureOutput output) {

    private static final String ROCE = "udp port 4791 or ether proto 0x8808";
    private static final String TUNNELS = "ip proto 47 or ip6 proto 47 or udp dst port 4789";
    /** RoCEv2 and PFC (and PAUSE), tagged or not. */
    public static final String DEFAULT_FILTER = ROCE + " or (vlan and (" + ROCE + "))";
    /**
     * For a port that receives a mirror session or an overlay: what {@link #DEFAULT_FILTER} keeps, and the frames
     * that carry other frames inside, which RoCE Lens dissects through to the mirrored frame: GRE (IP protocol 47:
     * plain GRE and ERSPAN types I to III) over IPv4 or IPv6, and VXLAN (UDP destination port 4789), tagged or not.
     * BPF cannot look past a GRE or VXLAN header of varying length, so every mirrored frame passes, RoCE or not.
     */
    public static final String MIRROR_FILTER = ROCE + " or " + TUNNELS + " or (vlan and (" + ROCE + " or " + TUNNELS
            + "))";
    /** Whole frames. */
    public static final int FULL_SNAPLEN = CaptureWriter.MAX_SNAPLEN;
    /**
     * 16 MiB, where libpcap and dumpcap take 2: the JVM compiles its read path during the first frames and stops
     * for garbage collection now and then, and at tens of thousands of frames per second 2 MiB did not ride over
     * that on a busy two-core machine (docs/speed.md). It costs kernel memory only while capturing.
     */
    public static final int DEFAULT_BUFFER_BYTES = 16 << 20;

    /** The largest buffer in MiB: libpcap's pcap_set_buffer_size takes the bytes as an int. */
    public static final int MAX_BUFFER_MIB = Integer.MAX_VALUE >> 20;

    /**
     * Why a capture buffer of {@code mib} MiB per interface cannot be had, or null when it can: above
     * {@link #MAX_BUFFER_MIB}, or more than the machine's memory (the kernel holds the ring in memory it cannot
     * swap out, one per interface). The reason says the largest that can be.
     */
    public static String whyNotBuffer(long mib, int interfaces) {
        long memoryMib = physicalMemoryMib();
        long most = Math.min(MAX_BUFFER_MIB, memoryMib / Math.max(1, interfaces));
        if (mib < 1) {
            return "the buffer must be at least 1 MiB";
        }
        if (mib <= most) {
            return null;
        }
        return mib > MAX_BUFFER_MIB || most == MAX_BUFFER_MIB
                ? "the buffer can be at most " + MAX_BUFFER_MIB + " MiB (libpcap takes its size in bytes as an int)"
                : "the buffer can be at most " + most + " MiB: this machine has " + memoryMib + " MiB of memory"
                        + (interfaces > 1 ? " for " + interfaces + " interfaces' buffers" : "");
    }

    private static long physicalMemoryMib() {
        if (java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getTotalMemorySize() >> 20;
        }
        return Long.MAX_VALUE;
    }
    /** Enough for every RoCE header, with the payload mostly cut. */
    public static final int HEADERS_SNAPLEN = 128;

    public CaptureOptions {
        interfaces = List.copyOf(interfaces);
        if (interfaces.isEmpty()) {
            throw new IllegalArgumentException("no interface to capture on");
        }
        if (snaplen < 1 || snaplen > FULL_SNAPLEN) {
            throw new IllegalArgumentException("snap length must be 1 to " + FULL_SNAPLEN + ", not " + snaplen);
        }
        if (bufferBytes < 0 || maxPackets < 1 || maxDurationNanos < 1 || maxBytes < 1) {
            throw new IllegalArgumentException("buffer size, packet, duration and byte limits must be positive");
        }
    }

    /** The default filter, full frames, promiscuous, a 16 MiB buffer, no limits, to a temporary file. */
    public static CaptureOptions of(List<String> interfaces) {
        return new CaptureOptions(interfaces, DEFAULT_FILTER, FULL_SNAPLEN, true, DEFAULT_BUFFER_BYTES, false, Long.MAX_VALUE,
                Long.MAX_VALUE, Long.MAX_VALUE, new CaptureOutput.TemporaryFile());
    }

    public CaptureOptions withOutput(CaptureOutput newOutput) {
        return new CaptureOptions(interfaces, filter, snaplen, promiscuous, bufferBytes, immediate, maxPackets,
                maxDurationNanos, maxBytes, newOutput);
    }

    public CaptureOptions withFilter(String newFilter) {
        return new CaptureOptions(interfaces, newFilter, snaplen, promiscuous, bufferBytes, immediate, maxPackets,
                maxDurationNanos, maxBytes, output);
    }

    public CaptureOptions withMaxPackets(long newMaxPackets) {
        return new CaptureOptions(interfaces, filter, snaplen, promiscuous, bufferBytes, immediate, newMaxPackets,
                maxDurationNanos, maxBytes, output);
    }
}
