package io.rocelens.analysis;

/**
 * One Congestion Notification Message (IEEE 802.1Q QCN): the feedback a congestion point gave at a time.
 *
 * @param reactionPoint the CNM's destination MAC: the source of the frame the congestion point sampled
 * @param encapDmac     the sampled frame's destination MAC
 * @param qOffset       cnmQOffset, signed, in 64-byte units
 * @param qDelta        cnmQDelta, signed, in 64-byte units
 * @param flowId        the CN-TAG's flow ID the CNM carries, or -1 without one
 */
public record Cnm(long frame, long timestampNanos, long cpid, int priority, int qfb, int qOffset, int qDelta,
                  long reactionPoint, long encapDmac, int flowId) {
}
