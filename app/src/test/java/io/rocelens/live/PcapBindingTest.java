package io.rocelens.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * RoCE Lens's own libpcap binding ({@link PcapNative}, {@link Pcap}) against the real library, on interfaces set up
 * here with iproute2: what pcap_findalldevs lists must be what {@code ip} configured, and libpcap's failures (an
 * interface that is down or does not exist, a filter it cannot compile) must reach the user as the messages
 * RoCE Lens promises. The result codes are pcap/pcap.h's.
 */
@Tag("veth")
@ExtendWith(VethPairs.class)
class PcapBindingTest {

    @Test
    void theInterfaceListHasTheAddressesAndStateIpGaveTheInterface(Veth veth) throws Exception {
        ip("sysctl", "-qw", "net.ipv6.conf." + veth.outside + ".disable_ipv6=0");
        ip("ip", "addr", "add", "192.0.2.77/24", "dev", veth.outside);
        ip("ip", "-6", "addr", "add", "2001:db8:0:0:0:0:0:77/64", "dev", veth.outside, "nodad");
        CaptureInterface up = find(veth.outside);
        assertEquals(List.of("192.0.2.77", "2001:db8::77"), up.addresses().stream()
                .filter(address -> !address.startsWith("fe80:")).toList());
        assertTrue(up.up());
        assertTrue(up.running());         // the far end is up: the link has a carrier
        assertFalse(up.loopback());
        assertTrue(find("lo").loopback());

        ip("ip", "link", "set", veth.outside, "down");
        CaptureInterface down = find(veth.outside);
        assertFalse(down.up());
        assertFalse(down.running());
    }

    @Test
    void anInterfaceThatIsDownIsRefusedWithTheCommandThatBringsItUp(Veth veth) throws Exception {
        ip("ip", "link", "set", veth.outside, "down");
        Libpcap.load();
        Pcap.Failure failure = assertThrows(Pcap.Failure.class, () -> Pcap.open(veth.outside, 65535, true, 100, 0,
                false));
        assertEquals(-9, failure.code());                       // PCAP_ERROR_IFACE_NOT_UP
        CaptureException wrong = assertThrows(CaptureException.class, () -> LiveCapture.start(
                CaptureOptions.of(List.of(veth.outside)), FrameListener.NONE));
        assertEquals(CaptureException.Kind.LIBPCAP, wrong.kind());
        assertEquals("interface " + veth.outside + " is down: bring it up with 'ip link set " + veth.outside + " up'",
                wrong.getMessage());
        CaptureException sender = assertThrows(CaptureException.class, () -> FrameSender.open(veth.outside));
        assertEquals(wrong.getMessage(), sender.getMessage());
    }

    @Test
    void anInterfaceThatDoesNotExistIsLibpcapsNoSuchDevice() throws Exception {
        Libpcap.load();
        Pcap.Failure failure = assertThrows(Pcap.Failure.class, () -> Pcap.open("rlnosuch0", 65535, true, 100, 0,
                false));
        assertEquals(-5, failure.code());                       // PCAP_ERROR_NO_SUCH_DEVICE
        CaptureException sender = assertThrows(CaptureException.class, () -> FrameSender.open("rlnosuch0"));
        assertEquals(CaptureException.Kind.NO_SUCH_INTERFACE, sender.kind());
    }

    @Test
    void aFilterLibpcapCannotCompileFailsAliveHandleAsItFailsTheCheck(Veth veth) throws Exception {
        Libpcap.load();
        String checked = LiveCapture.checkFilter("udp port 99999");
        assertNotNull(checked);
        assertTrue(checked.contains("99999"), checked);          // libpcap 1.10: "illegal port number 99999 > 65535"
        try (Pcap handle = Pcap.open(veth.outside, 65535, true, 100, 0, false)) {
            assertEquals(1, handle.datalink());                 // DLT_EN10MB: a veth is Ethernet
            Pcap.Failure live = assertThrows(Pcap.Failure.class, () -> handle.setFilter("udp port 99999"));
            assertEquals(checked, live.getMessage());
            handle.setFilter(CaptureOptions.DEFAULT_FILTER);    // and the handle is still good for a good one
            assertNotNull(handle.stats());
        }
    }

    private static CaptureInterface find(String name) throws CaptureException {
        return LiveCapture.interfaces().stream().filter(i -> i.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError(name + " not listed"));
    }

    private static void ip(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.waitFor(), String.join(" ", command) + ": " + output);
    }
}
