package io.rocelens.filter;

/** A test on one value of a field; a field that occurs several times matches when any occurrence does. */
interface Matcher {

    /** Numbers, flags (0/1) and MAC addresses. */
    boolean number(long value);

    /** IP addresses, IPv4 held IPv4-mapped. */
    boolean ip(long hi, long lo);

    boolean text(String value);

    /** Times, in signed nanoseconds. */
    boolean time(long nanos);

    /** Byte strings of any length ({@code udp.payload}); the fixed-width byte fields come as numbers. */
    default boolean bytes(byte[] value) {
        return false;
    }

    /** Matches any value: a presence test. */
    Matcher ANY = new Matcher() {
        @Override
        public boolean number(long value) {
            return true;
        }

        @Override
        public boolean ip(long hi, long lo) {
            return true;
        }

        @Override
        public boolean text(String value) {
            return true;
        }

        @Override
        public boolean time(long nanos) {
            return true;
        }

        @Override
        public boolean bytes(byte[] value) {
            return true;
        }
    };
}
