package io.rocelens.capture;

/** One interface description: link type, snap length and how to turn its timestamps into epoch nanoseconds. */
final class PcapngInterface {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    /** The largest if_tsoffset whose nanoseconds fit a long. */
    static final long MAX_OFFSET_SECONDS = Long.MAX_VALUE / NANOS_PER_SECOND;

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

    /**
     * The timestamp in nanoseconds since the epoch.
     *
     * @param units the block's unsigned 64-bit timestamp
     * @throws ArithmeticException when the time lies beyond what a long of nanoseconds holds
     */
    long toNanos(long units) {
        if (!binary) {
            long nanos = divisor == 1 ? Math.multiplyExact(unsigned(units), multiplier)
                    : Long.divideUnsigned(units, divisor);
            return Math.addExact(nanos, offsetNanos);
        }
        if (shift == 0) {
            return Math.addExact(Math.multiplyExact(unsigned(units), NANOS_PER_SECOND), offsetNanos);
        }
        long seconds = units >>> shift;
        long fraction = units & ((1L << shift) - 1);
        // fraction * 10^9 may need up to 93 bits; take bits [shift, shift + 64) of the 128-bit product
        long low = fraction * NANOS_PER_SECOND;
        long high = Math.multiplyHigh(fraction, NANOS_PER_SECOND);
        long fractionNanos = (high << (64 - shift)) | (low >>> shift);
        return Math.addExact(Math.addExact(Math.multiplyExact(seconds, NANOS_PER_SECOND), fractionNanos),
                offsetNanos);
    }

    /** An unsigned 64-bit count as a long; at 2^63 and above it cannot become nanoseconds anyway. */
    private static long unsigned(long units) {
        if (units < 0) {
            throw new ArithmeticException("timestamp of 2^63 units or more");
        }
        return units;
    }
}
