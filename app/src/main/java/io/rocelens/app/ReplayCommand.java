package io.rocelens.app;

import io.rocelens.capture.CaptureReader;
import io.rocelens.capture.Frame;
import io.rocelens.capture.LinkType;
import io.rocelens.live.CaptureException;
import io.rocelens.live.FrameSender;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.locks.LockSupport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code rocelens replay}: sends the Ethernet frames of a capture out of an interface, as tcpreplay does, to test a
 * capture setup (a veth pair, a mirror port) with known traffic, or to measure how fast a capture keeps up.
 */
@Command(name = "replay", mixinStandardHelpOptions = true,
        description = "Send the Ethernet frames of a pcap or pcapng file out of an interface (needs root or "
                + "cap_net_raw), as fast as possible or at a given rate.",
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:every frame was sent", "1:the file is cut short or corrupt; the frames before were sent",
                "2:the file or the interface could not be opened, or sending failed"})
public final class ReplayCommand implements Callable<Integer> {

    private static final int ETHERNET_HEADER = 14;

    @Parameters(index = "0", paramLabel = "FILE", description = "pcap or pcapng capture with Ethernet frames")
    Path file;

    @Option(names = {"-i", "--interface"}, paramLabel = "IF", required = true, description = "interface to send on")
    String interfaceName;

    @Option(names = "--pps", paramLabel = "N", converter = CliSupport.Count.class,
            description = "frames per second (default: as fast as libpcap sends)")
    long pps;

    @Option(names = "--loop", paramLabel = "N", converter = CliSupport.Count.class, defaultValue = "1",
            description = "send the file N times (default: ${DEFAULT-VALUE})")
    long loops;

    @Option(names = "-q", description = "do not print the count sent")
    boolean quiet;

    @Override
    public Integer call() throws IOException {
        long sent = 0;
        long skipped = 0;
        long start = System.nanoTime();
        try (FrameSender sender = FrameSender.open(interfaceName)) {
            for (long loop = 0; loop < loops; loop++) {
                try (CaptureReader reader = CliSupport.open(file)) {
                    if (reader == null) {
                        return CliSupport.EXIT_UNREADABLE;
                    }
                    Frame frame;
                    while ((frame = reader.next()) != null) {
                        if (frame.linkType() != LinkType.ETHERNET) {
                            skipped++;
                            continue;
                        }
                        // an array of the frame's exact length: JNA copies the whole array on every call
                        byte[] bytes = new byte[frame.capturedLength()];
                        frame.data().get(0, bytes);
                        if (pps > 0) {
                            pace(start + Math.round(sent * 1e9 / pps));
                        }
                        try {
                            sender.send(bytes, bytes.length);
                        } catch (CaptureException refused) {
                            throw new CaptureException(refused.kind(), refused.getMessage()
                                    + beyondMtu(sent + 1, bytes.length));
                        }
                        sent++;
                    }
                    if (CliSupport.reportProblem(file, reader) != CliSupport.EXIT_OK) {
                        return CliSupport.EXIT_DAMAGED;
                    }
                }
            }
        } catch (CaptureException failure) {
            CliSupport.printError(failure.getMessage());
            return CliSupport.EXIT_UNREADABLE;
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        if (!quiet) {
            System.err.printf(Locale.ROOT, "sent %d frames in %.3f s (%.0f frames/s)%s%n", sent, seconds,
                    sent / Math.max(seconds, 1e-9), skipped == 0 ? ""
                            : "; skipped " + skipped + " frames that are not Ethernet");
        }
        return CliSupport.EXIT_OK;
    }

    /**
     * Why the kernel refused a frame, when it is longer than the interface's MTU lets out (a mirrored jumbo frame, or
     * any above 1514 bytes on a default link), and the command that raises it; "" when that is not why, or the MTU
     * cannot be read (not Linux, the interface gone).
     */
    private String beyondMtu(long number, int length) {
        try {
            int mtu = Integer.parseInt(Files.readString(Path.of("/sys/class/net", interfaceName, "mtu")).strip());
            if (length <= mtu + ETHERNET_HEADER) {
                return "";
            }
            return "; frame " + number + " has " + length + " bytes, more than the MTU of " + mtu + " lets through ("
                    + (mtu + ETHERNET_HEADER) + " with the Ethernet header): raise it with 'ip link set " + interfaceName
                    + " mtu " + (length - ETHERNET_HEADER) + "' (and the receiving side's)";
        } catch (IOException | NumberFormatException unknown) {
            return "";
        }
    }

    /** Waits until {@code due} (System.nanoTime): sleeps while far off, spins for the last 50 µs. */
    private static void pace(long due) {
        long left;
        while ((left = due - System.nanoTime()) > 0) {
            if (left > 50_000) {
                LockSupport.parkNanos(left - 50_000);
            } else {
                Thread.onSpinWait();
            }
        }
    }
}
