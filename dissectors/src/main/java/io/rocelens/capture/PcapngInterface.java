package io.rocelens.capture;

/** One interface description: link type, snap length and how to turn its timestamps into epoch nanoseconds. */
final class PcapngInterface {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    final int linkType;
    final long snapLength;
    /** Units per second is 2^shift when binary, else timestamps are multiplied or divided by scale. */
    private final boolean binary;
    private final int shift;
    private final long multiplier;
    private final long divisor;
    private final long offsetNanos;

    private PcapngInterface(int linkType, long snapLength, boolean binary, int shift, long multiplier, long divisor,
                            long offsetNanos) {
        this.linkType = linkType;
        this.snapLength = snapLength;
        this.binary = binary;
        this.shift = shift;
        this.multiplier = multiplier;
        this.divisor = divisor;
        this.offsetNanos = offsetNanos;
    }

    /** Returns null when the if_tsresol value needs more than 64 bits of arithmetic. */
    static PcapngInterface of(int linkType, long snapLength, int resolution, long offsetSeconds) {
        long offsetNanos = offsetSeconds * NANOS_PER_SECOND;
        int exponent = resolution & 0x7F;
        if ((resolution & 0x80) != 0) {
            return exponent > 63 ? null
                    : new PcapngInterface(linkType, snapLength, true, exponent, 0, 0, offsetNanos);
        }
        if (exponent > 18) {
            return null;
        }
        long multiplier = 1;
        long divisor = 1;
        for (int i = exponent; i < 9; i++) {
            multiplier *= 10;
        }
        for (int i = 9; i < exponent; i++) {
            divisor *= 10;
        }
        return new PcapngInterface(linkType, snapLength, false, 0, multiplier, divisor, offsetNanos);
    }

    long toNanos(long units) {
        if (!binary) {
            return (divisor == 1 ? units * multiplier : Long.divideUnsigned(units, divisor)) + offsetNanos;
        }
        if (shift == 0) {
            return units * NANOS_PER_SECOND + offsetNanos;
        }
        long seconds = units >>> shift;
        long fraction = units & ((1L << shift) - 1);
        // fraction * 10^9 may need up to 93 bits; take bits [shift, shift + 64) of the 128-bit product
        long low = fraction * NANOS_PER_SECOND;
        long high = Math.multiplyHigh(fraction, NANOS_PER_SECOND);
        long fractionNanos = (high << (64 - shift)) | (low >>> shift);
        return seconds * NANOS_PER_SECOND + fractionNanos + offsetNanos;
    }
}
