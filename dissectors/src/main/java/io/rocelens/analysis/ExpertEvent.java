package io.rocelens.analysis;

/** One expert event: the frame it points at, its flow ("" when it has none) and a readable message. */
public record ExpertEvent(long frame, long timestampNanos, EventKind kind, String flow, String message) {

    public Severity severity() {
        return kind.severity();
    }

    public ExpertGroup group() {
        return kind.group();
    }
}
