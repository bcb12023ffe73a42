package io.rocelens.analysis;

/** Expert-event groups, named as Wireshark's Expert Info groups them. */
public enum ExpertGroup {
    SEQUENCE("Sequence"),
    RESPONSE_CODE("Response code"),
    CHECKSUM("Checksum"),
    MALFORMED("Malformed"),
    PROTOCOL("Protocol");

    private final String label;

    ExpertGroup(String label) {
        this.label = label;
    }

    /** The name Wireshark shows, e.g. "Response code". */
    public String label() {
        return label;
    }
}
