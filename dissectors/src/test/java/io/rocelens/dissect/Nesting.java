package io.rocelens.dissect;

import java.nio.ByteBuffer;

/**
 * Wraps an Ethernet frame in one more tunnel, with every length right, as a switch or a tunnel endpoint would
 * (RFC 2784 GRE, ERSPAN type II and III as in draft-foschiano-erspan, RFC 7348 VXLAN), for the nesting property test.
 * Written here rather than taken from the generator module, which the dissectors do not depend on.
 */
final class Nesting {

    static final int GRE_IPV4 = 0;
    static final int GRE_ETHERNET = 1;
    static final int ERSPAN_II = 2;
    static final int ERSPAN_III = 3;
    static final int VXLAN = 4;
    /** The protocol layers each tunnel adds as Wireshark counts them (frame.protocols): eth and ethertype, ip, gre, ... */
    static final int[] LAYERS = {2, 4, 5, 5, 5};

    private Nesting() {
    }

    /** {@code frame}, an Ethernet frame carrying IPv4, inside one more tunnel of the given kind. */
    static byte[] wrap(int kind, byte[] frame) {
        return switch (kind) {
            case GRE_IPV4 -> {
                byte[] inner = java.util.Arrays.copyOfRange(frame, 14, frame.length);
                yield ethernet(ipv4(47, concat(gre(0x0800, false), inner)));
            }
            case GRE_ETHERNET -> ethernet(ipv4(47, concat(gre(0x6558, false), frame)));
            case ERSPAN_II -> ethernet(ipv4(47, concat(gre(0x88be, true),
                    new byte[] {0x10, 0x00, 0x00, 0x01, 0, 0, 0, 0}, frame)));
            case ERSPAN_III -> ethernet(ipv4(47, concat(gre(0x22eb, true),
                    new byte[] {0x20, 0x00, 0x00, 0x01, 0, 0, 0, 0, 0, 0, 0, 0}, frame)));
            case VXLAN -> ethernet(ipv4(17, udp(4789, concat(new byte[] {0x08, 0, 0, 0, 0, 0, 1, 0}, frame))));
            default -> throw new IllegalArgumentException("tunnel " + kind);
        };
    }

    private static byte[] ethernet(byte[] ipPacket) {
        return concat(new byte[] {2, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 1, 0x08, 0x00}, ipPacket);
    }

    static byte[] ipv4(int protocol, byte[] payload) {
        ByteBuffer header = ByteBuffer.allocate(20);
        header.put((byte) 0x45).put((byte) 0).putShort((short) (20 + payload.length)).putInt(0)
                .put((byte) 64).put((byte) protocol).putShort((short) 0)
                .put(new byte[] {(byte) 192, 0, 2, 1}).put(new byte[] {(byte) 192, 0, 2, 2});
        return concat(header.array(), payload);
    }

    static byte[] udp(int port, byte[] payload) {
        ByteBuffer header = ByteBuffer.allocate(8);
        header.putShort((short) 49152).putShort((short) port).putShort((short) (8 + payload.length)).putShort((short) 0);
        return concat(header.array(), payload);
    }

    /** A GRE header, with a sequence number when asked (ERSPAN type II and III need one). */
    private static byte[] gre(int protocol, boolean sequence) {
        ByteBuffer header = ByteBuffer.allocate(sequence ? 8 : 4);
        header.putShort((short) (sequence ? 0x1000 : 0)).putShort((short) protocol);
        if (sequence) {
            header.putInt(1);
        }
        return header.array();
    }

    private static byte[] concat(byte[]... parts) {
        int length = 0;
        for (byte[] part : parts) {
            length += part.length;
        }
        ByteBuffer all = ByteBuffer.allocate(length);
        for (byte[] part : parts) {
            all.put(part);
        }
        return all.array();
    }
}
