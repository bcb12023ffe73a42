package io.rocelens.dissect;

import java.nio.ByteBuffer;
import java.util.zip.CRC32;

/**
 * Computes the RoCE invariant CRC (IBTA Annex A17 §A17.7.1; docs/roce-notes.md "ICRC"): CRC-32 over 8 bytes of ones
 * standing in for the LRH, then the IP (or GRH), UDP, BTH, extended headers and payload, with every field a
 * router may change replaced by ones. The headers are copied into a small scratch array and masked there; the
 * rest of the packet goes to CRC32 straight from the frame, so a frame costs two CRC calls and no allocation.
 * Not thread-safe: one instance per dissector.
 */
public final class Icrc {

    /** {@code l3Kind} of a native InfiniBand packet with an LRH only (LNH "IBA local"). */
    static final int IB_LOCAL = 2;
    /** {@code l3Kind} of a native InfiniBand packet with an LRH and a GRH (LNH "IBA global"). */
    static final int IB_GLOBAL = 3;

    private static final int LRH_STAND_IN = 8;
    private static final int BTH_LENGTH = 12;

    private final CRC32 crc = new CRC32();
    /** 8 ones + the longest IPv4 header (60) + UDP (8) + BTH (12). */
    private final byte[] headers = new byte[LRH_STAND_IN + 60 + 8 + BTH_LENGTH];

    /**
     * @param frame      the frame bytes (its position and limit are restored)
     * @param l3Offset   start of the IPv4 header, the IPv6 header, the RoCEv1 GRH, or the native InfiniBand LRH
     * @param l3Kind     4 for IPv4, 6 for IPv6, 1 for a RoCEv1 GRH (no UDP header follows), {@link #IB_LOCAL} or
     *                   {@link #IB_GLOBAL} for native InfiniBand (IBTA vol. 1 §7.8.1: the real LRH with its VL
     *                   masked instead of the stand-in, and the GRH masked as in RoCEv1)
     * @param bthOffset  start of the BTH
     * @param icrcOffset start of the 4-byte ICRC
     * @return the ICRC as the 32-bit value the wire carries least-significant byte first
     */
    public int compute(ByteBuffer frame, int l3Offset, int l3Kind, int bthOffset, int icrcOffset) {
        boolean nativeIb = l3Kind == IB_LOCAL || l3Kind == IB_GLOBAL;
        int n = nativeIb ? 0 : LRH_STAND_IN;
        java.util.Arrays.fill(headers, 0, n, (byte) 0xff);
        int l3Length = bthOffset - l3Offset;                 // IP + UDP, the GRH, or the LRH (and GRH)
        frame.get(l3Offset, headers, n, l3Length + BTH_LENGTH);
        if (nativeIb) {
            headers[0] |= (byte) 0xf0;                       // LRH: VL
            if (l3Kind == IB_GLOBAL) {
                n += LRH_STAND_IN;                           // the GRH follows the 8-byte LRH
            }
        }
        if (l3Kind == IB_LOCAL) {
            // nothing more varies before the BTH
        } else if (l3Kind == 4) {
            headers[n + 1] = (byte) 0xff;                    // TOS: DSCP and ECN
            headers[n + 8] = (byte) 0xff;                    // TTL
            headers[n + 10] = (byte) 0xff;                   // header checksum
            headers[n + 11] = (byte) 0xff;
        } else {
            // IPv6 and GRH share a layout: version, traffic class, flow label, length, next header, hop limit
            headers[n] |= 0x0f;                              // traffic class and flow label
            headers[n + 1] = (byte) 0xff;
            headers[n + 2] = (byte) 0xff;
            headers[n + 3] = (byte) 0xff;
            headers[n + 7] = (byte) 0xff;                    // hop limit
        }
        n += nativeIb && l3Kind == IB_GLOBAL ? l3Length - LRH_STAND_IN : l3Length;
        if (l3Kind != 1 && !nativeIb) {
            headers[n - 2] = (byte) 0xff;                    // UDP checksum, the last two bytes before the BTH
            headers[n - 1] = (byte) 0xff;
        }
        headers[n + 4] = (byte) 0xff;                        // BTH: FECN, BECN, reserved
        n += BTH_LENGTH;

        crc.reset();
        crc.update(headers, 0, n);
        int savedPosition = frame.position();
        int savedLimit = frame.limit();
        frame.limit(icrcOffset).position(bthOffset + BTH_LENGTH);
        crc.update(frame);                                   // extended headers, payload and pad
        frame.limit(savedLimit).position(savedPosition);
        return (int) crc.getValue();
    }
}
