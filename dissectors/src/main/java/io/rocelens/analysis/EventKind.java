package io.rocelens.analysis;

import java.util.Locale;

/** What an expert event is about, with the severity it always carries. */
public enum EventKind {
    PSN_GAP(Severity.WARNING),
    RETRANSMISSION(Severity.NOTE),
    NAK(Severity.WARNING),
    RNR_NAK(Severity.WARNING),
    CNP(Severity.NOTE),
    ECN_CE(Severity.NOTE),
    ICRC_BAD(Severity.ERROR),
    MALFORMED(Severity.ERROR),
    PFC_STORM(Severity.WARNING),
    PAUSE_8023X(Severity.NOTE);

    private final Severity severity;

    EventKind(Severity severity) {
        this.severity = severity;
    }

    public Severity severity() {
        return severity;
    }

    /** The lower_snake name used in the CSV and JSON ("psn_gap"). */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
