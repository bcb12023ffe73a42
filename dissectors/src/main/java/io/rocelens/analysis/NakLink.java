package io.rocelens.analysis;

/**
 * A NAK or RNR NAK and the retransmission that followed it on the request flow it answers. {@code retransmitFrame}
 * is -1 when no retransmission followed (or the request flow is unknown: then {@code requestFlow} is "").
 */
public record NakLink(long nakFrame, long nakTs, boolean rnr, int syndrome, int psn, String requestFlow,
                      long retransmitFrame, long retransmitTs, int retransmitPsn) {

    public boolean answered() {
        return retransmitFrame >= 0;
    }

    /** NAK → retransmission latency in nanoseconds, or -1 when unanswered. */
    public long latencyNanos() {
        return answered() ? retransmitTs - nakTs : -1;
    }
}
