package io.rocelens.dissect;

import java.nio.ByteBuffer;
import java.util.zip.CRC32;

/**
 * Computes the RoCE invariant CRC (IBTA Annex A17 §A17.7.1; ROCE-NOTES.md "ICRC"): CRC-32 over 8 bytes of ones
 * standing in for the LRH, then the IP (or GRH), UDP, BTH, extended headers and payload, with every field a
 * router may change replaced by ones. Works on the frame in place, feeding the unmasked runs straight to CRC32,
 * so no bytes are copied. Not thread-safe: one instance per dissector.
 */
public final class Icrc {

    private static final byte[] ONES = {-1, -1, -1, -1, -1, -1, -1, -1};

    private final CRC32 crc = new CRC32();

    /**
     * @param frame     the frame bytes (position and limit are restored)
     * @param l3Offset  start of the IPv4 header, the IPv6 header, or the RoCEv1 GRH
     * @param l3Kind    4 for IPv4, 6 for IPv6, 1 for a RoCEv1 GRH (no UDP header follows)
     * @param bthOffset start of the BTH
     * @param icrcOffset start of the 4-byte ICRC
     * @return the ICRC as the 32-bit value the wire carries least-significant byte first
     */
    public int compute(ByteBuffer frame, int l3Offset, int l3Kind, int bthOffset, int icrcOffset) {
        int savedPosition = frame.position();
        int savedLimit = frame.limit();
        crc.reset();
        crc.update(ONES, 0, 8);
        if (l3Kind == 4) {
            feed(frame, l3Offset, 1);                        // version, IHL
            crc.update(ONES, 0, 1);                          // TOS: DSCP and ECN
            feed(frame, l3Offset + 2, 6);                    // total length, identification, flags, fragment offset
            crc.update(ONES, 0, 1);                          // TTL
            feed(frame, l3Offset + 9, 1);                    // protocol
            crc.update(ONES, 0, 2);                          // header checksum
            int udpOffset = bthOffset - 8;
            feed(frame, l3Offset + 12, udpOffset - (l3Offset + 12));   // addresses and options
            feedUdp(frame, udpOffset);
        } else {
            // IPv6 and GRH share a layout: version, traffic class, flow label, then length, next header, hop limit
            crc.update((byte) ((frame.get(l3Offset) & 0xf0) | 0x0f));
            crc.update(ONES, 0, 3);                          // rest of traffic class, flow label
            feed(frame, l3Offset + 4, 3);                    // payload length, next header
            crc.update(ONES, 0, 1);                          // hop limit
            feed(frame, l3Offset + 8, 32);                   // source and destination address (GIDs)
            if (l3Kind == 6) {
                feedUdp(frame, bthOffset - 8);
            }
        }
        feed(frame, bthOffset, 4);                           // opcode, flags, P_Key
        crc.update(ONES, 0, 1);                              // FECN, BECN, reserved
        feed(frame, bthOffset + 5, icrcOffset - (bthOffset + 5));
        frame.limit(savedLimit).position(savedPosition);
        return (int) crc.getValue();
    }

    private void feedUdp(ByteBuffer frame, int udpOffset) {
        feed(frame, udpOffset, 6);                           // ports and length
        crc.update(ONES, 0, 2);                              // checksum
    }

    private void feed(ByteBuffer frame, int offset, int length) {
        frame.limit(offset + length).position(offset);
        crc.update(frame);
    }
}
