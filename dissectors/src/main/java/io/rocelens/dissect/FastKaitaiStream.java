package io.rocelens.dissect;

import io.kaitai.struct.ByteBufferKaitaiStream;
import java.nio.ByteBuffer;

/**
 * A Kaitai stream over a frame that reads bit fields without allocating. The runtime's
 * {@code KaitaiStream.readBitsIntBe} fetches the bytes it needs through {@code readBytesNotAligned}, a new array
 * each time; BTH, AETH, IPv4 and VLAN headers are mostly bit fields, so that was most of the garbage of the bulk
 * pass. This override reads the same bytes from the buffer one by one and keeps the runtime's bit state exactly
 * as the original does (same fields, same arithmetic), so generated parsers behave the same.
 */
final class FastKaitaiStream extends ByteBufferKaitaiStream {

    private final ByteBuffer buffer;

    FastKaitaiStream(ByteBuffer buffer) {
        super(buffer);
        this.buffer = buffer;
    }

    @Override
    public long readBitsIntBe(int n) {
        bitsWriteMode = false;
        long result;
        int bitsNeeded = n - bitsLeft;
        bitsLeft = -bitsNeeded & 7;
        if (bitsNeeded > 0) {
            int bytesNeeded = ((bitsNeeded - 1) / 8) + 1;
            if (bytesNeeded > buffer.remaining()) {
                throw new java.nio.BufferUnderflowException();
            }
            long newBits = 0;
            for (int i = 0; i < bytesNeeded; i++) {
                newBits = (newBits << 8) | (buffer.get() & 0xff);
            }
            result = (newBits >>> bitsLeft) | (bitsNeeded < 64 ? bits << bitsNeeded : 0);
            bits = newBits;
        } else {
            result = bits >>> -bitsNeeded;
        }
        bits &= (1L << bitsLeft) - 1;
        return result;
    }
}
