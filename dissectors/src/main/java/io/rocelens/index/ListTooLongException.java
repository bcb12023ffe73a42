package io.rocelens.index;

/** A list too long for what was asked of it; the message says so in words a user reads, and what to do instead. */
public final class ListTooLongException extends RuntimeException {

    public ListTooLongException(String message) {
        super(message);
    }
}
