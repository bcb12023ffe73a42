package io.rocelens.dissect;

import java.nio.ByteBuffer;

/**
 * The variant CRC of a native InfiniBand packet (IBTA vol. 1 §7.8.2): CRC-16 with polynomial 0x100B over the whole
 * packet from the LRH through the ICRC, initial value 0xFFFF, bits taken least significant first, the result
 * inverted; the wire carries it least-significant byte first. Hand-written: the JDK has no CRC-16 and the
 * parameters match none of the common library presets. Checked against every frame of a real ibdump capture.
 */
final class Vcrc {

    /** 0x100B with its bits reversed, for the least-significant-bit-first form. */
    private static final int POLYNOMIAL_REFLECTED = 0xd008;
    private static final int[] TABLE = new int[256];

    static {
        for (int b = 0; b < 256; b++) {
            int crc = b;
            for (int bit = 0; bit < 8; bit++) {
                crc = (crc & 1) != 0 ? (crc >>> 1) ^ POLYNOMIAL_REFLECTED : crc >>> 1;
            }
            TABLE[b] = crc;
        }
    }

    private Vcrc() {
    }

    /** The VCRC of the bytes [from, to) of the frame, as the 16-bit value the wire carries low byte first. */
    static int compute(ByteBuffer frame, int from, int to) {
        int crc = 0xffff;
        for (int i = from; i < to; i++) {
            crc = (crc >>> 8) ^ TABLE[(crc ^ frame.get(i)) & 0xff];
        }
        return ~crc & 0xffff;
    }
}
