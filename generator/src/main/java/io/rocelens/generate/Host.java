package io.rocelens.generate;

import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * One end station: its MAC and IP address. The text form of the address is the one the analysis prints
 * (IPv4 dotted, IPv6 RFC 5952), so it must be written compressed and lower case.
 */
record Host(long mac, String ipText, byte[] ip) {

    static Host of(long mac, String ipText) {
        try {
            // A literal address: InetAddress parses it without any name lookup.
            return new Host(mac, ipText, InetAddress.getByName(ipText).getAddress());
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("not an IP literal: " + ipText, e);
        }
    }

    boolean ipv6() {
        return ip.length == 16;
    }
}
