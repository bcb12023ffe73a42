package io.rocelens.live;

import java.util.List;

/**
 * An interface libpcap can capture on, as {@code rocelens capture -D} lists it.
 *
 * @param name        the name to capture on ({@code eth0}, {@code any})
 * @param description libpcap's description, or null when it has none
 * @param addresses   its IPv4 and IPv6 addresses, as text
 * @param up          administratively up
 * @param running     up with a carrier (Linux IFF_RUNNING)
 * @param loopback    the loopback interface
 */
public record CaptureInterface(String name, String description, List<String> addresses, boolean up, boolean running,
                               boolean loopback) {

    public CaptureInterface {
        addresses = List.copyOf(addresses);
    }

    /** The flags in words, as tcpdump -D prints them: "Up, Running, Loopback". */
    public String flags() {
        StringBuilder text = new StringBuilder();
        if (up) {
            text.append("Up");
        }
        if (running) {
            text.append(text.isEmpty() ? "" : ", ").append("Running");
        }
        if (loopback) {
            text.append(text.isEmpty() ? "" : ", ").append("Loopback");
        }
        return text.toString();
    }
}
