package io.rocelens.analysis;

/**
 * A CNP and the CE-marked packets it answers: those of the throttled flow seen since that flow's previous CNP.
 * {@code ceCount} 0 means no CE-marked packet was seen first (the mark may have happened outside the capture
 * point); {@code throttledFlow} is "" when the flow could not be found.
 */
public record CnpLink(long cnpFrame, long cnpTs, String cnpFlow, String throttledFlow, long ceCount,
                      long firstCeFrame, long firstCeTs, long lastCeTs) {

    /** First CE mark → CNP latency in nanoseconds, or -1 when no CE mark preceded the CNP. */
    public long latencyNanos() {
        return ceCount > 0 ? cnpTs - firstCeTs : -1;
    }
}
