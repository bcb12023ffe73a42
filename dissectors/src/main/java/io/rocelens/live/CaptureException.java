package io.rocelens.live;

/**
 * A capture could not start or stopped for a reason the user can act on. The message is one line, fit to be shown
 * as it is (after "rocelens: " on the command line, or in a dialog).
 */
public final class CaptureException extends Exception {

    /** What went wrong, so that a caller can choose its own wording or exit status. */
    public enum Kind {
        /** libpcap is not installed; the message names the package. */
        LIBPCAP_MISSING,
        /** not allowed to capture; the message gives the command that allows it. */
        PERMISSION,
        /** the interface does not exist; the message lists those that do. */
        NO_SUCH_INTERFACE,
        /** libpcap rejected the capture filter; the message is libpcap's. */
        BAD_FILTER,
        /** the output file could not be created or written. */
        OUTPUT,
        /** libpcap failed in another way; the message is libpcap's. */
        LIBPCAP
    }

    private final Kind kind;

    public CaptureException(Kind kind, String message) {
        super(message);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }
}
