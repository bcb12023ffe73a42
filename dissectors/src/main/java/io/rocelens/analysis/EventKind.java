package io.rocelens.analysis;

import java.util.Locale;

/** What an expert event is about, with the severity and the Expert Info group it always carries. */
public enum EventKind {
    PSN_GAP(Severity.WARNING, ExpertGroup.SEQUENCE),
    RETRANSMISSION(Severity.NOTE, ExpertGroup.SEQUENCE),
    /** Inferred: a PSN far outside the sequence after a silence, a new connection reusing the QP number. */
    NEW_CONNECTION(Severity.NOTE, ExpertGroup.SEQUENCE),
    /** Responses whose requests the capture never showed: it started mid-way, or saw one direction only. */
    NO_REQUEST_SEEN(Severity.NOTE, ExpertGroup.SEQUENCE),
    /** The requester went back to the same PSN again and again: RNR retries, or transport retries on timeouts. */
    RETRY_SEQUENCE(Severity.WARNING, ExpertGroup.SEQUENCE),
    /** An RC QP with requests outstanding made no progress (no new PSN, no ACK advancing) for 100 ms or more. */
    STALLED_QP(Severity.WARNING, ExpertGroup.SEQUENCE),
    /** A request on a PSN that an earlier multi-packet RDMA READ reserved for its responses. */
    PSN_IN_READ_RANGE(Severity.ERROR, ExpertGroup.SEQUENCE),
    /** An ACK, NAK or READ response for a PSN beyond any its requester sent (or the capture missed the request). */
    UNSENT_PSN_ANSWERED(Severity.WARNING, ExpertGroup.SEQUENCE),
    /** A CM ConnectReject (REJ): a connection refused, with the reason (IBTA vol. 1 §12.6.7.2). */
    CONNECTION_REJECTED(Severity.WARNING, ExpertGroup.RESPONSE_CODE),
    NAK(Severity.WARNING, ExpertGroup.RESPONSE_CODE),
    RNR_NAK(Severity.WARNING, ExpertGroup.RESPONSE_CODE),
    CNP(Severity.NOTE, ExpertGroup.PROTOCOL),
    ECN_CE(Severity.NOTE, ExpertGroup.PROTOCOL),
    ICRC_BAD(Severity.ERROR, ExpertGroup.CHECKSUM),
    MALFORMED(Severity.ERROR, ExpertGroup.MALFORMED),
    PFC_STORM(Severity.WARNING, ExpertGroup.PROTOCOL),
    PAUSE_8023X(Severity.NOTE, ExpertGroup.PROTOCOL),
    /**
     * IEEE 802.1Q Congestion Notification: one event per congestion point and priority, at its first CNM, with how
     * many it sent and their feedback (judged when the capture ends, as storms are).
     */
    CNM(Severity.NOTE, ExpertGroup.PROTOCOL);

    private final Severity severity;
    private final ExpertGroup group;

    EventKind(Severity severity, ExpertGroup group) {
        this.severity = severity;
        this.group = group;
    }

    public Severity severity() {
        return severity;
    }

    /** The Expert Info group: sequence (PSN), response code (NAKs), checksum, malformed or protocol. */
    public ExpertGroup group() {
        return group;
    }

    /** The lower_snake name used in the CSV and JSON ("psn_gap"). */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
