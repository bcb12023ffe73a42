package io.rocelens.correlate;

/** The captures cannot be correlated; the message is one line for the user (they share no RoCE packet, say). */
public final class CorrelationException extends Exception {

    public CorrelationException(String message) {
        super(message);
    }
}
