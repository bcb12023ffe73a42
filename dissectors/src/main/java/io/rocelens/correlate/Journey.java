package io.rocelens.correlate;

/**
 * One instance of a packet along the path: where it was seen and what became of it.
 *
 * @param flow   the flow as {@code FlowKey.text()} writes it
 * @param frames per point, the frame number, or -1 where it was not seen
 * @param times  per point, the capture time there (that point's clock, ns since 1970), or Long.MIN_VALUE
 * @param ecn    per point, the IP ECN field there (3 is CE), or -1 where it was not seen or has no IP
 * @param dscp   per point, the IP DSCP there, or -1 where it was not seen or has no IP
 * @param fate   {@value #DELIVERED}, {@code lost between P and Q}, or {@code seen at point P only}
 */
public record Journey(String flow, int opcode, int psn, long[] frames, long[] times, int[] ecn, int[] dscp,
                      String fate) {

    public static final String DELIVERED = "delivered";
}
