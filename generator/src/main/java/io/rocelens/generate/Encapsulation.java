package io.rocelens.generate;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How {@code rocelens generate --encap} carries every frame, as a switch's mirror session or a tunnel would deliver it
 * to the capture port (docs/encapsulation.md): the outer Ethernet, IPv4 and tunnel headers in front of the unchanged
 * frame.
 */
public enum Encapsulation {
    /** The frames as they are. */
    NONE(0),
    /** GRE (RFC 2784, 2890) with checksum, key and sequence number, protocol 0x6558: transparent Ethernet bridging. */
    GRE(14 + 20 + 16),
    /** ERSPAN type II: GRE with a sequence number, protocol 0x88BE, then the 8-byte ERSPAN header. */
    ERSPAN2(14 + 20 + 8 + 8),
    /** ERSPAN type III: GRE with a sequence number, protocol 0x22EB, the 12-byte header and a platform sub-header. */
    ERSPAN3(14 + 20 + 8 + 12 + 8),
    /** VXLAN (RFC 7348): UDP to port 4789, then the 8-byte VXLAN header. */
    VXLAN(14 + 20 + 8 + 8);

    private final int overhead;

    Encapsulation(int overhead) {
        this.overhead = overhead;
    }

    /** Bytes put in front of each frame. */
    public int overhead() {
        return overhead;
    }

    /** The command-line name, e.g. {@code erspan3}. */
    public String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Encapsulation fromCliName(String name) {
        for (Encapsulation encapsulation : values()) {
            if (encapsulation != NONE && encapsulation.cliName().equals(name)) {
                return encapsulation;
            }
        }
        throw new IllegalArgumentException("unknown encapsulation '" + name + "' (expected one of "
                + Arrays.stream(values()).filter(e -> e != NONE).map(Encapsulation::cliName)
                .collect(Collectors.joining(", ")) + ")");
    }
}
