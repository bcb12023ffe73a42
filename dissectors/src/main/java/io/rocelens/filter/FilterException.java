package io.rocelens.filter;

/**
 * A display filter that cannot be compiled: {@link #getMessage()} is one line saying what was expected,
 * {@link #position()} the 0-based column where it went wrong (the filter bar puts its caret there).
 */
public final class FilterException extends Exception {

    private final int position;

    public FilterException(String message, int position) {
        super(message);
        this.position = position;
    }

    /** 0-based column in the filter text. */
    public int position() {
        return position;
    }
}
