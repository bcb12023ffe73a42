package io.rocelens.live;

import java.util.List;

/**
 * Sends whole Ethernet frames out of an interface through libpcap ({@code pcap_sendpacket}), as they are: for
 * replaying a capture onto a test link (a veth pair) to check a capture setup or measure it.
 */
public final class FrameSender implements AutoCloseable {

    private final String name;
    private final Pcap handle;

    private FrameSender(String name, Pcap handle) {
        this.name = name;
        this.handle = handle;
    }

    /** Opens {@code name} for sending; the errors are those of {@link LiveCapture#start}. */
    public static FrameSender open(String name) throws CaptureException {
        CaptureOptions options = new CaptureOptions(List.of(name), "", CaptureOptions.FULL_SNAPLEN, false, 0, true,
                Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE, new CaptureOutput.StandardOutput());
        return new FrameSender(name, PcapCapture.openInterface(name, options));
    }

    /** Sends the first {@code length} bytes of {@code frame}. */
    public void send(byte[] frame, int length) throws CaptureException {
        try {
            handle.send(frame, length);
        } catch (Pcap.Failure failure) {
            throw new CaptureException(CaptureException.Kind.LIBPCAP, "cannot send on " + name + ": "
                    + failure.getMessage());
        }
    }

    @Override
    public void close() {
        handle.close();
    }
}
